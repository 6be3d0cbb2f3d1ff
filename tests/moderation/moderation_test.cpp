// The built-in word-list moderation.

#include "gequ/moderation/word_list_moderation.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace gequ::moderation;

TEST(WordListModeration, TheBuiltInListRefusesSensitiveTermsAndArtistNames) {
    const auto& m = WordListModeration::builtIn();
    EXPECT_GT(m.size(), 30u);
    EXPECT_EQ(m.findRefused("来一首周杰伦风格的歌"), "周杰伦");
    EXPECT_EQ(m.findRefused("周 杰·伦"), "周杰伦") << "spaces and punctuation between characters";
    EXPECT_EQ(m.findRefused("like Taylor Swift"), "Taylor Swift");
    EXPECT_EQ(m.findRefused("TAYLOR-SWIFT vibes"), "Taylor Swift");
    EXPECT_EQ(m.findRefused("#TaylorSwift"), "Taylor Swift");
    EXPECT_EQ(m.findRefused("Adele"), "Adele");
    EXPECT_TRUE(m.findRefused("关于吸毒的歌").has_value());
    EXPECT_TRUE(m.findRefused("Beyoncé style").has_value());
}

TEST(WordListModeration, LetsOrdinaryTextThrough) {
    const auto& m = WordListModeration::builtIn();
    for (const std::string text :
         {"夏天的海边，晚风吹过", "pop,female vocal", "Emotional,Sad", "made lemonade with swift hands",
          "周末杰出的伦理课", "[主歌]\n晚风吹过远方\n我在夏夜里歌唱", "", "taylor made swift boats"}) {
        EXPECT_FALSE(m.findRefused(text).has_value()) << text;
    }
}

TEST(WordListModeration, ParsesItsFormat) {
    const WordListModeration m("# a comment\n\n[类别]\n  坏词  \nBad Word\r\n#另一个注释\n");
    EXPECT_EQ(m.size(), 2u);
    EXPECT_EQ(m.findRefused("这是坏词"), "坏词");
    EXPECT_EQ(m.findRefused("a bad word here"), "Bad Word");
    EXPECT_FALSE(m.findRefused("类别").has_value());
    EXPECT_FALSE(m.findRefused("a comment").has_value());
}

TEST(WordListModeration, AddsTheTermsOfAFile) {
    const auto path = std::filesystem::temp_directory_path() / "gequ-words-test.txt";
    std::ofstream(path) << "额外词\n";
    const WordListModeration m = WordListModeration::withFile(path.string());
    std::filesystem::remove(path);
    EXPECT_EQ(m.findRefused("有额外词"), "额外词");
    EXPECT_EQ(m.findRefused("周杰伦"), "周杰伦") << "and keeps the built-in list";
    EXPECT_THROW(WordListModeration::withFile("/nonexistent/words.txt"), WordListError);
}
