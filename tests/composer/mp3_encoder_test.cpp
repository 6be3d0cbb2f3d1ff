// The MP3 encoder's two segments (adapters/upstream/composer/src/mp3_encoder.cpp): the info frame it writes is the one LAME
// writes, and two encoders spliced at a frame boundary decode like one encoder running through.

#include "gequ/composer/arrangement.h"
#include "gequ/composer/composer.h"
#include "gequ/composer/exceptions.h"
#include "mp3_encoder.h"
#include "mp3_probe.h"
#include "renderer.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <lame/lame.h>
#include <numbers>
#include <string>
#include <vector>

using namespace gequ::composer;
using test::decodeMp3;

namespace {

/// Music-like test audio: a chord whose notes change every half second with a sharp attack (so the encoder switches
/// to short blocks), a decaying click on every beat and a little noise, different in the two channels.
detail::Audio testAudio(double seconds) {
    detail::Audio audio;
    const auto n = static_cast<std::size_t>(seconds * detail::kSampleRate);
    audio.left.resize(n);
    audio.right.resize(n);
    std::uint32_t noise = 12345;
    for (std::size_t i = 0; i < n; ++i) {
        const double t = static_cast<double>(i) / detail::kSampleRate;
        const auto step = static_cast<int>(t * 2);
        const double sinceStep = t - step / 2.0;
        const double root = 220.0 * std::pow(2.0, (step * 5 % 12) / 12.0);
        double chord = 0;
        for (const double ratio : {1.0, 1.25, 1.5, 2.0}) {
            chord += std::sin(2 * std::numbers::pi * root * ratio * t);
        }
        const double envelope = std::exp(-3.0 * sinceStep) * std::min(1.0, sinceStep * 2000.0);
        const double click = std::exp(-200.0 * sinceStep) * std::sin(2 * std::numbers::pi * 3000.0 * t);
        noise = noise * 1664525u + 1013904223u;
        const double hiss = (static_cast<double>(noise >> 8) / (1 << 24) - 0.5) * 0.02;
        audio.left[i] = static_cast<float>(0.15 * chord * envelope + 0.3 * click + hiss);
        audio.right[i] = static_cast<float>(0.12 * chord * envelope - 0.2 * click + hiss);
    }
    return audio;
}

/// A real song: 20 s of rock with a female vocal, rendered with the GM soundfont.
detail::Audio renderedAudio() {
    ArrangementInput in;
    in.style = "rock,female vocal";
    in.lyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n[副歌]\n你是我的天空\n我们一起前行\n";
    in.seconds = 20;
    in.seed = 7;
    const auto font = detail::SoundFont::shared(std::string(kDefaultSoundFont));
    return detail::render(arrange(in), *font);
}

/// One LAME encoder running through the whole audio, set up as the composer's (CBR, -q 7, no reservoir, info frame).
struct WholeEncode {
    std::string infoFrame;
    std::string audioFrames;
};

WholeEncode encodeWhole(const detail::Audio& audio, int kbps = 192) {
    lame_t gf = lame_init();
    lame_set_in_samplerate(gf, audio.sampleRate);
    lame_set_out_samplerate(gf, audio.sampleRate);
    lame_set_num_channels(gf, 2);
    lame_set_mode(gf, JOINT_STEREO);
    lame_set_VBR(gf, vbr_off);
    lame_set_brate(gf, kbps);
    lame_set_quality(gf, 7);
    lame_set_disable_reservoir(gf, 1);
    lame_set_bWriteVbrTag(gf, 1);
    lame_set_write_id3tag_automatic(gf, 0);
    EXPECT_GE(lame_init_params(gf), 0);
    std::string stream;
    std::vector<unsigned char> buffer(audio.left.size() * 5 / 4 + 7200);
    const int bytes =
        lame_encode_buffer_ieee_float(gf, audio.left.data(), audio.right.data(), static_cast<int>(audio.left.size()),
                                      buffer.data(), static_cast<int>(buffer.size()));
    EXPECT_GE(bytes, 0);
    stream.append(reinterpret_cast<const char*>(buffer.data()), static_cast<std::size_t>(bytes));
    const int flushed = lame_encode_flush(gf, buffer.data(), static_cast<int>(buffer.size()));
    EXPECT_GE(flushed, 0);
    stream.append(reinterpret_cast<const char*>(buffer.data()), static_cast<std::size_t>(flushed));
    std::vector<unsigned char> info(2880);
    const std::size_t infoSize = lame_get_lametag_frame(gf, info.data(), info.size());
    lame_close(gf);
    WholeEncode out;
    out.infoFrame.assign(reinterpret_cast<const char*>(info.data()), infoSize);
    out.audioFrames = stream.substr(infoSize);
    return out;
}

double rms(const std::vector<short>& a, std::size_t from, std::size_t to) {
    double sum = 0;
    for (std::size_t i = from; i < to; ++i) {
        sum += static_cast<double>(a[i]) * a[i];
    }
    return std::sqrt(sum / static_cast<double>(to - from));
}

double differenceRms(const std::vector<short>& a, const std::vector<short>& b, std::size_t from, std::size_t to) {
    double sum = 0;
    for (std::size_t i = from; i < to; ++i) {
        const double d = static_cast<double>(a[i]) - b[i];
        sum += d * d;
    }
    return std::sqrt(sum / static_cast<double>(to - from));
}

} // namespace

TEST(Mp3Encoder, TheInfoFrameIsRewrittenExactlyAsLameWritesIt) {
    // Lengths on both sides of the seek table's bag halving (400 frames, then every 2nd, 4th, ... frame).
    for (const double seconds : {2.0, 9.7, 11.0, 47.3, 95.0}) {
        SCOPED_TRACE(seconds);
        const detail::Audio audio = testAudio(seconds);
        const WholeEncode whole = encodeWhole(audio);
        ASSERT_FALSE(whole.infoFrame.empty());
        const std::string rewritten =
            detail::rewriteInfoFrame(whole.infoFrame, whole.audioFrames, static_cast<std::int64_t>(audio.left.size()));
        EXPECT_EQ(rewritten, whole.infoFrame);
    }
}

TEST(Mp3Encoder, TwoSegmentsSplicedDecodeLikeOneEncoderRunningThrough) {
    for (const bool song : {false, true}) {
        SCOPED_TRACE(song ? "a rendered song" : "test tones");
        const detail::Audio audio = song ? renderedAudio() : testAudio(31.3);
        const WholeEncode whole = encodeWhole(audio);
        const std::string spliced = detail::encodeMp3(audio, {"晚风", "小明", "流行"}, 192, 2);

        // As many frames as one encoder makes, and the same length after decoding.
        const std::size_t tag = test::id3v2Size(spliced);
        const std::vector<detail::Mp3FrameSpan> frames = detail::mp3Frames(std::string_view(spliced).substr(tag));
        EXPECT_EQ(frames.size(), detail::mp3Frames(whole.audioFrames).size() + 1); // + the info frame
        const auto reference = decodeMp3(whole.infoFrame + whole.audioFrames);
        const auto decoded = decodeMp3(spliced);
        ASSERT_EQ(decoded.left.size(), reference.left.size());
        EXPECT_EQ(decoded.sampleRate, 44100);
        EXPECT_EQ(decoded.channels, 2);
        EXPECT_EQ(decoded.bitrate, 192);

        // Sample for sample, the two decode alike: the difference is the size of the encoder's own noise
        // (quantisation choices made with a different history), 50 dB or more under the music, over the whole clip
        // and around the splice (the middle, at a frame boundary).
        const std::size_t n = decoded.left.size();
        for (const auto& [from, to] : {std::pair{std::size_t{0}, n}, std::pair{n / 2 - 4 * 1152, n / 2 + 4 * 1152}}) {
            SCOPED_TRACE(from);
            for (const auto* channel : {&decoded.left, &decoded.right}) {
                const auto& other = channel == &decoded.left ? reference.left : reference.right;
                const double signal = rms(other, from, to);
                ASSERT_GT(signal, 300.0);
                EXPECT_LT(differenceRms(*channel, other, from, to), signal / 300.0);
            }
        }
    }
}

TEST(Mp3Encoder, TheBytesAreTheSameOnOneThreadOrTwo) {
    const detail::Audio audio = testAudio(14.0);
    EXPECT_EQ(detail::encodeMp3(audio, {"晚风", "小明", "流行"}, 192, 1),
              detail::encodeMp3(audio, {"晚风", "小明", "流行"}, 192, 2));
}

TEST(Mp3Encoder, BytesThatAreNotMp3FramesAreAComposerError) {
    const detail::Audio audio = testAudio(3.0);
    const WholeEncode whole = encodeWhole(audio);
    EXPECT_THROW(static_cast<void>(detail::mp3Frames("ID3 not a frame")), ComposerError);
    EXPECT_THROW(static_cast<void>(detail::mp3Frames(whole.audioFrames.substr(0, whole.audioFrames.size() - 10))),
                 ComposerError);
    EXPECT_THROW(static_cast<void>(detail::rewriteInfoFrame(whole.audioFrames.substr(0, 300), whole.audioFrames, 1)),
                 ComposerError);
}
