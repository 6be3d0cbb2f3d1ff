// How /media/<key> and downloads leave the server once access is granted (docs/deploy.md, docs/security.md "Media"):
// X-Accel-Redirect to nginx's internal location for local media behind nginx, and a 302 to a short-lived presigned
// URL for media on S3 (against the local signature-checking S3 server of tests/s3rver). The access rules are the
// same in every mode.

#include "api_steps.h"
#include "gequ/media/s3_media_store.h"
#include "gequ/net/http_client.h"
#include "http_client.h"
#include "s3_server.h"
#include "test_server.h"

#include <gtest/gtest.h>
#include <memory>
#include <string>

namespace gequ::http::test {
namespace {

class MediaDeliveryTest : public ::testing::Test, protected ApiSteps {
protected:
    void start(const std::string& properties) { _server = std::make_unique<TestServer>(nullptr, nullptr, properties); }
    TestServer& apiServer() override { return *_server; }
    TestServer& server() { return *_server; }

    struct Account {
        std::string token;
        std::string id;
    };
    Account account(const std::string& phone) {
        Account out;
        out.token = login(phone);
        out.id = userId(out.token);
        return out;
    }

    /// A finished song of userId whose audio and cover are <id>.mp3 and <id>.svg (the files are the caller's).
    void storeSong(const std::string& id, const std::string& userId, bool open) {
        server().store().transact([&](domain::Repositories& repos) {
            domain::Song song;
            song.id = id;
            song.taskId = "task-" + id;
            song.userId = userId;
            song.title = "晴天" + id;
            song.audioUrl = "/media/" + id + ".mp3";
            song.imageUrl = "/media/" + id + ".svg";
            song.complete = domain::SongStatus::Done;
            song.open = open;
            song.createdAt = server().clock().now();
            song.finishedAt = server().clock().now();
            repos.songs().insert(song);
            return true;
        });
    }
    void writeLocalSong(const std::string& id, const std::string& userId, bool open) {
        writeFile(server().mediaDir() / (id + ".mp3"), mediaBytes());
        writeFile(server().mediaDir() / (id + ".svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        storeSong(id, userId, open);
    }
    HttpAnswer fetch(const std::string& uri, const std::string& token = {},
                     std::vector<std::pair<std::string, std::string>> headers = {}) {
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(server().port(), uri, std::move(headers));
    }

private:
    std::unique_ptr<TestServer> _server;
};

// ---- local media behind nginx: X-Accel-Redirect ----

TEST_F(MediaDeliveryTest, BehindNginxAPublicSongIsHandedToTheInternalLocationWithItsHeaders) {
    start("media.accel_redirect = /_media/\n");
    Account owner = account("13800000001");
    writeLocalSong("pub-1", owner.id, true);
    for (const auto& [uri, type] : {std::pair<std::string, std::string>{"/media/pub-1.mp3", "audio/mpeg"},
                                    {"/media/pub-1.svg", "image/svg+xml"}}) {
        auto answer = fetch(uri, {}, {{"Range", "bytes=0-9"}, {"Accept-Encoding", "gzip"}});
        EXPECT_EQ(answer.status, 200) << uri;
        EXPECT_EQ(answer.header("X-Accel-Redirect"), "/_media/" + uri.substr(7)) << uri;
        EXPECT_EQ(answer.body, "") << "nginx sends the file, not gequ-server";
        EXPECT_EQ(answer.header("Cache-Control"), "public, max-age=31536000, immutable");
        EXPECT_EQ(answer.header("Content-Type").rfind(type, 0), 0u) << answer.header("Content-Type");
        EXPECT_FALSE(answer.hasHeader("Content-Encoding"));
    }
}

TEST_F(MediaDeliveryTest, BehindNginxAPrivateSongIsHandedOverOnlyForItsOwner) {
    start("media.accel_redirect = /_media/\n");
    Account owner = account("13800000001");
    Account other = account("13800000002");
    writeLocalSong("priv-1", owner.id, false);
    auto anonymous = fetch("/media/priv-1.mp3");
    EXPECT_EQ(anonymous.status, 404);
    EXPECT_FALSE(anonymous.hasHeader("X-Accel-Redirect"));
    EXPECT_EQ(anonymous.json()->getValue<std::string>("message"), "文件不存在");
    auto stranger = fetch("/media/priv-1.mp3", other.token);
    EXPECT_EQ(stranger.status, 404);
    EXPECT_FALSE(stranger.hasHeader("X-Accel-Redirect"));
    auto own = fetch("/media/priv-1.mp3", owner.token);
    EXPECT_EQ(own.status, 200);
    EXPECT_EQ(own.header("X-Accel-Redirect"), "/_media/priv-1.mp3");
    EXPECT_EQ(own.header("Cache-Control"), "private, no-store");
}

TEST_F(MediaDeliveryTest, BehindNginxAMissingFileOrADeletedSongIs404WithoutARedirect) {
    start("media.accel_redirect = /_media/\n");
    Account owner = account("13800000001");
    storeSong("nofile-1", owner.id, true); // a live public song whose files are not there
    auto missing = fetch("/media/nofile-1.mp3");
    EXPECT_EQ(missing.status, 404);
    EXPECT_FALSE(missing.hasHeader("X-Accel-Redirect"));
    writeLocalSong("del-1", owner.id, true);
    server().store().transact([&](domain::Repositories& repos) {
        auto song = repos.songs().findById("del-1");
        song->deletedAt = server().clock().now();
        repos.songs().update(*song);
        return true;
    });
    auto deleted = fetch("/media/del-1.mp3", owner.token);
    EXPECT_EQ(deleted.status, 404);
    EXPECT_FALSE(deleted.hasHeader("X-Accel-Redirect"));
}

TEST_F(MediaDeliveryTest, BehindNginxADownloadNamesTheFileForNginxToSend) {
    start("media.accel_redirect = /_media/\n");
    Account owner = account("13800000001");
    writeLocalSong("dl-1", owner.id, false);
    auto answer = fetch("/music/download?id=dl-1", owner.token);
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.header("X-Accel-Redirect"), "/_media/dl-1.mp3");
    EXPECT_NE(answer.header("Content-Disposition").find("attachment;"), std::string::npos);
    EXPECT_NE(answer.header("Content-Disposition").find("%E6%99%B4%E5%A4%A9dl-1.mp3"), std::string::npos)
        << answer.header("Content-Disposition");
}

TEST_F(MediaDeliveryTest, WithoutNginxTheServerStillSendsTheFileItself) {
    start("");
    Account owner = account("13800000001");
    writeLocalSong("self-1", owner.id, true);
    auto answer = fetch("/media/self-1.mp3", {}, {{"Range", "bytes=0-9"}});
    EXPECT_EQ(answer.status, 206);
    EXPECT_EQ(answer.body, mediaBytes().substr(0, 10));
    EXPECT_FALSE(answer.hasHeader("X-Accel-Redirect"));
}

TEST(MediaDeliveryConfig, AnAccelLocationMustBeAnInternalPath) {
    for (const char* bad : {"_media/", "/_media", "/a b/", "http://x/"}) {
        EXPECT_THROW(wiring::Config::loadFromString(
                         std::string("media.accel_redirect = ") + bad + "\n",
                         [](const std::string&) { return std::optional<std::string>(); }, "the test"),
                     std::exception)
            << bad;
    }
}

TEST(MediaDeliveryConfig, S3MediaNeedTheirEndpointBucketAndKeys) {
    try {
        wiring::Config::loadFromString(
            "media.provider = s3\nmedia.s3.endpoint = http://127.0.0.1:9000\n",
            [](const std::string&) { return std::optional<std::string>(); }, "the test");
        FAIL() << "s3 media without a bucket or keys were accepted";
    } catch (const std::exception& e) {
        const std::string message = e.what();
        for (const char* key : {"media.s3.bucket", "media.s3.access_key_id", "media.s3.secret_access_key"}) {
            EXPECT_NE(message.find(std::string(key) + " (from default): is required when media.provider=s3"),
                      std::string::npos)
                << message;
        }
        EXPECT_EQ(message.find("media.s3.endpoint ("), std::string::npos) << message;
    }
}

// ---- media on S3: a 302 to a presigned URL ----

class S3MediaDeliveryTest : public MediaDeliveryTest {
protected:
    static void SetUpTestSuite() {
        s3 = new gequ::test::S3Server(GEQU_SOURCE_DIR, "gequ-http", "GEQUHTTPKEY", "http-suite-secret/0123456789");
    }
    static void TearDownTestSuite() {
        delete s3;
        s3 = nullptr;
    }
    void SetUp() override {
        start("media.provider = s3\nmedia.s3.endpoint = " + s3->endpoint() + "\nmedia.s3.bucket = " + s3->bucket() +
              "\nmedia.s3.access_key_id = " + s3->accessKey() + "\nmedia.s3.secret_access_key = " + s3->secret() +
              "\nmedia.s3.presign_seconds = 120\n");
    }
    /// Uploads the song's audio and cover to the bucket and records the song.
    void uploadSong(const std::string& id, const std::string& userId, bool open) {
        media::S3Config config;
        config.endpoint = s3->endpoint();
        config.bucket = s3->bucket();
        config.accessKeyId = s3->accessKey();
        config.secretAccessKey = s3->secret();
        media::S3MediaStore bucket(config);
        bucket.put(id + ".mp3", mediaBytes(), "audio/mpeg");
        bucket.put(id + ".svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "image/svg+xml");
        storeSong(id, userId, open);
    }
    static net::Response follow(const std::string& location, const net::Headers& headers = {}) {
        net::Request request;
        request.url = *net::parseUrl(location);
        request.headers = headers;
        return net::HttpClient().send(request);
    }

    static gequ::test::S3Server* s3;
};

gequ::test::S3Server* S3MediaDeliveryTest::s3 = nullptr;

TEST_F(S3MediaDeliveryTest, APublicSongRedirectsToAPresignedUrlThatPlaysWithRange) {
    Account owner = account("13800000001");
    uploadSong("s3pub-1", owner.id, true);
    auto answer = fetch("/media/s3pub-1.mp3");
    ASSERT_EQ(answer.status, 302) << answer.body;
    const std::string location = answer.header("Location");
    EXPECT_EQ(location.rfind(s3->endpoint() + "/gequ-http/s3pub-1.mp3?X-Amz-Algorithm=AWS4-HMAC-SHA256&", 0), 0u)
        << location;
    EXPECT_NE(location.find("X-Amz-Expires=120&"), std::string::npos) << location;
    EXPECT_EQ(answer.header("Cache-Control"), "private, no-store");
    auto played = follow(location, {{"Range", "bytes=100-199"}});
    EXPECT_EQ(played.status, 206);
    EXPECT_EQ(played.body, mediaBytes().substr(100, 100));
    auto cover = follow(fetch("/media/s3pub-1.svg").header("Location"));
    EXPECT_EQ(cover.status, 200);
    EXPECT_EQ(cover.header("Content-Type"), "image/svg+xml");
}

TEST(MediaDeliveryConfig, TheContentSecurityPolicyAllowsTheBucketThePlayerIsRedirectedTo) {
    const auto configOf = [](const std::string& addressing) {
        return wiring::Config::loadFromString(
            "media.provider = s3\nmedia.s3.endpoint = https://cos.ap-shanghai.myqcloud.com/\n"
            "media.s3.bucket = gequ-1250000000\nmedia.s3.access_key_id = AKID\nmedia.s3.secret_access_key = s\n"
            "media.s3.addressing = " +
                addressing + "\n",
            [](const std::string&) { return std::optional<std::string>(); }, "the test");
    };
    EXPECT_EQ(server::makeHttpConfig(configOf("path")).mediaHosts,
              std::vector<std::string>{"https://cos.ap-shanghai.myqcloud.com"});
    EXPECT_EQ(server::makeHttpConfig(configOf("virtual")).mediaHosts,
              std::vector<std::string>{"https://gequ-1250000000.cos.ap-shanghai.myqcloud.com"});
    EXPECT_TRUE(server::makeHttpConfig(wiring::Config::loadFromString(
                                           "", [](const std::string&) { return std::optional<std::string>(); }, "t"))
                    .mediaHosts.empty());
}

TEST_F(S3MediaDeliveryTest, APrivateSongRedirectsOnlyItsOwner) {
    Account owner = account("13800000001");
    Account other = account("13800000002");
    uploadSong("s3priv-1", owner.id, false);
    for (const std::string& token : {std::string(), other.token}) {
        auto refused = fetch("/media/s3priv-1.mp3", token);
        EXPECT_EQ(refused.status, 404);
        EXPECT_FALSE(refused.hasHeader("Location"));
        EXPECT_EQ(refused.json()->getValue<std::string>("message"), "文件不存在");
    }
    auto own = fetch("/media/s3priv-1.mp3", owner.token);
    ASSERT_EQ(own.status, 302);
    EXPECT_EQ(follow(own.header("Location")).body, mediaBytes());
}

TEST_F(S3MediaDeliveryTest, ADownloadRedirectsToAUrlThatNamesTheFile) {
    Account owner = account("13800000001");
    uploadSong("s3dl-1", owner.id, false);
    auto answer = fetch("/music/download?id=s3dl-1", owner.token);
    ASSERT_EQ(answer.status, 302) << answer.body;
    auto file = follow(answer.header("Location"));
    EXPECT_EQ(file.status, 200);
    EXPECT_EQ(file.body, mediaBytes());
    EXPECT_NE(file.header("Content-Disposition").find("filename*=UTF-8''%E6%99%B4%E5%A4%A9s3dl-1.mp3"),
              std::string::npos)
        << file.header("Content-Disposition");
}

} // namespace
} // namespace gequ::http::test
