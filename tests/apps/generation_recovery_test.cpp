// Crash recovery with a killed process (docs/generation.md): gequ-server is SIGKILLed while a task is queued, and
// again while it is submitted to the offline composer; after the restart the task finishes, and the ledger is exact
// (gequ-admin check passes: charged once, never refunded).

#include "gequ/db/database.h"
#include "gequ/domain/ports/store.h"
#include "subprocess.h"
#include "temp_dir.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <thread>

using gequ::app::test::Child;
using gequ::app::test::isolatedEnv;
using gequ::app::test::runProgram;
using gequ::test::TempDir;
namespace domain = gequ::domain;

namespace {

struct Answer {
    int status = 0;
    std::string body;
};

Answer call(std::uint16_t port, const std::string& method, const std::string& path, const std::string& body = {},
            const std::string& token = {}) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(10, 0));
    Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
    if (!token.empty()) {
        request.set("Authorization", token);
    }
    if (method == "POST") {
        request.setContentType("application/json");
        request.setContentLength(static_cast<std::streamsize>(body.size()));
    }
    session.sendRequest(request) << body;
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    Answer answer;
    answer.status = response.getStatus();
    Poco::StreamCopier::copyToString(in, answer.body);
    return answer;
}

Poco::JSON::Object::Ptr parseObject(const std::string& text) {
    Poco::JSON::Parser parser;
    return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

std::string lastOutboxCode(const std::string& path) {
    std::ifstream in(path);
    std::string line, last;
    while (std::getline(in, line)) {
        if (!line.empty()) {
            last = line;
        }
    }
    return last.empty() ? std::string() : parseObject(last)->getValue<std::string>("code");
}

/// gequ-server on a data dir with `workers` generation threads; the port it listens on.
class ServerProcess {
public:
    ServerProcess(const TempDir& dir, const std::string& data, int workers)
        : _child(GEQU_SERVER_BIN, {}, dir.str(),
                 isolatedEnv({{"data.dir", data},
                              {"http.port", "0"},
                              {"generation.workers", std::to_string(workers)},
                              {"generation.lease", "2"},
                              {"composer.clip_seconds", "10"}}),
                 120) {
        std::string line;
        EXPECT_TRUE(_child.readLine(line)) << _child.err();
        std::smatch match;
        EXPECT_TRUE(std::regex_match(line, match, std::regex(R"(Gequ listening on http://127\.0\.0\.1:(\d+))")))
            << line;
        _port = match.empty() ? 0 : static_cast<std::uint16_t>(std::stoi(match[1]));
    }
    std::uint16_t port() const { return _port; }
    void kill() {
        _child.signal(SIGKILL);
        _child.wait();
    }
    int stop() {
        _child.signal(SIGTERM);
        return _child.wait();
    }
    std::string err() { return _child.err(); }

private:
    Child _child;
    std::uint16_t _port = 0;
};

/// Waits (reading the database, which WAL lets us do beside the server) until the task's state is one of `states`.
bool awaitState(domain::Store& store, const std::string& taskId, std::vector<domain::TaskState> states,
                std::chrono::seconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        auto task =
            domain::readOnly(store, [&](domain::Repositories& repos) { return repos.tasks().findById(taskId); });
        if (task && std::find(states.begin(), states.end(), task->state) != states.end()) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

TEST(GenerationRecoveryTest, AKilledServerLeavesNothingHalfDoneAfterARestart) {
    TempDir dir;
    const std::string data = dir / "var";
    std::string token;
    std::string taskId;
    {
        // 1. No generation workers: the task stays queued; the server is killed.
        ServerProcess server(dir, data, 0);
        ASSERT_GT(server.port(), 0);
        ASSERT_EQ(call(server.port(), "POST", "/login/code", R"({"phoneNumber":"13800138000"})").status, 200);
        Answer login =
            call(server.port(), "POST", "/login/phone",
                 R"({"phoneNumber":"13800138000","code":")" + lastOutboxCode(data + "/sms-outbox.jsonl") + R"("})");
        ASSERT_EQ(login.status, 200) << login.body;
        token = parseObject(login.body)->getObject("data")->getValue<std::string>("token");
        Answer created = call(server.port(), "POST", "/music/api/create/ace",
                              R"({"action":"generate","prompt":"一首安静的夜曲","custom":false})", token);
        ASSERT_EQ(created.status, 200) << created.body;
        EXPECT_NE(created.body.find("任务提交成功，扣除积分：10"), std::string::npos) << created.body;
        taskId = parseObject(created.body)->getObject("data")->getValue<std::string>("taskId");
        server.kill();
    }
    auto store = gequ::db::openStore("sqlite:" + data + "/gequ.db", 2, false);
    ASSERT_TRUE(awaitState(*store, taskId, {domain::TaskState::Queued}, std::chrono::seconds(1)));
    {
        // 2. One worker submits it to the composer; the server is killed before the first poll (3 s later).
        ServerProcess server(dir, data, 1);
        ASSERT_TRUE(awaitState(*store, taskId,
                               {domain::TaskState::Submitted, domain::TaskState::Running, domain::TaskState::Succeeded},
                               std::chrono::seconds(30)))
            << server.err();
        server.kill();
    }
    auto killed = domain::readOnly(*store, [&](domain::Repositories& repos) { return repos.tasks().findById(taskId); });
    ASSERT_TRUE(killed.has_value());
    EXPECT_EQ(killed->state, domain::TaskState::Submitted) << "killed after the first poll; the test proves less";
    EXPECT_EQ(killed->upstreamTaskId, "local-" + taskId);
    {
        // 3. After the restart the composer no longer knows the job: it is submitted again and finishes.
        ServerProcess server(dir, data, 1);
        ASSERT_TRUE(awaitState(*store, taskId, {domain::TaskState::Succeeded, domain::TaskState::Failed},
                               std::chrono::seconds(60)))
            << server.err();
        Answer list = call(server.port(), "GET", "/music/song/list", {}, token);
        ASSERT_EQ(list.status, 200);
        auto songs = parseObject(list.body)->getArray("data");
        ASSERT_EQ(songs->size(), 2u);
        for (std::size_t i = 0; i < songs->size(); ++i) {
            auto song = songs->getObject(static_cast<unsigned>(i));
            EXPECT_EQ(song->getValue<int>("complete"), 1) << list.body;
            const std::string audio = song->getValue<std::string>("native_audio_url");
            EXPECT_EQ(call(server.port(), "GET", audio).status, 200) << audio;
        }
        Answer profile = call(server.port(), "GET", "/user/select", {}, token);
        EXPECT_NE(profile.body.find(R"("integral":10)"), std::string::npos) << profile.body;
        EXPECT_EQ(server.stop(), 0) << server.err();
    }
    auto finished =
        domain::readOnly(*store, [&](domain::Repositories& repos) { return repos.tasks().findById(taskId); });
    EXPECT_EQ(finished->state, domain::TaskState::Succeeded);
    EXPECT_FALSE(finished->refunded);
    auto check = runProgram(GEQU_ADMIN_BIN, {"check"}, dir.str(), isolatedEnv({{"data.dir", data}}));
    EXPECT_EQ(check.status, 0) << check.out << check.err;
}

} // namespace
