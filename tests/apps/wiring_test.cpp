// The production wiring as gequ-server uses it: makeHttpConfig reads the http.* keys, makeHttpServices hands the HTTP
// server the Runtime's own services (its sessions, orders, media access and secret), Substitutes replace exactly the
// adapters they name, and the media upkeep job removes deleted songs' files at start.

#include "gequ/server/http_wiring.h"
#include "gequ/server/upkeep.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"
#include "system_doubles.h"
#include "temp_dir.h"
#include "test_clock.h"
#include "wait_for.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <optional>
#include <string>

namespace gequ::server::test {
namespace {

using namespace std::chrono_literals;
using gequ::test::TempDir;

wiring::Config configOf(const std::string& properties) {
    return wiring::Config::loadFromString(properties, [](const std::string&) { return std::optional<std::string>(); });
}

const std::string kSecret(40, 's');

TEST(HttpWiringTest, TheHttpSettingsFollowTheConfiguration) {
    const auto config = configOf("http.host = 0.0.0.0\nhttp.port = 9090\n"
                                 "http.public_base_url = https://gequ.example.com//\n"
                                 "http.threads = 8\nhttp.list_cache_ms = 500\nhttp.rate_per_ip = 5\n"
                                 "http.burst_per_ip = 9\nhttp.trust_proxy = true\nhttp.trusted_proxies = 10.0.0.0/8\n"
                                 "http.cors_origins = https://a.example.com, https://b.example.com\n"
                                 "web.root = /srv/web\nmedia.dir = /srv/media\n");
    const http::HttpConfig http = makeHttpConfig(config);
    EXPECT_EQ(http.host, "0.0.0.0");
    EXPECT_EQ(http.port, 9090);
    EXPECT_EQ(http.publicBaseUrl, "https://gequ.example.com");
    EXPECT_EQ(http.threads, 8);
    EXPECT_EQ(http.maxQueued, 64) << "at least 64 connections may wait";
    EXPECT_EQ(http.listCacheMillis, 500);
    EXPECT_DOUBLE_EQ(http.ratePerIp, 5);
    EXPECT_DOUBLE_EQ(http.burstPerIp, 9);
    EXPECT_TRUE(http.trustProxy);
    EXPECT_EQ(http.trustedProxies, std::vector<std::string>{"10.0.0.0/8"});
    EXPECT_EQ(http.corsOrigins, (std::vector<std::string>{"https://a.example.com", "https://b.example.com"}));
    EXPECT_EQ(http.webRoot, "/srv/web");
    EXPECT_EQ(http.mediaDir, "/srv/media");
}

TEST(HttpWiringTest, TheServerGetsTheRuntimesOwnServicesAndSessions) {
    TempDir dir;
    gequ::test::RecordingSms sms;
    wiring::Substitutes substitutes;
    substitutes.sms = &sms;
    wiring::Runtime runtime(configOf("data.dir = " + dir.str() + "\nauth.secret = " + kSecret + "\n"),
                            wiring::openStore(configOf("data.dir = " + dir.str() + "\n")), substitutes);
    const http::Services services = makeHttpServices(runtime);

    EXPECT_EQ(&services.store, &runtime.store());
    EXPECT_EQ(&services.auth, &runtime.auth());
    EXPECT_EQ(services.create, &runtime.create());
    EXPECT_EQ(services.works, &runtime.works());
    EXPECT_EQ(services.media, &runtime.media());
    EXPECT_EQ(services.payments.orders, &runtime.orders());
    EXPECT_EQ(services.mediaUrlKey, kSecret) << "the signed media URLs are keyed by the server secret";
    EXPECT_EQ(services.payments.qrCode("weixin://wxpay/bizpayurl?pr=x").rfind("data:image/svg+xml;base64,", 0), 0u);
    EXPECT_TRUE(services.callback.key.empty()) << "the offline composer has no callback";

    // The authenticator is the runtime's sessions: a real login's token resolves, anything else is a visitor.
    ASSERT_TRUE(runtime.auth().requestCode("13800138000", "127.0.0.1").ok());
    EXPECT_EQ(&runtime.sms(), &sms) << "the substitute replaces sms.provider's sender";
    auto login = runtime.auth().login("13800138000", sms.lastCode("13800138000"), "127.0.0.1");
    ASSERT_TRUE(login.ok());
    EXPECT_EQ(services.authenticate(login->token), runtime.auth().authenticate(login->token));
    EXPECT_TRUE(services.authenticate(login->token).has_value());
    EXPECT_FALSE(services.authenticate("not-a-token").has_value());
}

TEST(HttpWiringTest, SubstitutesReplaceOnlyWhatTheyName) {
    TempDir dir;
    gequ::test::TestClock clock{domain::fromEpochMillis(1795255200000)};
    gequ::test::CountingIds ids;
    wiring::Substitutes substitutes;
    substitutes.clock = &clock;
    substitutes.ids = &ids;
    const auto config = configOf("data.dir = " + dir.str() + "\n");
    wiring::Runtime runtime(config, wiring::openStore(config), substitutes);
    EXPECT_EQ(&runtime.clock(), &clock);
    EXPECT_EQ(runtime.clock().now(), domain::fromEpochMillis(1795255200000));
    EXPECT_EQ(runtime.ids().newId(), "id-1");
    EXPECT_EQ(runtime.sms().name(), "console") << "sms.provider's sender without a substitute";
    EXPECT_EQ(runtime.generator().name(), "local") << "upstream.provider's generator without a substitute";
}

TEST(MediaUpkeepTest, RemovesDeletedSongsFilesAtStart) {
    TempDir dir;
    gequ::test::TestClock clock{domain::fromEpochMillis(1795255200000)};
    wiring::Substitutes substitutes;
    substitutes.clock = &clock;
    const auto config = configOf("data.dir = " + dir.str() + "\n");
    wiring::Runtime runtime(config, wiring::openStore(config), substitutes);
    const std::string media = config.mediaDir();
    std::filesystem::create_directories(media);
    for (const char* id : {"old", "recent"}) {
        std::ofstream(media + "/" + id + ".mp3") << "ID3 audio";
    }
    runtime.store().transact([&](domain::Repositories& repos) {
        domain::User user;
        user.id = "u1";
        user.phone = "13800000001";
        user.createdAt = clock.now() - std::chrono::days{100};
        repos.users().insert(user);
        for (const auto& [id, days] : {std::pair<std::string, int>{"old", 40}, {"recent", 2}}) {
            domain::Song song;
            song.id = id;
            song.taskId = "t-" + id;
            song.userId = "u1";
            song.audioUrl = "/media/" + id + ".mp3";
            song.complete = domain::SongStatus::Done;
            song.createdAt = clock.now() - std::chrono::days{days + 1};
            song.deletedAt = clock.now() - std::chrono::days{days};
            repos.songs().insert(song);
        }
        return true;
    });

    const auto upkeep = makeMediaUpkeep(runtime.media(), 1h);
    upkeep->start();
    ASSERT_TRUE(gequ::test::waitFor([&] { return upkeep->passes() >= 1; }));
    upkeep->stop();
    EXPECT_FALSE(std::filesystem::exists(media + "/old.mp3")) << "deleted 40 days ago: past the 30-day retention";
    EXPECT_TRUE(std::filesystem::exists(media + "/recent.mp3"));
}

} // namespace
} // namespace gequ::server::test
