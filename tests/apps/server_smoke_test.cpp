// gequ-server as `make run` starts it: the built binary on port 0 with a temp data dir.

#include "app_steps.h"

#include <csignal>
#include <filesystem>
#include <gtest/gtest.h>
#include <sys/stat.h>

using namespace gequ::apps::test;
using gequ::test::TempDir;

TEST(ServerSmokeTest, StartsServesAndStopsOnSigterm) {
    TempDir dir;
    const std::string data = dir / "var";
    ServerProcess server(dir.str(), {{"data.dir", data}, {"http.port", "0"}});
    const auto port = server.port();
    ASSERT_GT(port, 0) << server.firstLine();

    Answer health = call(port, "GET", "/healthz");
    EXPECT_EQ(health.status, 200) << health.body;
    Answer test = call(port, "GET", "/music/test");
    EXPECT_EQ(test.status, 200) << test.body;
    EXPECT_NE(test.body.find("\"ok\""), std::string::npos) << test.body;

    // First start: the directories, the migrated database and a private secret are there.
    EXPECT_TRUE(std::filesystem::is_directory(data + "/media"));
    EXPECT_TRUE(std::filesystem::exists(data + "/gequ.db"));
    struct stat st {};
    ASSERT_EQ(::stat((data + "/secret").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600);

    EXPECT_EQ(server.stop(), 0) << server.err();
    EXPECT_NE(server.err().find("[Information] gequ.server: "), std::string::npos) << server.err();
}

TEST(ServerSmokeTest, RefusesBadConfigurationAndProductionDefaults) {
    TempDir dir;
    auto bad =
        runProgram(GEQU_SERVER_BIN, {}, dir.str(), isolatedEnv({{"data.dir", dir / "var"}, {"http.port", "99999"}}));
    EXPECT_NE(bad.status, 0);
    EXPECT_NE(bad.err.find("http.port"), std::string::npos) << bad.err;

    auto production =
        runProgram(GEQU_SERVER_BIN, {}, dir.str(), isolatedEnv({{"data.dir", dir / "var"}, {"app.env", "production"}}));
    EXPECT_NE(production.status, 0);
    for (const char* key : {"payment.provider", "sms.provider", "auth.secret"}) {
        EXPECT_NE(production.err.find(key), std::string::npos) << key << "\n" << production.err;
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "var")) << "nothing is created before the configuration is accepted";

    auto usage = runProgram(GEQU_SERVER_BIN, {"--bogus"}, dir.str(), isolatedEnv({}));
    EXPECT_EQ(usage.status, 2);
    EXPECT_NE(usage.err.find("Usage: gequ-server"), std::string::npos) << usage.err;

    auto help = runProgram(GEQU_SERVER_BIN, {"--help"}, dir.str(), isolatedEnv({}));
    EXPECT_EQ(help.status, 0);
    EXPECT_NE(help.out.find("--config FILE"), std::string::npos) << help.out;
}

TEST(ServerSmokeTest, StopsOnSigint) {
    TempDir dir;
    ServerProcess server(dir.str(), {{"data.dir", dir / "var"}, {"http.port", "0"}});
    EXPECT_EQ(server.firstLine().rfind("Gequ listening on http://", 0), 0u) << server.firstLine();
    server.child().signal(SIGINT);
    EXPECT_EQ(server.child().wait(), 0) << server.err();
}
