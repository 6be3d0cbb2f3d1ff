// The server as a client sees it: envelopes, status codes, headers, limits, static files, media, metrics.

#include "http_client.h"
#include "log_capture.h"
#include "test_server.h"

#include <Poco/JSON/Array.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/String.h>
#include <algorithm>
#include <gtest/gtest.h>
#include <mutex>
#include <regex>

namespace gequ::http::test {
namespace {

class ServerTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        _server = new TestServer();
        _server->publishMediaSong();
    }
    static void TearDownTestSuite() {
        delete _server;
        _server = nullptr;
    }
    static std::uint16_t port() { return _server->port(); }
    static TestServer& server() { return *_server; }

    static void expectEnvelopeError(const HttpAnswer& answer, int status, int code, const std::string& message) {
        EXPECT_EQ(answer.status, status) << answer.text();
        EXPECT_EQ(answer.header("Content-Type"), "application/json; charset=utf-8");
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), code);
        EXPECT_EQ(json->getValue<std::string>("type"), "error");
        EXPECT_EQ(json->getValue<std::string>("message"), message);
        EXPECT_TRUE(json->has("data"));
        EXPECT_TRUE(json->isNull("data"));
    }

private:
    static inline TestServer* _server = nullptr;
};

TEST_F(ServerTest, HealthzAnswersOkWhenTheDatabaseAnswers) {
    auto answer = get(port(), "/healthz");
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.text(), R"({"status":"ok"})");
    EXPECT_EQ(answer.header("Content-Type"), "application/json; charset=utf-8");
}

TEST_F(ServerTest, MusicTestIsAnOkEnvelopeForAVisitor) {
    auto answer = get(port(), "/music/test");
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.text(), R"({"code":2000,"type":"ok","message":"成功","data":{"status":"ok","loggedIn":false}})");
    EXPECT_EQ(answer.header("Cache-Control"), "no-store");
    EXPECT_EQ(answer.header("Content-Length"), std::to_string(answer.body.size()));
}

TEST_F(ServerTest, EveryAnswerHasARequestIdAndTheSecurityHeaders) {
    std::vector<HttpAnswer> answers = {
        get(port(), "/healthz"),
        get(port(), "/music/test"),
        get(port(), "/music/nothing"),
        get(port(), "/create"),
        get(port(), "/media/song.mp3"),
        get(port(), "/media/missing.mp3"),
        get(port(), "/metrics"),
    };
    std::regex generated("^[0-9a-f]{16}$");
    // A script gets nosniff, not the document policies (a browser reads none from it).
    HttpAnswer script = get(port(), "/assets/index-abc123.js");
    EXPECT_TRUE(std::regex_match(script.header("X-Request-Id"), generated));
    EXPECT_EQ(script.header("X-Content-Type-Options"), "nosniff");
    EXPECT_EQ(script.header("Content-Security-Policy"), "");
    EXPECT_EQ(script.header("X-Frame-Options"), "");
    for (const auto& answer : answers) {
        EXPECT_TRUE(std::regex_match(answer.header("X-Request-Id"), generated)) << answer.header("X-Request-Id");
        EXPECT_EQ(answer.header("X-Content-Type-Options"), "nosniff");
        EXPECT_EQ(answer.header("Referrer-Policy"), "strict-origin-when-cross-origin");
        EXPECT_EQ(answer.header("X-Frame-Options"), "DENY");
        std::string csp = answer.header("Content-Security-Policy");
        EXPECT_NE(csp.find("default-src 'self'"), std::string::npos) << csp;
        EXPECT_NE(csp.find("img-src 'self' data: blob: https://cdn.example.com"), std::string::npos) << csp;
        EXPECT_NE(csp.find("media-src 'self' blob: https://cdn.example.com"), std::string::npos) << csp;
        EXPECT_NE(csp.find("style-src 'self' 'unsafe-inline'"), std::string::npos) << csp;
        EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << csp;
    }
    EXPECT_NE(answers[0].header("X-Request-Id"), answers[1].header("X-Request-Id"));
}

TEST_F(ServerTest, ASafeIncomingRequestIdIsKeptAndAnUnsafeOneReplaced) {
    EXPECT_EQ(get(port(), "/healthz", {{"X-Request-Id", "trace-42.a_b"}}).header("X-Request-Id"), "trace-42.a_b");
    for (std::string bad :
         {std::string("has space"), std::string(65, 'a'), std::string("<script>"), std::string("id;drop")}) {
        std::string id = get(port(), "/healthz", {{"X-Request-Id", bad}}).header("X-Request-Id");
        EXPECT_NE(id, bad);
        EXPECT_EQ(id.size(), 16u);
    }
}

TEST_F(ServerTest, LargeJsonIsGzippedWhenAccepted) {
    auto plain = get(port(), "/pay/plans");
    ASSERT_EQ(plain.status, 200);
    EXPECT_FALSE(plain.hasHeader("Content-Encoding"));
    ASSERT_GT(plain.body.size(), 1024u);

    auto zipped = get(port(), "/pay/plans", {{"Accept-Encoding", "gzip, deflate, br"}});
    ASSERT_EQ(zipped.status, 200);
    EXPECT_EQ(zipped.header("Content-Encoding"), "gzip");
    EXPECT_EQ(zipped.header("Vary"), "Accept-Encoding");
    EXPECT_EQ(zipped.header("Content-Length"), std::to_string(zipped.body.size()));
    EXPECT_LT(zipped.body.size(), plain.body.size());
    EXPECT_EQ(gunzip(zipped.body), plain.body);

    auto refused = get(port(), "/pay/plans", {{"Accept-Encoding", "gzip;q=0"}});
    EXPECT_FALSE(refused.hasHeader("Content-Encoding"));
}

TEST_F(ServerTest, SmallAnswersAreNotGzipped) {
    auto answer = get(port(), "/music/test", {{"Accept-Encoding", "gzip"}});
    EXPECT_EQ(answer.status, 200);
    EXPECT_FALSE(answer.hasHeader("Content-Encoding"));
    EXPECT_EQ(answer.json()->getValue<int>("code"), 2000);
}

TEST_F(ServerTest, KeepAliveServesSeveralRequestsOnOneConnection) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port());
    session.setKeepAlive(true);
    for (const char* uri : {"/music/test", "/pay/plans", "/create", "/media/song.mp3", "/music/nothing", "/healthz"}) {
        RequestSpec spec;
        spec.uri = uri;
        auto answer = sendOn(session, spec);
        EXPECT_LT(answer.status, 500) << uri;
        EXPECT_TRUE(answer.hasHeader("Content-Length")) << uri;
        EXPECT_NE(Poco::toLower(answer.header("Connection")), "close") << uri;
    }
}

TEST_F(ServerTest, AnOversizedBodyIs413WithoutBeingRead) {
    RequestSpec spec;
    spec.method = "POST";
    spec.uri = "/music/getNewMusic";
    spec.headers = {{"Content-Type", "application/json"}};
    spec.body = "\"" + std::string(100 * 1024, 'x') + "\"";
    auto answer = send(port(), spec);
    expectEnvelopeError(answer, 413, 4130, "请求内容过大");
    EXPECT_EQ(Poco::toLower(answer.header("Connection")), "close");
}

TEST_F(ServerTest, AnAnnouncedOversizedBodyIsRefusedBeforeItIsSent) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port());
    Poco::Net::HTTPRequest request("POST", "/music/test", Poco::Net::HTTPMessage::HTTP_1_1);
    request.setContentLength64(100 * 1024);
    request.setExpectContinue(true);
    session.sendRequest(request);
    Poco::Net::HTTPResponse response;
    EXPECT_FALSE(session.peekResponse(response)) << "no 100 Continue";
    EXPECT_EQ(response.getStatus(), Poco::Net::HTTPResponse::HTTP_REQUEST_ENTITY_TOO_LARGE);
}

TEST_F(ServerTest, AnOversizedChunkedBodyIs413) {
    RequestSpec spec;
    spec.uri = "/music/test";
    spec.chunked = true;
    spec.body = std::string(100 * 1024, 'x');
    auto answer = send(port(), spec);
    expectEnvelopeError(answer, 413, 4130, "请求内容过大");
}

TEST_F(ServerTest, ABodyAtTheLimitIsRead) {
    RequestSpec spec;
    spec.uri = "/music/test";
    spec.body = std::string(64 * 1024, 'x');
    auto answer = send(port(), spec);
    EXPECT_EQ(answer.status, 200);
    spec.chunked = true;
    EXPECT_EQ(send(port(), spec).status, 200);
}

TEST_F(ServerTest, UnknownApiPathsAre404Envelopes) {
    for (const char* uri : {"/music/x", "/music/", "/music", "/user/unknown", "/pay/nothing", "/login/x", "/api/v1/x",
                            "/music/getNewMusic/extra"}) {
        SCOPED_TRACE(uri);
        expectEnvelopeError(get(port(), uri), 404, 4040, "接口不存在");
    }
    RequestSpec post;
    post.method = "POST";
    post.uri = "/music/unknown";
    post.body = "{}";
    expectEnvelopeError(send(port(), post), 404, 4040, "接口不存在");
}

TEST_F(ServerTest, AWrongMethodOnAKnownPathIs4000) {
    RequestSpec spec;
    spec.method = "POST";
    spec.uri = "/music/getNewMusic";
    spec.body = "{}";
    auto answer = send(port(), spec);
    expectEnvelopeError(answer, 400, 4000, "该接口不支持 POST 请求");
    EXPECT_EQ(answer.header("Allow"), "GET, HEAD");
}

TEST_F(ServerTest, NonApiPostsAre404Envelopes) {
    RequestSpec spec;
    spec.method = "POST";
    spec.uri = "/create";
    spec.body = "{}";
    expectEnvelopeError(send(port(), spec), 404, 4040, "接口不存在");
}

TEST_F(ServerTest, ABadQueryEncodingIs4000) {
    expectEnvelopeError(get(port(), "/music/getNewMusic?page=%zz"), 400, 4000, "请求地址格式错误");
}

TEST_F(ServerTest, HistoryModeRoutesServeIndexHtml) {
    for (const char* uri : {"/", "/create", "/musicPlayer?id=YWJj", "/mywork", "/some/deep/route", "/favicon.ico"}) {
        SCOPED_TRACE(uri);
        auto answer = get(port(), uri);
        EXPECT_EQ(answer.status, 200);
        EXPECT_EQ(answer.header("Content-Type"), "text/html; charset=utf-8");
        EXPECT_EQ(answer.header("Cache-Control"), "no-cache");
        EXPECT_EQ(answer.text(), kIndexHtml);
    }
    auto index = get(port(), "/index.html");
    EXPECT_EQ(index.status, 200);
    EXPECT_EQ(index.header("Cache-Control"), "no-cache");
}

TEST_F(ServerTest, OtherWebFilesAreServedWithTheirType) {
    auto answer = get(port(), "/favicon.svg");
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.header("Content-Type"), "image/svg+xml");
    EXPECT_EQ(answer.text(), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
}

TEST_F(ServerTest, HashedAssetsAreImmutableAndRevalidate) {
    auto answer = get(port(), "/assets/index-abc123.js");
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.header("Content-Type"), "text/javascript; charset=utf-8");
    EXPECT_EQ(answer.header("Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_EQ(answer.text(), assetScript());
    std::string etag = answer.header("ETag");
    std::string lastModified = answer.header("Last-Modified");
    ASSERT_FALSE(etag.empty());
    ASSERT_FALSE(lastModified.empty());

    auto byTag = get(port(), "/assets/index-abc123.js", {{"If-None-Match", etag}});
    EXPECT_EQ(byTag.status, 304);
    EXPECT_TRUE(byTag.body.empty());
    EXPECT_EQ(byTag.header("ETag"), etag);
    EXPECT_EQ(get(port(), "/assets/index-abc123.js", {{"If-None-Match", "\"other\""}}).status, 200);
    EXPECT_EQ(get(port(), "/assets/index-abc123.js", {{"If-Modified-Since", lastModified}}).status, 304);
    EXPECT_EQ(get(port(), "/assets/index-abc123.js", {{"If-Modified-Since", "Thu, 01 Jan 1970 00:00:00 GMT"}}).status,
              200);

    auto zipped = get(port(), "/assets/index-abc123.js", {{"Accept-Encoding", "gzip"}});
    EXPECT_EQ(zipped.header("Content-Encoding"), "gzip");
    EXPECT_EQ(gunzip(zipped.body), assetScript());
    std::string zippedTag = zipped.header("ETag");
    EXPECT_NE(zippedTag, etag);
    EXPECT_EQ(
        get(port(), "/assets/index-abc123.js", {{"Accept-Encoding", "gzip"}, {"If-None-Match", zippedTag}}).status,
        304);
}

TEST_F(ServerTest, MissingAssetsAre404NotThePage) {
    expectEnvelopeError(get(port(), "/assets/missing-123.js"), 404, 4040, "文件不存在");
}

TEST_F(ServerTest, HeadServesHeadersOnly) {
    RequestSpec spec;
    spec.method = "HEAD";
    spec.uri = "/create";
    auto page = send(port(), spec);
    EXPECT_EQ(page.status, 200);
    EXPECT_TRUE(page.body.empty());
    EXPECT_EQ(page.header("Content-Length"), std::to_string(kIndexHtml.size()));

    spec.uri = "/media/song.mp3";
    auto media = send(port(), spec);
    EXPECT_EQ(media.status, 200);
    EXPECT_TRUE(media.body.empty());
    EXPECT_EQ(media.header("Content-Length"), "10000");
    EXPECT_EQ(media.header("Content-Type"), "audio/mpeg");
}

TEST_F(ServerTest, PathTraversalIsRefused) {
    for (const char* uri :
         {"/../secret.txt", "/%2e%2e/secret.txt", "/assets/../../secret.txt", "/..%2fsecret.txt",
          "/media/../secret.txt", "/media/%2e%2e%2fsecret.txt", "/media/..%5csecret.txt", "/.env", "/media/.hidden"}) {
        SCOPED_TRACE(uri);
        auto answer = get(port(), uri);
        EXPECT_EQ(answer.status, 400);
        EXPECT_EQ(answer.text().find("outside the roots"), std::string::npos);
        EXPECT_EQ(answer.text().find("SECRET"), std::string::npos);
        EXPECT_EQ(answer.json()->getValue<int>("code"), 4000);
    }
}

TEST_F(ServerTest, MediaIsServedWhole) {
    auto answer = get(port(), "/media/song.mp3", {{"Accept-Encoding", "gzip"}});
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.body, mediaBytes());
    EXPECT_EQ(answer.header("Content-Type"), "audio/mpeg");
    EXPECT_EQ(answer.header("Accept-Ranges"), "bytes");
    EXPECT_EQ(answer.header("Cache-Control"), "public, max-age=31536000, immutable");
    EXPECT_FALSE(answer.hasHeader("Content-Encoding")) << "audio is never gzipped";
    EXPECT_FALSE(answer.header("ETag").empty());
    EXPECT_FALSE(answer.header("Last-Modified").empty());
    EXPECT_EQ(get(port(), "/media/song.mp3", {{"If-None-Match", answer.header("ETag")}}).status, 304);
}

TEST_F(ServerTest, MediaRanges) {
    const std::string bytes = mediaBytes();
    auto first = get(port(), "/media/song.mp3", {{"Range", "bytes=0-99"}});
    EXPECT_EQ(first.status, 206);
    EXPECT_EQ(first.header("Content-Range"), "bytes 0-99/10000");
    EXPECT_EQ(first.header("Content-Length"), "100");
    EXPECT_EQ(first.body, bytes.substr(0, 100));

    auto open = get(port(), "/media/song.mp3", {{"Range", "bytes=9990-"}});
    EXPECT_EQ(open.status, 206);
    EXPECT_EQ(open.header("Content-Range"), "bytes 9990-9999/10000");
    EXPECT_EQ(open.body, bytes.substr(9990));

    auto suffix = get(port(), "/media/song.mp3", {{"Range", "bytes=-5"}});
    EXPECT_EQ(suffix.status, 206);
    EXPECT_EQ(suffix.body, bytes.substr(9995));

    auto beyond = get(port(), "/media/song.mp3", {{"Range", "bytes=10000-"}});
    EXPECT_EQ(beyond.status, 416);
    EXPECT_EQ(beyond.header("Content-Range"), "bytes */10000");
    EXPECT_TRUE(beyond.body.empty());

    auto malformed = get(port(), "/media/song.mp3", {{"Range", "bytes=abc"}});
    EXPECT_EQ(malformed.status, 200);
    EXPECT_EQ(malformed.body.size(), 10000u);

    auto stale = get(port(), "/media/song.mp3", {{"Range", "bytes=0-9"}, {"If-Range", "\"stale\""}});
    EXPECT_EQ(stale.status, 200) << "a changed file is sent whole";
    auto current = get(port(), "/media/song.mp3", {{"Range", "bytes=0-9"}, {"If-Range", first.header("ETag")}});
    EXPECT_EQ(current.status, 206);
}

TEST_F(ServerTest, MissingMediaIs404) {
    expectEnvelopeError(get(port(), "/media/nothing.mp3"), 404, 4040, "文件不存在");
}

TEST_F(ServerTest, MetricsCountRequestsByRouteAndStatus) {
    get(port(), "/music/test");
    get(port(), "/music/nothing");
    auto answer = get(port(), "/metrics");
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.header("Content-Type"), "text/plain; version=0.0.4; charset=utf-8");
    std::string text = answer.text();
    EXPECT_TRUE(std::regex_search(
        text, std::regex(R"(gequ_http_requests_total\{route="/music/test",method="GET",status="200"\} [1-9])")))
        << text;
    EXPECT_TRUE(std::regex_search(
        text, std::regex(R"(gequ_http_requests_total\{route="unmatched",method="GET",status="404"\} [1-9])")))
        << text;
    EXPECT_NE(text.find("gequ_http_request_duration_seconds_sum{route=\"/music/test\""), std::string::npos);
    EXPECT_NE(text.find("gequ_database_up 1"), std::string::npos) << text;
    EXPECT_NE(text.find("# TYPE gequ_orders gauge"), std::string::npos);
    EXPECT_EQ(text.find("/music/nothing"), std::string::npos) << "labels are routes, not raw paths";
}

// ---- servers with their own configuration ----

TEST(RateLimit, ABurstPastTheBucketIs4290) {
    TestServer server([](HttpConfig& config) {
        config.ratePerIp = 0.001; // practically no refill during the test
        config.burstPerIp = 3;
    });
    server.publishMediaSong();
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(get(server.port(), "/music/test").status, 200) << i;
    }
    auto limited = get(server.port(), "/music/getNewMusic");
    EXPECT_EQ(limited.status, 429);
    auto json = limited.json();
    EXPECT_EQ(json->getValue<int>("code"), 4290);
    EXPECT_EQ(json->getValue<std::string>("message"), "操作过于频繁，请稍后再试");
    EXPECT_EQ(get(server.port(), "/music/unknown").status, 429) << "unknown API paths count too";
    EXPECT_EQ(get(server.port(), "/healthz").status, 200) << "health checks are not limited";
    EXPECT_EQ(get(server.port(), "/create").status, 200) << "the web app is not limited";
    EXPECT_EQ(get(server.port(), "/media/song.mp3").status, 200) << "media is not limited";
}

TEST(Cors, OnlyConfiguredOriginsGetCorsHeaders) {
    TestServer server([](HttpConfig& config) { config.corsOrigins = {"https://app.example.com"}; });
    auto allowed = get(server.port(), "/music/test", {{"Origin", "https://app.example.com"}});
    EXPECT_EQ(allowed.header("Access-Control-Allow-Origin"), "https://app.example.com");
    auto other = get(server.port(), "/music/test", {{"Origin", "https://evil.example.com"}});
    EXPECT_FALSE(other.hasHeader("Access-Control-Allow-Origin"));

    RequestSpec preflight;
    preflight.method = "OPTIONS";
    preflight.uri = "/music/test";
    preflight.headers = {{"Origin", "https://app.example.com"}, {"Access-Control-Request-Method", "POST"}};
    auto answer = send(server.port(), preflight);
    EXPECT_EQ(answer.status, 204);
    EXPECT_EQ(answer.header("Access-Control-Allow-Origin"), "https://app.example.com");
    EXPECT_NE(answer.header("Access-Control-Allow-Headers").find("Authorization"), std::string::npos);
}

TEST(Authenticator, ResolvesTheViewerFromTheAuthorizationHeader) {
    TestServer server({}, [](const std::string& token) -> std::optional<domain::SignedIn> {
        if (token == "good-token") {
            return domain::SignedIn{"user-1", domain::TimePoint::max()};
        }
        return std::nullopt;
    });
    auto loggedIn = [&](std::vector<std::pair<std::string, std::string>> headers) {
        auto answer = get(server.port(), "/music/test", std::move(headers));
        return answer.json()->getObject("data")->getValue<bool>("loggedIn");
    };
    EXPECT_TRUE(loggedIn({{"Authorization", "good-token"}}));
    EXPECT_TRUE(loggedIn({{"Authorization", "Bearer good-token"}}));
    EXPECT_FALSE(loggedIn({{"Authorization", "bad-token"}}));
    EXPECT_FALSE(loggedIn({}));
}

/// A database that is down: ping says no, and every unit of work throws.
class BrokenStore : public domain::Store {
public:
    void transact(const std::function<bool(domain::Repositories&)>&) override {
        throw std::runtime_error("connection refused: secret-detail");
    }
    void read(const std::function<void(domain::Repositories&)>&) override {
        throw std::runtime_error("connection refused: secret-detail");
    }
    bool ping() override { return false; }
    std::string dialect() const override { return "sqlite"; }
};

TEST(BrokenDatabase, HealthzIs503AndFailuresAre5000WithoutDetail) {
    gequ::test::LogCapture log("gequ.http");
    TestServerOptions options;
    options.store = std::make_unique<BrokenStore>();
    options.webApp = false;
    TestServer server(std::move(options));

    auto health = get(server.port(), "/healthz");
    EXPECT_EQ(health.status, 503);
    EXPECT_EQ(health.text(), R"({"status":"unavailable"})");

    auto failed = get(server.port(), "/music/getNewMusic", {{"X-Request-Id", "req-1"}});
    EXPECT_EQ(failed.status, 500);
    EXPECT_EQ(failed.text(), R"({"code":5000,"type":"error","message":"服务器繁忙，请稍后再试","data":null})");
    EXPECT_EQ(failed.header("X-Request-Id"), "req-1");
    EXPECT_EQ(failed.text().find("secret-detail"), std::string::npos);
    auto lines = log.lines();
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& line) {
        return line.find("req-1") != std::string::npos && line.find("secret-detail") != std::string::npos;
    })) << "the detail is logged with the request id";

    auto metrics = get(server.port(), "/metrics");
    EXPECT_EQ(metrics.status, 200);
    EXPECT_NE(metrics.text().find("gequ_database_up 0"), std::string::npos);

    auto page = get(server.port(), "/create");
    EXPECT_EQ(page.status, 404) << "no web root: no page";
    EXPECT_EQ(page.json()->getValue<int>("code"), 4040);
}

TEST(Lifecycle, PortZeroPicksAFreePortAndStopIsIdempotent) {
    TestServer first;
    TestServer second;
    EXPECT_NE(first.port(), 0);
    EXPECT_NE(second.port(), 0);
    EXPECT_NE(first.port(), second.port());
    EXPECT_EQ(get(second.port(), "/healthz").status, 200);

    TestServerOptions options;
    options.store = std::make_unique<BrokenStore>();
    TestServer broken(std::move(options));
    Server& server = broken.httpServer();
    server.start(); // no effect
    std::uint16_t port = server.port();
    EXPECT_EQ(get(port, "/healthz").status, 503);
    server.stop();
    server.stop();
}

} // namespace
} // namespace gequ::http::test
