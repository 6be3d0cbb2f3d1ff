// HTTPS is verified strictly (gequ_net): a server whose certificate no system CA signed is refused, by the AceData
// client (a retryable transport failure, nothing submitted) and by the media fetcher (a failure value).

#include "gequ/acedata/ace_client.h"
#include "gequ/acedata/media_fetcher.h"
#include "log_capture.h"
#include "memory_media_store.h"
#include "test_ca.h"

#include <Poco/Channel.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/SecureServerSocket.h>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <optional>
#include <unistd.h>

using namespace gequ::acedata;
namespace fs = std::filesystem;

namespace {

class Answer : public Poco::Net::HTTPRequestHandler {
public:
    explicit Answer(std::atomic<int>& served) : _served(served) {}
    void handleRequest(Poco::Net::HTTPServerRequest&, Poco::Net::HTTPServerResponse& response) override {
        ++_served;
        response.setContentType("application/json");
        response.send() << R"({"success":true,"task_id":"should-never-be-read"})";
    }

private:
    std::atomic<int>& _served;
};

class Factory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit Factory(std::atomic<int>& served) : _served(served) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new Answer(_served);
    }

private:
    std::atomic<int>& _served;
};

using MemoryStore = gequ::test::MemoryMediaStore;

} // namespace

TEST(Tls, AnUntrustedCertificateIsRefused) {
    std::string pattern = (fs::temp_directory_path() / "gequ-tls-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    const fs::path directory = pattern;
    // A certificate for 127.0.0.1 from a CA made now: valid, but no system CA vouches for it.
    const gequ::test::TestCa ca(directory);
    Poco::Net::Context::Ptr context = gequ::test::serverContext(ca.issue("IP:127.0.0.1"));
    Poco::Net::SecureServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0), 64, context);
    const std::string base = "https://127.0.0.1:" + std::to_string(socket.address().port());
    std::atomic<int> served{0};
    Poco::Net::HTTPServer server(new Factory(served), socket, new Poco::Net::HTTPServerParams);
    server.start();

    AceConfig config;
    config.baseUrl = base;
    config.token = "sk-tls-test";
    config.timeoutSeconds = 5;
    AceClient client(config);
    std::optional<gequ::domain::Result<std::string>> submitted;
    std::string logged;
    {
        gequ::test::LogCapture log("gequ.upstream.ace");
        submitted = client.submit({});
        logged = log.text();
    }
    ASSERT_FALSE(submitted->ok());
    EXPECT_EQ(gequ::domain::upstreamFailureOf(submitted->error()), gequ::domain::UpstreamFailure::Retryable);
    EXPECT_NE(logged.find("certificate verify failed"), std::string::npos) << logged;

    MemoryStore store;
    FetchConfig fetch;
    fetch.allowedAddresses = {"127.0.0.1"}; // so that TLS, not the address policy, is what refuses
    HttpMediaFetcher fetcher(store, fetch);
    auto fetched = fetcher.fetchAudio("tls", base + "/cdn/a.mp3");
    ASSERT_FALSE(fetched.ok());
    EXPECT_EQ(fetched.error().message, "媒体文件下载失败");
    EXPECT_TRUE(store.items.empty());
    EXPECT_EQ(served.load(), 0); // no request got through the handshake

    server.stopAll(true);
    fs::remove_all(directory);
}
