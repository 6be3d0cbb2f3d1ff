#pragma once

// MP3 encoding with LAME: CBR, ID3v2 tags, and the LAME info frame (exact length and gapless playback). A clip is
// encoded as two segments, by an encoder each, spliced at a frame boundary (docs/generation.md, "Encoding on two
// cores").

#include "renderer.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

struct Mp3Tags {
    std::string title;  ///< UTF-8
    std::string artist; ///< UTF-8
    std::string genre;  ///< UTF-8
};

/// Encodes 44.1 kHz stereo audio at `kbps` (joint stereo, no bit reservoir) with an ID3v2 tag (TIT2, TPE1, TCON as
/// UTF-16) in front. A clip of 10 s or more is encoded as two halves, each by an encoder of its own that starts a few
/// frames early, and the halves' frames are joined at a frame boundary under one info frame; `threads` >= 2 encodes
/// the halves at once. The bytes are the same whatever `threads` is. Throws ComposerError (reason 音频编码失败) when
/// LAME fails.
std::string encodeMp3(const Audio& audio, const Mp3Tags& tags, int kbps = 192, int threads = 1);

/// One MPEG-1 Layer III frame of a stream: where it starts, its length in bytes and its bitrate.
struct Mp3FrameSpan {
    std::size_t offset = 0;
    std::size_t size = 0;
    int kbps = 0;
};

/// The frames of a stream of MPEG-1 Layer III frames (no tags), from their headers. Throws ComposerError when the
/// bytes are not such frames end to end.
std::vector<Mp3FrameSpan> mp3Frames(std::string_view stream);

/// LAME's info frame `info` rewritten for the frames `audioFrames` holding `samples` samples: the frame and byte
/// counts, the seek table, the padding, the music length and both CRCs, computed as LAME computes them.
std::string rewriteInfoFrame(std::string_view info, std::string_view audioFrames, std::int64_t samples);

} // namespace gequ::composer::detail
