// Crash recovery with a killed process (docs/generation.md): gequ-server is SIGKILLed while a task is queued, and
// again while it is submitted to the offline composer; after the restart the task finishes, and the ledger is exact
// (gequ-admin check passes: charged once, never refunded). Then the same for a stems task made from the song.

#include "app_steps.h"
#include "gequ/db/database.h"
#include "gequ/domain/ports/store.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <chrono>
#include <filesystem>
#include <gtest/gtest.h>
#include <map>
#include <thread>

using namespace gequ::apps::test;
using gequ::test::TempDir;
namespace domain = gequ::domain;

namespace {

/// gequ-server's configuration on the data dir with `workers` generation threads, short leases and short clips.
std::map<std::string, std::string> serverKeys(const std::string& data, int workers) {
    return {{"data.dir", data},
            {"http.port", "0"},
            {"generation.workers", std::to_string(workers)},
            {"generation.lease", "2"},
            {"composer.clip_seconds", "10"}};
}

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
        ServerProcess server(dir.str(), serverKeys(data, 0), 120);
        ASSERT_GT(server.port(), 0);
        token = signInOverHttp(server.port(), data + "/sms-outbox.jsonl");
        ASSERT_FALSE(token.empty());
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
        ServerProcess server(dir.str(), serverKeys(data, 1), 120);
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
        ServerProcess server(dir.str(), serverKeys(data, 1), 120);
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

    // The same for a stems task (分离音轨, 5 points): killed while queued, then while submitted; it finishes after the
    // restart with its two stems, charged once.
    const auto songs =
        domain::readOnly(*store, [&](domain::Repositories& repos) { return repos.songs().listByTask(taskId); });
    ASSERT_FALSE(songs.empty());
    std::string stemsTask;
    {
        ServerProcess server(dir.str(), serverKeys(data, 0), 120);
        Answer created = call(server.port(), "POST", "/music/api/create/ace",
                              R"({"action":"stems","audio_id":")" + songs[0].id + R"("})", token);
        ASSERT_EQ(created.status, 200) << created.body;
        EXPECT_NE(created.body.find("任务提交成功，扣除积分：5"), std::string::npos) << created.body;
        stemsTask = parseObject(created.body)->getObject("data")->getValue<std::string>("taskId");
        server.kill();
    }
    {
        ServerProcess server(dir.str(), serverKeys(data, 1), 120);
        ASSERT_TRUE(awaitState(*store, stemsTask,
                               {domain::TaskState::Submitted, domain::TaskState::Running, domain::TaskState::Succeeded},
                               std::chrono::seconds(30)))
            << server.err();
        server.kill();
    }
    {
        ServerProcess server(dir.str(), serverKeys(data, 1), 120);
        ASSERT_TRUE(awaitState(*store, stemsTask, {domain::TaskState::Succeeded, domain::TaskState::Failed},
                               std::chrono::seconds(60)))
            << server.err();
        Answer profile = call(server.port(), "GET", "/user/select", {}, token);
        EXPECT_NE(profile.body.find(R"("integral":5)"), std::string::npos) << profile.body;
        EXPECT_EQ(server.stop(), 0) << server.err();
    }
    const auto stems =
        domain::readOnly(*store, [&](domain::Repositories& repos) { return repos.songs().listByTask(stemsTask); });
    ASSERT_EQ(stems.size(), 2u);
    for (const auto& stem : stems) {
        EXPECT_EQ(stem.complete, domain::SongStatus::Done);
        EXPECT_EQ(stem.origin, domain::TaskAction::Stems);
        EXPECT_EQ(stem.sourceId, songs[0].id);
    }
    check = runProgram(GEQU_ADMIN_BIN, {"check"}, dir.str(), isolatedEnv({{"data.dir", data}}));
    EXPECT_EQ(check.status, 0) << check.out << check.err;
}

} // namespace
