// Text helpers: RFC 3339 times in Beijing time, URL encoding, JSON quoting, header look-up.

#include "wechat_format.h"

#include <gtest/gtest.h>

namespace gequ::payment::detail {
namespace {

TEST(WechatFormat, TimeExpireIsBeijingTimeWithoutFractions) {
    // 2018-06-08T02:34:56.789Z is 10:34:56 in Beijing.
    EXPECT_EQ(formatRfc3339Shanghai(domain::fromEpochMillis(1528425296789)), "2018-06-08T10:34:56+08:00");
    // Crossing midnight and a year boundary.
    EXPECT_EQ(formatRfc3339Shanghai(domain::fromEpochMillis(1704038400000)), "2024-01-01T00:00:00+08:00");
    EXPECT_EQ(formatRfc3339Shanghai(domain::fromEpochMillis(1704038399999)), "2023-12-31T23:59:59+08:00");
}

TEST(WechatFormat, ParsesRfc3339WithOffsetsAndFractions) {
    EXPECT_EQ(parseRfc3339("2018-06-08T10:34:56+08:00"), domain::fromEpochMillis(1528425296000));
    EXPECT_EQ(parseRfc3339("2018-06-08T02:34:56Z"), domain::fromEpochMillis(1528425296000));
    EXPECT_EQ(parseRfc3339("2018-06-08T02:34:56.250Z"), domain::fromEpochMillis(1528425296250));
    EXPECT_EQ(parseRfc3339("2018-06-07T21:34:56-05:00"), domain::fromEpochMillis(1528425296000));
    for (const char* bad :
         {"", "2018-06-08", "2018-06-08T10:34:56", "2018-13-08T10:34:56Z", "2018-02-30T10:34:56Z",
          "2018-06-08T10:34:56+0800", "2018-06-08T25:34:56Z", "2018-06-08T10:34:56.Z", "2018-06-08T10:34:56Zjunk"}) {
        EXPECT_FALSE(parseRfc3339(bad)) << bad;
    }
}

TEST(WechatFormat, UrlEncodingKeepsOnlyUnreservedCharacters) {
    EXPECT_EQ(urlEncode("https://gequ.example.com/payment?taskId=GQ20250101000000ABCDEFGHIJKL"),
              "https%3A%2F%2Fgequ.example.com%2Fpayment%3FtaskId%3DGQ20250101000000ABCDEFGHIJKL");
    EXPECT_EQ(urlEncode("a b&c=d~e_f-g.h"), "a%20b%26c%3Dd~e_f-g.h");
    EXPECT_EQ(urlEncode("歌"), "%E6%AD%8C");
}

TEST(WechatFormat, JsonQuoteEscapesOnlyWhatJsonNeeds) {
    EXPECT_EQ(jsonQuote("歌曲 会员"), "\"歌曲 会员\"");
    EXPECT_EQ(jsonQuote("a\"b\\c\nd\x01"), "\"a\\\"b\\\\c\\nd\\u0001\"");
    EXPECT_EQ(jsonQuote("weixin://x/y"), "\"weixin://x/y\"");
}

TEST(WechatFormat, HeaderLookupIgnoresCase) {
    const HeaderList headers{{"wechatpay-serial", "A"}, {"Wechatpay-Nonce", "B"}};
    EXPECT_EQ(findHeader(headers, "Wechatpay-Serial"), "A");
    EXPECT_EQ(findHeader(headers, "WECHATPAY-NONCE"), "B");
    EXPECT_FALSE(findHeader(headers, "Wechatpay-Signature"));
    EXPECT_TRUE(isDigits("0123"));
    EXPECT_FALSE(isDigits(""));
    EXPECT_FALSE(isDigits("12a"));
}

} // namespace
} // namespace gequ::payment::detail
