// The music square, search, player detail and plan catalogue through HTTP, on a seeded SQLite database.

#include "http_client.h"
#include "test_server.h"

#include <Poco/JSON/Array.h>
#include <Poco/URI.h>
#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <map>
#include <tuple>

namespace gequ::http::test {
namespace {

using domain::Song;
using domain::SongStatus;

class SquareTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        // Tokens "token-u1" and "token-u2" sign in as u1 and u2.
        _server = new TestServer({}, [](const std::string& token) -> std::optional<domain::SignedIn> {
            if (token == "token-u1" || token == "token-u2") {
                return domain::SignedIn{token.substr(6), domain::TimePoint::max()};
            }
            return std::nullopt;
        });
        seed(_server->store());
    }
    static void TearDownTestSuite() {
        delete _server;
        _server = nullptr;
    }
    static std::uint16_t port() { return _server->port(); }

    static void seed(domain::Store& store) {
        store.transact([](domain::Repositories& repos) {
            for (auto [id, phone, nickname] :
                 {std::tuple{"u1", "13800000001", "歌手甲"}, std::tuple{"u2", "13800000002", "歌手乙"}}) {
                domain::User user;
                user.id = id;
                user.phone = phone;
                user.nickname = nickname;
                user.createdAt = hoursAgo(100);
                repos.users().insert(user);
            }
            auto& songs = repos.songs();
            Song hot = publicSong("s-hot", "u1", "夏日的风", "pop, Male Vocal", 3, 1000);
            hot.lyric = "[Verse]\n海边的晚霞染红了天空";
            songs.insert(hot);
            songs.insert(publicSong("s-mid", "u2", "摇滚之夜", "Rock", 2, 100));
            Song fresh = publicSong("s-new", "u2", "深夜爵士", "jazz, Dark", 1, 0);
            fresh.lyric = "[Verse]\n月光洒在窗台";
            songs.insert(fresh);

            Song privateSong = publicSong("s-private", "u1", "夏日私藏", "pop", 0.1, 5000);
            privateSong.open = false;
            songs.insert(privateSong);
            Song hidden = publicSong("s-hidden", "u1", "夏日隐藏", "pop", 0.2, 5000);
            hidden.hidden = true;
            songs.insert(hidden);
            Song deleted = publicSong("s-deleted", "u1", "夏日删除", "pop", 0.3, 5000);
            deleted.deletedAt = hoursAgo(0.05);
            songs.insert(deleted);
            Song generating = publicSong("s-generating", "u1", "夏日生成中", "pop", 0.01, 0);
            generating.complete = SongStatus::Generating;
            generating.finishedAt.reset();
            songs.insert(generating);
            Song failed = publicSong("s-failed", "u1", "夏日失败", "pop", 0.02, 0);
            failed.complete = SongStatus::Failed;
            songs.insert(failed);
            songs.addLike("u1", "s-mid", testNow());
            songs.addLike("u1", "s-private", testNow());
            return true;
        });
    }

    static std::vector<std::string> ids(const HttpAnswer& answer) {
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), 2000) << answer.text();
        std::vector<std::string> out;
        auto items = json->getArray("data");
        if (items.isNull()) {
            ADD_FAILURE() << "data is not an array: " << answer.text();
            return out;
        }
        for (std::size_t i = 0; i < items->size(); ++i) {
            out.push_back(items->getObject(static_cast<unsigned>(i))->getValue<std::string>("native_id"));
        }
        return out;
    }

    static std::string search(const std::string& keyword, const std::string& extra = "") {
        std::string encoded;
        Poco::URI::encode(keyword, "&=+?#/", encoded);
        return "/music/search?keyword=" + encoded + extra;
    }

    static void expectInvalid(const HttpAnswer& answer, const std::string& message) {
        EXPECT_EQ(answer.status, 400) << answer.text();
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), 4000);
        EXPECT_EQ(json->getValue<std::string>("type"), "error");
        EXPECT_EQ(json->getValue<std::string>("message"), message);
        EXPECT_TRUE(json->isNull("data"));
    }

private:
    static inline TestServer* _server = nullptr;
};

using Ids = std::vector<std::string>;

TEST_F(SquareTest, PopularListsPublicFinishedSongsByHotness) {
    EXPECT_EQ(ids(get(port(), "/music/getPopularMusic")), (Ids{"s-hot", "s-mid", "s-new"}));
}

TEST_F(SquareTest, NewListsPublicFinishedSongsNewestFirst) {
    EXPECT_EQ(ids(get(port(), "/music/getNewMusic")), (Ids{"s-new", "s-mid", "s-hot"}));
}

TEST_F(SquareTest, ListItemsHaveTheApiShape) {
    auto answer = get(port(), "/music/getPopularMusic?page=1&size=1");
    auto items = answer.json()->getArray("data");
    ASSERT_EQ(items->size(), 1u);
    auto item = items->getObject(0);
    std::vector<std::string> names;
    item->getNames(names);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names,
              (std::vector<std::string>{"duration", "forward_count", "likeCount", "liked", "native_audio_url",
                                        "native_id", "native_image_url", "play_count", "tags", "title", "userName"}));
    EXPECT_EQ(item->getValue<std::string>("native_id"), "s-hot");
    EXPECT_EQ(item->getValue<std::string>("title"), "夏日的风");
    EXPECT_EQ(item->getValue<std::string>("tags"), "pop, Male Vocal");
    EXPECT_EQ(item->getValue<std::string>("native_image_url"), "/media/s-hot.svg");
    EXPECT_EQ(item->getValue<std::string>("native_audio_url"), "/media/s-hot.mp3");
    EXPECT_EQ(item->getValue<std::int64_t>("play_count"), 1000);
    EXPECT_EQ(item->getValue<std::int64_t>("forward_count"), 100);
    EXPECT_EQ(item->getValue<std::int64_t>("likeCount"), 10);
    EXPECT_DOUBLE_EQ(item->getValue<double>("duration"), 120.5);
    EXPECT_EQ(item->getValue<std::string>("userName"), "歌手甲");
    EXPECT_FALSE(item->getValue<bool>("liked"));
}

TEST_F(SquareTest, Paging) {
    EXPECT_EQ(ids(get(port(), "/music/getNewMusic?page=1&size=2")), (Ids{"s-new", "s-mid"}));
    EXPECT_EQ(ids(get(port(), "/music/getNewMusic?page=2&size=2")), (Ids{"s-hot"}));
    EXPECT_EQ(ids(get(port(), "/music/getNewMusic?page=3&size=2")), Ids{});
    EXPECT_EQ(ids(get(port(), "/music/getPopularMusic?page=2")), Ids{});
    EXPECT_EQ(get(port(), "/music/getNewMusic?page=9").text(),
              R"({"code":2000,"type":"ok","message":"成功","data":[]})");
}

TEST_F(SquareTest, BadPagingIs4000) {
    for (const char* query : {"page=0", "page=-2", "page=abc", "page=1e3", "page=99999999999999999999"}) {
        SCOPED_TRACE(query);
        expectInvalid(get(port(), std::string("/music/getNewMusic?") + query), "页码必须是1到100000之间的整数");
        expectInvalid(get(port(), std::string("/music/getPopularMusic?") + query), "页码必须是1到100000之间的整数");
    }
    for (const char* query : {"size=0", "size=51", "size=ten"}) {
        SCOPED_TRACE(query);
        expectInvalid(get(port(), std::string("/music/getNewMusic?") + query), "每页数量必须是1到50之间的整数");
    }
    EXPECT_EQ(get(port(), "/music/getNewMusic?size=50").status, 200);
}

TEST_F(SquareTest, PublicListsServeTheirFirstThousandRowsAndSayWhyNotDeeper) {
    // Page 20 of 50 starts at row 950: served (here: nothing there). Page 21 starts at row 1000: refused, with why.
    EXPECT_EQ(get(port(), "/music/getNewMusic?page=20&size=50").status, 200);
    EXPECT_EQ(get(port(), "/music/getPopularMusic?page=50&size=20").status, 200);
    for (const char* uri :
         {"/music/getNewMusic?page=21&size=50", "/music/getPopularMusic?page=51", "/music/search?keyword=pop&page=51",
          "/music/search?keyword=fiery&page=51", "/music/search?keyword=%E5%A4%8F%E6%97%A5&page=101&size=10"}) {
        SCOPED_TRACE(uri);
        expectInvalid(get(port(), uri), "列表最多可浏览前1000首歌曲，请换个关键词搜索");
    }
}

TEST_F(SquareTest, SearchNeedsAKeyword) {
    for (const char* uri :
         {"/music/search", "/music/search?keyword=", "/music/search?keyword=+++", "/music/search?keyword=%E3%80%80"}) {
        SCOPED_TRACE(uri);
        expectInvalid(get(port(), uri), "请输入搜索关键词");
    }
    expectInvalid(get(port(), "/music/search?keyword=%FF%FE"), "参数 keyword 不是有效的 UTF-8 文本");
    expectInvalid(get(port(), search(std::string(101, 'a'))), "搜索关键词不能超过100个字符");
}

TEST_F(SquareTest, ControlCharactersInAKeywordAre4000NotAnError) {
    // Issue 31: a NUL in a keyword broke the full-text query (5000).
    for (const char* uri : {"/music/search?keyword=abcdef%00ghi", "/music/search?keyword=%E5%A4%8F%00%E6%97%A5",
                            "/music/search?keyword=ab%07cd", "/music/search?keyword=ab%0Acd%1Bef"}) {
        SCOPED_TRACE(uri);
        expectInvalid(get(port(), uri), "搜索关键词包含不支持的控制字符");
    }
}

TEST_F(SquareTest, SearchKeywordsFieryAndNewAreTheLists) {
    EXPECT_EQ(ids(get(port(), search("fiery"))), (Ids{"s-hot", "s-mid", "s-new"}));
    EXPECT_EQ(ids(get(port(), search("new"))), (Ids{"s-new", "s-mid", "s-hot"}));
    EXPECT_EQ(ids(get(port(), search("new", "&size=1"))), (Ids{"s-new"}));
}

TEST_F(SquareTest, SearchByGenre) {
    EXPECT_EQ(ids(get(port(), search("流行"))), (Ids{"s-hot"})) << "the Chinese label maps to pop";
    EXPECT_EQ(ids(get(port(), search("摇滚"))), (Ids{"s-mid"}));
    EXPECT_EQ(ids(get(port(), search("Rock"))), (Ids{"s-mid"}));
    EXPECT_EQ(ids(get(port(), search("rock"))), (Ids{"s-mid"}));
    EXPECT_EQ(ids(get(port(), search("男声"))), (Ids{"s-hot"})) << "Male Vocal";
    EXPECT_EQ(ids(get(port(), search("Male Vocal"))), (Ids{"s-hot"}));
    EXPECT_EQ(ids(get(port(), search("爵士"))), (Ids{"s-new"}));
}

TEST_F(SquareTest, SearchFullTextFindsChineseSubstrings) {
    EXPECT_EQ(ids(get(port(), search("夏日"))), (Ids{"s-hot"}))
        << "title; private, hidden, deleted, unfinished excluded";
    EXPECT_EQ(ids(get(port(), search("  夏日  "))), (Ids{"s-hot"})) << "trimmed";
    EXPECT_EQ(ids(get(port(), search("的晚霞"))), (Ids{"s-hot"})) << "lyric";
    EXPECT_EQ(ids(get(port(), search("月光洒"))), (Ids{"s-new"}));
    EXPECT_EQ(ids(get(port(), search("晚霞"))), Ids{}) << "one or two characters match titles only";
    EXPECT_EQ(ids(get(port(), search("爵"))), (Ids{"s-new"}));
    EXPECT_EQ(ids(get(port(), search("之夜"))), (Ids{"s-mid"}));
    EXPECT_EQ(ids(get(port(), search("没有这首歌"))), Ids{});
    EXPECT_EQ(ids(get(port(), search("私藏"))), Ids{});
}

TEST_F(SquareTest, GetMusicGivesThePlayerDetail) {
    auto answer = get(port(), "/music/getMusic?id=s-hot");
    ASSERT_EQ(answer.status, 200);
    auto json = answer.json();
    EXPECT_EQ(json->getValue<int>("code"), 2000);
    auto data = json->getObject("data");
    ASSERT_FALSE(data.isNull()) << answer.text();
    std::vector<std::string> names;
    data->getNames(names);
    std::sort(names.begin(), names.end());
    // The SPEC's fields, plus timeline (synced lyrics: null when the song has none), mine, origin and source.
    EXPECT_EQ(names, (std::vector<std::string>{"audio", "duration", "forward_count", "imageUrl", "likeCount", "liked",
                                               "lyric", "mine", "nativeId", "origin", "play_count", "source", "tags",
                                               "timeline", "title", "userName"}));
    EXPECT_TRUE(data->isNull("timeline"));
    EXPECT_FALSE(data->getValue<bool>("mine"));
    EXPECT_EQ(data->getValue<std::string>("origin"), "generate");
    EXPECT_TRUE(data->isNull("source"));
    EXPECT_EQ(data->getValue<std::string>("nativeId"), "s-hot");
    EXPECT_EQ(data->getValue<std::string>("title"), "夏日的风");
    EXPECT_EQ(data->getValue<std::string>("userName"), "歌手甲");
    EXPECT_EQ(data->getValue<std::string>("tags"), "pop, Male Vocal");
    EXPECT_EQ(data->getValue<std::string>("imageUrl"), "/media/s-hot.svg");
    EXPECT_EQ(data->getValue<std::string>("audio"), "/media/s-hot.mp3");
    EXPECT_EQ(data->getValue<std::string>("lyric"), "[Verse]\n海边的晚霞染红了天空");
    EXPECT_DOUBLE_EQ(data->getValue<double>("duration"), 120.5);
    EXPECT_EQ(data->getValue<std::int64_t>("likeCount"), 10);
    EXPECT_FALSE(data->getValue<bool>("liked"));
    EXPECT_EQ(data->getValue<std::int64_t>("play_count"), 1000);
    EXPECT_EQ(data->getValue<std::int64_t>("forward_count"), 100);
}

TEST_F(SquareTest, GetMusicIsNullForWhatTheViewerMayNotSee) {
    for (const char* id : {"s-private", "s-hidden", "s-deleted", "s-generating", "s-failed", "unknown", ""}) {
        SCOPED_TRACE(id);
        auto answer = get(port(), std::string("/music/getMusic?id=") + id);
        EXPECT_EQ(answer.text(), R"({"code":2000,"type":"ok","message":"成功","data":null})");
    }
    EXPECT_EQ(get(port(), "/music/getMusic").text(), R"({"code":2000,"type":"ok","message":"成功","data":null})");
}

TEST_F(SquareTest, ASignedInViewerSeesTheirLikes) {
    auto liked = [](const HttpAnswer& answer) {
        std::map<std::string, bool> out;
        auto items = answer.json()->getArray("data");
        for (std::size_t i = 0; i < items->size(); ++i) {
            auto item = items->getObject(static_cast<unsigned>(i));
            out[item->getValue<std::string>("native_id")] = item->getValue<bool>("liked");
        }
        return out;
    };
    using Liked = std::map<std::string, bool>;
    EXPECT_EQ(liked(get(port(), "/music/getNewMusic", {{"Authorization", "token-u1"}})),
              (Liked{{"s-hot", false}, {"s-mid", true}, {"s-new", false}}));
    EXPECT_EQ(liked(get(port(), "/music/getPopularMusic", {{"Authorization", "Bearer token-u1"}})),
              (Liked{{"s-hot", false}, {"s-mid", true}, {"s-new", false}}));
    EXPECT_EQ(liked(get(port(), search("摇滚"), {{"Authorization", "token-u1"}})), (Liked{{"s-mid", true}}));
    EXPECT_EQ(liked(get(port(), "/music/getNewMusic", {{"Authorization", "token-u2"}})),
              (Liked{{"s-hot", false}, {"s-mid", false}, {"s-new", false}}));
    EXPECT_EQ(liked(get(port(), "/music/getNewMusic")), (Liked{{"s-hot", false}, {"s-mid", false}, {"s-new", false}}));

    auto detail = [](const HttpAnswer& answer) { return answer.json()->getObject("data")->getValue<bool>("liked"); };
    EXPECT_TRUE(detail(get(port(), "/music/getMusic?id=s-mid", {{"Authorization", "token-u1"}})));
    EXPECT_FALSE(detail(get(port(), "/music/getMusic?id=s-mid", {{"Authorization", "token-u2"}})));
    EXPECT_FALSE(detail(get(port(), "/music/getMusic?id=s-mid")));
}

TEST_F(SquareTest, TheOwnerSeesTheirPrivateFinishedSong) {
    auto owner = get(port(), "/music/getMusic?id=s-private", {{"Authorization", "token-u1"}});
    auto data = owner.json()->getObject("data");
    ASSERT_FALSE(data.isNull()) << owner.text();
    EXPECT_EQ(data->getValue<std::string>("nativeId"), "s-private");
    EXPECT_TRUE(data->getValue<bool>("liked"));

    const std::string null = R"({"code":2000,"type":"ok","message":"成功","data":null})";
    EXPECT_EQ(get(port(), "/music/getMusic?id=s-private", {{"Authorization", "token-u2"}}).text(), null);
    EXPECT_EQ(get(port(), "/music/getMusic?id=s-private", {{"Authorization", "forged"}}).text(), null);
    for (const char* id : {"s-hidden", "s-deleted", "s-generating", "s-failed"}) {
        EXPECT_EQ(get(port(), std::string("/music/getMusic?id=") + id, {{"Authorization", "token-u1"}}).text(), null)
            << id << ": not even for its owner";
    }
    EXPECT_EQ(ids(get(port(), search("私藏"), {{"Authorization", "token-u1"}})), Ids{})
        << "private songs stay out of search, even for their owner";
}

TEST_F(SquareTest, PlansAreTheCatalogue) {
    auto answer = get(port(), "/pay/plans");
    ASSERT_EQ(answer.status, 200);
    auto json = answer.json();
    EXPECT_EQ(json->getValue<int>("code"), 2000);
    auto plans = json->getArray("data");
    ASSERT_EQ(plans->size(), 6u);
    struct Expected {
        int id;
        std::string name;
        double price;
        int integral;
        std::string term;
        int concurrent;
        int level;
    };
    const std::vector<Expected> expected = {
        {2, "体验日卡", 1.0, 20, "1天", 2, 1},      {3, "高级周卡", 9.9, 220, "7天", 3, 2},
        {4, "高级月卡", 19.9, 470, "30天", 4, 3},   {5, "超级年卡", 99, 2680, "365天", 8, 5},
        {6, "超级永久卡", 198, 5680, "永久", 8, 5}, {7, "超级PLUS永久卡", 368, 18000, "永久", 10, 6},
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        SCOPED_TRACE(expected[i].name);
        auto plan = plans->getObject(static_cast<unsigned>(i));
        std::vector<std::string> names;
        plan->getNames(names);
        std::sort(names.begin(), names.end());
        EXPECT_EQ(names,
                  (std::vector<std::string>{"activity", "describe1", "describe2", "id", "integral", "integralGenerate",
                                            "level", "name", "originalPrice", "price", "termOfValidity"}));
        EXPECT_EQ(plan->getValue<int>("id"), expected[i].id);
        EXPECT_EQ(plan->getValue<std::string>("name"), expected[i].name);
        EXPECT_DOUBLE_EQ(plan->getValue<double>("price"), expected[i].price);
        EXPECT_EQ(plan->getValue<int>("integral"), expected[i].integral);
        EXPECT_EQ(plan->getValue<std::string>("termOfValidity"), expected[i].term);
        EXPECT_EQ(plan->getValue<int>("integralGenerate"), expected[i].concurrent);
        EXPECT_EQ(plan->getValue<int>("level"), expected[i].level);
        EXPECT_FALSE(plan->getValue<std::string>("describe1").empty());
        EXPECT_FALSE(plan->getValue<std::string>("describe2").empty());
        bool offer = expected[i].id == 7;
        EXPECT_EQ(plan->getValue<bool>("activity"), offer);
        if (offer) {
            EXPECT_DOUBLE_EQ(plan->getValue<double>("originalPrice"), 528);
        } else {
            EXPECT_TRUE(plan->isNull("originalPrice"));
        }
    }
    // Prices are yuan as JSON numbers, written the short way.
    EXPECT_NE(answer.text().find(R"("price":9.9,)"), std::string::npos);
    EXPECT_NE(answer.text().find(R"("price":1,)"), std::string::npos);
    EXPECT_NE(answer.text().find(R"("originalPrice":528,)"), std::string::npos);
    EXPECT_NE(answer.text().find(R"("describe1":"可生成4首歌曲")"), std::string::npos);
}

TEST(ListCacheTest, VisitorsShareAShortLivedAnswerSignedInViewersItsSongsWithTheirOwnLikesAndPublishingClearsIt) {
    // A long time to live, so nothing here depends on timing: only clear() or a signed-in viewer sees past it.
    TestServer server([](HttpConfig& config) { config.listCacheMillis = 600000; },
                      [](const std::string& token) -> std::optional<domain::SignedIn> {
                          if (token == "token-u1") {
                              return domain::SignedIn{"u1", domain::TimePoint::max()};
                          }
                          return std::nullopt;
                      });
    server.store().transact([](domain::Repositories& repos) {
        domain::User user;
        user.id = "u1";
        user.phone = "13800000001";
        user.nickname = "歌手甲";
        user.createdAt = hoursAgo(100);
        repos.users().insert(user);
        repos.songs().insert(publicSong("s-a", "u1", "第一首", "pop", 2, 0));
        return true;
    });
    // The ids of a list, each followed by "+" when the answer says the viewer likes it.
    const auto listed = [&](const std::string& uri, const std::string& token = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        auto answer = get(server.port(), uri, headers);
        EXPECT_EQ(answer.status, 200) << answer.text();
        Ids out;
        auto items = answer.json()->getArray("data");
        for (std::size_t i = 0; items && i < items->size(); ++i) {
            auto item = items->getObject(static_cast<unsigned>(i));
            out.push_back(item->getValue<std::string>("native_id") + (item->getValue<bool>("liked") ? "+" : ""));
        }
        return out;
    };
    EXPECT_EQ(listed("/music/getNewMusic"), (Ids{"s-a"}));
    EXPECT_EQ(listed("/music/search?keyword=pop"), (Ids{"s-a"}));
    server.store().transact([](domain::Repositories& repos) {
        repos.songs().insert(publicSong("s-b", "u1", "第二首", "pop", 1, 0)); // as another instance would
        return true;
    });
    EXPECT_EQ(listed("/music/getNewMusic"), (Ids{"s-a"})) << "a visitor gets the cached answer";
    EXPECT_EQ(listed("/music/search?keyword=pop"), (Ids{"s-a"}));
    EXPECT_EQ(listed("/music/getNewMusic?page=1&size=5"), (Ids{"s-b", "s-a"})) << "another page is another answer";
    EXPECT_EQ(listed("/music/getNewMusic", "token-u1"), (Ids{"s-b", "s-a"}))
        << "signed in: the page's songs are cached apart from the visitors' bytes";
    EXPECT_EQ(listed("/music/getNewMusic", "token-unknown"), (Ids{"s-a"})) << "an unknown token is a visitor";

    // Signed-in viewers share the cached songs of a page, but whether they like each one is read fresh: a like
    // shows at once for its viewer and never for anyone else.
    server.store().transact([](domain::Repositories& repos) {
        repos.songs().insert(publicSong("s-c", "u1", "第三首", "pop", 1, 0));
        return true;
    });
    EXPECT_EQ(listed("/music/getNewMusic", "token-u1"), (Ids{"s-b", "s-a"})) << "the cached songs of the page";
    RequestSpec like;
    like.method = "POST";
    like.uri = "/music/like";
    like.body = R"({"nativeId":"s-a","like":true})";
    like.headers = {{"Authorization", "token-u1"}, {"Content-Type", "application/json"}};
    auto liked = send(server.port(), like);
    ASSERT_EQ(liked.status, 200) << liked.text();
    EXPECT_EQ(listed("/music/getNewMusic", "token-u1"), (Ids{"s-b", "s-a+"})) << "the viewer's like, at once";
    EXPECT_EQ(listed("/music/getNewMusic"), (Ids{"s-a"})) << "nobody else sees it";

    // The player detail as a visitor sees it is cached the same way (a public song's is the same for everyone).
    const auto detailFor = [&](const std::string& id) {
        auto answer = get(server.port(), "/music/getMusic?id=" + id);
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto json = answer.json();
        return json->isNull("data") ? std::string("null") : json->getObject("data")->getValue<std::string>("title");
    };
    EXPECT_EQ(detailFor("s-b"), "第二首");
    EXPECT_EQ(detailFor("s-none"), "null");

    // Withdrawing a song through this instance clears every cached list at once.
    RequestSpec open;
    open.method = "POST";
    open.uri = "/music/openSong";
    open.body = R"({"openId":0,"nativeId":"s-b"})";
    open.headers = {{"Authorization", "token-u1"}, {"Content-Type", "application/json"}};
    auto answer = send(server.port(), open);
    ASSERT_EQ(answer.status, 200) << answer.text();
    EXPECT_EQ(listed("/music/getNewMusic"), (Ids{"s-c", "s-a"}));
    EXPECT_EQ(listed("/music/search?keyword=pop"), (Ids{"s-c", "s-a"}));
    EXPECT_EQ(listed("/music/getNewMusic", "token-u1"), (Ids{"s-c", "s-a+"}));
    EXPECT_EQ(detailFor("s-b"), "null") << "withdrawn: no longer shown to visitors";
    open.body = R"({"openId":1,"nativeId":"s-b"})";
    ASSERT_EQ(send(server.port(), open).status, 200);
    EXPECT_EQ(listed("/music/getNewMusic"), (Ids{"s-c", "s-b", "s-a"})) << "published: on the visitors' list at once";
    EXPECT_EQ(listed("/music/search?keyword=pop"), (Ids{"s-c", "s-b", "s-a"}));
    EXPECT_EQ(listed("/music/getNewMusic", "token-u1"), (Ids{"s-c", "s-b", "s-a+"})) << "and the signed-in viewers'";
    EXPECT_EQ(detailFor("s-b"), "第二首");
}

} // namespace
} // namespace gequ::http::test
