#include "gequ/domain/model/text.h"

#include <gtest/gtest.h>

using namespace gequ::domain;

TEST(Text, ValidUtf8) {
    for (std::string_view text : {"", "abc", "中文歌曲", "\xF0\x9F\x8E\xB5 emoji", "\xC2\x80", "\xF4\x8F\xBF\xBF"}) {
        EXPECT_TRUE(isValidUtf8(text)) << text;
    }
}

TEST(Text, InvalidUtf8) {
    for (std::string_view text : {
             "\x80",             // stray continuation byte
             "\xE4\xB8",         // truncated
             "\xC0\xAF",         // overlong '/'
             "\xE0\x80\xAF",     // overlong, three bytes
             "\xED\xA0\x80",     // UTF-16 surrogate
             "\xF4\x90\x80\x80", // above U+10FFFF
             "\xFF",             // never valid
             "ab\xE4\xB8!c",     // bad continuation
         }) {
        EXPECT_FALSE(isValidUtf8(text));
    }
}

TEST(Text, CodePointCount) {
    EXPECT_EQ(codePointCount(""), 0u);
    EXPECT_EQ(codePointCount("abc"), 3u);
    EXPECT_EQ(codePointCount("歌曲"), 2u);
    EXPECT_EQ(codePointCount("a歌\xF0\x9F\x8E\xB5"), 3u);
}

TEST(Text, FirstCodePoints) {
    EXPECT_EQ(firstCodePoints("夏日晚风", 2), "夏日");
    EXPECT_EQ(firstCodePoints("a歌\xF0\x9F\x8E\xB5" "b", 3), "a歌\xF0\x9F\x8E\xB5");
    EXPECT_EQ(firstCodePoints("歌曲", 2), "歌曲");
    EXPECT_EQ(firstCodePoints("歌曲", 9), "歌曲");
    EXPECT_EQ(firstCodePoints("歌曲", 0), "");
    EXPECT_EQ(firstCodePoints("", 3), "");
}

TEST(Text, TrimAsciiAndIdeographicSpace) {
    EXPECT_EQ(trim("  hello \t\r\n"), "hello");
    EXPECT_EQ(trim("\xE3\x80\x80 歌曲\xE3\x80\x80"), "歌曲");
    EXPECT_EQ(trim("a b"), "a b");
    EXPECT_EQ(trim(" \xE3\x80\x80 "), "");
    EXPECT_EQ(trim(""), "");
}

TEST(Text, TrimTheGivenBytesOnly) {
    EXPECT_EQ(trim(" \tgzip \t", " \t"), "gzip");
    EXPECT_EQ(trim(" token\n ", " "), "token\n");
    EXPECT_EQ(trim("\xE3\x80\x80歌曲 ", " \t"), "\xE3\x80\x80歌曲") << "an ideographic space is not in the set";
    EXPECT_EQ(trim("   ", " "), "");
    EXPECT_EQ(trim("", " \t"), "");
}

TEST(Text, DecodeAndEncodeUtf8) {
    EXPECT_EQ(decodeUtf8("a歌\xF0\x9F\x8E\xB5"), std::u32string(U"a歌\U0001F3B5"));
    EXPECT_EQ(decodeUtf8("a\xFF" "b"), std::u32string(U"a\uFFFDb")) << "an invalid byte becomes U+FFFD";
    EXPECT_EQ(decodeUtf8("\xE4\xB8"), std::u32string(U"\uFFFD\uFFFD")) << "a truncated sequence, byte by byte";
    EXPECT_EQ(encodeUtf8(U'歌'), "歌");
    EXPECT_EQ(encodeUtf8(std::u32string_view(U"晚风 ok")), "晚风 ok");
    EXPECT_EQ(encodeUtf8(decodeUtf8("夏日\xF0\x9F\x8E\xB5")), "夏日\xF0\x9F\x8E\xB5");
}

TEST(Text, CjkAndPunctuation) {
    EXPECT_TRUE(isCjk(U'歌'));
    EXPECT_TRUE(isCjk(U'か'));
    EXPECT_TRUE(isCjk(U'한'));
    EXPECT_FALSE(isCjk(U'a'));
    EXPECT_FALSE(isCjk(U'，'));
    EXPECT_TRUE(isPunctuationOrSpace(U' '));
    EXPECT_TRUE(isPunctuationOrSpace(U'-'));
    EXPECT_TRUE(isPunctuationOrSpace(U'，'));
    EXPECT_TRUE(isPunctuationOrSpace(U'·'));
    EXPECT_TRUE(isPunctuationOrSpace(U'\u3000'));
    EXPECT_FALSE(isPunctuationOrSpace(U'a'));
    EXPECT_FALSE(isPunctuationOrSpace(U'7'));
    EXPECT_FALSE(isPunctuationOrSpace(U'歌'));
}

TEST(Text, ControlCharacters) {
    EXPECT_FALSE(hasControlChars("第一行\n\t第二行", true));
    EXPECT_TRUE(hasControlChars("第一行\n第二行", false));
    EXPECT_TRUE(hasControlChars("a\tb", false));
    EXPECT_TRUE(hasControlChars(std::string_view("a\0b", 3), true));
    EXPECT_TRUE(hasControlChars("bell\a", true));
    EXPECT_TRUE(hasControlChars("del\x7F", true));
    EXPECT_TRUE(hasControlChars("c1\xC2\x85", true));
    EXPECT_FALSE(hasControlChars("\xC2\xA0 no-break space", false));
}

TEST(Text, HiddenFormatCharacters) {
    EXPECT_FALSE(hasHiddenFormatChars("夏日的晚霞 abc"));
    EXPECT_FALSE(hasHiddenFormatChars("\xC2\xA0 no-break space, é, ü"));
    for (const char* hidden : {"\u202eabc", "a\u200bb", "a\u200cb", "a\u200db", "\u200e", "\u200f", "\u202a",
                               "\u2066x\u2069", "\u2060", "\ufeffx", "\u061c", "\u00ad", "\u180e"}) {
        EXPECT_TRUE(hasHiddenFormatChars(hidden)) << hidden;
    }
    EXPECT_FALSE(hasHiddenFormatChars("👩\u200d💻")) << "a joiner inside an emoji sequence";
    EXPECT_FALSE(hasHiddenFormatChars("❤\ufe0f\u200d🔥"));
}

TEST(Text, LineBreaks) {
    EXPECT_EQ(normalizeLineBreaks("a\r\nb\rc\n"), "a\nb\nc\n");
    EXPECT_EQ(normalizeLineBreaks("\r"), "\n");
}

TEST(Text, AsciiCase) {
    EXPECT_EQ(toLowerAscii("K-POP 流行"), "k-pop 流行");
    EXPECT_TRUE(equalsIgnoreCase("Male Vocal", "male vocal"));
    EXPECT_FALSE(equalsIgnoreCase("Male Vocal", "male vocals"));
}
