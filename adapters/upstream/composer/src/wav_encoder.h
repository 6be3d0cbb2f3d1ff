#pragma once

// The members' lossless download: the rendered audio as a canonical RIFF/WAVE file.

#include "renderer.h"

#include <string>

namespace gequ::composer::detail {

/// 16-bit PCM, interleaved stereo, at the audio's sample rate (44.1 kHz), in a 44-byte canonical header.
std::string encodeWav(const Audio& audio);

} // namespace gequ::composer::detail
