// Server-side request forgery in re-hosting (docs/generation.md, "Re-hosting media"): an upstream answer may name any
// URL, so the fetcher resolves the host, refuses every non-public address for the first URL and for each redirect,
// and connects only to the address it checked. Each victim here is a real listening socket; that nothing connected
// to it is read from its accept queue.

#include "fake_ace_server.h"
#include "gequ/acedata/media_fetcher.h"
#include "memory_media_store.h"
#include "temp_dir.h"

#include <Poco/Net/NetException.h>
#include <Poco/Net/ServerSocket.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <stdexcept>

using namespace gequ::acedata;
using gequ::acedata::test::FakeAceServer;
using gequ::domain::ErrorCode;
namespace fs = std::filesystem;

namespace {

using MemoryStore = gequ::test::MemoryMediaStore;

/// A listening socket nobody accepts on: a connection attempt would sit in its queue.
class Victim {
public:
    explicit Victim(const std::string& address) : _socket(Poco::Net::SocketAddress(address, 0), 16) {}
    std::uint16_t port() const { return _socket.address().port(); }
    /// Whether any connection arrived (one is waiting to be accepted).
    bool connected() { return _socket.poll(Poco::Timespan(0, 200000), Poco::Net::Socket::SELECT_READ); }

private:
    Poco::Net::ServerSocket _socket;
};

/// Whether this machine can listen on ::1.
bool hasIpv6Loopback() {
    try {
        Poco::Net::ServerSocket probe(Poco::Net::SocketAddress("::1", 0), 1);
        return true;
    } catch (const Poco::Exception&) {
        return false;
    }
}

class MediaFetcherSsrf : public ::testing::Test {
protected:
    /// The production set-up (nothing allowed), with short timeouts so a wrong connection would show quickly.
    FetchConfig production() const {
        FetchConfig config;
        config.timeoutSeconds = 1;
        config.totalSeconds = 5;
        config.tempDir = temp.path().string();
        return config;
    }
    /// What the tests use to reach the fake upstream: its own address, 127.0.0.1, allowed and nothing else.
    FetchConfig fakeAllowed() const {
        FetchConfig config = production();
        config.allowedAddresses = {"127.0.0.1"};
        return config;
    }

    void expectRefused(HttpMediaFetcher& fetcher, const std::string& url, const std::string& message) {
        const auto audio = fetcher.fetchAudio("s1", url);
        ASSERT_FALSE(audio.ok()) << url;
        EXPECT_EQ(audio.error().code, ErrorCode::Upstream);
        EXPECT_EQ(audio.error().message, message) << url;
        const auto cover = fetcher.fetchCover("s1", url);
        ASSERT_FALSE(cover.ok()) << url;
        EXPECT_EQ(cover.error().message, message) << url;
        EXPECT_TRUE(store.items.empty());
    }

    bool tempIsEmpty() const { return fs::is_empty(temp.path()); }

    gequ::test::TempDir temp{"ssrf"};
    MemoryStore store;
};

} // namespace

TEST_F(MediaFetcherSsrf, LoopbackUrlsAreNeverConnectedTo) {
    Victim victim("127.0.0.1");
    HttpMediaFetcher fetcher(store, production());
    const std::string port = std::to_string(victim.port());
    expectRefused(fetcher, "http://127.0.0.1:" + port + "/a.mp3", "媒体地址不可访问");
    expectRefused(fetcher, "http://localhost:" + port + "/a.mp3", "媒体地址不可访问"); // after name resolution
    expectRefused(fetcher, "http://[::ffff:127.0.0.1]:" + port + "/a.mp3", "媒体地址不可访问");
    EXPECT_FALSE(victim.connected());
}

TEST_F(MediaFetcherSsrf, AllowingTheFakesAddressAllowsNoOtherLoopbackAddress) {
    Victim victim("127.0.0.2");
    HttpMediaFetcher fetcher(store, fakeAllowed());
    expectRefused(fetcher, "http://127.0.0.2:" + std::to_string(victim.port()) + "/a.mp3", "媒体地址不可访问");
    EXPECT_FALSE(victim.connected());
}

TEST_F(MediaFetcherSsrf, Ipv6LoopbackIsNeverConnectedTo) {
    if (!hasIpv6Loopback()) {
        HttpMediaFetcher fetcher(store, production());
        expectRefused(fetcher, "http://[::1]/a.mp3", "媒体地址不可访问");
        GTEST_SKIP() << "no ::1 here; refusal checked without a listener";
    }
    Victim victim("::1");
    HttpMediaFetcher fetcher(store, fakeAllowed());
    expectRefused(fetcher, "http://[::1]:" + std::to_string(victim.port()) + "/a.mp3", "媒体地址不可访问");
    EXPECT_FALSE(victim.connected());
}

TEST_F(MediaFetcherSsrf, MetadataPrivateAndOtherNonPublicAddressesAreRefused) {
    HttpMediaFetcher fetcher(store, fakeAllowed());
    for (const char* url : {"http://169.254.169.254/latest/meta-data/iam/security-credentials/",
                            "http://10.0.0.5/a.mp3", "http://172.16.3.4:8080/a.mp3", "http://192.168.1.10/a.mp3",
                            "http://100.64.0.1/a.mp3", "http://0.0.0.0/a.mp3", "http://[fd00::1]/a.mp3",
                            "http://[fe80::1]/a.mp3", "http://[::ffff:169.254.169.254]/a.mp3", "http://224.0.0.1/a"}) {
        expectRefused(fetcher, url, "媒体地址不可访问");
    }
}

TEST_F(MediaFetcherSsrf, ARedirectToANonPublicAddressIsNotFollowed) {
    Victim victim("127.0.0.2");
    FakeAceServer fake;
    const std::string port = std::to_string(victim.port());
    fake.addRedirect("/r/loopback.mp3", "http://127.0.0.2:" + port + "/a.mp3");
    fake.addRedirect("/r/metadata.mp3", "http://169.254.169.254/latest/meta-data/");
    fake.addRedirect("/r/private.mp3", "http://192.168.0.1/a.mp3", 307);
    fake.addRedirect("/r/v6.mp3", "http://[::1]:" + port + "/a.mp3", 301);
    fake.addRedirect("/r/hop.mp3", "/r/loopback.mp3");
    HttpMediaFetcher fetcher(store, fakeAllowed());
    for (const char* path : {"/r/loopback.mp3", "/r/metadata.mp3", "/r/private.mp3", "/r/v6.mp3", "/r/hop.mp3"}) {
        expectRefused(fetcher, fake.baseUrl() + path, "媒体地址不可访问");
    }
    EXPECT_FALSE(victim.connected());
    EXPECT_TRUE(tempIsEmpty());
}

TEST_F(MediaFetcherSsrf, InProductionOnlyHttpsIsFetched) {
    FakeAceServer fake;
    fake.addFile("/files/a.mp3", "audio/mpeg", FakeAceServer::mp3Bytes());
    fake.addRedirect("/r/a.mp3", "/files/a.mp3");
    FetchConfig config = fakeAllowed();
    config.httpsOnly = true;
    HttpMediaFetcher fetcher(store, config);
    expectRefused(fetcher, fake.baseUrl() + "/files/a.mp3", "媒体地址必须使用 HTTPS");
    EXPECT_TRUE(fake.requests().empty());

    // The same file with https off (development) is fetched: the refusal was the scheme, not the address.
    HttpMediaFetcher development(store, fakeAllowed());
    EXPECT_EQ(*development.fetchAudio("s2", fake.baseUrl() + "/r/a.mp3"), "/media/s2.mp3");
}

TEST_F(MediaFetcherSsrf, DownloadsStreamThroughATemporaryFileThatIsAlwaysRemoved) {
    FakeAceServer fake;
    const std::string big = FakeAceServer::mp3Bytes() + std::string(300000, '\x55');
    fake.addFile("/files/big.mp3", "audio/mpeg", big);
    fake.addFile("/files/chunked.mp3", "audio/mpeg", big, true);
    FetchConfig config = fakeAllowed();
    HttpMediaFetcher fetcher(store, config);
    EXPECT_EQ(*fetcher.fetchAudio("s1", fake.baseUrl() + "/files/big.mp3"), "/media/s1.mp3");
    EXPECT_EQ(store.items.at("s1.mp3").bytes, big);
    EXPECT_TRUE(tempIsEmpty());

    config.maxBytes = 100000; // below the file: refused while streaming (no Content-Length to refuse it earlier)
    HttpMediaFetcher capped(store, config);
    const auto refused = capped.fetchAudio("s2", fake.baseUrl() + "/files/chunked.mp3");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().message, "媒体文件过大");
    EXPECT_EQ(store.items.count("s2.mp3"), 0u);
    EXPECT_TRUE(tempIsEmpty());
}

TEST_F(MediaFetcherSsrf, ACoversBytesDecideWhetherItIsStoredAsAnImage) {
    FakeAceServer fake;
    fake.addFile("/files/page.jpg", "image/jpeg", "<html><script>alert(1)</script></html>");
    fake.addFile("/files/mp3.png", "image/png", FakeAceServer::mp3Bytes());
    fake.addFile("/files/cover.svg", "image/svg+xml",
                 "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
                 "<rect width=\"10\" height=\"10\" fill=\"#123\"/></svg>");
    fake.addFile("/files/script.svg", "image/svg+xml",
                 "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>fetch('/user/select')</script></svg>");
    fake.addFile("/files/onload.svg", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"x()\"/>");
    fake.addFile("/files/jpeg.bin", "text/plain", FakeAceServer::jpegBytes());
    HttpMediaFetcher fetcher(store, fakeAllowed());

    for (const char* path : {"/files/page.jpg", "/files/mp3.png", "/files/script.svg", "/files/onload.svg"}) {
        const auto cover = fetcher.fetchCover("bad", fake.baseUrl() + path);
        ASSERT_FALSE(cover.ok()) << path;
        EXPECT_EQ(cover.error().message, "封面不是支持的图片格式") << path;
    }
    EXPECT_TRUE(store.items.empty());

    EXPECT_EQ(*fetcher.fetchCover("s1", fake.baseUrl() + "/files/cover.svg"), "/media/s1.svg");
    EXPECT_EQ(store.items.at("s1.svg").contentType, "image/svg+xml");
    EXPECT_EQ(*fetcher.fetchCover("s2", fake.baseUrl() + "/files/jpeg.bin"), "/media/s2.jpg");
    EXPECT_EQ(store.items.at("s2.jpg").contentType, "image/jpeg");
    EXPECT_TRUE(tempIsEmpty());
}

TEST_F(MediaFetcherSsrf, AnAllowListEntryMustBeAnAddress) {
    FetchConfig config = production();
    config.allowedAddresses = {"localhost"};
    EXPECT_THROW(HttpMediaFetcher(store, config), std::invalid_argument);
}
