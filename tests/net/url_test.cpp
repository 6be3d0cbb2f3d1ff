// URLs as the outbound client reads them.

#include "gequ/net/url.h"

#include <gtest/gtest.h>
#include <stdexcept>

using namespace gequ::net;

TEST(Url, AbsoluteHttpAndHttpsUrlsAreTakenApart) {
    const auto url = parseUrl("HTTPS://cdn.example.com:8443/a/b.mp3?sig=x#frag");
    ASSERT_TRUE(url);
    EXPECT_TRUE(url->https);
    EXPECT_EQ(url->host, "cdn.example.com");
    EXPECT_EQ(url->port, 8443);
    EXPECT_EQ(url->target, "/a/b.mp3?sig=x");
    EXPECT_EQ(url->hostHeader(), "cdn.example.com:8443");
    EXPECT_EQ(url->text(), "https://cdn.example.com:8443/a/b.mp3?sig=x");
    EXPECT_EQ(url->withoutQuery(), "https://cdn.example.com:8443/a/b.mp3");

    const auto plain = parseUrl("http://example.com");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->port, 80);
    EXPECT_EQ(plain->target, "/");
    EXPECT_EQ(plain->hostHeader(), "example.com");
}

TEST(Url, Ipv6LiteralsKeepTheirBracketsInTheHostHeaderOnly) {
    const auto url = parseUrl("http://[::1]:8080/x");
    ASSERT_TRUE(url);
    EXPECT_EQ(url->host, "::1");
    EXPECT_EQ(url->hostHeader(), "[::1]:8080");
}

TEST(Url, OtherSchemesAndRelativeTextAreNotUrls) {
    for (const char* text : {"ftp://example.com/a", "file:///etc/passwd", "/media/a.mp3", "", "https://", "gopher://x",
                             "javascript:alert(1)"}) {
        EXPECT_FALSE(parseUrl(text)) << text;
    }
}

TEST(Url, RedirectsResolveAgainstTheUrlThatAnswered) {
    const auto base = parseUrl("https://a.example.com/dir/file.mp3");
    ASSERT_TRUE(base);
    EXPECT_EQ(resolveUrl(*base, "other.mp3")->text(), "https://a.example.com/dir/other.mp3");
    EXPECT_EQ(resolveUrl(*base, "/root.mp3")->text(), "https://a.example.com/root.mp3");
    EXPECT_EQ(resolveUrl(*base, "http://b.example.com/x")->text(), "http://b.example.com/x");
    EXPECT_FALSE(resolveUrl(*base, "ftp://b.example.com/x"));
}

TEST(Url, ConfiguredUrlsNameTheKeyWhenTheyAreWrong) {
    EXPECT_EQ(parseConfiguredUrl("https://sms.example.com/api", "sms.x.endpoint", UrlShape::WithPath).target, "/api");
    EXPECT_EQ(parseConfiguredUrl("https://pay.example.com/", "wechat.base_url", UrlShape::OriginOnly).host,
              "pay.example.com");
    const auto message = [](const char* text, UrlShape shape) {
        try {
            parseConfiguredUrl(text, "some.key", shape);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_EQ(message("ftp://x", UrlShape::WithPath).rfind("some.key: ", 0), 0u);
    EXPECT_NE(message("https://x/a?b=1", UrlShape::WithPath).find("query"), std::string::npos);
    EXPECT_NE(message("https://x/a", UrlShape::OriginOnly).find("only scheme, host and port"), std::string::npos);
    EXPECT_NE(message("https:///a", UrlShape::WithPath), "accepted");
}
