// gequ-server as `make run` starts it: the built binary on port 0 with a temp data dir.

#include "subprocess.h"
#include "temp_dir.h"

#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <csignal>
#include <filesystem>
#include <gtest/gtest.h>
#include <regex>
#include <sys/stat.h>

using gequ::app::test::Child;
using gequ::app::test::isolatedEnv;
using gequ::app::test::runProgram;
using gequ::test::TempDir;

namespace {

struct Answer {
    int status = 0;
    std::string body;
};

Answer get(std::uint16_t port, const std::string& path) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(10, 0));
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_GET, path, Poco::Net::HTTPMessage::HTTP_1_1);
    session.sendRequest(request);
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    Answer answer;
    answer.status = response.getStatus();
    Poco::StreamCopier::copyToString(in, answer.body);
    return answer;
}

} // namespace

TEST(ServerSmokeTest, StartsServesAndStopsOnSigterm) {
    TempDir dir;
    const std::string data = dir / "var";
    Child server(GEQU_SERVER_BIN, {}, dir.str(), isolatedEnv({{"data.dir", data}, {"http.port", "0"}}));

    std::string line;
    ASSERT_TRUE(server.readLine(line)) << server.err();
    std::smatch match;
    ASSERT_TRUE(std::regex_match(line, match, std::regex(R"(Gequ listening on http://127\.0\.0\.1:(\d+))"))) << line;
    const int port = std::stoi(match[1]);
    ASSERT_GT(port, 0);

    Answer health = get(static_cast<std::uint16_t>(port), "/healthz");
    EXPECT_EQ(health.status, 200) << health.body;
    Answer test = get(static_cast<std::uint16_t>(port), "/music/test");
    EXPECT_EQ(test.status, 200) << test.body;
    EXPECT_NE(test.body.find("\"ok\""), std::string::npos) << test.body;

    // First start: the directories, the migrated database and a private secret are there.
    EXPECT_TRUE(std::filesystem::is_directory(data + "/media"));
    EXPECT_TRUE(std::filesystem::exists(data + "/gequ.db"));
    struct stat st {};
    ASSERT_EQ(::stat((data + "/secret").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600);

    server.signal(SIGTERM);
    EXPECT_EQ(server.wait(), 0) << server.err();
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
    Child server(GEQU_SERVER_BIN, {}, dir.str(), isolatedEnv({{"data.dir", dir / "var"}, {"http.port", "0"}}));
    std::string line;
    ASSERT_TRUE(server.readLine(line)) << server.err();
    EXPECT_EQ(line.rfind("Gequ listening on http://", 0), 0u) << line;
    server.signal(SIGINT);
    EXPECT_EQ(server.wait(), 0) << server.err();
}
