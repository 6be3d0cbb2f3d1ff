// The escaping helpers: one JSON quoter, one markup escaper for HTML and XML.

#include "gequ/net/escape.h"

#include <gtest/gtest.h>

using namespace gequ::net;

TEST(Escape, JsonStringsEscapeQuotesBackslashesAndControls) {
    EXPECT_EQ(jsonQuote("歌曲 会员"), "\"歌曲 会员\"");
    EXPECT_EQ(jsonQuote("a\"b\\c\nd\re\tf\x01\x7f"), R"("a\"b\\c\nd\re\tf\u0001\u007f")");
    EXPECT_EQ(jsonQuote(""), "\"\"");
}

TEST(Escape, MarkupEscapesTheFiveCharactersAndDropsControls) {
    EXPECT_EQ(markupEscape(R"(<a href="x">'&'</a>)"), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    EXPECT_EQ(markupEscape("晚风\t1\n2\x01\x1f"), "晚风\t1\n2");
}
