// Issue 12's hardening, as a client sees it (docs/security.md): bounded metrics that only loopback or a token may read,
// media that stays as private as its song, client addresses (trusted proxies, IPv6 /64), slow clients cut off by an
// overall deadline, and query strings kept out of the logs.

#include "client_address.h"
#include "gequ/domain/model/text.h"
#include "http_client.h"
#include "log_capture.h"
#include "metrics.h"
#include "test_server.h"
#include "works_client.h"

#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/Net/StreamSocket.h>
#include <algorithm>
#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <random>
#include <regex>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::http::test {
namespace {

/// The number of series lines (not HELP/TYPE comments) of a /metrics answer.
std::size_t seriesLines(const std::string& text) {
    std::size_t lines = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos) {
            end = text.size();
        }
        if (end > pos && text[pos] != '#') {
            ++lines;
        }
        pos = end + 1;
    }
    return lines;
}

std::string randomMethod(std::mt19937& engine) {
    static const std::string kLetters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::uniform_int_distribution<int> length(3, 12), letter(0, 25);
    std::string method = "Z"; // never one of the methods counted by name
    for (int i = length(engine); i > 0; --i) {
        method += kLetters[static_cast<std::size_t>(letter(engine))];
    }
    return method;
}

// ---- metrics ----

TEST(Metrics, TenThousandRandomMethodsLeaveMetricsTheSameSize) {
    TestServer server;
    std::mt19937 engine(12);
    Poco::Net::HTTPClientSession session("127.0.0.1", server.port());
    session.setKeepAlive(true);
    session.setTimeout(Poco::Timespan(30, 0));
    auto sendRandom = [&](int n) {
        for (int i = 0; i < n; ++i) {
            RequestSpec spec;
            spec.method = randomMethod(engine);
            spec.uri = i % 2 == 0 ? "/" : "/music/test";
            auto answer = sendOn(session, spec);
            ASSERT_TRUE(answer.status == 404 || answer.status == 400) << spec.method << " " << answer.status;
        }
    };
    sendRandom(20); // every kind of answer a made-up method gets has its series now
    // A request is counted after its answer is sent: scrape until a scrape shows an earlier scrape's own series.
    get(server.port(), "/metrics");
    std::string scraped = get(server.port(), "/metrics").text();
    for (int i = 0; i < 100 && scraped.find("route=\"/metrics\"") == std::string::npos; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
        scraped = get(server.port(), "/metrics").text();
    }
    const std::size_t before = seriesLines(scraped);
    sendRandom(10000);
    const std::string after = get(server.port(), "/metrics").text();
    EXPECT_EQ(seriesLines(after), before) << after;
    EXPECT_TRUE(std::regex_search(after, std::regex(R"(method="other",status="404"\} [1-9][0-9]{3})"))) << after;
}

TEST(Metrics, MethodLabelsComeFromAClosedSet) {
    EXPECT_EQ(metricMethod("GET"), "GET");
    EXPECT_EQ(metricMethod("PATCH"), "PATCH");
    EXPECT_EQ(metricMethod("get"), "other");
    EXPECT_EQ(metricMethod("BREW"), "other");
    EXPECT_EQ(metricMethod(std::string(40, 'X')), "other");
    Metrics metrics;
    for (const char* method : {"A", "B", "C", "GET", "GET"}) {
        metrics.record("unmatched", method, 404, 0.001);
    }
    metrics.record("unmatched", "GET", 99999, 0.001);
    EXPECT_EQ(metrics.seriesCount(), 3u) << "other, GET 404 and GET with an impossible status";
}

TEST(Metrics, OnlyLoopbackOrTheTokenMayReadThem) {
    const std::string token(40, 't');
    TestServer server([&](HttpConfig& config) {
        config.trustProxy = true; // the test's connections come from a trusted (loopback) proxy
        config.metricsToken = token;
    });
    EXPECT_EQ(get(server.port(), "/metrics").status, 200) << "loopback, no proxy";
    auto remote = get(server.port(), "/metrics", {{"X-Forwarded-For", "203.0.113.9"}});
    EXPECT_EQ(remote.status, 404);
    EXPECT_EQ(remote.json()->getValue<std::string>("message"), "接口不存在");
    EXPECT_EQ(remote.text().find("gequ_http"), std::string::npos);
    EXPECT_EQ(get(server.port(), "/metrics", {{"X-Forwarded-For", "127.0.0.1"}}).status, 404)
        << "anything a proxy forwarded is not local";
    EXPECT_EQ(
        get(server.port(), "/metrics", {{"X-Forwarded-For", "203.0.113.9"}, {"Authorization", "Bearer nope"}}).status,
        404);
    auto withToken =
        get(server.port(), "/metrics", {{"X-Forwarded-For", "203.0.113.9"}, {"Authorization", "Bearer " + token}});
    EXPECT_EQ(withToken.status, 200);
    EXPECT_NE(withToken.text().find("gequ_http_requests_total"), std::string::npos);
}

TEST(Metrics, WithoutATokenARemoteClientGets404) {
    TestServer server([](HttpConfig& config) { config.trustProxy = true; });
    EXPECT_EQ(get(server.port(), "/metrics", {{"X-Forwarded-For", "198.51.100.4"}}).status, 404);
    EXPECT_EQ(
        get(server.port(), "/metrics", {{"X-Forwarded-For", "198.51.100.4"}, {"Authorization", "Bearer "}}).status,
        404);
}

/// A store that counts its reads (and forwards everything).
class CountingStore : public domain::Store {
public:
    explicit CountingStore(domain::Store& inner) : _inner(inner) {}
    void transact(const std::function<bool(domain::Repositories&)>& fn) override { _inner.transact(fn); }
    void read(const std::function<void(domain::Repositories&)>& fn) override {
        ++reads;
        _inner.read(fn);
    }
    bool ping() override { return _inner.ping(); }
    std::string dialect() const override { return _inner.dialect(); }
    std::atomic<int> reads{0};

private:
    domain::Store& _inner;
};

TEST(Metrics, DatabaseGaugesAreCachedBetweenScrapes) {
    TempDir dir;
    auto real = db::openStore("sqlite:" + (dir.path() / "gequ.db").string(), 2);
    auto counting = std::make_unique<CountingStore>(*real);
    CountingStore& store = *counting;
    TestServerOptions options;
    options.store = std::move(counting);
    TestServer server(std::move(options));
    for (int i = 0; i < 5; ++i) {
        auto answer = get(server.port(), "/metrics");
        ASSERT_EQ(answer.status, 200);
        EXPECT_NE(answer.text().find("gequ_database_up 1"), std::string::npos);
    }
    EXPECT_EQ(store.reads.load(), 1) << "five scrapes within seconds read the database once";
}

// ---- media ----

class MediaTest : public WorksTest {
protected:
    /// A finished song of the user with audio and cover files; public or private.
    void storeSong(const std::string& id, const std::string& userId, bool open) {
        writeFile(server().mediaDir() / (id + ".mp3"), mediaBytes());
        writeFile(server().mediaDir() / (id + ".svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        store().transact([&](domain::Repositories& repos) {
            domain::Song song;
            song.id = id;
            song.taskId = "task-" + id;
            song.userId = userId;
            song.title = "歌" + id;
            song.audioUrl = "/media/" + id + ".mp3";
            song.imageUrl = "/media/" + id + ".svg";
            song.complete = domain::SongStatus::Done;
            song.open = open;
            song.createdAt = clock().now();
            song.finishedAt = clock().now();
            repos.songs().insert(song);
            return true;
        });
    }
    void update(const std::string& id, const std::function<void(domain::Song&)>& change) {
        store().transact([&](domain::Repositories& repos) {
            auto song = repos.songs().findById(id);
            change(*song);
            repos.songs().update(*song);
            return true;
        });
    }
    HttpAnswer fetch(const std::string& uri, const std::string& token = {},
                     std::vector<std::pair<std::string, std::string>> headers = {}) {
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), uri, std::move(headers));
    }
    /// The first of the user's works, as the works list renders it.
    Poco::JSON::Object::Ptr firstWork(const std::string& token) {
        auto list = getAs("/music/song/list", token);
        return list.json()->getArray("data")->getObject(0);
    }
};

TEST_F(MediaTest, APrivateSongsAudioAndCoverAre404ToAnyoneButTheOwner) {
    Account owner = account("13800000001");
    Account other = account("13800000002");
    storeSong("private-1", owner.id, false);
    for (const char* uri : {"/media/private-1.mp3", "/media/private-1.svg"}) {
        auto anonymous = fetch(uri);
        EXPECT_EQ(anonymous.status, 404) << uri;
        EXPECT_EQ(anonymous.json()->getValue<std::string>("message"), "文件不存在");
        EXPECT_EQ(fetch(uri, other.token).status, 404) << uri;
        auto own = fetch(uri, owner.token);
        EXPECT_EQ(own.status, 200) << uri;
        EXPECT_EQ(own.header("Cache-Control"), "private, no-store");
    }
    EXPECT_EQ(fetch("/media/private-1.mp3", {}, {{"Range", "bytes=0-9"}}).status, 404);
}

TEST_F(MediaTest, TheOwnersViewsCarrySignedUrlsThatPlayWithoutTheHeader) {
    Account owner = account("13800000001");
    storeSong("private-2", owner.id, false);
    auto work = firstWork(owner.token);
    const std::string audio = work->getValue<std::string>("native_audio_url");
    const std::string cover = work->getValue<std::string>("native_image_url");
    EXPECT_EQ(audio.rfind("/media/private-2.mp3?exp=", 0), 0u) << audio;
    EXPECT_NE(audio.find("&sig="), std::string::npos) << audio;
    // An <audio> element sends no Authorization header: the signed URL is enough, with Range.
    auto played = fetch(audio, {}, {{"Range", "bytes=0-99"}});
    EXPECT_EQ(played.status, 206);
    EXPECT_EQ(played.body, mediaBytes().substr(0, 100));
    EXPECT_EQ(played.header("Cache-Control"), "private, no-store");
    EXPECT_EQ(fetch(cover).status, 200);
    // The same URL for the whole hour (a polling works list does not restart the player).
    clock().advance(1min);
    EXPECT_EQ(firstWork(owner.token)->getValue<std::string>("native_audio_url"), audio);
    // The player detail signs too.
    auto detail = getAs("/music/getMusic?id=private-2", owner.token).json()->getObject("data");
    EXPECT_EQ(detail->getValue<std::string>("audio"), audio);

    // Tampered, moved to another file, or expired: 404.
    std::string tampered = audio;
    tampered.back() = tampered.back() == 'A' ? 'B' : 'A';
    EXPECT_EQ(fetch(tampered).status, 404);
    const std::string query = audio.substr(audio.find('?'));
    storeSong("private-3", owner.id, false);
    EXPECT_EQ(fetch("/media/private-3.mp3" + query).status, 404) << "a signature is for one file";
    clock().advance(2h);
    EXPECT_EQ(fetch(audio).status, 404) << "expired";
}

TEST_F(MediaTest, APublicSongStillPlaysWithRangeAndLongPublicCaching) {
    Account owner = account("13800000001");
    storeSong("public-1", owner.id, true);
    auto whole = fetch("/media/public-1.mp3");
    EXPECT_EQ(whole.status, 200);
    EXPECT_EQ(whole.header("Cache-Control"), "public, max-age=31536000, immutable");
    auto range = fetch("/media/public-1.mp3", {}, {{"Range", "bytes=10-19"}});
    EXPECT_EQ(range.status, 206);
    EXPECT_EQ(range.body, mediaBytes().substr(10, 10));
    EXPECT_EQ(fetch("/media/public-1.mp3", {}, {{"If-None-Match", whole.header("ETag")}}).status, 304);
    auto unsatisfiable = fetch("/media/public-1.mp3", {}, {{"Range", "bytes=99999-"}});
    EXPECT_EQ(unsatisfiable.status, 416);
    EXPECT_EQ(unsatisfiable.header("Cache-Control"), "no-store") << "issue 31: a 416 is not cached for a year";
    EXPECT_EQ(firstWork(owner.token)->getValue<std::string>("native_audio_url"), "/media/public-1.mp3")
        << "public songs keep their plain, cacheable URLs";
}

TEST_F(MediaTest, HiddenDeletedAndUnfinishedSongsMediaIsNotPublic) {
    Account owner = account("13800000001");
    storeSong("hidden-1", owner.id, true);
    storeSong("deleted-1", owner.id, true);
    storeSong("running-1", owner.id, true);
    update("hidden-1", [](domain::Song& song) { song.hidden = true; });
    update("deleted-1", [&](domain::Song& song) { song.deletedAt = clock().now(); });
    update("running-1", [](domain::Song& song) { song.complete = domain::SongStatus::Generating; });
    for (const char* id : {"hidden-1", "deleted-1", "running-1"}) {
        EXPECT_EQ(fetch(std::string("/media/") + id + ".mp3").status, 404) << id;
    }
    EXPECT_EQ(fetch("/media/deleted-1.mp3", owner.token).status, 404) << "deleted: not even for the owner";
    EXPECT_EQ(fetch("/media/hidden-1.mp3", owner.token).status, 200) << "the owner still has their hidden song";
    // A file no song uses is served to no one.
    writeFile(server().mediaDir() / "stray.mp3", mediaBytes());
    EXPECT_EQ(fetch("/media/stray.mp3").status, 404);
}

TEST_F(MediaTest, SwitchingASongPrivateTakesItsMediaOffline) {
    Account owner = account("13800000001");
    storeSong("switch-1", owner.id, true);
    EXPECT_EQ(fetch("/media/switch-1.mp3").status, 200);
    expectOk(post("/music/openSong", R"({"openId":0,"nativeId":"switch-1"})", owner.token));
    EXPECT_EQ(fetch("/media/switch-1.mp3").status, 404);
}

// ---- clients ----

TEST(ClientAddress, IPv6ClientsAreBucketedBySlash64) {
    EXPECT_EQ(clientBucket("2001:db8:1:2::5"), "2001:db8:1:2::/64");
    EXPECT_EQ(clientBucket("2001:db8:1:2:ffff:ffff:ffff:ffff"), "2001:db8:1:2::/64");
    EXPECT_NE(clientBucket("2001:db8:1:3::5"), clientBucket("2001:db8:1:2::5"));
    EXPECT_EQ(clientBucket("203.0.113.7"), "203.0.113.7");
    EXPECT_EQ(clientBucket("::ffff:203.0.113.7"), "203.0.113.7");
}

TEST(ClientAddress, NetworksAreSlash24AndSlash56) {
    EXPECT_EQ(networkBucket("203.0.113.7"), "203.0.113.0/24");
    EXPECT_EQ(networkBucket("::ffff:203.0.113.7"), "203.0.113.0/24");
    EXPECT_EQ(networkBucket("2001:db8:1:2ff::5"), "2001:db8:1:200::/56");
    EXPECT_EQ(networkBucket("2001:db8:1:200::1"), networkBucket("2001:db8:1:2ff:ffff::1")) << "one /56";
    EXPECT_NE(networkBucket("2001:db8:1:300::1"), networkBucket("2001:db8:1:200::1"));
}

TEST(ClientAddress, ForwardedForIsBelievedOnlyFromTrustedProxies) {
    TrustedProxies proxies({"10.0.0.0/8", "fd00::/8"});
    EXPECT_EQ(resolveClientIp("10.1.2.3", "198.51.100.7", true, proxies), "198.51.100.7");
    EXPECT_EQ(resolveClientIp("203.0.113.1", "198.51.100.7", true, proxies), "203.0.113.1") << "not a proxy";
    EXPECT_EQ(resolveClientIp("10.1.2.3", "198.51.100.7", false, proxies), "10.1.2.3") << "trust_proxy off";
    // The client's own entries (left of the first untrusted address) are not believed.
    EXPECT_EQ(resolveClientIp("10.1.2.3", "1.1.1.1, 198.51.100.7, 10.9.9.9", true, proxies), "198.51.100.7");
    EXPECT_EQ(resolveClientIp("10.1.2.3", "garbage", true, proxies), "10.1.2.3");
    EXPECT_EQ(resolveClientIp("fd00::1", "2001:db8::9", true, proxies), "2001:db8::9");
    EXPECT_EQ(resolveClientIp("::ffff:10.0.0.1", "198.51.100.7", true, proxies), "198.51.100.7");
    TrustedProxies loopback;
    EXPECT_TRUE(loopback.contains("127.0.0.1"));
    EXPECT_TRUE(loopback.contains("::1"));
    EXPECT_FALSE(loopback.contains("10.0.0.1"));
    EXPECT_THROW(TrustedProxies({"10.0.0.0/33"}), std::invalid_argument);
    EXPECT_THROW(TrustedProxies({"not-an-address"}), std::invalid_argument);
}

TEST(ClientAddress, AnUntrustedPeersForwardedForIsIgnored) {
    // Trusting only 10.0.0.1: the test's loopback connections are not a proxy, so X-Forwarded-For is ignored and every
    // request below is one client on one network: past 5 codes the network must solve a challenge (15 refused), and
    // the 21st meets the 20-codes-an-hour limit. Believed, the addresses would be 21 clients on 21 networks.
    TestServer server([](HttpConfig& config) {
        config.trustProxy = true;
        config.trustedProxies = {"10.0.0.1"};
    });
    int refused = 0;
    for (int i = 0; i < 21; ++i) {
        RequestSpec spec;
        spec.method = "POST";
        spec.uri = "/login/code";
        spec.body = R"({"phoneNumber":"1380000)" + std::to_string(4000 + i) + R"("})";
        spec.headers = {{"Content-Type", "application/json"},
                        {"X-Forwarded-For", "198.51." + std::to_string(100 + i) + ".7"}};
        if (send(server.port(), spec).status == 429) {
            ++refused;
        }
    }
    EXPECT_EQ(refused, 16);
}

TEST(ClientAddress, OneIPv6HostIsOneClientForTheLimits) {
    TestServer server([](HttpConfig& config) { config.trustProxy = true; });
    int refused = 0;
    for (int i = 0; i < 21; ++i) {
        RequestSpec spec;
        spec.method = "POST";
        spec.uri = "/login/code";
        spec.body = R"({"phoneNumber":"1380000)" + std::to_string(5000 + i) + R"("})";
        // Every request from a different address of the same /64: one client (and one network), so as above.
        spec.headers = {{"Content-Type", "application/json"},
                        {"X-Forwarded-For", "2001:db8:7:7::" + std::to_string(i + 1)}};
        if (send(server.port(), spec).status == 429) {
            ++refused;
        }
    }
    EXPECT_EQ(refused, 16);
    RequestSpec other;
    other.method = "POST";
    other.uri = "/login/code";
    other.body = R"({"phoneNumber":"13800005099"})";
    other.headers = {{"Content-Type", "application/json"}, {"X-Forwarded-For", "2001:db8:8:8::1"}};
    EXPECT_EQ(send(server.port(), other).status, 200) << "another /56 is another client and network";
}

// ---- slow clients ----

/// Sends `prefix` at once, then text one byte at a time every `pause`, until the server cuts the connection or `limit`
/// passes; how long the connection lasted.
std::chrono::milliseconds trickle(std::uint16_t port, const std::string& prefix, const std::string& text,
                                  std::chrono::milliseconds pause, std::chrono::milliseconds limit) {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port));
    socket.setReceiveTimeout(Poco::Timespan(0, 1000));
    const auto started = std::chrono::steady_clock::now();
    if (!prefix.empty()) {
        socket.sendBytes(prefix.data(), static_cast<int>(prefix.size()));
    }
    std::size_t sent = 0;
    while (std::chrono::steady_clock::now() - started < limit) {
        try {
            if (socket.poll(Poco::Timespan(0, 0), Poco::Net::Socket::SELECT_READ)) {
                char buffer[512];
                if (socket.receiveBytes(buffer, sizeof buffer) <= 0) {
                    break; // closed by the server
                }
            }
            const char byte = sent < text.size() ? text[sent] : 'x';
            socket.sendBytes(&byte, 1);
            ++sent;
        } catch (const Poco::Exception&) {
            break; // reset by the server
        }
        std::this_thread::sleep_for(pause);
    }
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
}

TEST(SlowClients, TricklingHeadersAreCutAtTheRequestDeadline) {
    TestServer server([](HttpConfig& config) {
        config.requestDeadlineSeconds = 1;
        config.readTimeoutSeconds = 30; // each byte arrives well within the per-read timeout
    });
    const auto lasted = trickle(server.port(), "",
                                "GET /music/test HTTP/1.1\r\nHost: x\r\nX-Slow: " + std::string(500, 'a'), 100ms, 8s);
    EXPECT_LT(lasted, 4s) << "the connection was held " << lasted.count() << " ms";
    EXPECT_EQ(get(server.port(), "/music/test").status, 200);
}

TEST(SlowClients, ATricklingBodyIsCutAtTheRequestDeadline) {
    TestServer server([](HttpConfig& config) {
        config.requestDeadlineSeconds = 1;
        config.readTimeoutSeconds = 30;
    });
    const std::string head = "POST /login/code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             "Content-Length: 1000\r\n\r\n";
    const auto lasted = trickle(server.port(), head, std::string(1000, ' '), 100ms, 8s);
    EXPECT_LT(lasted, 4s) << "the connection was held " << lasted.count() << " ms";
}

TEST(SlowClients, SlowClientsCannotHoldEveryThread) {
    TestServer server([](HttpConfig& config) {
        config.threads = 2;
        config.requestDeadlineSeconds = 1;
        config.readTimeoutSeconds = 30;
    });
    std::vector<std::thread> slow;
    for (int i = 0; i < 4; ++i) {
        slow.emplace_back(
            [&] { trickle(server.port(), "", "GET / HTTP/1.1\r\nX-Slow: " + std::string(500, 'b'), 100ms, 6s); });
    }
    std::this_thread::sleep_for(300ms);
    const auto started = std::chrono::steady_clock::now();
    EXPECT_EQ(get(server.port(), "/music/test").status, 200);
    EXPECT_LT(std::chrono::steady_clock::now() - started, 5s);
    for (auto& thread : slow) {
        thread.join();
    }
}

TEST(SlowClients, AKeptAliveConnectionServesSeveralRequests) {
    TestServer server([](HttpConfig& config) { config.requestDeadlineSeconds = 1; });
    Poco::Net::HTTPClientSession session("127.0.0.1", server.port());
    session.setKeepAlive(true);
    for (int i = 0; i < 3; ++i) {
        RequestSpec spec;
        spec.uri = "/music/test";
        EXPECT_EQ(sendOn(session, spec).status, 200);
        std::this_thread::sleep_for(1500ms); // idle longer than the deadline, shorter than deadline + keep-alive
    }
}

// ---- the per-client connection cap (issue 31) ----

/// A connection to the server from a given loopback source address (127.0.0.1 and 127.0.0.2 are two clients).
Poco::Net::StreamSocket connectFrom(const std::string& source, std::uint16_t port) {
    Poco::Net::StreamSocket socket;
    socket.impl()->bind(Poco::Net::SocketAddress(source, 0));
    socket.connect(Poco::Net::SocketAddress("127.0.0.1", port));
    return socket;
}

/// Whether the server closed the connection without a word within `wait` (a refused connection) rather than
/// answering a request on it.
bool closedAtOnce(Poco::Net::StreamSocket& socket, std::chrono::milliseconds wait = 2s) {
    socket.setReceiveTimeout(Poco::Timespan(std::chrono::duration_cast<std::chrono::microseconds>(wait).count()));
    try {
        const std::string request = "GET /music/test HTTP/1.1\r\nHost: x\r\n\r\n";
        socket.sendBytes(request.data(), static_cast<int>(request.size()));
        char buffer[64];
        return socket.receiveBytes(buffer, sizeof buffer) <= 0;
    } catch (const Poco::TimeoutException&) {
        return false;
    } catch (const Poco::Exception&) {
        return true; // reset
    }
}

TEST(ConnectionCap, AClientPastItsCapIsRefusedAtAcceptAndOthersAreServed) {
    TestServer server([](HttpConfig& config) {
        config.maxConnectionsPerClient = 4;
        config.trustedProxies = {"10.0.0.1"}; // loopback is not a proxy here, so it is capped
        config.threads = 16;
    });
    std::vector<Poco::Net::StreamSocket> held;
    for (int i = 0; i < 4; ++i) {
        held.push_back(connectFrom("127.0.0.1", server.port()));
    }
    std::this_thread::sleep_for(200ms); // the server has accepted them
    for (int i = 0; i < 3; ++i) {
        auto extra = connectFrom("127.0.0.1", server.port());
        EXPECT_TRUE(closedAtOnce(extra)) << "a fifth connection of one client is closed at once";
    }
    auto other = connectFrom("127.0.0.2", server.port());
    EXPECT_FALSE(closedAtOnce(other)) << "another client is served";
    EXPECT_FALSE(closedAtOnce(held.front())) << "the client's own connections still work";
    // Closing one frees its place.
    held.back().close();
    held.pop_back();
    bool served = false;
    for (int i = 0; i < 20 && !served; ++i) {
        std::this_thread::sleep_for(50ms);
        auto again = connectFrom("127.0.0.1", server.port());
        served = !closedAtOnce(again);
    }
    EXPECT_TRUE(served);
}

TEST(ConnectionCap, TrustedProxiesAreNotCapped) {
    TestServer server([](HttpConfig& config) {
        config.maxConnectionsPerClient = 2;
        config.threads = 16;
    });
    std::vector<Poco::Net::StreamSocket> held;
    for (int i = 0; i < 6; ++i) {
        held.push_back(connectFrom("127.0.0.1", server.port()));
    }
    for (auto& socket : held) {
        EXPECT_FALSE(closedAtOnce(socket)) << "loopback is a trusted proxy by default: it carries many clients";
    }
}

// ---- request framing and header size (issue 31) ----

/// Sends raw bytes on a new connection and returns everything the server answers until it closes the connection
/// (or `limit` passes).
std::string rawExchange(std::uint16_t port, const std::string& bytes, std::chrono::milliseconds limit = 5s) {
    Poco::Net::StreamSocket socket(Poco::Net::SocketAddress("127.0.0.1", port));
    socket.setReceiveTimeout(Poco::Timespan(0, 200 * 1000));
    socket.sendBytes(bytes.data(), static_cast<int>(bytes.size()));
    std::string received;
    const auto started = std::chrono::steady_clock::now();
    while (std::chrono::steady_clock::now() - started < limit) {
        char buffer[4096];
        try {
            const int n = socket.receiveBytes(buffer, sizeof buffer);
            if (n <= 0) {
                break;
            }
            received.append(buffer, static_cast<std::size_t>(n));
        } catch (const Poco::TimeoutException&) {
            continue;
        } catch (const Poco::Exception&) {
            break;
        }
    }
    return received;
}

/// How many HTTP answers a raw exchange holds.
int answers(const std::string& received) {
    int count = 0;
    for (std::size_t pos = received.find("HTTP/1.1 "); pos != std::string::npos;
         pos = received.find("HTTP/1.1 ", pos + 1)) {
        ++count;
    }
    return count;
}

TEST(RequestFraming, AmbiguousBodyFramingIs400AndClosesTheConnection) {
    TestServer server;
    const std::string follow = "GET /music/test HTTP/1.1\r\nHost: x\r\n\r\n";
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"Transfer-Encoding with Content-Length", "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"},
        {"two Content-Length", "Content-Length: 0\r\nContent-Length: 46\r\n\r\n"},
        {"Content-Length with a sign", "Content-Length: +2\r\n\r\n{}"},
        {"a negative Content-Length", "Content-Length: -2\r\n\r\n"},
        {"a Transfer-Encoding other than chunked", "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"},
        {"Transfer-Encoding twice", "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"},
    };
    for (const auto& [name, framing] : cases) {
        const std::string received =
            rawExchange(server.port(), "POST /login/code HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
                                           framing + follow);
        EXPECT_EQ(received.rfind("HTTP/1.1 400", 0), 0u) << name << ": " << received;
        EXPECT_EQ(answers(received), 1) << name << ": the request behind it must not be answered\n" << received;
        EXPECT_NE(domain::toLowerAscii(received).find("connection: close"), std::string::npos) << name << received;
        EXPECT_NE(received.find("\"code\":4000"), std::string::npos) << name << ": " << received;
    }
    // Plain framing still works, and keeps the connection.
    const std::string plain =
        rawExchange(server.port(), "POST /login/code HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}" + follow, 2s);
    EXPECT_EQ(answers(plain), 2) << plain;
    const std::string chunked = rawExchange(
        server.port(),
        "POST /login/code HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" + follow, 2s);
    EXPECT_EQ(answers(chunked), 2) << chunked;
}

TEST(RequestFraming, HeadersOverSixteenKibAre431WithTheEnvelope) {
    TestServer server;
    std::vector<std::pair<std::string, std::string>> huge;
    for (int i = 0; i < 90; ++i) {
        huge.emplace_back("X-Filler-" + std::to_string(i), std::string(8000, 'a'));
    }
    auto refused = get(server.port(), "/music/test", huge);
    EXPECT_EQ(refused.status, 431);
    EXPECT_EQ(refused.json()->getValue<int>("code"), 4000);
    EXPECT_EQ(refused.json()->getValue<std::string>("message"), "请求头过大");
    std::vector<std::pair<std::string, std::string>> justOver = {{"X-Filler", std::string(16 * 1024, 'b')}};
    justOver.front().second.resize(8000);
    justOver.emplace_back("X-Filler-2", std::string(8000, 'c'));
    justOver.emplace_back("X-Filler-3", std::string(500, 'd'));
    EXPECT_EQ(get(server.port(), "/music/test", justOver).status, 431);
    std::vector<std::pair<std::string, std::string>> fine;
    for (int i = 0; i < 10; ++i) {
        fine.emplace_back("X-Filler-" + std::to_string(i), std::string(1000, 'a'));
    }
    EXPECT_EQ(get(server.port(), "/music/test", fine).status, 200) << "10 KiB of headers are fine";
}

// ---- logs ----

TEST(Logs, QueryStringsAreNeverLogged) {
    gequ::test::LogCapture log("gequ.http", Poco::Message::PRIO_DEBUG);
    {
        TestServer server;
        get(server.port(), "/music/search?keyword=secret-search-words");
        get(server.port(), "/media/x.mp3?exp=1&sig=secret-signature");
        RequestSpec spec;
        spec.method = "POST";
        spec.uri = "/music/api/callback/ace?key=secret-callback-key";
        spec.body = "{}";
        send(server.port(), spec);
    }
    const std::string text = log.text();
    EXPECT_NE(text.find("/music/search"), std::string::npos) << "the access log is on: " << text;
    for (const char* secret : {"secret-search-words", "secret-signature", "secret-callback-key"}) {
        EXPECT_EQ(text.find(secret), std::string::npos) << secret << "\n" << text;
    }
}

} // namespace
} // namespace gequ::http::test
