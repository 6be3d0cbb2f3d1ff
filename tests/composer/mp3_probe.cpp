#include "mp3_probe.h"

#include <algorithm>
#include <cmath>
#include <lame/lame.h>
#include <stdexcept>

namespace gequ::composer::test {

double DecodedMp3::rms() const {
    double sum = 0;
    for (const auto* channel : {&left, &right}) {
        for (const short s : *channel) {
            sum += (s / 32768.0) * (s / 32768.0);
        }
    }
    const std::size_t n = left.size() + right.size();
    return n ? std::sqrt(sum / static_cast<double>(n)) : 0.0;
}

double DecodedMp3::peak() const {
    int peak = 0;
    for (const auto* channel : {&left, &right}) {
        for (const short s : *channel) {
            peak = std::max(peak, std::abs(static_cast<int>(s)));
        }
    }
    return peak / 32768.0;
}

std::size_t DecodedMp3::clipped() const {
    std::size_t n = 0;
    for (const auto* channel : {&left, &right}) {
        n += static_cast<std::size_t>(
            std::count_if(channel->begin(), channel->end(), [](short s) { return s >= 32767 || s <= -32768; }));
    }
    return n;
}

std::size_t id3v2Size(const std::string& bytes) {
    if (bytes.size() < 10 || bytes.compare(0, 3, "ID3") != 0) {
        return 0;
    }
    std::size_t size = 0;
    for (int i = 6; i < 10; ++i) {
        size = (size << 7) | (static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]) & 0x7F);
    }
    return size + 10;
}

std::string utf16le(const std::string& utf8) {
    std::string out;
    for (std::size_t i = 0; i < utf8.size();) {
        const auto c = static_cast<unsigned char>(utf8[i]);
        unsigned cp = 0;
        int extra = 0;
        if (c < 0x80) {
            cp = c;
        } else if ((c & 0xE0) == 0xC0) {
            cp = c & 0x1F;
            extra = 1;
        } else if ((c & 0xF0) == 0xE0) {
            cp = c & 0x0F;
            extra = 2;
        } else {
            cp = c & 0x07;
            extra = 3;
        }
        for (int k = 1; k <= extra; ++k) {
            cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + static_cast<std::size_t>(k)]) & 0x3F);
        }
        i += static_cast<std::size_t>(extra) + 1;
        out += static_cast<char>(cp & 0xFF);
        out += static_cast<char>((cp >> 8) & 0xFF);
    }
    return out;
}

DecodedMp3 decodeMp3(const std::string& bytes) {
    hip_t hip = hip_decode_init();
    if (!hip) {
        throw std::runtime_error("hip_decode_init failed");
    }
    DecodedMp3 out;
    std::vector<short> pcmLeft(1152 * 4);
    std::vector<short> pcmRight(1152 * 4);
    mp3data_struct info{};
    std::vector<unsigned char> data(bytes.begin() + static_cast<std::ptrdiff_t>(id3v2Size(bytes)), bytes.end());
    constexpr std::size_t kChunk = 4096;
    bool failed = false;
    for (std::size_t at = 0; at < data.size() && !failed; at += kChunk) {
        const auto n = static_cast<std::size_t>(std::min(kChunk, data.size() - at));
        int got = hip_decode1_headers(hip, data.data() + at, n, pcmLeft.data(), pcmRight.data(), &info);
        while (got > 0) {
            out.left.insert(out.left.end(), pcmLeft.begin(), pcmLeft.begin() + got);
            out.right.insert(out.right.end(), pcmRight.begin(), pcmRight.begin() + got);
            got = hip_decode1_headers(hip, nullptr, 0, pcmLeft.data(), pcmRight.data(), &info);
        }
        failed = got < 0;
        if (info.header_parsed && out.sampleRate == 0) {
            out.sampleRate = info.samplerate;
            out.channels = info.stereo;
            out.bitrate = info.bitrate;
        }
    }
    hip_decode_exit(hip);
    if (failed || out.sampleRate == 0) {
        throw std::runtime_error("not a decodable MP3");
    }
    return out;
}

} // namespace gequ::composer::test
