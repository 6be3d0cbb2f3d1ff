// The arrangement: deterministic, different per seed, clip and style; the form sized to the clip; one sung note per
// syllable; the instrumental flag; the genre table.

#include "gequ/composer/arrangement.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <numeric>
#include <set>

using namespace gequ::composer;

namespace {

const char* const kLyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n带着梦想去飞翔\n一起奔向月光\n\n"
                           "[副歌]\n你是我的天空\n我们一起前行\n心中还有彩虹\n星光照亮旅程\n\n"
                           "[桥段]\n轻轻地歌唱\n安静地守望\n慢慢走向远方\n晚风落在身旁\n";

ArrangementInput input(std::string style, std::string task = "task-1", int clip = 0, double seconds = 90) {
    ArrangementInput in;
    in.style = std::move(style);
    in.lyric = kLyric;
    in.title = "晚风";
    in.seconds = seconds;
    in.clipIndex = clip;
    in.seed = songSeed(task, in.style, in.prompt, in.lyric, in.title, in.instrumental, in.gender);
    return in;
}

bool sameNotes(const Arrangement& a, const Arrangement& b) {
    if (a.notes.size() != b.notes.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.notes.size(); ++i) {
        const Note& x = a.notes[i];
        const Note& y = b.notes[i];
        if (x.beat != y.beat || x.length != y.length || x.channel != y.channel || x.key != y.key ||
            x.velocity != y.velocity) {
            return false;
        }
    }
    return true;
}

std::vector<const Note*> notesOn(const Arrangement& song, int channel) {
    std::vector<const Note*> out;
    for (const auto& n : song.notes) {
        if (n.channel == channel) {
            out.push_back(&n);
        }
    }
    return out;
}

int expectedSyllables(const Arrangement& song) {
    int total = 0;
    for (const auto& section : song.sections) {
        for (const auto& line : section.lines) {
            total += syllableCount(line);
        }
    }
    return total;
}

} // namespace

TEST(Arrangement, TheSameInputGivesTheSameSong) {
    const Arrangement a = arrange(input("pop,female vocal"));
    const Arrangement b = arrange(input("pop,female vocal"));
    EXPECT_TRUE(sameNotes(a, b));
    EXPECT_EQ(a.bpm, b.bpm);
    EXPECT_EQ(a.tonic, b.tonic);
    EXPECT_EQ(a.chords, b.chords);
    EXPECT_EQ(a.style, b.style);
}

TEST(Arrangement, TheTwoClipsOfATaskDiffer) {
    for (const std::string style : {"pop", "rock", "chinese traditional", "jazz", "ambient"}) {
        const Arrangement first = arrange(input(style, "task-1", 0));
        const Arrangement second = arrange(input(style, "task-1", 1));
        EXPECT_NE(first.tonic, second.tonic) << style << ": the clips are in different keys";
        EXPECT_FALSE(sameNotes(first, second)) << style;
        EXPECT_EQ(first.genre, second.genre) << style << ": both clips play the requested style";
    }
}

TEST(Arrangement, DiffersByTaskSeed) {
    const Arrangement a = arrange(input("pop", "task-1"));
    const Arrangement b = arrange(input("pop", "task-2"));
    EXPECT_FALSE(sameNotes(a, b));
}

TEST(Arrangement, DiffersByStyle) {
    const Arrangement pop = arrange(input("pop"));
    const Arrangement metal = arrange(input("metal"));
    EXPECT_EQ(pop.genre, "pop");
    EXPECT_EQ(metal.genre, "metal");
    EXPECT_FALSE(sameNotes(pop, metal));
    ASSERT_NE(metal.track(Role::Chords), nullptr);
    EXPECT_EQ(metal.track(Role::Chords)->program, 30) << "metal plays a distortion guitar";
    EXPECT_GT(metal.bpm, 110.0);
}

TEST(Arrangement, FollowsTheSongFormSizedToTheClip) {
    const Arrangement song = arrange(input("pop", "task-1", 0, 90));
    std::vector<SectionKind> kinds;
    for (const auto& s : song.sections) {
        kinds.push_back(s.kind);
    }
    using K = SectionKind;
    EXPECT_EQ(kinds,
              (std::vector<K>{K::Intro, K::Verse, K::Chorus, K::Verse, K::Chorus, K::Bridge, K::Chorus, K::Outro}));
    int bar = 0;
    for (const auto& s : song.sections) {
        EXPECT_EQ(s.startBar, bar);
        EXPECT_GE(s.bars, 2);
        bar += s.bars;
    }
    EXPECT_EQ(bar, song.bars);
    EXPECT_EQ(static_cast<int>(song.chords.size()), song.bars);
    // The bars end exactly when the music ends; the last seconds are the final chord ringing out.
    EXPECT_NEAR(song.bars * song.beatsPerBar * song.secondsPerBeat(), song.musicSeconds, 1e-6);
    EXPECT_DOUBLE_EQ(song.seconds, 90.0);
    EXPECT_GT(song.musicSeconds, 86.0);
    for (const auto& note : song.notes) {
        EXPECT_LE(note.beat * song.secondsPerBeat(), song.musicSeconds + 1e-6);
        EXPECT_GE(note.key, 0);
        EXPECT_LE(note.key, 127);
        EXPECT_GE(note.velocity, 1);
        EXPECT_LE(note.velocity, 127);
    }
    EXPECT_TRUE(std::is_sorted(song.notes.begin(), song.notes.end(),
                               [](const Note& a, const Note& b) { return a.beat < b.beat; }));
}

TEST(Arrangement, ShortAndLongClipsGetFittingForms) {
    const Arrangement shortSong = arrange(input("pop", "t", 0, 10));
    EXPECT_GE(shortSong.bars, 1);
    EXPECT_FALSE(shortSong.sections.empty());
    EXPECT_FALSE(shortSong.notes.empty());
    const Arrangement longSong = arrange(input("pop", "t", 0, 150));
    EXPECT_EQ(longSong.sections.size(), 8u);
    EXPECT_GT(longSong.bars, arrange(input("pop", "t", 0, 90)).bars);
    const Arrangement veryLong = arrange(input("ambient", "t", 0, 480));
    int bars = 0;
    for (const auto& s : veryLong.sections) {
        bars += s.bars;
    }
    EXPECT_EQ(bars, veryLong.bars);
}

TEST(Arrangement, SingsOneNotePerSyllableOnAVoicePatch) {
    const Arrangement song = arrange(input("pop,female vocal"));
    const Track* vocal = song.track(Role::Vocal);
    ASSERT_NE(vocal, nullptr);
    EXPECT_TRUE(vocal->program == 53 || vocal->program == 54) << vocal->program;
    EXPECT_EQ(song.gender, "female");
    const auto sung = notesOn(song, vocal->channel);
    EXPECT_GT(expectedSyllables(song), 20);
    EXPECT_EQ(static_cast<int>(sung.size()), expectedSyllables(song));
    EXPECT_EQ(song.sungSyllables, expectedSyllables(song));
    // The chorus is sung, and it is sung the same way every time.
    std::vector<const Section*> choruses;
    for (const auto& s : song.sections) {
        if (s.kind == SectionKind::Chorus) {
            choruses.push_back(&s);
            EXPECT_FALSE(s.lines.empty());
        }
    }
    ASSERT_GE(choruses.size(), 2u);
    auto melodyOf = [&](const Section& s) {
        std::vector<std::pair<double, int>> out;
        const double start = s.startBar * song.beatsPerBar;
        for (const Note* n : sung) {
            if (n->beat >= start && n->beat < start + s.bars * song.beatsPerBar) {
                out.emplace_back(n->beat - start, n->key);
            }
        }
        return out;
    };
    if (choruses[0]->lines == choruses[1]->lines) {
        EXPECT_EQ(melodyOf(*choruses[0]), melodyOf(*choruses[1]));
    }
}

TEST(Arrangement, AMaleVoiceSingsAnOctaveLower) {
    ArrangementInput female = input("pop");
    female.gender = "female";
    ArrangementInput male = female;
    male.gender = "male";
    const Arrangement f = arrange(female);
    const Arrangement m = arrange(male);
    const auto fv = notesOn(f, f.track(Role::Vocal)->channel);
    const auto mv = notesOn(m, m.track(Role::Vocal)->channel);
    ASSERT_EQ(fv.size(), mv.size());
    ASSERT_FALSE(fv.empty());
    for (std::size_t i = 0; i < fv.size(); ++i) {
        EXPECT_EQ(fv[i]->key - 12, mv[i]->key);
        EXPECT_EQ(fv[i]->beat, mv[i]->beat);
    }
    EXPECT_EQ(m.gender, "male");
    EXPECT_NE(m.style.find("male vocal"), std::string::npos);
}

TEST(Arrangement, InstrumentalDropsTheVocalPart) {
    ArrangementInput sung = input("pop");
    ArrangementInput instrumental = sung;
    instrumental.instrumental = true;
    const Arrangement a = arrange(sung);
    const Arrangement b = arrange(instrumental);
    ASSERT_NE(a.track(Role::Vocal), nullptr);
    const int voiceChannel = a.track(Role::Vocal)->channel;
    EXPECT_FALSE(notesOn(a, voiceChannel).empty());
    EXPECT_EQ(b.track(Role::Vocal), nullptr);
    EXPECT_TRUE(notesOn(b, voiceChannel).empty());
    for (const auto& t : b.tracks) {
        if (t.bank == 0) {
            EXPECT_FALSE(t.program == 53 || t.program == 54) << "no voice patch in an instrumental";
        }
    }
    EXPECT_EQ(b.sungSyllables, 0);
    EXPECT_TRUE(b.gender.empty());
    // The tune moves to a lead instrument.
    ASSERT_NE(b.track(Role::Lead), nullptr);
    EXPECT_GT(notesOn(b, b.track(Role::Lead)->channel).size(), 20u);
    EXPECT_NE(b.style.find("instrumental"), std::string::npos);
}

TEST(Arrangement, DrumsOnTheGmDrumChannelWithFillsBeforeChoruses) {
    const Arrangement song = arrange(input("rock"));
    const Track* drums = song.track(Role::Drums);
    ASSERT_NE(drums, nullptr);
    EXPECT_EQ(drums->channel, 9);
    EXPECT_EQ(drums->bank, 128);
    const auto hits = notesOn(song, 9);
    EXPECT_GT(hits.size(), 200u);
    // The last bar of the first verse (before the first chorus) has a fill: toms (GM 41..50, not 42/44/46/49).
    const Section& verse = song.sections[1];
    ASSERT_EQ(verse.kind, SectionKind::Verse);
    const double fillStart = (verse.startBar + verse.bars - 1) * song.beatsPerBar;
    int toms = 0;
    for (const Note* n : hits) {
        if (n->beat >= fillStart && n->beat < fillStart + song.beatsPerBar &&
            (n->key == 41 || n->key == 43 || n->key == 45 || n->key == 47 || n->key == 48 || n->key == 50)) {
            ++toms;
        }
    }
    EXPECT_GE(toms, 2);
    // A crash opens the chorus.
    const double chorusStart = song.sections[2].startBar * song.beatsPerBar;
    EXPECT_TRUE(std::any_of(hits.begin(), hits.end(),
                            [&](const Note* n) { return n->beat == chorusStart && (n->key == 49 || n->key == 57); }));
}

TEST(Arrangement, MoodWordsNudgeTheTempo) {
    ArrangementInput sad = input("pop");
    sad.prompt = "一首悲伤的歌";
    ArrangementInput happy = input("pop");
    happy.prompt = "一首欢快的歌";
    happy.seed = sad.seed; // the same draws: only the mood differs
    EXPECT_LT(arrange(sad).bpm, arrange(happy).bpm);
    // Sad songs are mostly minor, happy ones mostly major.
    int sadMinor = 0;
    int happyMinor = 0;
    for (int i = 0; i < 60; ++i) {
        sad.seed = happy.seed = 1000 + static_cast<std::uint64_t>(i);
        sadMinor += arrange(sad).minor ? 1 : 0;
        happyMinor += arrange(happy).minor ? 1 : 0;
    }
    EXPECT_GT(sadMinor, 40);
    EXPECT_LT(happyMinor, 20);
}

TEST(Arrangement, EveryGenreOfTheTableIsPlayable) {
    const std::vector<std::string> expected = {"pop",   "rock",    "electronic", "classical", "rap",
                                               "metal", "chinese", "jazz",       "folk",      "lofi",
                                               "rnb",   "country", "ambient",    "dance"};
    EXPECT_EQ(genreKeys(), expected);
    for (const auto& key : genreKeys()) {
        ArrangementInput in = input(key == "chinese" ? "Chinese Traditional" : key);
        const Arrangement song = arrange(in);
        EXPECT_EQ(song.genre, key);
        EXPECT_GT(song.notes.size(), 50u) << key;
        EXPECT_GE(song.tracks.size(), 4u) << key;
    }
}

TEST(Arrangement, DetectsGenresFromStyleTagsAndDescriptions) {
    EXPECT_EQ(detectGenre("pop,female vocal", ""), "pop");
    EXPECT_EQ(detectGenre("male vocal,Rock", ""), "rock");
    EXPECT_EQ(detectGenre("流行", ""), "pop");
    EXPECT_EQ(detectGenre("民乐", ""), "chinese");
    EXPECT_EQ(detectGenre("Chinese Traditional", ""), "chinese");
    EXPECT_EQ(detectGenre("Gufeng，female vocal", ""), "chinese");
    EXPECT_EQ(detectGenre("lo-fi", ""), "lofi");
    EXPECT_EQ(detectGenre("R&B", ""), "rnb");
    EXPECT_EQ(detectGenre("hip hop", ""), "rap");
    EXPECT_EQ(detectGenre("Heavy Metal", ""), "metal");
    EXPECT_EQ(detectGenre("Folk Metal", ""), "metal");
    EXPECT_EQ(detectGenre("Dance Pop", ""), "dance");
    EXPECT_EQ(detectGenre("Synthpop", ""), "electronic");
    EXPECT_EQ(detectGenre("Bossa Nova", ""), "jazz");
    EXPECT_EQ(detectGenre("New Age", ""), "ambient");
    EXPECT_EQ(detectGenre("Bluegrass", ""), "country");
    EXPECT_EQ(detectGenre("Emotional,Sad", ""), "") << "'emotional' is a mood, not emo rock";
    EXPECT_EQ(detectGenre("", "一首关于夏天的摇滚歌曲"), "rock");
    EXPECT_EQ(detectGenre("", "古风，江南烟雨"), "chinese");
    EXPECT_EQ(detectGenre("jazz", "一首摇滚"), "jazz") << "the style tags come first";
    EXPECT_EQ(detectGenre("", "写给妈妈的歌"), "");
}

TEST(Arrangement, InspirationDescriptionsWithoutAGenreStillMakeSongs) {
    ArrangementInput in;
    in.prompt = "写给妈妈的歌";
    in.lyric = kLyric;
    in.seed = 7;
    const Arrangement song = arrange(in);
    EXPECT_FALSE(song.genre.empty());
    EXPECT_GT(song.sungSyllables, 0);
}

TEST(Arrangement, WithoutLyricsTheVoiceSingsWordlessChoruses) {
    ArrangementInput in = input("pop");
    in.lyric = "";
    const Arrangement song = arrange(in);
    ASSERT_NE(song.track(Role::Vocal), nullptr);
    EXPECT_FALSE(notesOn(song, song.track(Role::Vocal)->channel).empty());
}

TEST(Lyrics, CountsOneSyllablePerChineseCharacter) {
    EXPECT_EQ(syllableCount("晚风吹过远方"), 6);
    EXPECT_EQ(syllableCount("晚风，吹过远方！"), 6);
    EXPECT_EQ(syllableCount("  "), 0);
    EXPECT_EQ(syllableCount("hello world"), 3);
    EXPECT_EQ(syllableCount("I love you 2"), 4);
    EXPECT_EQ(syllableCount("我 love 你"), 3);
}

TEST(Lyrics, ParsesSectionsByHeadings) {
    const auto sections = parseLyrics("[Intro]\n(instrumental)\n[主歌]\n第一句歌词\n第二句歌词\n\n【副歌】\n副歌一\n"
                                      "[Verse 2]\nsecond verse\n[Bridge]\nbridge line\n[Outro]\n结束了\n");
    ASSERT_EQ(sections.size(), 4u);
    EXPECT_EQ(sections[0].kind, SectionKind::Verse);
    EXPECT_EQ(sections[0].lines, (std::vector<std::string>{"第一句歌词", "第二句歌词"}));
    EXPECT_EQ(sections[1].kind, SectionKind::Chorus);
    EXPECT_EQ(sections[2].kind, SectionKind::Verse);
    EXPECT_EQ(sections[3].kind, SectionKind::Bridge);
    EXPECT_EQ(sections[3].lines, (std::vector<std::string>{"bridge line"}));
}

TEST(Lyrics, WithoutHeadingsBlocksAlternateVerseAndChorus) {
    const auto byBlankLines = parseLyrics("一\n二\n\n三\n四\n\n五\n");
    ASSERT_EQ(byBlankLines.size(), 3u);
    EXPECT_EQ(byBlankLines[0].kind, SectionKind::Verse);
    EXPECT_EQ(byBlankLines[1].kind, SectionKind::Chorus);
    EXPECT_EQ(byBlankLines[2].kind, SectionKind::Verse);
    const auto byFours = parseLyrics("一\r\n二\r\n三\r\n四\r\n五\r\n六");
    ASSERT_EQ(byFours.size(), 2u);
    EXPECT_EQ(byFours[0].lines.size(), 4u);
    EXPECT_EQ(byFours[1].lines, (std::vector<std::string>{"五", "六"}));
    EXPECT_TRUE(parseLyrics("").empty());
}

TEST(Arrangement, AnExtensionKeepsItsSourcesKeyTempoMeterSingerAndInstrumentsAndHasNoIntro) {
    for (const std::string style : {"pop", "jazz", "rock", "chinese traditional", "electronic"}) {
        const Arrangement source = arrange(input(style, "source-task", 1));
        ArrangementInput in = input("", "extension-task", 0, 60);
        in.lyric = "[主歌]\n海风吹过沙滩\n[副歌]\n歌声飘向远方";
        in.seed = songSeed("extension-task", in.style, in.prompt, in.lyric, in.title, in.instrumental, in.gender);
        in.continues = &source;
        const Arrangement extension = arrange(in);
        EXPECT_EQ(extension.genre, source.genre) << style;
        EXPECT_EQ(extension.tonic, source.tonic) << style;
        EXPECT_EQ(extension.minor, source.minor) << style;
        EXPECT_EQ(extension.beatsPerBar, source.beatsPerBar) << style;
        EXPECT_DOUBLE_EQ(extension.bpm, source.bpm) << style;
        EXPECT_EQ(extension.gender, source.gender) << style;
        for (const auto& track : source.tracks) {
            const Track* same = extension.track(track.role);
            ASSERT_NE(same, nullptr) << style;
            EXPECT_EQ(same->program, track.program) << style;
        }
        EXPECT_NE(extension.sections.front().kind, SectionKind::Intro) << style;
        // Whole bars at the source's tempo, close to the length asked for.
        EXPECT_NEAR(extension.musicSeconds, extension.bars * extension.beatsPerBar * 60.0 / extension.bpm, 1e-9);
        EXPECT_NEAR(extension.seconds, 60, 60.0 / extension.bpm * extension.beatsPerBar);
        EXPECT_FALSE(sameNotes(extension, source)) << style;
    }
}
