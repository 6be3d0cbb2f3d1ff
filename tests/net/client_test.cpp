// The outbound client over plain HTTP: requests as sent, answers as received, the body cap, broken and slow answers.

#include "gequ/net/http_client.h"
#include "local_server.h"

#include <Poco/Net/ServerSocket.h>
#include <gtest/gtest.h>

using namespace gequ::net;
using gequ::net::test::LocalServer;
using gequ::net::test::Received;
using gequ::net::test::Reply;

namespace {

Request get(std::uint16_t port, const std::string& target = "/") {
    Request request;
    request.url = *parseUrl("http://127.0.0.1:" + std::to_string(port) + target);
    return request;
}

} // namespace

TEST(HttpClient, SendsTheRequestAndReadsTheWholeAnswer) {
    Received seen;
    LocalServer server([&](const Received& r) {
        seen = r;
        return Reply{201, {{"Content-Type", "application/json"}, {"X-Answer", "yes"}}, R"({"ok":true})"};
    });
    Request request = get(server.port(), "/v1/things?x=1");
    request.method = "POST";
    request.headers = {{"Content-Type", "application/json"}, {"Authorization", "Bearer t"}};
    request.body = R"({"a":"歌"})";
    const Response response = HttpClient().send(request);
    EXPECT_EQ(response.status, 201);
    EXPECT_EQ(response.body, R"({"ok":true})");
    EXPECT_EQ(response.header("x-answer"), "yes");
    EXPECT_EQ(mediaType(response.header("Content-Type")), "application/json");
    EXPECT_EQ(seen.method, "POST");
    EXPECT_EQ(seen.target, "/v1/things?x=1");
    EXPECT_EQ(seen.host, "127.0.0.1:" + std::to_string(server.port()));
    EXPECT_EQ(seen.body, R"({"a":"歌"})");
    EXPECT_EQ(findHeader(seen.headers, "authorization"), "Bearer t");
}

TEST(HttpClient, AnAnswerLargerThanTheCapIsFlaggedNotRead) {
    LocalServer server([](const Received&) { return Reply{200, {}, std::string(5000, 'x')}; });
    Limits limits;
    limits.maxBytes = 1000;
    const Response announced = HttpClient().send(get(server.port()), limits);
    EXPECT_TRUE(announced.tooLarge);
    EXPECT_LE(announced.body.size(), 1000u);
}

TEST(HttpClient, ASinkReceivesTheBodyInsteadOfTheResponse) {
    LocalServer server([](const Received&) { return Reply{200, {}, std::string(40000, 'y')}; });
    std::string streamed;
    const Response response =
        HttpClient().send(get(server.port()), Limits{}, [&](std::string_view chunk) { streamed.append(chunk); });
    EXPECT_EQ(streamed, std::string(40000, 'y'));
    EXPECT_TRUE(response.body.empty());
    EXPECT_EQ(response.bodyBytes, 40000u);
}

TEST(HttpClient, AnAnswerShorterThanAnnouncedIsATransportError) {
    LocalServer server([](const Received&) {
        Reply reply{200, {}, "short"};
        reply.contentLength = 100;
        return reply;
    });
    EXPECT_THROW(HttpClient().send(get(server.port())), TransportError);
}

TEST(HttpClient, NoListenerIsATransportError) {
    std::uint16_t port = 0;
    {
        Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
        port = socket.address().port();
    }
    EXPECT_THROW(HttpClient().send(get(port)), TransportError);
}

TEST(HttpClient, ASlowAnswerTimesOut) {
    LocalServer server([](const Received&) { return Reply{200, {}, "late", -1, 1500}; });
    Limits limits;
    limits.timeout = std::chrono::milliseconds(200);
    try {
        HttpClient().send(get(server.port()), limits);
        FAIL() << "no timeout";
    } catch (const TransportError& e) {
        EXPECT_TRUE(e.timedOut()) << e.what();
    }
}

TEST(HttpClient, ConnectAddressIsUsedInsteadOfTheHostName) {
    Received seen;
    LocalServer server([&](const Received& r) {
        seen = r;
        return Reply{200, {}, "pinned"};
    });
    // The name does not resolve (.invalid never does): only the pinned address can have been used.
    Request request;
    request.url = *parseUrl("http://media.gequ.invalid:" + std::to_string(server.port()) + "/a.mp3");
    request.connectAddress = "127.0.0.1";
    const Response response = HttpClient().send(request);
    EXPECT_EQ(response.body, "pinned");
    EXPECT_EQ(seen.host, "media.gequ.invalid:" + std::to_string(server.port()));
}

TEST(HttpClient, AHeadAnswerHasNoBodyWhateverLengthItAnnounces) {
    // S3 answers HEAD with the object's Content-Length and no body; reading one would wait and then fail.
    LocalServer server([](const Received& r) {
        Reply reply{r.method == "HEAD" ? 200 : 405, {{"Content-Type", "audio/mpeg"}}, ""};
        reply.contentLength = 123456;
        return reply;
    });
    Request request = get(server.port(), "/bucket/song.mp3");
    request.method = "HEAD";
    const Response response = HttpClient().send(request);
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, "");
    EXPECT_EQ(response.bodyBytes, 0u);
    EXPECT_EQ(response.header("Content-Length"), "123456");
}
