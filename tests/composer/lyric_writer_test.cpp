// The template lyric writer: its shape rules, rhyme, titles, moderation.

#include "gequ/composer/lyric_writer.h"
#include "gequ/moderation/word_list_moderation.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace gequ::composer;
using namespace gequ::moderation;
using gequ::domain::ErrorCode;

namespace {

struct Section {
    std::string heading;
    std::vector<std::string> lines;
};

std::vector<Section> sectionsOf(const std::string& text) {
    std::vector<Section> sections;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        const std::string line = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (!line.empty() && line.front() == '[') {
            sections.push_back({line, {}});
        } else if (!line.empty()) {
            EXPECT_FALSE(sections.empty()) << "text before the first heading: " << line;
            if (!sections.empty()) {
                sections.back().lines.push_back(line);
            }
        }
        if (end == std::string::npos) {
            break;
        }
        start = end + 1;
    }
    return sections;
}

/// The characters of a UTF-8 line (each a string), and whether all are CJK ideographs.
std::vector<std::string> characters(const std::string& line, bool& allHan) {
    std::vector<std::string> out;
    allHan = true;
    for (std::size_t i = 0; i < line.size();) {
        const auto c = static_cast<unsigned char>(line[i]);
        const std::size_t n = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 4;
        const std::string ch = line.substr(i, n);
        if (n != 3) {
            allHan = false;
        } else {
            const unsigned cp = ((c & 0x0F) << 12) | ((static_cast<unsigned char>(line[i + 1]) & 0x3F) << 6) |
                                (static_cast<unsigned char>(line[i + 2]) & 0x3F);
            allHan = allHan && cp >= 0x4E00 && cp <= 0x9FFF;
        }
        out.push_back(ch);
        i += n;
    }
    return out;
}

void expectShape(const gequ::domain::Lyrics& lyrics, const std::string& context) {
    bool han = false;
    const auto titleChars = characters(lyrics.title, han);
    EXPECT_GE(titleChars.size(), 1u) << context;
    EXPECT_LE(titleChars.size(), 12u) << context;

    const auto sections = sectionsOf(lyrics.text);
    std::vector<std::string> headings;
    for (const auto& s : sections) {
        headings.push_back(s.heading);
    }
    EXPECT_EQ(headings, (std::vector<std::string>{"[主歌]", "[副歌]", "[主歌]", "[副歌]", "[桥段]", "[副歌]"}))
        << context;
    for (const auto& s : sections) {
        EXPECT_GE(s.lines.size(), 4u) << context << s.heading;
        EXPECT_LE(s.lines.size(), 8u) << context << s.heading;
        std::string rhyme;
        for (const auto& line : s.lines) {
            const auto chars = characters(line, han);
            EXPECT_TRUE(han) << "only Chinese characters, no punctuation: " << line;
            EXPECT_GE(chars.size(), 5u) << line;
            EXPECT_LE(chars.size(), 9u) << line;
            const std::string final = rhymeOf(chars.back());
            EXPECT_FALSE(final.empty()) << "the line ends on a rhyme word: " << line;
            if (rhyme.empty()) {
                rhyme = final;
            }
            EXPECT_EQ(final, rhyme) << "every line of a section rhymes: " << line << " in\n" << lyrics.text;
        }
    }
    // The chorus is the same each time.
    if (sections.size() == 6) {
        EXPECT_EQ(sections[1].lines, sections[3].lines);
        EXPECT_EQ(sections[1].lines, sections[5].lines);
    }
}

} // namespace

TEST(LyricWriter, KeepsItsShapeRulesForManySeedsAndDescriptions) {
    const std::vector<std::string> descriptions = {
        "夏天的海边",        "一首关于毕业和青春的歌",   "写给妈妈的歌，温暖一点", "悲伤的失恋歌曲",
        "欢快的旅行",        "古风，江南烟雨",           "城市夜晚的霓虹与孤独",   "",
        "a song about rain", "励志热血，永不放弃的梦想",
    };
    const auto& moderation = WordListModeration::builtIn();
    for (const auto& description : descriptions) {
        for (std::uint64_t seed = 0; seed < 40; ++seed) {
            const auto lyrics = writeLyrics(description, seed, moderation);
            ASSERT_TRUE(lyrics.ok()) << description;
            const std::string context = description + " #" + std::to_string(seed) + "\n";
            expectShape(*lyrics, context);
            EXPECT_FALSE(moderation.findRefused(lyrics->title + "\n" + lyrics->text).has_value()) << context;
        }
    }
}

TEST(LyricWriter, IsDeterministicAndVariesWithTheSeed) {
    const auto& moderation = WordListModeration::builtIn();
    const auto a = writeLyrics("夏天的海边", 1, moderation);
    const auto b = writeLyrics("夏天的海边", 1, moderation);
    const auto c = writeLyrics("夏天的海边", 2, moderation);
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    EXPECT_EQ(a->text, b->text);
    EXPECT_EQ(a->title, b->title);
    EXPECT_NE(a->text, c->text);
}

TEST(LyricWriter, AShortDescriptionIsTheTitleALongOneGetsAThemeTitle) {
    const auto& moderation = WordListModeration::builtIn();
    EXPECT_EQ(writeLyrics("海边的约定", 3, moderation)->title, "海边的约定");
    EXPECT_EQ(writeLyrics("  Summer Rain  ", 3, moderation)->title.find("Summer"), std::string::npos)
        << "a phrase with spaces reads as a description";
    EXPECT_NE(writeLyrics("夏天，海边", 3, moderation)->title, "夏天，海边");
    const auto long_ = writeLyrics("一首关于夏天海边和晚霞的轻快流行歌曲，女声演唱", 3, moderation);
    ASSERT_TRUE(long_.ok());
    EXPECT_NE(long_->title, "一首关于夏天海边和晚霞的轻快流行歌曲，女声演唱");
    EXPECT_FALSE(long_->title.empty());
}

TEST(LyricWriter, TheDescriptionsThemeShowsInTheWords) {
    const auto& moderation = WordListModeration::builtIn();
    int themed = 0;
    for (std::uint64_t seed = 0; seed < 10; ++seed) {
        const std::string text = writeLyrics("冬天的第一场雪", seed, moderation)->text;
        for (const char* word : {"雪花", "围巾", "炉火", "寒风", "白雪", "暖灯", "冬夜", "初雪"}) {
            if (text.find(word) != std::string::npos) {
                ++themed;
                break;
            }
        }
    }
    EXPECT_GE(themed, 8);
}

TEST(LyricWriter, RefusesADescriptionTheListRefuses) {
    const auto lyrics = writeLyrics("周杰伦风格的歌", 1, WordListModeration::builtIn());
    ASSERT_FALSE(lyrics.ok());
    EXPECT_EQ(lyrics.error().code, ErrorCode::Refused);
    EXPECT_EQ(lyrics.error().message, "歌名包含敏感内容，无法生成歌词");
}

TEST(LyricWriter, NeverEmitsWhatTheListRefuses) {
    // A list that refuses several words of the phrase bank: drafts using them are rewritten.
    const WordListModeration strict("远方\n月光\n我们\n梦想\n天空\n");
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
        const auto lyrics = writeLyrics("夏天", seed, strict);
        if (lyrics.ok()) {
            EXPECT_FALSE(strict.findRefused(lyrics->title + lyrics->text).has_value()) << lyrics->text;
        } else {
            EXPECT_EQ(lyrics.error().code, ErrorCode::Refused);
        }
    }
    // A list refusing everything it could write: an error, never refused text.
    const WordListModeration all("的\n我\n你\n风\n在\n");
    const auto refused = writeLyrics("夏天", 1, all);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Refused);
}

TEST(LyricWriter, EveryRhymeWordEndsInExactlyOneGroup) {
    // rhymeOf answers for the characters the writer ends lines on, and nothing else.
    EXPECT_EQ(rhymeOf("方"), "ang");
    EXPECT_EQ(rhymeOf("天"), "an");
    EXPECT_EQ(rhymeOf("忆"), "i");
    EXPECT_EQ(rhymeOf("由"), "ou");
    EXPECT_EQ(rhymeOf("来"), "ai");
    EXPECT_EQ(rhymeOf("星"), "eng");
    EXPECT_EQ(rhymeOf("笑"), "ao");
    EXPECT_EQ(rhymeOf("河"), "e");
    EXPECT_EQ(rhymeOf("猫"), "");
}
