// The composer's synced lyrics (arrangement.h, lyricTimeline): one timed line per sung phrase, one word per sung unit,
// timed by the vocal notes that sing it.

#include "gequ/composer/arrangement.h"

#include <gtest/gtest.h>

using namespace gequ::composer;

namespace {

const char* const kLyric = "[主歌]\n晚风吹过远方，\n我在夏夜里歌唱\nHello my friend\n\n"
                           "[副歌]\n你是我的天空\n我们一起前行！\n";

ArrangementInput input(std::string style, bool instrumental = false) {
    ArrangementInput in;
    in.style = std::move(style);
    in.lyric = instrumental ? "" : kLyric;
    in.title = "晚风";
    in.instrumental = instrumental;
    in.seconds = 90;
    in.seed = songSeed("task-timeline", in.style, in.prompt, in.lyric, in.title, in.instrumental, in.gender);
    return in;
}

} // namespace

TEST(SungUnits, AddUpToTheSyllableCountAndKeepPunctuationWithTheWordBefore) {
    for (const std::string line : {"晚风吹过远方，", "Hello my friend", "love 2 you!", "夏天 summer time。", "，，"}) {
        int total = 0;
        for (const auto& unit : sungUnits(line)) {
            total += unit.syllables;
        }
        EXPECT_EQ(total, syllableCount(line)) << line;
    }
    const auto units = sungUnits("晚风，Hello friend!");
    ASSERT_EQ(units.size(), 4u);
    EXPECT_EQ(units[1].text, "风，");
    EXPECT_EQ(units[2].text, "Hello");
    EXPECT_EQ(units[2].syllables, 2);
    EXPECT_EQ(units[3].text, "friend!");
}

TEST(LyricTimeline, EverySungPhraseIsALineTimedByItsNotes) {
    for (const std::string style : {"pop", "rock", "chinese traditional", "rap", "jazz"}) {
        const Arrangement song = arrange(input(style));
        const auto timeline = lyricTimeline(song);
        std::size_t phrases = 0;
        for (const auto& section : song.sections) {
            phrases += section.lines.size();
        }
        ASSERT_FALSE(timeline.empty()) << style;
        EXPECT_EQ(timeline.lines.size(), phrases) << style;
        double previousEnd = 0;
        for (const auto& line : timeline.lines) {
            EXPECT_GE(line.start, previousEnd) << style << ": " << line.text;
            EXPECT_GT(line.end, line.start) << style << ": " << line.text;
            EXPECT_LE(line.end, song.seconds) << style;
            previousEnd = line.end;
            // One word per sung unit, in order, inside the line.
            EXPECT_EQ(line.words.size(), sungUnits(line.text).size()) << style << ": " << line.text;
            double wordEnd = line.start;
            for (const auto& word : line.words) {
                EXPECT_GE(word.start, wordEnd - 1e-9) << style << ": " << word.text;
                EXPECT_GE(word.end, word.start);
                EXPECT_LE(word.end, line.end + 1e-9);
                wordEnd = word.end;
            }
            EXPECT_DOUBLE_EQ(line.words.front().start, line.start);
        }
        // The first sung line starts after the intro, where the first vocal note is.
        double firstVocal = song.seconds;
        for (const auto& note : song.notes) {
            if (note.channel == 0) {
                firstVocal = std::min(firstVocal, note.beat * song.secondsPerBeat());
            }
        }
        EXPECT_NEAR(timeline.lines.front().start, firstVocal, 1e-9) << style;
        EXPECT_EQ(timeline.lines.front().text, "晚风吹过远方，") << style;
    }
}

TEST(LyricTimeline, AnInstrumentalHasNone) {
    EXPECT_TRUE(lyricTimeline(arrange(input("pop", true))).empty());
}
