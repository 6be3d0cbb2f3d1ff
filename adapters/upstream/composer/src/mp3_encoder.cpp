#include "mp3_encoder.h"

#include "gequ/composer/exceptions.h"
#include "gequ/domain/model/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <exception>
#include <lame/lame.h>
#include <thread>
#include <vector>

namespace gequ::composer::detail {

namespace {

/// UTF-16 with a byte order mark and a terminating zero, as id3tag_set_textinfo_utf16 wants.
std::vector<unsigned short> utf16(std::string_view text) {
    std::vector<unsigned short> out = {0xFEFF};
    for (char32_t c : domain::decodeUtf8(text)) {
        if (c >= 0x10000) {
            c -= 0x10000;
            out.push_back(static_cast<unsigned short>(0xD800 + (c >> 10)));
            out.push_back(static_cast<unsigned short>(0xDC00 + (c & 0x3FF)));
        } else {
            out.push_back(static_cast<unsigned short>(c));
        }
    }
    out.push_back(0);
    return out;
}

class Lame {
public:
    Lame() : _flags(lame_init()) {
        if (!_flags) {
            throw ComposerError("lame_init failed", "音频编码失败");
        }
    }
    ~Lame() { lame_close(_flags); }
    Lame(const Lame&) = delete;
    Lame& operator=(const Lame&) = delete;
    lame_t get() const { return _flags; }

private:
    lame_t _flags;
};

void check(int status, const char* what) {
    if (status < 0) {
        throw ComposerError(std::string(what) + " failed (" + std::to_string(status) + ")", "音频编码失败");
    }
}

constexpr std::int64_t kFrameSamples = 1152; // one MPEG-1 Layer III frame
constexpr std::int64_t kEncoderDelay = 576;  // LAME's encoder delay: the silence it puts before the first sample
/// Frames the second segment's encoder runs before its first kept frame, so its filter bank, MDCT overlap and
/// psychoacoustic history hold the same samples as one encoder running through would (the first needs 1, the
/// attack detection about 3).
constexpr std::int64_t kLeadFrames = 8;
/// Frames of samples the first segment's encoder reads past its last kept frame (its look-ahead needs under 2).
constexpr std::int64_t kTailFrames = 4;
/// Clips shorter than this are encoded in one piece.
constexpr std::int64_t kMinSplitSamples = 10 * 44100;

/// The encoder for one segment, set up the same way for every segment.
void configure(lame_t gf, int sampleRate, int kbps, bool infoFrame) {
    lame_set_in_samplerate(gf, sampleRate);
    lame_set_out_samplerate(gf, sampleRate);
    lame_set_num_channels(gf, 2);
    lame_set_mode(gf, JOINT_STEREO);
    lame_set_VBR(gf, vbr_off);
    lame_set_brate(gf, kbps);
    // -q 7: LAME's fast mode. At 192 kbps it is transparent for these mixes and encodes about 1.7x faster than the
    // default -q 5.
    lame_set_quality(gf, 7);
    // No bit reservoir: every frame carries its own bits, so frames from two encoders can follow each other (a frame
    // never reaches back into bytes of a frame the other encoder made).
    lame_set_disable_reservoir(gf, 1);
    lame_set_bWriteVbrTag(gf, infoFrame ? 1 : 0);
    lame_set_write_id3tag_automatic(gf, 0);
}

/// What one segment's encoder made: its frames, and (first segment only) its info frame and ID3v2 tag.
struct SegmentOut {
    std::string stream; ///< the frames as LAME wrote them (the info frame's place first, when it has one)
    std::string info;   ///< the info frame LAME filled in at the end (empty: none)
    std::string tag;    ///< the ID3v2 tag (empty: none)
};

SegmentOut encodeSegment(const Audio& audio, std::int64_t from, std::int64_t to, int kbps, const Mp3Tags* tags) {
    Lame lame;
    lame_t gf = lame.get();
    configure(gf, audio.sampleRate, kbps, tags != nullptr);
    if (tags) {
        id3tag_init(gf);
        id3tag_v2_only(gf);
        for (const auto& [frame, text] :
             {std::pair{"TIT2", &tags->title}, std::pair{"TPE1", &tags->artist}, std::pair{"TCON", &tags->genre}}) {
            if (!text->empty()) {
                const std::vector<unsigned short> value = utf16(*text);
                id3tag_set_textinfo_utf16(gf, frame, value.data());
            }
        }
    }
    check(lame_init_params(gf), "lame_init_params");

    SegmentOut out;
    out.stream.reserve(static_cast<std::size_t>(static_cast<double>(to - from) / audio.sampleRate * kbps * 1000 / 8) +
                       16384);
    constexpr int kChunk = 8192;
    std::vector<unsigned char> buffer(static_cast<std::size_t>(kChunk * 5 / 4 + 7200));
    for (std::int64_t at = from; at < to; at += kChunk) {
        const auto n = static_cast<int>(std::min<std::int64_t>(kChunk, to - at));
        const auto offset = static_cast<std::size_t>(at);
        const int bytes = lame_encode_buffer_ieee_float(gf, audio.left.data() + offset, audio.right.data() + offset, n,
                                                        buffer.data(), static_cast<int>(buffer.size()));
        check(bytes, "lame_encode_buffer_ieee_float");
        out.stream.append(reinterpret_cast<const char*>(buffer.data()), static_cast<std::size_t>(bytes));
    }
    const int flushed = lame_encode_flush(gf, buffer.data(), static_cast<int>(buffer.size()));
    check(flushed, "lame_encode_flush");
    out.stream.append(reinterpret_cast<const char*>(buffer.data()), static_cast<std::size_t>(flushed));

    if (tags) {
        std::vector<unsigned char> info(2880);
        const std::size_t infoSize = lame_get_lametag_frame(gf, info.data(), info.size());
        if (infoSize > 0 && infoSize <= info.size()) {
            out.info.assign(reinterpret_cast<const char*>(info.data()), infoSize);
        }
        std::vector<unsigned char> tag(4096);
        std::size_t tagSize = lame_get_id3v2_tag(gf, tag.data(), tag.size());
        if (tagSize > tag.size()) {
            tag.resize(tagSize);
            tagSize = lame_get_id3v2_tag(gf, tag.data(), tag.size());
        }
        out.tag.assign(reinterpret_cast<const char*>(tag.data()), std::min(tagSize, tag.size()));
    }
    return out;
}

/// CRC-16 as LAME computes it for its tag (polynomial 0x8005, bits reflected, starting at 0).
std::uint16_t crc16(std::string_view bytes, std::uint16_t crc = 0) {
    for (const char c : bytes) {
        crc ^= static_cast<unsigned char>(c);
        for (int bit = 0; bit < 8; ++bit) {
            crc = (crc & 1) ? static_cast<std::uint16_t>((crc >> 1) ^ 0xA001) : static_cast<std::uint16_t>(crc >> 1);
        }
    }
    return crc;
}

void putBe32(std::string& out, std::size_t at, std::uint32_t value) {
    for (int i = 0; i < 4; ++i) {
        out[at + static_cast<std::size_t>(i)] = static_cast<char>((value >> (24 - 8 * i)) & 0xFF);
    }
}

void putBe16(std::string& out, std::size_t at, std::uint16_t value) {
    out[at] = static_cast<char>(value >> 8);
    out[at + 1] = static_cast<char>(value & 0xFF);
}

/// The seek table of the info frame as LAME builds it for a stream of `frames` frames of equal bitrate: LAME keeps
/// the running bitrate sum of every `want`-th frame in a bag of 400, halving the bag (and doubling `want`) when it is
/// full, then reads entry i of 100 from the bag at i % of its length.
std::array<unsigned char, 100> seekTable(std::int64_t frames, int kbps) {
    constexpr int kBag = 400;
    std::array<std::int64_t, kBag> bag{};
    int pos = 0;
    std::int64_t want = 1;
    std::int64_t seen = 0;
    std::int64_t sum = 0;
    for (std::int64_t f = 0; f < frames; ++f) {
        sum += kbps;
        if (++seen < want) {
            continue;
        }
        if (pos < kBag) {
            bag[static_cast<std::size_t>(pos++)] = sum;
            seen = 0;
        }
        if (pos == kBag) {
            for (int i = 1; i < kBag; i += 2) {
                bag[static_cast<std::size_t>(i / 2)] = bag[static_cast<std::size_t>(i)];
            }
            want *= 2;
            pos /= 2;
        }
    }
    std::array<unsigned char, 100> toc{};
    if (pos <= 0) {
        return toc;
    }
    for (int i = 1; i < 100; ++i) {
        const float j = static_cast<float>(i) / 100.0f;
        int index = static_cast<int>(std::floor(j * static_cast<float>(pos)));
        index = std::min(index, pos - 1);
        const auto act = static_cast<float>(bag[static_cast<std::size_t>(index)]);
        const auto seek = static_cast<int>(256.0 * act / static_cast<float>(sum));
        toc[static_cast<std::size_t>(i)] = static_cast<unsigned char>(std::min(seek, 255));
    }
    return toc;
}

} // namespace

std::vector<Mp3FrameSpan> mp3Frames(std::string_view stream) {
    static constexpr std::array<int, 16> kKbps = {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0};
    static constexpr std::array<int, 4> kRates = {44100, 48000, 32000, 0};
    std::vector<Mp3FrameSpan> frames;
    std::size_t at = 0;
    while (at + 4 <= stream.size()) {
        const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(stream[at + i]); };
        // MPEG-1 (11), Layer III (01): 0xFFE sync, then 0b11 01 x.
        if (byte(0) != 0xFF || (byte(1) & 0xFE) != 0xFA) {
            throw ComposerError("not an MPEG-1 Layer III frame at byte " + std::to_string(at), "音频编码失败");
        }
        const int kbps = kKbps[static_cast<std::size_t>(byte(2) >> 4)];
        const int rate = kRates[static_cast<std::size_t>((byte(2) >> 2) & 3)];
        if (kbps == 0 || rate == 0) {
            throw ComposerError("an MP3 frame with a free or bad bitrate or rate at byte " + std::to_string(at),
                                "音频编码失败");
        }
        const auto size = static_cast<std::size_t>(144000 * kbps / rate + ((byte(2) >> 1) & 1));
        if (at + size > stream.size()) {
            throw ComposerError("a cut MP3 frame at byte " + std::to_string(at), "音频编码失败");
        }
        frames.push_back({at, size, kbps});
        at += size;
    }
    if (at != stream.size()) {
        throw ComposerError("trailing bytes after the last MP3 frame", "音频编码失败");
    }
    return frames;
}

std::string rewriteInfoFrame(std::string_view info, std::string_view audioFrames, std::int64_t samples) {
    // The Xing "Info" header right after the side information (4 + 32 bytes for MPEG-1 stereo), then LAME's fields.
    constexpr std::size_t kTag = 36;
    constexpr std::size_t kFramesAt = kTag + 8;
    constexpr std::size_t kBytesAt = kTag + 12;
    constexpr std::size_t kTocAt = kTag + 16;
    constexpr std::size_t kLame = kTocAt + 100 + 4;
    constexpr std::size_t kDelayPaddingAt = kLame + 21;
    constexpr std::size_t kMusicLengthAt = kLame + 28;
    constexpr std::size_t kMusicCrcAt = kLame + 32;
    constexpr std::size_t kTagCrcAt = kLame + 34;
    if (info.size() < kTagCrcAt + 2 || info.substr(kTag, 4) != "Info" || info.substr(kLame, 4) != "LAME") {
        throw ComposerError("LAME's info frame is not laid out as expected", "音频编码失败");
    }
    const std::vector<Mp3FrameSpan> frames = mp3Frames(audioFrames);
    const auto count = static_cast<std::int64_t>(frames.size());
    // The bitrate of the audio frames (all the same: CBR), for the seek table.
    const int frameKbps = frames.empty() ? 0 : frames.front().kbps;

    std::string out(info);
    const std::uint32_t streamSize = static_cast<std::uint32_t>(audioFrames.size() + info.size());
    putBe32(out, kFramesAt, static_cast<std::uint32_t>(count));
    putBe32(out, kBytesAt, streamSize);
    const std::array<unsigned char, 100> toc = seekTable(count, frameKbps);
    out.replace(kTocAt, toc.size(), reinterpret_cast<const char*>(toc.data()), toc.size());
    const std::int64_t padding = std::max<std::int64_t>(0, count * kFrameSamples - kEncoderDelay - samples);
    const auto delay = static_cast<std::uint32_t>(kEncoderDelay);
    out[kDelayPaddingAt] = static_cast<char>(delay >> 4);
    out[kDelayPaddingAt + 1] = static_cast<char>(((delay & 0x0F) << 4) | ((padding >> 8) & 0x0F));
    out[kDelayPaddingAt + 2] = static_cast<char>(padding & 0xFF);
    putBe32(out, kMusicLengthAt, streamSize);
    putBe16(out, kMusicCrcAt, crc16(audioFrames));
    putBe16(out, kTagCrcAt, crc16(std::string_view(out).substr(0, kTagCrcAt)));
    return out;
}

std::string encodeMp3(const Audio& audio, const Mp3Tags& tags, int kbps, int threads) {
    const auto samples = static_cast<std::int64_t>(audio.left.size());
    // Where the second segment's first kept frame starts, in frames of the whole stream (0: one segment). A frame k
    // of an encoder that starts reading at sample s holds the samples from s + k * 1152 - 576 on, so an encoder that
    // starts kLeadFrames before the split makes, from its frame kLeadFrames on, the frames of the whole stream.
    const std::int64_t split = samples >= kMinSplitSamples ? samples / 2 / kFrameSamples : 0;

    SegmentOut first;
    SegmentOut second;
    const auto encodeFirst = [&] {
        const std::int64_t to = split == 0 ? samples : std::min(samples, (split + kTailFrames) * kFrameSamples);
        first = encodeSegment(audio, 0, to, kbps, &tags);
    };
    const auto encodeSecond = [&] {
        second = encodeSegment(audio, (split - kLeadFrames) * kFrameSamples, samples, kbps, nullptr);
    };
    if (split == 0) {
        encodeFirst();
    } else if (threads >= 2) {
        std::exception_ptr failed;
        std::thread beside([&] {
            try {
                encodeSecond();
            } catch (...) {
                failed = std::current_exception();
            }
        });
        try {
            encodeFirst();
        } catch (...) {
            beside.join();
            throw;
        }
        beside.join();
        if (failed) {
            std::rethrow_exception(failed);
        }
    } else {
        encodeFirst();
        encodeSecond();
    }
    if (first.info.empty()) {
        throw ComposerError("LAME wrote no info frame", "音频编码失败");
    }

    // The first segment's stream starts with the place LAME kept for its info frame.
    const std::vector<Mp3FrameSpan> firstFrames = mp3Frames(first.stream);
    if (firstFrames.empty() || firstFrames.front().size != first.info.size()) {
        throw ComposerError("LAME's info frame is not where it belongs", "音频编码失败");
    }
    std::string audioFrames;
    if (split == 0) {
        audioFrames = first.stream.substr(first.info.size());
    } else {
        const std::vector<Mp3FrameSpan> secondFrames = mp3Frames(second.stream);
        const auto kept = static_cast<std::size_t>(split);
        if (firstFrames.size() < kept + 1 || secondFrames.size() <= static_cast<std::size_t>(kLeadFrames)) {
            throw ComposerError("an MP3 segment came out shorter than its samples", "音频编码失败");
        }
        const Mp3FrameSpan& lastKept = firstFrames[kept];
        audioFrames.reserve(first.stream.size() + second.stream.size());
        audioFrames.append(first.stream, first.info.size(), lastKept.offset + lastKept.size - first.info.size());
        audioFrames.append(second.stream, secondFrames[static_cast<std::size_t>(kLeadFrames)].offset);
    }
    std::string out = first.tag;
    out += rewriteInfoFrame(first.info, audioFrames, samples);
    out += audioFrames;
    return out;
}

} // namespace gequ::composer::detail
