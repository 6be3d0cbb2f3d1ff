// Rendering and encoding: real FluidSynth with the GM soundfont, real MP3 decoded back with LAME's decoder.

#include "cover.h"
#include "genre_profiles.h"
#include "gequ/composer/arrangement.h"
#include "gequ/composer/composer.h"
#include "gequ/composer/exceptions.h"
#include "gequ/moderation/word_list_moderation.h"
#include "mp3_probe.h"
#include "renderer.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <memory>
#include <stdexcept>
#include <vector>

using namespace gequ::composer;
using namespace gequ::moderation;
using gequ::domain::GenerationRequest;
using gequ::domain::SourcePart;
using test::decodeMp3;

namespace {

constexpr double kSilenceFloor = 0.02; // RMS, full scale 1.0 (about -34 dBFS)

ComposerConfig config(double seconds) {
    ComposerConfig c;
    c.clipSeconds = seconds;
    c.longClipSeconds = seconds + 5;
    return c;
}

GenerationRequest customRequest(std::string style, bool instrumental = false) {
    GenerationRequest r;
    r.taskId = "render-test";
    r.custom = true;
    r.title = "晚风";
    r.style = std::move(style);
    r.instrumental = instrumental;
    r.lyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n[副歌]\n你是我的天空\n我们一起前行\n";
    r.artist = "小明";
    return r;
}

detail::SoundFont& font() {
    static auto shared = detail::SoundFont::shared(std::string(kDefaultSoundFont));
    return *shared;
}

} // namespace

TEST(Render, AClipDecodesAsStereo44kMp3OfTheRequestedLengthNotSilentNotClipping) {
    const ComposedClip clip =
        composeClip(config(12), customRequest("pop,female vocal"), 0, WordListModeration::builtIn());
    const auto mp3 = decodeMp3(clip.mp3);
    EXPECT_EQ(mp3.sampleRate, 44100);
    EXPECT_EQ(mp3.channels, 2);
    EXPECT_EQ(mp3.bitrate, 192);
    EXPECT_NEAR(mp3.seconds(), 12.0, 2.0);
    EXPECT_NEAR(clip.seconds, 12.0, 0.01);
    EXPECT_GT(mp3.rms(), kSilenceFloor);
    EXPECT_LT(mp3.peak(), 0.999);
    EXPECT_EQ(mp3.clipped(), 0u);
    EXPECT_EQ(clip.genre, "pop");
    EXPECT_EQ(clip.title, "晚风");
    EXPECT_EQ(clip.style, "pop,female vocal");
    EXPECT_FALSE(clip.lyric.empty());
}

TEST(Render, TheMp3CarriesId3TagsWithTitleArtistAndGenre) {
    const ComposedClip clip =
        composeClip(config(6), customRequest("rock,male vocal"), 0, WordListModeration::builtIn());
    const std::size_t tagSize = test::id3v2Size(clip.mp3);
    ASSERT_GT(tagSize, 10u);
    const std::string tag = clip.mp3.substr(0, tagSize);
    EXPECT_NE(tag.find("TIT2"), std::string::npos);
    EXPECT_NE(tag.find(test::utf16le("晚风")), std::string::npos);
    EXPECT_NE(tag.find("TPE1"), std::string::npos);
    EXPECT_NE(tag.find(test::utf16le("小明")), std::string::npos);
    EXPECT_NE(tag.find("TCON"), std::string::npos);
    EXPECT_NE(tag.find(test::utf16le("摇滚")), std::string::npos);
}

TEST(Render, EveryGenreOfTheTableRenders) {
    for (const auto& profile : detail::genreProfiles()) {
        ArrangementInput in;
        in.style = std::string(profile.styleName);
        in.lyric = "[副歌]\n你是我的天空\n我们一起前行\n心中还有彩虹\n";
        in.seconds = 6;
        in.seed = 99;
        const Arrangement song = arrange(in);
        ASSERT_EQ(song.genre, profile.key) << profile.styleName;
        const detail::Audio audio = detail::render(song, font());
        EXPECT_EQ(audio.left.size(), 6u * 44100u) << profile.key;
        EXPECT_GT(audio.rms(), kSilenceFloor) << profile.key;
        EXPECT_LE(audio.peak(), 0.9f) << profile.key;
    }
}

TEST(Render, InstrumentalReallyRemovesTheVoice) {
    ArrangementInput in;
    in.style = "pop";
    in.lyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n[副歌]\n你是我的天空\n我们一起前行\n";
    in.seconds = 10;
    in.seed = 5;
    ArrangementInput instrumental = in;
    instrumental.instrumental = true;
    const Arrangement sung = arrange(in);
    const Arrangement plain = arrange(instrumental);
    ASSERT_NE(sung.track(Role::Vocal), nullptr);
    const int voice = sung.track(Role::Vocal)->channel;

    // The voice channel alone: singing in the song, silence in the instrumental.
    detail::RenderOptions stem;
    stem.channels = {voice};
    stem.normalize = false;
    EXPECT_GT(detail::render(sung, font(), stem).rms(), 1e-3);
    EXPECT_LT(detail::render(plain, font(), stem).rms(), 1e-6);
    // And the full mixes differ.
    const detail::Audio a = detail::render(sung, font());
    const detail::Audio b = detail::render(plain, font());
    EXPECT_GT(std::abs(a.rms() - b.rms()) + std::abs(a.left[44100 * 3] - b.left[44100 * 3]), 1e-4);
}

TEST(Render, TheSameRequestGivesTheSameFileAndTheTwoClipsDiffer) {
    const GenerationRequest request = customRequest("folk");
    const ComposedClip first = composeClip(config(6), request, 0, WordListModeration::builtIn());
    const ComposedClip again = composeClip(config(6), request, 0, WordListModeration::builtIn());
    const ComposedClip second = composeClip(config(6), request, 1, WordListModeration::builtIn());
    EXPECT_EQ(first.mp3, again.mp3);
    EXPECT_EQ(first.svg, again.svg);
    EXPECT_NE(first.mp3, second.mp3);
    EXPECT_NE(first.svg, second.svg);
    EXPECT_EQ(first.title, second.title);
}

TEST(Render, RenderingOnSeveralCoresGivesTheSameFile) {
    const GenerationRequest request = customRequest("rock,male vocal");
    ComposerConfig one = config(6);
    one.renderCores = 1;
    ComposerConfig three = config(6);
    three.renderCores = 3;
    EXPECT_EQ(composeClip(one, request, 0, WordListModeration::builtIn()).mp3,
              composeClip(three, request, 0, WordListModeration::builtIn()).mp3);
}

TEST(Render, TwoThreadsRenderTheSameSamplesAsOne) {
    ArrangementInput in;
    in.style = "pop,female vocal";
    in.lyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n[副歌]\n你是我的天空\n我们一起前行\n";
    in.seconds = 8;
    in.seed = 11;
    const Arrangement song = arrange(in);
    detail::RenderOptions one;
    one.cores = 1;
    std::vector<double> reported;
    one.progress = [&reported](double p) { reported.push_back(p); };
    const detail::Audio reference = detail::render(song, font(), one);
    ASSERT_GT(reference.rms(), kSilenceFloor);
    ASSERT_FALSE(reported.empty());
    EXPECT_TRUE(std::is_sorted(reported.begin(), reported.end()));
    EXPECT_DOUBLE_EQ(reported.back(), 1.0);

    detail::RenderOptions two;
    two.cores = 2;
    const detail::Audio together = detail::render(song, font(), two);
    EXPECT_EQ(together.left, reference.left);
    EXPECT_EQ(together.right, reference.right);

    // A render stopped by its progress callback stops its second thread too, and throws.
    detail::RenderOptions cancelled;
    cancelled.cores = 2;
    cancelled.progress = [](double p) {
        if (p > 0.2) {
            throw std::runtime_error("stopping");
        }
    };
    EXPECT_THROW(static_cast<void>(detail::render(song, font(), cancelled)), std::runtime_error);
}

TEST(Render, InspirationModeWritesLyricsAndATitle) {
    GenerationRequest request;
    request.taskId = "inspire";
    request.prompt = "夏天的海边";
    const ComposedClip clip = composeClip(config(6), request, 0, WordListModeration::builtIn());
    EXPECT_NE(clip.lyric.find("[副歌]"), std::string::npos);
    EXPECT_EQ(clip.title, "夏天的海边");
    request.prompt = "夏天的海边，欢快";
    EXPECT_NE(composeClip(config(6), request, 0, WordListModeration::builtIn()).title, "夏天的海边，欢快")
        << "a sentence is not a title";
    request.instrumental = true;
    const ComposedClip plain = composeClip(config(6), request, 0, WordListModeration::builtIn());
    EXPECT_TRUE(plain.lyric.empty());
    EXPECT_FALSE(plain.title.empty());
}

TEST(Render, AMissingSoundfontIsAComposerErrorWithAChineseReason) {
    ComposerConfig bad = config(6);
    bad.soundfont = "/nonexistent/none.sf2";
    try {
        static_cast<void>(composeClip(bad, customRequest("pop"), 0, WordListModeration::builtIn()));
        FAIL() << "expected ComposerError";
    } catch (const ComposerError& e) {
        EXPECT_EQ(e.reason(), "音色库加载失败");
    }
    // A file that is not a soundfont.
    bad.soundfont = "/etc/hostname";
    EXPECT_THROW(static_cast<void>(composeClip(bad, customRequest("pop"), 0, WordListModeration::builtIn())),
                 ComposerError);
}

TEST(Render, ClipLengthDependsOnTheModel) {
    ComposerConfig c;
    EXPECT_EQ(clipSecondsFor(c, "chirp-v3-5"), 90);
    EXPECT_EQ(clipSecondsFor(c, "chirp-v3-0"), 90);
    EXPECT_EQ(clipSecondsFor(c, "chirp-v4"), 90);
    EXPECT_EQ(clipSecondsFor(c, "chirp-v4-5"), 150);
    EXPECT_EQ(clipSecondsFor(c, "chirp-v4-5-plus"), 150);
    EXPECT_EQ(clipSecondsFor(c, "chirp-v5"), 150);
    EXPECT_EQ(clipSecondsFor(c, ""), 90);
    c.clipSeconds = 30;
    EXPECT_EQ(clipSecondsFor(c, "chirp-v3-5"), 30);
}

TEST(Cover, IsAnSvgWithTheEscapedTitle) {
    ArrangementInput in;
    in.style = "jazz";
    in.seed = 1;
    in.seconds = 10;
    const Arrangement song = arrange(in);
    const std::string svg = detail::drawCover("R&B <夜>", song, 1);
    EXPECT_EQ(svg.rfind("<svg", 0), 0u);
    EXPECT_EQ(svg.substr(svg.size() - 6), "</svg>");
    EXPECT_NE(svg.find("R&amp;B &lt;夜&gt;"), std::string::npos);
    EXPECT_EQ(svg.find("<夜>"), std::string::npos);
    EXPECT_NE(svg.find(std::string(detail::genreProfile("jazz").palette[0])), std::string::npos);
    EXPECT_NE(svg.find("爵士"), std::string::npos);
    EXPECT_NE(svg, detail::drawCover("R&B <夜>", song, 2));
    EXPECT_EQ(svg, detail::drawCover("R&B <夜>", song, 1));
}

TEST(Render, AnExtensionKeepsItsSourcesKeyAndTempoAndAJoinedSongDecodesAsTheWholeChain) {
    const ComposerConfig c = config(12);
    GenerationRequest source = customRequest("jazz,male vocal");
    source.taskId = "join-source";
    const ComposedClip first = composeClip(c, source, 1, WordListModeration::builtIn());

    GenerationRequest extend = customRequest("");
    extend.taskId = "join-extension";
    extend.action = gequ::domain::TaskAction::Extend;
    extend.title = "晚风续";
    extend.lyric = "[主歌]\n海风吹过沙滩\n[副歌]\n歌声飘向远方\n";
    extend.audioId = "song-of-join-source";
    extend.continueAt = 7.5;
    SourcePart root;
    root.request = source;
    root.clipIndex = 1;
    root.duration = first.seconds;
    root.cutAt = 7.5;
    extend.sources = {root};
    const ComposedClip extension = composeClip(c, extend, 0, WordListModeration::builtIn());
    // The same genre and singer as the source (its style was empty: the source's is played).
    EXPECT_EQ(extension.genre, first.genre);
    EXPECT_EQ(extension.style.substr(0, extension.style.find(',', extension.style.find(',') + 1)),
              first.style.substr(0, first.style.find(',', first.style.find(',') + 1)));
    const auto extensionMp3 = decodeMp3(extension.mp3);
    EXPECT_GT(extensionMp3.rms(), kSilenceFloor);
    EXPECT_NEAR(extension.seconds, 12.0, 2.0);

    GenerationRequest join;
    join.taskId = "join-whole";
    join.action = gequ::domain::TaskAction::Concat;
    join.custom = true;
    join.title = "晚风续";
    join.audioId = "song-of-join-extension";
    SourcePart second;
    second.request = extend;
    second.request.sources.clear();
    second.clipIndex = 0;
    second.duration = extension.seconds;
    join.sources = {root, second};
    const ComposedClip whole = composeClip(c, join, 0, WordListModeration::builtIn());
    EXPECT_NEAR(whole.seconds, 7.5 + extension.seconds, 0.01);
    const auto mp3 = decodeMp3(whole.mp3);
    EXPECT_EQ(mp3.sampleRate, 44100);
    EXPECT_EQ(mp3.channels, 2);
    EXPECT_NEAR(mp3.seconds(), whole.seconds, 0.2);
    EXPECT_GT(mp3.rms(), kSilenceFloor);
    EXPECT_EQ(mp3.clipped(), 0u);
    EXPECT_EQ(whole.title, "晚风续");
    // The joined song's second half is the extension as it was rendered: compare a stretch after the joint.
    const auto at = [](double seconds) { return static_cast<std::size_t>(seconds * 44100); };
    double difference = 0;
    double energy = 0;
    for (std::size_t i = at(2); i < at(4); ++i) {
        const double joined = mp3.left[at(7.5) + i];
        const double alone = extensionMp3.left[i];
        difference += (joined - alone) * (joined - alone);
        energy += alone * alone;
    }
    EXPECT_LT(difference, 0.05 * energy) << "the extension part of the joined song sounds like the extension";
    EXPECT_FALSE(whole.timeline.empty());
}
