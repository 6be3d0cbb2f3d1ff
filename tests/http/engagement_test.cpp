// What listeners do with a song through HTTP (docs/api.md): POST /music/addNumberOfViews (30-minute de-duplication
// per viewer), POST /music/like (idempotent, login needed), POST /music/share (the share link), their visibility and
// state rules, exact counts under parallel requests, and the hot list moving with the upkeep.

#include "api_steps.h"
#include "http_client.h"
#include "test_server.h"

#include <Poco/JSON/Array.h>
#include <Poco/URI.h>
#include <atomic>
#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <thread>
#include <vector>

namespace gequ::http::test {
namespace {

using domain::Song;
using domain::SongStatus;
using namespace std::chrono_literals;

constexpr int kUsers = 16;

/// "token-uN" signs in as user uN (seeded); anything else is a visitor.
std::optional<domain::SignedIn> testTokens(const std::string& token) {
    if (token.rfind("token-u", 0) == 0) {
        return domain::SignedIn{token.substr(6), domain::TimePoint::max()};
    }
    return std::nullopt;
}

std::string token(int user) {
    return "token-u" + std::to_string(user);
}

class EngagementTest : public ::testing::Test, protected ApiSteps {
protected:
    static void SetUpTestSuite() {
        _server = std::make_unique<TestServer>(
            [](HttpConfig& config) {
                config.trustProxy = true;
                config.publicBaseUrl = "https://gequ.example.com/";
            },
            testTokens);
    }
    static void TearDownTestSuite() { _server.reset(); }

    void SetUp() override {
        _server->resetAccounts();
        seed();
    }

    std::uint16_t port() { return _server->port(); }
    FixedClock& clock() { return _server->clock(); }
    domain::Store& store() { return _server->store(); }
    TestServer& apiServer() override { return *_server; }

    /// Users u1..u16; public finished songs s-a (3 h old), s-b (2 h), s-c (1 h) by u2; and the songs nobody else may
    /// touch: u1's private song, hidden, deleted, generating (public and private) and failed ones.
    void seed() {
        store().transact([](domain::Repositories& repos) {
            for (int i = 1; i <= kUsers; ++i) {
                domain::User user;
                user.id = "u" + std::to_string(i);
                user.phone = "1380000" + std::to_string(1000 + i);
                user.nickname = "用户" + std::to_string(i);
                user.createdAt = hoursAgo(100);
                repos.users().insert(user);
            }
            auto& songs = repos.songs();
            songs.insert(publicSong("s-a", "u2", "晚风轻拂", "pop, Female Vocal", 3));
            songs.insert(publicSong("s-b", "u2", "城市霓虹", "Electronic, Cinematic", 2));
            songs.insert(publicSong("s-c", "u2", "山间小路", "Folk", 1));
            Song privateSong = publicSong("s-private", "u1", "私藏的歌", "pop", 0.5);
            privateSong.open = false;
            songs.insert(privateSong);
            Song hidden = publicSong("s-hidden", "u1", "隐藏的歌", "pop", 0.5);
            hidden.hidden = true;
            songs.insert(hidden);
            Song deleted = publicSong("s-deleted", "u1", "删除的歌", "pop", 0.5);
            deleted.deletedAt = hoursAgo(0.1);
            songs.insert(deleted);
            Song generating = publicSong("s-generating", "u1", "生成中的歌", "pop", 0.01);
            generating.complete = SongStatus::Generating;
            generating.finishedAt.reset();
            songs.insert(generating);
            Song generatingPrivate = generating;
            generatingPrivate.id = "s-generating-private";
            generatingPrivate.open = false;
            songs.insert(generatingPrivate);
            Song failed = publicSong("s-failed", "u1", "失败的歌", "pop", 0.02);
            failed.complete = SongStatus::Failed;
            songs.insert(failed);
            return true;
        });
    }

    HttpAnswer post(const std::string& uri, const std::string& body, const std::string& auth = {},
                    const std::string& ip = "198.51.100.1") {
        return ApiSteps::post(uri, body, auth, ip);
    }
    HttpAnswer play(const std::string& id, const std::string& auth = {}, const std::string& ip = "198.51.100.1") {
        return post("/music/addNumberOfViews", R"({"nativeId":")" + id + R"("})", auth, ip);
    }
    HttpAnswer like(const std::string& id, bool on, const std::string& auth) {
        return post("/music/like", R"({"nativeId":")" + id + R"(","like":)" + (on ? "true" : "false") + "}", auth);
    }
    HttpAnswer share(const std::string& id, const std::string& auth = {}, const std::string& ip = "198.51.100.1") {
        return post("/music/share", R"({"nativeId":")" + id + R"("})", auth, ip);
    }

    static std::int64_t plays(const HttpAnswer& answer) { return data(answer)->getValue<std::int64_t>("play_count"); }

    /// The song as stored.
    Song stored(const std::string& id) {
        return *domain::readOnly(store(), [&](domain::Repositories& repos) { return repos.songs().findById(id); });
    }
    std::vector<std::string> ids(const std::string& uri) {
        auto answer = get(port(), uri);
        EXPECT_EQ(answer.status, 200) << answer.text();
        std::vector<std::string> out;
        auto items = answer.json()->getArray("data");
        for (std::size_t i = 0; items && i < items->size(); ++i) {
            out.push_back(items->getObject(static_cast<unsigned>(i))->getValue<std::string>("native_id"));
        }
        return out;
    }
    /// Runs the square's upkeep now (gequ-server does it every few minutes).
    void upkeep() { domain::SquareService(store(), clock()).maintain(); }

private:
    static inline std::unique_ptr<TestServer> _server;
};

using Ids = std::vector<std::string>;

// --- plays

TEST_F(EngagementTest, APlayCountsOncePerViewerPerThirtyMinutes) {
    EXPECT_EQ(plays(play("s-a")), 1);
    EXPECT_EQ(plays(play("s-a")), 1) << "the same visitor again at once";
    clock().advance(29min + 59s);
    EXPECT_EQ(plays(play("s-a")), 1) << "still within 30 minutes of the counted play";
    clock().advance(1s);
    EXPECT_EQ(plays(play("s-a")), 2) << "30 minutes after the counted play";
    EXPECT_EQ(plays(play("s-a", {}, "198.51.100.2")), 3) << "another visitor (another IP)";
    EXPECT_EQ(plays(play("s-a", token(3))), 4) << "a signed-in user is counted by user, not by the shared IP";
    EXPECT_EQ(plays(play("s-a", token(3), "203.0.113.77")), 4) << "the same user from another IP";
    EXPECT_EQ(plays(play("s-a", token(4))), 5);
    EXPECT_EQ(plays(play("s-b")), 1) << "each song on its own";
    EXPECT_EQ(stored("s-a").playCount, 5);
    EXPECT_EQ(stored("s-b").playCount, 1);
}

TEST_F(EngagementTest, TheWindowRunsFromTheLastCountedPlay) {
    EXPECT_EQ(plays(play("s-a")), 1);
    clock().advance(20min);
    EXPECT_EQ(plays(play("s-a")), 1) << "an uncounted play does not move the window";
    clock().advance(10min);
    EXPECT_EQ(plays(play("s-a")), 2);
    upkeep(); // prunes plays older than 30 minutes; the one just counted stays
    clock().advance(10min);
    EXPECT_EQ(plays(play("s-a")), 2);
    clock().advance(21min);
    upkeep();
    EXPECT_EQ(plays(play("s-a")), 3);
}

TEST_F(EngagementTest, APlayMayBeABareJsonString) {
    auto answer = post("/music/addNumberOfViews", R"("s-c")");
    EXPECT_EQ(answer.text(), R"({"code":2000,"type":"ok","message":"成功","data":{"play_count":1}})");
}

TEST_F(EngagementTest, PlaysOfSongsTheViewerMayNotSeeAre4040) {
    for (const char* id : {"s-private", "s-hidden", "s-deleted", "s-generating-private", "unknown"}) {
        SCOPED_TRACE(id);
        expectError(play(id), 404, 4040, "歌曲不存在");
        expectError(play(id, token(2)), 404, 4040, "歌曲不存在");
    }
    // Hidden and deleted songs even for their owner.
    expectError(play("s-hidden", token(1)), 404, 4040, "歌曲不存在");
    expectError(play("s-deleted", token(1)), 404, 4040, "歌曲不存在");
    EXPECT_EQ(plays(play("s-private", token(1))), 1) << "the owner plays their private song";
    expectError(play("s-generating"), 409, 4090, "音乐正在生成中，请稍候");
    expectError(play("s-generating-private", token(1)), 409, 4090, "音乐正在生成中，请稍候");
    expectError(play("s-failed"), 409, 4090, "仅支持已完成的作品");
    EXPECT_EQ(stored("s-private").playCount, 1);
    EXPECT_EQ(stored("s-hidden").playCount, 0);
}

TEST_F(EngagementTest, BadPlayBodiesAre4000) {
    expectError(post("/music/addNumberOfViews", "{}"), 400, 4000, "缺少参数 nativeId");
    expectError(post("/music/addNumberOfViews", R"({"nativeId":""})"), 400, 4000, "参数 nativeId 无效");
    expectError(post("/music/addNumberOfViews", R"("")"), 400, 4000, "参数 nativeId 无效");
    expectError(post("/music/addNumberOfViews", "[1]"), 400, 4000, "请求内容应为 JSON 对象");
    expectError(post("/music/addNumberOfViews", R"({"nativeId":")" + std::string(200, 'x') + R"("})"), 400, 4000,
                "参数 nativeId 无效");
    EXPECT_EQ(post("/music/addNumberOfViews", "{nope").json()->getValue<int>("code"), 4000);
}

TEST_F(EngagementTest, ParallelPlaysCountExactlyOncePerViewer) {
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < kUsers; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 4; ++i) {
                // Even threads are visitors (one IP each), odd ones signed-in users.
                auto answer = t % 2 == 0 ? play("s-a", {}, "192.0.2." + std::to_string(t + 1)) : play("s-a", token(t));
                if (answer.status != 200) {
                    ++failures;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(stored("s-a").playCount, kUsers);
}

// --- likes

TEST_F(EngagementTest, LikingIsIdempotentAndNeedsLogin) {
    expectError(like("s-a", true, {}), 401, 4010, "请先登录");
    expectError(like("s-a", true, "forged"), 401, 4010, "请先登录");

    auto first = data(like("s-a", true, token(1)));
    EXPECT_EQ(first->getValue<std::int64_t>("likeCount"), 1);
    EXPECT_TRUE(first->getValue<bool>("liked"));
    auto again = data(like("s-a", true, token(1)));
    EXPECT_EQ(again->getValue<std::int64_t>("likeCount"), 1) << "liking twice counts once";
    EXPECT_TRUE(again->getValue<bool>("liked"));
    EXPECT_EQ(data(like("s-a", true, token(2)))->getValue<std::int64_t>("likeCount"), 2);

    auto detail = data(get(port(), "/music/getMusic?id=s-a", {{"Authorization", token(1)}}));
    EXPECT_TRUE(detail->getValue<bool>("liked"));
    EXPECT_EQ(detail->getValue<std::int64_t>("likeCount"), 2);

    auto off = data(like("s-a", false, token(1)));
    EXPECT_EQ(off->getValue<std::int64_t>("likeCount"), 1);
    EXPECT_FALSE(off->getValue<bool>("liked"));
    auto offAgain = data(like("s-a", false, token(1)));
    EXPECT_EQ(offAgain->getValue<std::int64_t>("likeCount"), 1) << "unliking twice counts once";
    EXPECT_FALSE(offAgain->getValue<bool>("liked"));
    EXPECT_EQ(data(like("s-b", false, token(1)))->getValue<std::int64_t>("likeCount"), 0)
        << "unliking a song never liked changes nothing";
    EXPECT_EQ(stored("s-a").likeCount, 1);
    EXPECT_EQ(stored("s-b").likeCount, 0);
    EXPECT_FALSE(data(get(port(), "/music/getMusic?id=s-a", {{"Authorization", token(1)}}))->getValue<bool>("liked"));
}

TEST_F(EngagementTest, LikeAnswersTheApiShape) {
    EXPECT_EQ(like("s-c", true, token(5)).text(),
              R"({"code":2000,"type":"ok","message":"成功","data":{"likeCount":1,"liked":true}})");
}

TEST_F(EngagementTest, LikesOfSongsTheUserMayNotSeeOrThatAreNotFinished) {
    for (const char* id : {"s-private", "s-hidden", "s-deleted", "s-generating-private", "unknown"}) {
        SCOPED_TRACE(id);
        expectError(like(id, true, token(2)), 404, 4040, "歌曲不存在");
    }
    EXPECT_TRUE(data(like("s-private", true, token(1)))->getValue<bool>("liked")) << "the owner may like their own";
    expectError(like("s-generating", true, token(2)), 409, 4090, "音乐正在生成中，请稍候");
    expectError(like("s-generating-private", true, token(1)), 409, 4090, "音乐正在生成中，请稍候");
    expectError(like("s-failed", true, token(1)), 409, 4090, "仅支持已完成的作品");
    expectError(like("s-failed", false, token(1)), 409, 4090, "仅支持已完成的作品");
    EXPECT_EQ(stored("s-generating").likeCount, 0);
}

TEST_F(EngagementTest, BadLikeBodiesAre4000) {
    expectError(post("/music/like", R"({"nativeId":"s-a"})", token(1)), 400, 4000, "缺少参数 like");
    expectError(post("/music/like", R"({"like":true})", token(1)), 400, 4000, "缺少参数 nativeId");
    expectError(post("/music/like", R"("s-a")", token(1)), 400, 4000, "请求内容应为 JSON 对象");
    EXPECT_EQ(post("/music/like", R"({"nativeId":"s-a","like":"maybe"})", token(1)).json()->getValue<int>("code"),
              4000);
    EXPECT_EQ(stored("s-a").likeCount, 0);
}

TEST_F(EngagementTest, ParallelLikesAndUnlikesKeepTheCountExact) {
    // Each user likes and unlikes several times at once with the others; even users end liking, odd ones not.
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int user = 1; user <= kUsers; ++user) {
        threads.emplace_back([&, user] {
            const bool endsLiking = user % 2 == 0;
            const bool sequence[] = {true, true, false, true, false, false, endsLiking, endsLiking};
            for (bool on : sequence) {
                if (like("s-b", on, token(user)).status != 200) {
                    ++failures;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(stored("s-b").likeCount, kUsers / 2);
    auto detail = data(get(port(), "/music/getMusic?id=s-b"));
    EXPECT_EQ(detail->getValue<std::int64_t>("likeCount"), kUsers / 2);
    for (int user = 1; user <= kUsers; ++user) {
        auto mine = data(get(port(), "/music/getMusic?id=s-b", {{"Authorization", token(user)}}));
        EXPECT_EQ(mine->getValue<bool>("liked"), user % 2 == 0) << user;
    }
}

TEST_F(EngagementTest, TheSameUserLikingInParallelCountsOnce) {
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) {
        threads.emplace_back([&] { EXPECT_EQ(like("s-c", true, token(7)).status, 200); });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(stored("s-c").likeCount, 1);
}

// --- shares

TEST_F(EngagementTest, ShareCountsAndGivesThePlayerLink) {
    auto first = data(share("s-a"));
    EXPECT_EQ(first->getValue<std::int64_t>("forward_count"), 1);
    // base64("s-a") = "cy1h"; the link is public_base_url (its trailing slash dropped) + /musicPlayer?id=.
    EXPECT_EQ(first->getValue<std::string>("url"), "https://gequ.example.com/musicPlayer?id=cy1h");
    EXPECT_EQ(data(share("s-a", token(3)))->getValue<std::int64_t>("forward_count"), 2) << "another viewer's counts";
    EXPECT_EQ(stored("s-a").forwardCount, 2);
}

TEST_F(EngagementTest, OneViewersSharesCountOnceAWindowAsPlaysDo) {
    // Issue 31: 40 anonymous shares from one client raised forward_count by 40 (a share weighs 5 in the hot list).
    for (int i = 0; i < 40; ++i) {
        auto answer = share("s-a");
        ASSERT_EQ(answer.status, 200) << answer.text();
        EXPECT_EQ(data(answer)->getValue<std::int64_t>("forward_count"), 1);
        EXPECT_EQ(data(answer)->getValue<std::string>("url"), "https://gequ.example.com/musicPlayer?id=cy1h")
            << "the link is given every time";
    }
    for (int i = 0; i < 5; ++i) {
        share("s-a", token(1));
    }
    EXPECT_EQ(stored("s-a").forwardCount, 2) << "one anonymous client and one user";
    EXPECT_EQ(data(share("s-a", {}, "198.51.100.2"))->getValue<std::int64_t>("forward_count"), 3);
    clock().advance(domain::kPlayWindow);
    EXPECT_EQ(data(share("s-a"))->getValue<std::int64_t>("forward_count"), 4) << "a window later it counts again";
}

TEST_F(EngagementTest, ShareLinksEncodeTheBase64ForTheQuery) {
    // '+', '/' and '=' of the base64 are percent-encoded, so the link survives any query parser.
    store().transact([](domain::Repositories& repos) {
        repos.songs().insert(publicSong("s-xy?", "u2", "问号", "pop", 1)); // base64 "cy14eT8=" holds '='
        repos.songs().insert(publicSong("s->?", "u2", "符号", "pop", 1));  // base64 "cy0+Pw==" holds '+' and '='
        return true;
    });
    EXPECT_EQ(data(post("/music/share", R"({"nativeId":"s-xy?"})"))->getValue<std::string>("url"),
              "https://gequ.example.com/musicPlayer?id=cy14eT8%3D");
    EXPECT_EQ(data(post("/music/share", R"({"nativeId":"s->?"})"))->getValue<std::string>("url"),
              "https://gequ.example.com/musicPlayer?id=cy0%2BPw%3D%3D");
}

TEST_F(EngagementTest, OnlyFinishedSongsTheViewerMaySeeCanBeShared) {
    for (const char* id : {"s-private", "s-hidden", "s-deleted", "s-generating-private", "unknown"}) {
        SCOPED_TRACE(id);
        expectError(share(id), 404, 4040, "歌曲不存在");
    }
    expectError(share("s-generating"), 409, 4090, "音乐正在生成中，请稍候");
    expectError(share("s-failed", token(1)), 409, 4090, "仅支持已完成的作品");
    EXPECT_EQ(data(share("s-private", token(1)))->getValue<std::int64_t>("forward_count"), 1)
        << "the owner shares their private song";
    expectError(post("/music/share", "{}"), 400, 4000, "缺少参数 nativeId");
}

TEST_F(EngagementTest, ParallelSharesCountExactly) {
    std::vector<std::thread> threads;
    for (int t = 0; t < kUsers; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 3; ++i) {
                EXPECT_EQ(share("s-c", token(t + 1)).status, 200);
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(stored("s-c").forwardCount, kUsers) << "each user's shares count once";
}

// --- the lists

TEST_F(EngagementTest, TheHotListFollowsPlaysLikesAndSharesAtOnce) {
    EXPECT_EQ(ids("/music/getPopularMusic"), (Ids{"s-c", "s-b", "s-a"})) << "no counts yet: the youngest is hottest";
    EXPECT_EQ(ids("/music/getNewMusic"), (Ids{"s-c", "s-b", "s-a"}));

    // s-a (3 h old): 2 likes and 2 shares, ln(17) - 3/72 ≈ 2.79; s-b (2 h): 3 plays, ln(4) - 2/72 ≈ 1.36;
    // s-c (1 h): nothing, -1/72. The key moves with each count, at once, with no upkeep pass in between.
    like("s-a", true, token(1));
    like("s-a", true, token(2));
    share("s-a", token(1));
    share("s-a", token(2));
    for (int user = 1; user <= 3; ++user) {
        play("s-b", token(user));
    }
    EXPECT_EQ(ids("/music/getPopularMusic"), (Ids{"s-a", "s-b", "s-c"})) << "the hot list follows every count at once";
    EXPECT_EQ(ids("/music/search?keyword=fiery"), (Ids{"s-a", "s-b", "s-c"}));
    EXPECT_EQ(ids("/music/getNewMusic"), (Ids{"s-c", "s-b", "s-a"})) << "the new list is by time only";
    EXPECT_EQ(ids("/music/search?keyword=new"), (Ids{"s-c", "s-b", "s-a"}));

    // Unliking takes the likes' weight off again: s-a has only its 2 shares left, ln(11) - 3/72 ≈ 2.36, still first.
    like("s-a", false, token(1));
    like("s-a", false, token(2));
    EXPECT_EQ(ids("/music/getPopularMusic"), (Ids{"s-a", "s-b", "s-c"}));

    // Newer songs rise: eight days later a just-published song nobody has heard yet (0 plus 195/72 ≈ 2.71 of
    // newness over s-a, whose engagement is worth ln(11) ≈ 2.40) is first at once, without any upkeep.
    clock().advance(192h);
    store().transact([&](domain::Repositories& repos) {
        Song fresh = publicSong("s-fresh", "u3", "新鲜出炉", "pop", 0);
        fresh.createdAt = clock().now();
        repos.songs().insert(fresh);
        return true;
    });
    EXPECT_EQ(ids("/music/getPopularMusic"), (Ids{"s-fresh", "s-a", "s-b", "s-c"}));
}

TEST_F(EngagementTest, SearchFindsChineseSubstringsStylesAndGenres) {
    auto search = [&](const std::string& keyword) {
        std::string encoded;
        Poco::URI::encode(keyword, "&=+?#/", encoded);
        return ids("/music/search?keyword=" + encoded);
    };
    EXPECT_EQ(search("霓虹"), (Ids{"s-b"})) << "two characters of a title";
    EXPECT_EQ(search("城市霓"), (Ids{"s-b"})) << "three characters (the trigram index)";
    EXPECT_EQ(search("风"), (Ids{"s-a"})) << "one character";
    EXPECT_EQ(search("小路的歌词"), (Ids{"s-c"})) << "the lyric";
    EXPECT_EQ(search("的歌词"), (Ids{"s-c", "s-b", "s-a"})) << "every public song, newest first; none of the others";
    EXPECT_EQ(search("的歌"), Ids{}) << "one or two characters match titles only";
    EXPECT_EQ(search("电子"), (Ids{"s-b"})) << "a home genre's Chinese label";
    EXPECT_EQ(search("Electronic"), (Ids{"s-b"})) << "its English style";
    EXPECT_EQ(search("电影感"), (Ids{"s-b"})) << "a dictionary entry beyond the home genres";
    EXPECT_EQ(search("cinematic"), (Ids{"s-b"}));
    EXPECT_EQ(search("女声"), (Ids{"s-a"}));
    EXPECT_EQ(search("民谣"), (Ids{"s-c"}));
    EXPECT_EQ(search("摇滚"), Ids{});
    EXPECT_EQ(search("私藏"), Ids{}) << "private songs stay out";
}

} // namespace
} // namespace gequ::http::test
