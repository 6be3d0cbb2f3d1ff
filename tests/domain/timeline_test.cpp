#include "gequ/domain/model/timeline.h"

#include <gtest/gtest.h>

using namespace gequ::domain;

namespace {

AlignedWord word(std::string text, double start, double end, bool success = true) {
    return {std::move(text), start, end, success, success ? 0.9 : 0.1};
}

} // namespace

TEST(TimelineTest, AlignedWordsAreGroupedIntoLinesAtLineBreaksWithoutSectionMarks) {
    const Timeline timeline = timelineFromAlignedWords({
        word("[Verse]\nWalking ", 10.0, 10.4),
        word("down ", 10.4, 10.7),
        word("the road\n", 10.7, 11.5),
        word("夏", 12.0, 12.3),
        word("夜，", 12.3, 12.9),
        word("\n[Chorus]\n海", 14.0, 14.5),
        word("风\n\n", 14.5, 15.2),
    });
    ASSERT_EQ(timeline.lines.size(), 3u);
    EXPECT_EQ(timeline.lines[0].text, "Walking down the road");
    EXPECT_DOUBLE_EQ(timeline.lines[0].start, 10.0);
    EXPECT_DOUBLE_EQ(timeline.lines[0].end, 11.5);
    ASSERT_EQ(timeline.lines[0].words.size(), 3u);
    EXPECT_EQ(timeline.lines[0].words[0].text, "Walking");
    EXPECT_EQ(timeline.lines[0].words[2].text, "the road");
    EXPECT_EQ(timeline.lines[1].text, "夏夜，");
    EXPECT_DOUBLE_EQ(timeline.lines[1].start, 12.0);
    EXPECT_DOUBLE_EQ(timeline.lines[1].end, 12.9);
    EXPECT_EQ(timeline.lines[2].text, "海风");
    EXPECT_DOUBLE_EQ(timeline.lines[2].start, 14.0);
    EXPECT_DOUBLE_EQ(timeline.lines[2].end, 15.2);
}

TEST(TimelineTest, WordsTheAlignerDidNotPlaceKeepTheirTextButNoTime) {
    const Timeline timeline = timelineFromAlignedWords({
        word("hello ", 1.0, 1.5),
        word("there\n", 0, 0, false),
        word("gone\n", 5.0, 4.0), // ends before it starts: not placed
        word("back\n", 6.0, 6.5),
    });
    ASSERT_EQ(timeline.lines.size(), 2u);
    EXPECT_EQ(timeline.lines[0].text, "hello there");
    ASSERT_EQ(timeline.lines[0].words.size(), 1u);
    EXPECT_DOUBLE_EQ(timeline.lines[0].end, 1.5);
    EXPECT_EQ(timeline.lines[1].text, "back");
}

TEST(TimelineTest, NothingPlacedGivesAnEmptyTimeline) {
    EXPECT_TRUE(timelineFromAlignedWords({}).empty());
    EXPECT_TRUE(timelineFromAlignedWords({word("[Instrumental]\n", 0, 1)}).empty());
    EXPECT_TRUE(timelineFromAlignedWords({word("la\n", 1, 2, false)}).empty());
}

TEST(TimelineTest, NormalizingSortsLinesAndKeepsThemFromOverlapping) {
    Timeline timeline;
    timeline.lines = {{"second", 5.0, 9.0, {{"second", 4.0, 12.0}}}, {"first", 1.0, 6.0, {}}, {"  ", 2, 3, {}}};
    const Timeline normal = normalizedTimeline(timeline);
    ASSERT_EQ(normal.lines.size(), 2u);
    EXPECT_EQ(normal.lines[0].text, "first");
    EXPECT_DOUBLE_EQ(normal.lines[0].end, 5.0);
    EXPECT_EQ(normal.lines[1].text, "second");
    ASSERT_EQ(normal.lines[1].words.size(), 1u);
    EXPECT_DOUBLE_EQ(normal.lines[1].words[0].start, 5.0);
    EXPECT_DOUBLE_EQ(normal.lines[1].words[0].end, 9.0);
}

TEST(TimelineTest, TheStoredTextReadsBackToTheSameTimeline) {
    Timeline timeline;
    timeline.lines = {{"夏夜的\t海风", 12.345, 15.1, {{"夏", 12.345, 12.6}, {"夜", 12.6, 13.0}}},
                      {"Hello world", 16, 18.25, {}}};
    const std::string text = encodeTimeline(timeline);
    const auto back = decodeTimeline(text);
    ASSERT_TRUE(back.has_value());
    ASSERT_EQ(back->lines.size(), 2u);
    EXPECT_EQ(back->lines[0].text, "夏夜的 海风");
    EXPECT_DOUBLE_EQ(back->lines[0].start, 12.345);
    EXPECT_DOUBLE_EQ(back->lines[0].end, 15.1);
    ASSERT_EQ(back->lines[0].words.size(), 2u);
    EXPECT_EQ(back->lines[0].words[1].text, "夜");
    EXPECT_DOUBLE_EQ(back->lines[0].words[1].end, 13.0);
    EXPECT_TRUE(back->lines[1].words.empty());
    EXPECT_TRUE(decodeTimeline(encodeTimeline(Timeline{}))->empty());
}

TEST(TimelineTest, TextThatIsNotAStoredTimelineIsRefused) {
    EXPECT_FALSE(decodeTimeline("").has_value());
    EXPECT_FALSE(decodeTimeline("[00:01.00]hello").has_value());
    EXPECT_FALSE(decodeTimeline("gequ-timeline 1\n1000\t2000").has_value());
    EXPECT_FALSE(decodeTimeline("gequ-timeline 1\nx\t2000\thi").has_value());
    EXPECT_FALSE(decodeTimeline("gequ-timeline 1\n-5\t2000\thi").has_value());
    EXPECT_FALSE(decodeTimeline("gequ-timeline 1\n1000\t2000\thi\t3000").has_value());
}

TEST(TimelineTest, LrcTimesAreMinutesSecondsAndHundredths) {
    EXPECT_EQ(lrcTime(0), "00:00.00");
    EXPECT_EQ(lrcTime(12.345), "00:12.35");
    EXPECT_EQ(lrcTime(59.999), "01:00.00");
    EXPECT_EQ(lrcTime(61.5), "01:01.50");
    EXPECT_EQ(lrcTime(3723.4), "62:03.40");
    EXPECT_EQ(lrcTime(-3), "00:00.00");
}

TEST(TimelineTest, AnLrcFileHasTagsOneTimedLinePerLineAndAnEndMark) {
    Timeline timeline;
    timeline.lines = {{"夏夜的海风", 12.34, 15.1, {}}, {"吹过[你]的脸", 16, 18.5, {}}};
    EXPECT_EQ(lrcOf(timeline, "夏夜[海边]\n", "小明", 92.4),
              "[ti:夏夜海边]\n[ar:小明]\n[length:01:32]\n[00:12.34]夏夜的海风\n[00:16.00]吹过[你]的脸\n[00:18.50]\n");
    EXPECT_EQ(lrcOf(Timeline{}, "", "", 0), "");
}
