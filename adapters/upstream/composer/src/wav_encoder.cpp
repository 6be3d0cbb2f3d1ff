#include "wav_encoder.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace gequ::composer::detail {

namespace {

void put16(std::string& out, std::uint16_t v) {
    out += static_cast<char>(v & 0xFF);
    out += static_cast<char>((v >> 8) & 0xFF);
}

void put32(std::string& out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) {
        out += static_cast<char>((v >> (8 * i)) & 0xFF);
    }
}

std::int16_t pcm(float sample) {
    const float clamped = std::clamp(sample, -1.0f, 1.0f);
    return static_cast<std::int16_t>(std::lround(clamped * 32767.0f));
}

} // namespace

std::string encodeWav(const Audio& audio) {
    constexpr std::uint16_t kChannels = 2;
    constexpr std::uint16_t kBits = 16;
    const std::size_t frames = std::min(audio.left.size(), audio.right.size());
    const auto rate = static_cast<std::uint32_t>(audio.sampleRate);
    const auto dataBytes = static_cast<std::uint32_t>(frames * kChannels * (kBits / 8));
    std::string out;
    out.reserve(44 + dataBytes);
    out += "RIFF";
    put32(out, 36 + dataBytes);
    out += "WAVE";
    out += "fmt ";
    put32(out, 16);
    put16(out, 1); // PCM
    put16(out, kChannels);
    put32(out, rate);
    put32(out, rate * kChannels * (kBits / 8));
    put16(out, kChannels * (kBits / 8));
    put16(out, kBits);
    out += "data";
    put32(out, dataBytes);
    for (std::size_t i = 0; i < frames; ++i) {
        put16(out, static_cast<std::uint16_t>(pcm(audio.left[i])));
        put16(out, static_cast<std::uint16_t>(pcm(audio.right[i])));
    }
    return out;
}

} // namespace gequ::composer::detail
