#pragma once

// Decodes MP3 bytes with LAME's hip decoder, so the tests check what a player would hear.

#include <cstddef>
#include <string>
#include <vector>

namespace gequ::composer::test {

struct DecodedMp3 {
    int sampleRate = 0;
    int channels = 0;
    int bitrate = 0; ///< kbps of the first audio frame
    std::vector<short> left;
    std::vector<short> right;

    double seconds() const { return sampleRate ? static_cast<double>(left.size()) / sampleRate : 0.0; }
    /// RMS of both channels, full scale 1.0.
    double rms() const;
    /// The largest absolute sample, full scale 1.0.
    double peak() const;
    /// Samples at full scale (a sign of clipping).
    std::size_t clipped() const;
};

/// Decodes a whole MP3 file (skipping a leading ID3v2 tag). Throws std::runtime_error when it cannot.
DecodedMp3 decodeMp3(const std::string& bytes);
/// The size of the leading ID3v2 tag, header included, or 0 when there is none.
std::size_t id3v2Size(const std::string& bytes);
/// UTF-8 text as UTF-16LE bytes (how the tags store it).
std::string utf16le(const std::string& utf8);

} // namespace gequ::composer::test
