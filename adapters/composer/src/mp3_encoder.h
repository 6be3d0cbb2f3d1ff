#pragma once

// MP3 encoding with LAME: CBR, ID3v2 tags, and the LAME info frame (exact length and gapless playback).

#include "renderer.h"

#include <string>

namespace gequ::composer::detail {

struct Mp3Tags {
    std::string title;  ///< UTF-8
    std::string artist; ///< UTF-8
    std::string genre;  ///< UTF-8
};

/// Encodes 44.1 kHz stereo audio at `kbps` (joint stereo) with an ID3v2 tag (TIT2, TPE1, TCON as UTF-16) in front.
/// Throws ComposerError (reason 音频编码失败) when LAME fails.
std::string encodeMp3(const Audio& audio, const Mp3Tags& tags, int kbps = 192);

} // namespace gequ::composer::detail
