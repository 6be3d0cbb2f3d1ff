#include "gequ/domain/model/genres.h"

#include <gtest/gtest.h>
#include <set>
#include <stdexcept>

using namespace gequ::domain;

TEST(Genres, SeventeenGroupsInPickerOrder) {
    const std::pair<std::string, std::string> expected[] = {
        {"common", "常用"},      {"china", "中国风"},   {"pop", "流行"},         {"latin", "拉丁"},
        {"rock", "摇滚"},        {"jazz", "爵士"},      {"country", "乡村"},     {"dance", "舞曲"},
        {"urban", "都市"},       {"reggae", "雷鬼"},    {"downtempo", "慢节奏"}, {"metal", "金属"},
        {"control", "精准控制"}, {"classical", "古典"}, {"world", "世界"},       {"newage", "新世纪"},
        {"experimental", "实验"}};
    const auto& groups = genreGroups();
    ASSERT_EQ(groups.size(), std::size(expected));
    for (std::size_t i = 0; i < groups.size(); ++i) {
        EXPECT_EQ(groups[i].key, expected[i].first);
        EXPECT_EQ(groups[i].label, expected[i].second);
        EXPECT_FALSE(groups[i].entries.empty()) << groups[i].key;
        for (const GenreEntry& entry : groups[i].entries) {
            EXPECT_EQ(entry.group, groups[i].key);
        }
    }
}

TEST(Genres, AtLeast150DistinctLabels) {
    std::set<std::string> labels;
    for (const GenreGroup& group : genreGroups()) {
        for (const GenreEntry& entry : group.entries) {
            labels.insert(entry.zh);
        }
    }
    EXPECT_GE(labels.size(), 150u);
}

TEST(Genres, BothDirectionsAgreeForEveryEntry) {
    for (const GenreGroup& group : genreGroups()) {
        for (const GenreEntry& entry : group.entries) {
            EXPECT_EQ(genreEnglish(entry.zh), entry.en);
            ASSERT_TRUE(genreChinese(entry.en).has_value()) << entry.en;
            EXPECT_EQ(genreEnglish(*genreChinese(entry.en)), entry.en) << entry.en;
        }
    }
}

TEST(Genres, SpecExamplesAreKnown) {
    for (std::string_view en : {"Male Vocal", "Female Vocal", "Hip Hop", "Pop", "Rock", "Jazz", "K-POP", "J-POP",
                                "Dark", "Dramatic", "Cinematic", "Trap", "Gospel"}) {
        EXPECT_TRUE(isKnownStyle(en)) << en;
        EXPECT_TRUE(genreChinese(en).has_value()) << en;
    }
}

TEST(Genres, HomeGenres) {
    const std::vector<GenreEntry>& home = homeGenres();
    const std::pair<std::string, std::string> expected[] = {
        {"pop", "流行"}, {"Rock", "摇滚"},  {"Electronic", "电子"}, {"classical", "古典"},
        {"rap", "说唱"}, {"Metal", "金属"}, {"Male Vocal", "男声"}, {"Female Vocal", "女声"}};
    ASSERT_EQ(home.size(), std::size(expected));
    for (std::size_t i = 0; i < home.size(); ++i) {
        EXPECT_EQ(home[i].en, expected[i].first);
        EXPECT_EQ(home[i].zh, expected[i].second);
        EXPECT_EQ(genreEnglish(expected[i].second), expected[i].first);
    }
}

TEST(Genres, Lookups) {
    EXPECT_EQ(genreEnglish("摇滚"), "Rock");
    EXPECT_EQ(genreEnglish("欢快"), "Upbeat");
    EXPECT_EQ(genreEnglish("Rock"), std::nullopt);
    EXPECT_EQ(genreChinese("rock"), "摇滚");
    EXPECT_EQ(genreChinese("ROCK"), "摇滚");
    EXPECT_EQ(genreChinese("k-pop"), "韩流");
    EXPECT_EQ(genreChinese("摇滚"), std::nullopt);
    EXPECT_EQ(genreChinese("Polka Dots"), std::nullopt);
}

TEST(Genres, Display) {
    EXPECT_EQ(displayGenre("Female Vocal"), "女声");
    EXPECT_EQ(displayGenre("female vocal"), "女声");
    EXPECT_EQ(displayGenre("hyper jungle"), "hyper jungle");
    EXPECT_EQ(displayGenre("赛博朋克"), "赛博朋克");
}

TEST(Genres, KnownStyleInEitherLanguage) {
    EXPECT_TRUE(isKnownStyle("说唱"));
    EXPECT_TRUE(isKnownStyle("rap"));
    EXPECT_TRUE(isKnownStyle("RAP"));
    EXPECT_FALSE(isKnownStyle("说唱歌手"));
    EXPECT_FALSE(isKnownStyle(""));
}

TEST(GenreTsv, ParsesGroupsEntriesAndComments) {
    auto groups = parseGenreTsv("# comment\n@group\ta\t甲\r\n@group\tb\t乙\n\nb\t摇滚\tRock\na\t流行\tpop\n");
    ASSERT_EQ(groups.size(), 2u);
    EXPECT_EQ(groups[0].key, "a");
    EXPECT_EQ(groups[0].label, "甲");
    EXPECT_EQ(groups[0].entries, (std::vector<GenreEntry>{{"a", "流行", "pop"}}));
    EXPECT_EQ(groups[1].entries, (std::vector<GenreEntry>{{"b", "摇滚", "Rock"}}));
}

TEST(GenreTsv, SameLabelSameNameTwiceIsAllowed) {
    auto groups = parseGenreTsv("@group\ta\t甲\n@group\tb\t乙\na\t流行\tpop\nb\t流行\tpop\n");
    EXPECT_EQ(groups[1].entries.size(), 1u);
}

TEST(GenreTsv, RejectsMalformedInput) {
    const char* bad[] = {
        "@group\ta\t甲\na\t流行\n",                          // two fields
        "@group\ta\t甲\na\t流行\tpop\textra\n",              // four fields
        "@group\ta\t甲\na\t\tpop\n",                         // empty label
        "@group\ta\t甲\nz\t流行\tpop\n",                     // unknown group
        "@group\ta\t甲\n@group\ta\t乙\n",                    // duplicate group
        "@group\ta\t甲\na\t流行\tpop\n@group\tb\t乙\n",      // group after an entry
        "@group\ta\t甲\na\t流行\tpop\na\t流行\tPop Music\n", // one label, two names
    };
    for (const char* tsv : bad) {
        EXPECT_THROW(parseGenreTsv(tsv), std::invalid_argument) << tsv;
    }
}
