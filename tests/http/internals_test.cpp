// Unit tests of the adapter's internals: input parsing, ranges, paths, gzip negotiation, the token bucket, the route
// table, the envelope and the metrics text.

#include "envelope.h"
#include "http_client.h"
#include "files.h"
#include "json_input.h"
#include "list_cache.h"
#include "media_urls.h"
#include "metrics.h"
#include "rate_limiter.h"
#include "response_writer.h"
#include "router.h"
#include "session_cache.h"

#include <Poco/JSON/Parser.h>
#include <Poco/Net/NameValueCollection.h>
#include <atomic>
#include <cmath>
#include <future>
#include <gtest/gtest.h>
#include <thread>

namespace gequ::http {
namespace {

using domain::ErrorCode;

// ---- JSON bodies ----

TEST(ParseJson, AcceptsObjectsAndBareValues) {
    auto object = parseJson(R"({"nativeId":"abc","n":1})");
    ASSERT_TRUE(object.ok());
    EXPECT_EQ(object->extract<Poco::JSON::Object::Ptr>()->getValue<std::string>("nativeId"), "abc");

    auto text = parseJson(R"("abc")");
    ASSERT_TRUE(text.ok());
    EXPECT_EQ(text->extract<std::string>(), "abc");

    auto number = parseJson(" 7 ");
    ASSERT_TRUE(number.ok());
    EXPECT_EQ(number->convert<int>(), 7);

    auto chinese = parseJson(R"({"title":"夏日的风"})");
    ASSERT_TRUE(chinese.ok());
    EXPECT_EQ(chinese->extract<Poco::JSON::Object::Ptr>()->getValue<std::string>("title"), "夏日的风");
}

TEST(ParseJson, RefusesBadBodiesWith4000) {
    struct Case {
        std::string body;
        std::string message;
    };
    const std::vector<Case> cases = {
        {"", "请求内容不能为空"},
        {"  \n", "请求内容不能为空"},
        {"{bad", "请求内容不是有效的 JSON"},
        {"{\"a\":1", "请求内容不是有效的 JSON"},
        {"1,2", "请求内容不是有效的 JSON"},
        {"1][2", "请求内容不是有效的 JSON"},
        {"{\"a\":1} trailing", "请求内容不是有效的 JSON"},
        {"{'a':1}", "请求内容不是有效的 JSON"},
        {"99999999999999999999999", "请求内容不是有效的 JSON"},
        {"{\"a\":\"\xff\xfe\"}", "请求内容不是有效的 UTF-8 文本"},
        {std::string(1000, '['), "请求内容嵌套层数过多"},
    };
    for (const auto& c : cases) {
        auto parsed = parseJson(c.body);
        ASSERT_FALSE(parsed.ok()) << c.body;
        EXPECT_EQ(parsed.error().code, ErrorCode::InvalidInput) << c.body;
        EXPECT_EQ(parsed.error().message, c.message) << c.body;
    }
}

TEST(ParseJson, AllowsModerateNestingAndBracketsInStrings) {
    std::string nested = std::string(kMaxJsonDepth, '[') + std::string(kMaxJsonDepth, ']');
    EXPECT_TRUE(parseJson(nested).ok());
    EXPECT_TRUE(parseJson("\"" + std::string(1000, '[') + "\"").ok());
}

TEST(ParseJsonObject, RefusesOtherValues) {
    for (const char* body : {"[1]", "\"x\"", "3", "null", "true"}) {
        auto parsed = parseJsonObject(body);
        ASSERT_FALSE(parsed.ok()) << body;
        EXPECT_EQ(parsed.error().message, "请求内容应为 JSON 对象") << body;
    }
    EXPECT_TRUE(parseJsonObject("{}").ok());
}

Poco::JSON::Object::Ptr object(const std::string& body) {
    auto parsed = parseJsonObject(body);
    EXPECT_TRUE(parsed.ok()) << body;
    return parsed.ok() ? *parsed : Poco::JSON::Object::Ptr(new Poco::JSON::Object);
}

TEST(Fields, String) {
    auto o = object(R"({"s":"文本","n":1,"z":null})");
    EXPECT_EQ(stringField(o, "s", true)->value(), "文本");
    EXPECT_FALSE(stringField(o, "missing", false)->has_value());
    EXPECT_FALSE(stringField(o, "z", false)->has_value());
    auto missing = stringField(o, "missing", true);
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "缺少参数 missing");
    auto wrong = stringField(o, "n", true);
    ASSERT_FALSE(wrong.ok());
    EXPECT_EQ(wrong.error().message, "参数 n 应为字符串");
}

TEST(Fields, Integer) {
    auto o = object(R"({"a":5,"b":"6","c":7.0,"d":7.5,"e":"x","f":true,"g":1e30,"h":18446744073709551615,"i":-3})");
    EXPECT_EQ(intField(o, "a", true)->value(), 5);
    EXPECT_EQ(intField(o, "b", true)->value(), 6);
    EXPECT_EQ(intField(o, "c", true)->value(), 7);
    EXPECT_EQ(intField(o, "i", true)->value(), -3);
    for (const char* name : {"d", "e", "f", "g", "h"}) {
        auto wrong = intField(o, name, true);
        ASSERT_FALSE(wrong.ok()) << name;
        EXPECT_EQ(wrong.error().message, std::string("参数 ") + name + " 应为整数");
    }
    EXPECT_FALSE(intField(o, "none", false)->has_value());
    EXPECT_FALSE(intField(o, "none", true).ok());
}

TEST(Fields, Boolean) {
    auto o = object(R"({"t":true,"f":false,"one":1,"zero":0,"two":2,"s":"true"})");
    EXPECT_TRUE(boolField(o, "t", true)->value());
    EXPECT_FALSE(boolField(o, "f", true)->value());
    EXPECT_TRUE(boolField(o, "one", true)->value());
    EXPECT_FALSE(boolField(o, "zero", true)->value());
    EXPECT_FALSE(boolField(o, "two", true).ok());
    EXPECT_FALSE(boolField(o, "s", true).ok());
}

TEST(ParseInteger, WholeNumbersOnly) {
    EXPECT_EQ(parseInteger("42"), 42);
    EXPECT_EQ(parseInteger("-1"), -1);
    EXPECT_EQ(parseInteger(""), std::nullopt);
    EXPECT_EQ(parseInteger("4 2"), std::nullopt);
    EXPECT_EQ(parseInteger("1.5"), std::nullopt);
    EXPECT_EQ(parseInteger("+3"), std::nullopt);
    EXPECT_EQ(parseInteger("99999999999999999999"), std::nullopt);
}

// ---- query parameters ----

Request withQuery(const std::string& raw) {
    Request request;
    request.query = parseQuery(raw);
    return request;
}

TEST(Query, DecodesPercentAndPlus) {
    auto request = withQuery("keyword=%E5%A4%8F%E6%97%A5+a&empty=&flag&keyword=second");
    EXPECT_EQ(request.param("keyword"), "夏日 a");
    EXPECT_EQ(request.param("empty"), "");
    EXPECT_EQ(request.param("flag"), "");
    EXPECT_EQ(request.param("nothing"), std::nullopt);
    EXPECT_THROW(parseQuery("a=%zz"), Poco::SyntaxException);
}

TEST(Query, PageParams) {
    auto page = [](const std::string& raw) { return pageParams(withQuery(raw), 20, 50); };
    EXPECT_EQ(page("")->offset, 0);
    EXPECT_EQ(page("")->limit, 20);
    EXPECT_EQ(page("page=3")->offset, 40);
    EXPECT_EQ(page("page=2&size=50")->offset, 50);
    EXPECT_EQ(page("page=2&size=50")->limit, 50);
    EXPECT_EQ(page("page=&size=")->limit, 20);
    for (const char* bad : {"page=0", "page=-1", "page=abc", "page=1.5", "page=100001", "page=99999999999999999999"}) {
        auto result = page(bad);
        ASSERT_FALSE(result.ok()) << bad;
        EXPECT_EQ(result.error().message, "页码必须是1到100000之间的整数") << bad;
    }
    for (const char* bad : {"size=0", "size=51", "size=x"}) {
        auto result = page(bad);
        ASSERT_FALSE(result.ok()) << bad;
        EXPECT_EQ(result.error().message, "每页数量必须是1到50之间的整数") << bad;
    }
}

TEST(Query, TextParamNeedsUtf8) {
    EXPECT_EQ(textParam(withQuery("q=%E6%AD%8C"), "q")->value(), "歌");
    auto bad = textParam(withQuery("q=%FF"), "q");
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().code, ErrorCode::InvalidInput);
}

// ---- files ----

TEST(Range, ParsesSingleRanges) {
    struct Case {
        std::string header;
        bool ignored;
        bool unsatisfiable;
        std::uint64_t first;
        std::uint64_t length;
    };
    const std::vector<Case> cases = {
        {"bytes=0-99", false, false, 0, 100},
        {"bytes=100-", false, false, 100, 9900},
        {"bytes=9990-20000", false, false, 9990, 10},
        {"bytes=-5", false, false, 9995, 5},
        {"bytes=-20000", false, false, 0, 10000},
        {"bytes=9999-9999", false, false, 9999, 1},
        {"bytes=10000-", false, true, 0, 0},
        {"bytes=10000-10005", false, true, 0, 0},
        {"bytes=-0", false, true, 0, 0},
        {"bytes=5-1", true, false, 0, 0},
        {"bytes=0-1,5-6", true, false, 0, 0},
        {"bytes=abc", true, false, 0, 0},
        {"items=0-1", true, false, 0, 0},
        {"bytes=-", true, false, 0, 0},
    };
    for (const auto& c : cases) {
        RangeRequest range = parseRange(c.header, 10000);
        EXPECT_EQ(range.unsatisfiable, c.unsatisfiable) << c.header;
        EXPECT_EQ(!range.range.has_value(), c.ignored || c.unsatisfiable) << c.header;
        if (range.range) {
            EXPECT_EQ(range.range->first, c.first) << c.header;
            EXPECT_EQ(range.range->length, c.length) << c.header;
        }
    }
    EXPECT_TRUE(parseRange("bytes=0-", 0).unsatisfiable);
}

TEST(SafeJoin, StaysInsideTheRoot) {
    std::filesystem::path root = "/srv/web";
    EXPECT_EQ(safeJoin(root, "assets/a.js"), root / "assets" / "a.js");
    EXPECT_EQ(safeJoin(root, "a//b/"), root / "a" / "b");
    EXPECT_EQ(safeJoin(root, ""), root);
    for (const std::string& bad : std::vector<std::string>{"../etc/passwd", "assets/../../x", "..", "a/./b", ".env",
                                                           "a\\..\\b", std::string("a\0b", 3)}) {
        EXPECT_FALSE(safeJoin(root, bad).has_value()) << bad;
    }
}

TEST(Mime, ByExtension) {
    EXPECT_EQ(mimeTypeFor("a.mp3"), "audio/mpeg");
    EXPECT_EQ(mimeTypeFor("a.SVG"), "image/svg+xml");
    EXPECT_EQ(mimeTypeFor("index.html"), "text/html; charset=utf-8");
    EXPECT_EQ(mimeTypeFor("a.js"), "text/javascript; charset=utf-8");
    EXPECT_EQ(mimeTypeFor("a.css"), "text/css; charset=utf-8");
    EXPECT_EQ(mimeTypeFor("a.woff2"), "font/woff2");
    EXPECT_EQ(mimeTypeFor("a.bin"), "application/octet-stream");
    EXPECT_TRUE(isCompressibleType("application/json; charset=utf-8"));
    EXPECT_TRUE(isCompressibleType("image/svg+xml"));
    EXPECT_FALSE(isCompressibleType("audio/mpeg"));
    EXPECT_FALSE(isCompressibleType("image/png"));
}

TEST(Gzip, Negotiation) {
    EXPECT_TRUE(acceptsGzip("gzip"));
    EXPECT_TRUE(acceptsGzip("gzip, deflate, br"));
    EXPECT_TRUE(acceptsGzip("br;q=1.0, GZIP;q=0.5"));
    EXPECT_TRUE(acceptsGzip("*"));
    EXPECT_FALSE(acceptsGzip(""));
    EXPECT_FALSE(acceptsGzip("deflate, br"));
    EXPECT_FALSE(acceptsGzip("gzip;q=0"));
    EXPECT_FALSE(acceptsGzip("gzip; q=0.000"));
    EXPECT_FALSE(acceptsGzip("x-gzip-like"));
}

TEST(Gzip, LevelsRoundTripAndBestIsNoLarger) {
    std::string text;
    for (int i = 0; i < 2000; ++i) {
        text += "{\"id\":" + std::to_string(i * 7919 % 1000) + ",\"title\":\"晚风 " + std::to_string(i % 37) + "\"},";
    }
    const std::string byDefault = gzip(text);
    const std::string best = gzip(text, kGzipLevelBest);
    EXPECT_EQ(gequ::http::test::gunzip(byDefault), text);
    EXPECT_EQ(gequ::http::test::gunzip(best), text);
    EXPECT_LE(best.size(), byDefault.size());
    EXPECT_LT(best.size(), text.size() / 4);
}

// ---- the token bucket ----

TEST(RateLimiter, BurstThenRefill) {
    RateLimiter limiter(2.0, 3.0);
    auto t0 = RateLimiter::Clock::time_point{} + std::chrono::hours(1);
    EXPECT_TRUE(limiter.allow("1.1.1.1", t0));
    EXPECT_TRUE(limiter.allow("1.1.1.1", t0));
    EXPECT_TRUE(limiter.allow("1.1.1.1", t0));
    EXPECT_FALSE(limiter.allow("1.1.1.1", t0));
    EXPECT_TRUE(limiter.allow("2.2.2.2", t0)) << "buckets are per key";
    EXPECT_TRUE(limiter.allow("1.1.1.1", t0 + std::chrono::milliseconds(500))) << "2/s refills one token in 0.5 s";
    EXPECT_FALSE(limiter.allow("1.1.1.1", t0 + std::chrono::milliseconds(500)));
    auto later = t0 + std::chrono::seconds(100);
    for (int i = 0; i < 3; ++i) {
        EXPECT_TRUE(limiter.allow("1.1.1.1", later)) << "never more than the burst";
    }
    EXPECT_FALSE(limiter.allow("1.1.1.1", later));
}

TEST(RateLimiter, ZeroRateDisables) {
    RateLimiter limiter(0, 1);
    for (int i = 0; i < 100; ++i) {
        EXPECT_TRUE(limiter.allow("k"));
    }
}

TEST(RateLimiter, MemoryStaysBounded) {
    RateLimiter limiter(10.0, 5.0);
    auto t0 = RateLimiter::Clock::time_point{} + std::chrono::hours(1);
    for (int i = 0; i < 100000; ++i) {
        limiter.allow("ip-" + std::to_string(i), t0 + std::chrono::seconds(i));
    }
    // Each bucket refills within a second, so old ones are swept as the shards grow.
    EXPECT_LT(limiter.size(), 16u * 4096u + 16u);
}

// ---- the route table ----

Response withStatus(int status) {
    Response response;
    response.status = status;
    return response;
}

TEST(Router, ExactPrefixAndMethods) {
    Router router;
    router.add("GET", "/a", [](Request&) { return withStatus(201); });
    router.add("POST", "/a", [](Request&) { return withStatus(202); });
    router.add("POST", "/b", [](Request&) { return withStatus(203); });
    router.addPrefix(
        "GET", "/media/", [](Request&) { return withStatus(204); }, RouteOptions{false});
    router.addPrefix("GET", "/media/special/", [](Request&) { return withStatus(205); });

    Request request;
    auto getA = router.find("GET", "/a");
    ASSERT_EQ(getA.kind, Router::Match::Kind::Found);
    EXPECT_EQ((*getA.handler)(request).status, 201);
    EXPECT_EQ(getA.label, "/a");
    EXPECT_EQ((*router.find("HEAD", "/a").handler)(request).status, 201) << "HEAD falls back to GET";

    auto wrong = router.find("GET", "/b");
    EXPECT_EQ(wrong.kind, Router::Match::Kind::WrongMethod);
    EXPECT_EQ(wrong.allow, "POST");
    EXPECT_EQ(router.find("DELETE", "/a").allow, "GET, HEAD, POST");

    auto media = router.find("GET", "/media/x/y.mp3");
    ASSERT_EQ(media.kind, Router::Match::Kind::Found);
    EXPECT_EQ(media.rest, "x/y.mp3");
    EXPECT_EQ(media.label, "/media/");
    EXPECT_FALSE(media.options.rateLimited);
    EXPECT_EQ((*router.find("GET", "/media/special/z").handler)(request).status, 205) << "longest prefix wins";

    EXPECT_EQ(router.find("GET", "/media/").kind, Router::Match::Kind::None) << "a prefix alone names no file";
    EXPECT_EQ(router.find("GET", "/a/").kind, Router::Match::Kind::None);
    EXPECT_EQ(router.find("GET", "/nothing").kind, Router::Match::Kind::None);
}

// ---- the envelope ----

TEST(Envelope, StatusTable) {
    const std::vector<std::pair<ErrorCode, int>> table = {
        {ErrorCode::InvalidInput, 400},    {ErrorCode::Unauthorized, 401}, {ErrorCode::InsufficientPoints, 402},
        {ErrorCode::Forbidden, 403},       {ErrorCode::NotFound, 404},     {ErrorCode::Conflict, 409},
        {ErrorCode::PayloadTooLarge, 413}, {ErrorCode::Refused, 422},      {ErrorCode::TooManyRequests, 429},
        {ErrorCode::Internal, 500},        {ErrorCode::Upstream, 502},
    };
    for (const auto& [code, status] : table) {
        EXPECT_EQ(httpStatusFor(code), status) << static_cast<int>(code);
        Response response = errorResponse(code, "消息");
        EXPECT_EQ(response.status, status);
        EXPECT_EQ(response.body, "{\"code\":" + std::to_string(static_cast<int>(code)) +
                                     ",\"type\":\"error\",\"message\":\"消息\",\"data\":null}");
    }
}

TEST(Envelope, OkKeepsFieldOrderAndUtf8) {
    Poco::JSON::Object::Ptr data = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    data->set("title", "夏日\"的\"风");
    data->set("price", 9.9);
    Response response = okResponse(data);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body,
              R"({"code":2000,"type":"ok","message":"成功","data":{"title":"夏日\"的\"风","price":9.9}})");
    EXPECT_EQ(okResponse(Poco::Dynamic::Var()).body, R"({"code":2000,"type":"ok","message":"成功","data":null})");
}

// ---- metrics ----

TEST(JsonWriter, WritesCompactJsonThatPocoReadsBack) {
    JsonWriter out;
    out.beginObject().key("s").value("引号\"与\\反斜杠\n/");
    out.key("n").value(std::int64_t{-42}).key("d").value(127.0).key("f").value(0.25);
    out.key("b").value(true).key("z").null();
    out.key("a").beginArray().value(1).beginObject().endObject().beginArray().endArray().value("x").endArray();
    out.key("nan").value(std::nan(""));
    out.endObject();
    const std::string text = out.take().text;
    EXPECT_EQ(text,
              R"({"s":"引号\"与\\反斜杠\n/","n":-42,"d":127,"f":0.25,"b":true,"z":null,"a":[1,{},[],"x"],"nan":null})");
    auto parsed = Poco::JSON::Parser().parse(text).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(parsed->getValue<std::string>("s"), "引号\"与\\反斜杠\n/");
    EXPECT_EQ(parsed->getArray("a")->size(), 4u);
}

TEST(Envelope, OkWithWrittenDataIsTheSameEnvelope) {
    JsonWriter data;
    data.beginArray().value("夏").endArray();
    const auto response = okResponse(data.take());
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, R"({"code":2000,"type":"ok","message":"成功","data":["夏"]})");
}

// ---- the list cache ----

Response answerWith(const std::string& body, int status = 200) {
    Response response;
    response.status = status;
    response.body = body;
    return response;
}

TEST(SessionCache, RemembersASignedInTokenForItsTimeToLiveAndNeverPastTheSessionsExpiry) {
    using namespace std::chrono_literals;
    const domain::TimePoint t0{std::chrono::milliseconds(1'700'000'000'000)};
    SessionCache cache(1000ms);
    int asked = 0;
    const auto lookup = [&](const std::string& token) -> std::optional<domain::SignedIn> {
        ++asked;
        if (token == "good") {
            return domain::SignedIn{"u1", t0 + 24h};
        }
        if (token == "ending") {
            return domain::SignedIn{"u2", t0 + 300ms};
        }
        return std::nullopt;
    };
    EXPECT_EQ(cache.userOf("good", t0, lookup), "u1");
    EXPECT_EQ(cache.userOf("good", t0 + 999ms, lookup), "u1");
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(cache.userOf("good", t0 + 1000ms, lookup), "u1");
    EXPECT_EQ(asked, 2);
    // A session that ends within the time to live is remembered only until it ends.
    EXPECT_EQ(cache.userOf("ending", t0, lookup), "u2");
    EXPECT_EQ(cache.userOf("ending", t0 + 299ms, lookup), "u2");
    EXPECT_EQ(asked, 3);
    EXPECT_EQ(cache.userOf("ending", t0 + 300ms, lookup), "u2"); // asked again (this lookup says yes)
    EXPECT_EQ(asked, 4);
    // Unknown tokens are asked every time and never kept.
    EXPECT_EQ(cache.userOf("bad", t0, lookup), std::nullopt);
    EXPECT_EQ(cache.userOf("bad", t0, lookup), std::nullopt);
    EXPECT_EQ(asked, 6);
}

TEST(SessionCache, ALogoutHereIsFeltAtOnceAndALookupThatRacedItIsNotKept) {
    using namespace std::chrono_literals;
    const domain::TimePoint t0{std::chrono::milliseconds(1'700'000'000'000)};
    SessionCache cache(std::chrono::minutes(1));
    bool valid = true;
    const auto lookup = [&](const std::string&) -> std::optional<domain::SignedIn> {
        return valid ? std::optional<domain::SignedIn>(domain::SignedIn{"u1", t0 + 24h}) : std::nullopt;
    };
    EXPECT_EQ(cache.userOf("t", t0, lookup), "u1");
    valid = false; // revoked in the database, then forgotten here (routes_auth.cpp)
    cache.forget("t");
    EXPECT_EQ(cache.userOf("t", t0, lookup), std::nullopt);

    // A lookup that read the session before a logout finished is answered but not kept.
    valid = true;
    const auto racing = [&](const std::string& token) -> std::optional<domain::SignedIn> {
        auto signedIn = lookup(token);
        valid = false;
        cache.forget(token);
        return signedIn;
    };
    EXPECT_EQ(cache.userOf("t", t0, racing), "u1");
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_EQ(cache.userOf("t", t0, lookup), std::nullopt);
}

TEST(SessionCache, ZeroTimeToLiveAsksEveryTimeAndAFullCacheStaysBounded) {
    using namespace std::chrono_literals;
    const domain::TimePoint t0{std::chrono::milliseconds(1'700'000'000'000)};
    int asked = 0;
    const auto lookup = [&](const std::string& token) -> std::optional<domain::SignedIn> {
        ++asked;
        return domain::SignedIn{"user-of-" + token, t0 + 24h};
    };
    SessionCache off(0ms);
    off.userOf("a", t0, lookup);
    off.userOf("a", t0, lookup);
    EXPECT_EQ(asked, 2);
    EXPECT_EQ(off.size(), 0u);

    SessionCache small(std::chrono::minutes(1), 3);
    for (const char* token : {"a", "b", "c", "d", "e"}) {
        EXPECT_EQ(small.userOf(token, t0, lookup), std::string("user-of-") + token);
    }
    EXPECT_LE(small.size(), 3u);
}

TEST(ListCache, ConcurrentMissesOfOneKeyAskOnce) {
    ListCache cache(std::chrono::minutes(1));
    std::atomic<int> made{0};
    std::vector<std::thread> threads;
    std::vector<std::string> bodies(8);
    for (int i = 0; i < 8; ++i) {
        threads.emplace_back([&, i] {
            bodies[static_cast<std::size_t>(i)] =
                cache
                    .get("hot",
                         [&] {
                             ++made;
                             std::this_thread::sleep_for(std::chrono::milliseconds(100));
                             return answerWith("first");
                         })
                    .body;
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(made.load(), 1);
    EXPECT_EQ(bodies, std::vector<std::string>(8, "first"));
}

TEST(ListCache, AnExpiredAnswerIsServedWhileItsSuccessorIsMade) {
    ListCache cache(std::chrono::milliseconds(20));
    cache.get("hot", [] { return answerWith("old"); });
    std::this_thread::sleep_for(std::chrono::milliseconds(40));
    std::promise<void> release;
    auto released = release.get_future().share();
    std::promise<void> started;
    std::thread refresher([&] {
        cache.get("hot", [&] {
            started.set_value();
            released.wait();
            return answerWith("new");
        });
    });
    started.get_future().wait();
    int asked = 0;
    EXPECT_EQ(cache
                  .get("hot",
                       [&] {
                           ++asked;
                           return answerWith("other");
                       })
                  .body,
              "old");
    EXPECT_EQ(asked, 0);
    release.set_value();
    refresher.join();
    EXPECT_EQ(cache
                  .get("hot",
                       [&] {
                           ++asked;
                           return answerWith("other");
                       })
                  .body,
              "new");
    EXPECT_EQ(asked, 0);
}

TEST(ListCache, ErrorsAreNeitherCachedNorShared) {
    ListCache cache(std::chrono::minutes(1));
    EXPECT_EQ(cache.get("hot", [] { return answerWith("busy", 500); }).status, 500);
    EXPECT_EQ(cache.get("hot", [] { return answerWith("fine"); }).body, "fine");
    EXPECT_EQ(cache.size(), 1u);
    cache.clear();
    EXPECT_EQ(cache.size(), 0u);
    EXPECT_THROW(cache.get("hot", []() -> Response { throw std::runtime_error("database gone"); }), std::runtime_error);
    EXPECT_EQ(cache.get("hot", [] { return answerWith("back"); }).body, "back"); // the failed flight is gone
}

TEST(Metrics, PrometheusText) {
    Metrics metrics;
    metrics.record("/music/test", "GET", 200, 0.25);
    metrics.record("/music/test", "GET", 200, 0.5);
    metrics.record("unmatched", "POST", 404, 0.001);
    std::string text = metrics.render();
    EXPECT_NE(text.find("# TYPE gequ_http_requests_total counter"), std::string::npos);
    EXPECT_NE(text.find("gequ_http_requests_total{route=\"/music/test\",method=\"GET\",status=\"200\"} 2\n"),
              std::string::npos);
    EXPECT_NE(text.find("gequ_http_request_duration_seconds_sum{route=\"/music/test\",method=\"GET\",status=\"200\"} "
                        "0.750000\n"),
              std::string::npos);
    EXPECT_NE(
        text.find("gequ_http_request_duration_seconds_count{route=\"unmatched\",method=\"POST\",status=\"404\"} 1"),
        std::string::npos);
    EXPECT_EQ(escapeLabel("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
}

} // namespace
} // namespace gequ::http

TEST(MediaUrls, SignedUrlsVerifyForTheirKeyUntilTheyExpireAndRepeatWithinTheHour) {
    const gequ::http::MediaUrlSigner signer("server-secret");
    const std::int64_t now = 1'763'700'000;
    const std::string url = signer.sign("/media/song-1.mp3", now);
    ASSERT_NE(url, "/media/song-1.mp3");
    EXPECT_EQ(signer.sign("/media/song-1.mp3", now + 60), url) << "the same URL for the hour (and from the cache)";
    const auto exp = url.substr(url.find("exp=") + 4, url.find('&') - url.find("exp=") - 4);
    const auto sig = url.substr(url.find("sig=") + 4);
    EXPECT_TRUE(signer.verify("song-1.mp3", exp, sig, now));
    EXPECT_FALSE(signer.verify("song-2.mp3", exp, sig, now)) << "another file";
    EXPECT_FALSE(signer.verify("song-1.mp3", exp, sig, std::stoll(exp) + 1)) << "expired";
    EXPECT_FALSE(signer.verify("song-1.mp3", std::to_string(std::stoll(exp) + 3600), sig, now)) << "a later expiry";
    // Another server secret signs differently; a checked signature is the same with or without the cache.
    const gequ::http::MediaUrlSigner other("another-secret");
    EXPECT_FALSE(other.verify("song-1.mp3", exp, sig, now));
    const gequ::http::MediaUrlSigner fresh("server-secret");
    EXPECT_TRUE(fresh.verify("song-1.mp3", exp, sig, now));
    // Thousands of songs: the cache is emptied shard by shard and signatures stay right.
    for (int i = 0; i < 100000; ++i) {
        signer.sign("/media/s" + std::to_string(i) + ".mp3", now);
    }
    EXPECT_EQ(signer.sign("/media/song-1.mp3", now), url);
    EXPECT_EQ(signer.sign("/media/other.mp3?x=1", now), "/media/other.mp3?x=1") << "a URL with a query is left alone";
}
