// The pages the server writes for the web app (docs/web-performance.md): a shared player link carries the song's
// title, description and cover in its tags; routes the build wrote a page for get that page; robots.txt is text.

#include "http_client.h"
#include "share_page.h"
#include "test_server.h"

#include <Poco/URI.h>
#include <gtest/gtest.h>

namespace gequ::http::test {
namespace {

using domain::Song;
using domain::SongStatus;

constexpr const char* kPlayerPage =
    "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><!--gequ:meta--><title>播放器 - 歌曲</title>"
    "<meta name=\"description\" content=\"generic\" /><!--/gequ:meta--></head><body><div id=\"root\"><!--gequ:shell-->"
    "<h1>播放器</h1><!--/gequ:shell--></div></body>"
    "</html>";

Song song(const std::string& id, const std::string& title, bool open) {
    Song s;
    s.id = id;
    s.taskId = "task-" + id;
    s.userId = "u1";
    s.title = title;
    s.tags = "pop, Male Vocal";
    s.prompt = "一首歌";
    s.lyric = "[Verse]\n海边的晚霞\n染红了天空";
    s.model = "chirp-v3-5";
    s.imageUrl = "/media/" + id + ".jpg";
    s.audioUrl = "/media/" + id + ".mp3";
    s.duration = 120;
    s.complete = SongStatus::Done;
    s.open = open;
    s.createdAt = testNow();
    s.finishedAt = testNow();
    return s;
}

std::string base64(const std::string& text) {
    // shareUrl writes the id as base64 in the query; take it back from there.
    std::string url = shareUrl("http://x", text);
    std::string query = url.substr(url.find("id=") + 3);
    std::string decoded;
    Poco::URI::decode(query, decoded);
    return decoded;
}

class SharePageTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        _server = new TestServer([](HttpConfig& config) { config.publicBaseUrl = "https://gequ.example.com/"; });
        writeFile(_server->webRoot() / "musicPlayer" / "index.html", kPlayerPage);
        writeFile(_server->webRoot() / "create" / "index.html", "<title>创作 - 歌曲</title>");
        writeFile(_server->webRoot() / "robots.txt", "User-agent: *\nAllow: /\n");
        _server->store().transact([](domain::Repositories& repos) {
            domain::User user;
            user.id = "u1";
            user.phone = "13800000001";
            user.nickname = "歌手\"甲\"";
            user.createdAt = testNow();
            repos.users().insert(user);
            repos.songs().insert(song("s-open", "<夏日> & \"海风\"", true));
            repos.songs().insert(song("s-private", "私藏的歌", false));
            return true;
        });
    }
    static void TearDownTestSuite() {
        delete _server;
        _server = nullptr;
    }
    static std::uint16_t port() { return _server->port(); }
    static inline TestServer* _server = nullptr;
};

TEST_F(SharePageTest, APublicSongsLinkCarriesItsTitleCoverAndAddressEscaped) {
    auto page = get(port(), "/musicPlayer?id=" + base64("s-open"));
    ASSERT_EQ(page.status, 200);
    EXPECT_EQ(page.header("Content-Type"), "text/html; charset=utf-8");
    EXPECT_EQ(page.header("Cache-Control"), "no-cache");
    const std::string html = page.text();
    EXPECT_NE(html.find("<title>&lt;夏日&gt; &amp; &quot;海风&quot; - 歌手&quot;甲&quot; - 歌曲</title>"),
              std::string::npos)
        << html;
    EXPECT_NE(html.find("<meta property=\"og:title\" content=\"&lt;夏日&gt; &amp; &quot;海风&quot;\" />"),
              std::string::npos);
    EXPECT_NE(html.find("<meta property=\"og:image\" content=\"https://gequ.example.com/media/s-open.jpg\" />"),
              std::string::npos);
    EXPECT_NE(html.find("<meta property=\"og:url\" content=\"https://gequ.example.com/musicPlayer?id=cy1vcGVu\" />"),
              std::string::npos);
    EXPECT_NE(html.find("风格：流行 · 男声。歌词：海边的晚霞 染红了天空"), std::string::npos) << html;
    EXPECT_EQ(html.find("generic"), std::string::npos) << "the build's generic tags are replaced";
    EXPECT_EQ(html.find("<夏日>"), std::string::npos) << "nothing unescaped";
    // The shell draws the cover under the heading, so the first paint shows it before the app runs.
    EXPECT_NE(html.find("<h1>播放器</h1><div class=\"gq-shell-cover\"><img src=\"/media/s-open.jpg\" alt=\"\" "
                        "fetchpriority=\"high\" /></div><!--/gequ:shell--></div>"),
              std::string::npos)
        << html;
}

TEST_F(SharePageTest, UrlSafeAndUnpaddedIdsWork) {
    // URL-safe letters, a + that a query string made a space, and missing padding all decode.
    auto page = get(port(), "/musicPlayer?id=cy1vcGVu");
    EXPECT_NE(page.text().find("og:title"), std::string::npos);
    EXPECT_EQ(decodeBase64Param("5rW36aOO"), std::optional<std::string>("海风"));
    EXPECT_EQ(decodeBase64Param("-_8"), std::nullopt) << "not UTF-8";
    EXPECT_EQ(decodeBase64Param("YQ"), std::optional<std::string>("a"));
    EXPECT_EQ(decodeBase64Param("fn5+"), std::optional<std::string>("~~~"));
    EXPECT_EQ(decodeBase64Param("fn5 "), std::optional<std::string>("~~~"));
    EXPECT_EQ(decodeBase64Param("fn5-"), std::optional<std::string>("~~~"));
    EXPECT_EQ(decodeBase64Param("Y"), std::nullopt);
    EXPECT_EQ(decodeBase64Param("a*b"), std::nullopt);
}

TEST_F(SharePageTest, PrivateUnknownOrBadIdsGetTheGenericPage) {
    for (const std::string& query : {"?id=" + base64("s-private"), "?id=" + base64("unknown"), std::string("?id=%%%"),
                                     std::string("?id=!!"), std::string("?ids=" + base64("s-open")), std::string()}) {
        SCOPED_TRACE(query);
        auto page = get(port(), "/musicPlayer" + query);
        if (query == "?id=%%%") {
            EXPECT_EQ(page.status, 400) << "a bad percent escape is refused before routing";
            continue;
        }
        ASSERT_EQ(page.status, 200);
        EXPECT_EQ(page.text(), kPlayerPage);
    }
}

TEST_F(SharePageTest, ARouteWithItsOwnPageGetsItAndOthersGetIndexHtml) {
    EXPECT_EQ(get(port(), "/create").text(), "<title>创作 - 歌曲</title>");
    EXPECT_EQ(get(port(), "/create/").text(), "<title>创作 - 歌曲</title>");
    EXPECT_EQ(get(port(), "/faq").text(), kIndexHtml);
    EXPECT_EQ(get(port(), "/create/nothing").text(), kIndexHtml);
}

TEST_F(SharePageTest, RobotsTxtIsPlainText) {
    auto robots = get(port(), "/robots.txt");
    ASSERT_EQ(robots.status, 200);
    EXPECT_EQ(robots.header("Content-Type"), "text/plain; charset=utf-8");
    EXPECT_EQ(robots.text(), "User-agent: *\nAllow: /\n");
}

TEST(AddShellCover, GoesBeforeTheShellsEndEscapedOrNotAtAll) {
    EXPECT_EQ(addShellCover("<!--gequ:shell--><h1>播放器</h1><!--/gequ:shell-->", "/m/a\"b.jpg"),
              "<!--gequ:shell--><h1>播放器</h1><div class=\"gq-shell-cover\"><img src=\"/m/a&quot;b.jpg\" alt=\"\" "
              "fetchpriority=\"high\" /></div><!--/gequ:shell-->");
    EXPECT_EQ(addShellCover("<div id=\"root\"></div>", "/m/a.jpg"), "<div id=\"root\"></div>");
    EXPECT_EQ(addShellCover("<!--/gequ:shell-->", ""), "<!--/gequ:shell-->");
}

TEST(ReplaceMetaBlock, ReplacesBetweenTheMarkersOrInsertsBeforeHead) {
    EXPECT_EQ(replaceMetaBlock("<head><!--gequ:meta-->old<!--/gequ:meta--></head>", "new"),
              "<head><!--gequ:meta-->new<!--/gequ:meta--></head>");
    EXPECT_EQ(replaceMetaBlock("<head><title>x</title></head>", "new"), "<head><title>x</title>new</head>");
    EXPECT_EQ(replaceMetaBlock("no head", "new"), "no head");
}

} // namespace
} // namespace gequ::http::test
