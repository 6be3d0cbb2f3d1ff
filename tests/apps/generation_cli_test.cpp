// gequ-admin's songs and tasks commands, and `check` over generation tasks, as subprocesses on a data dir whose songs
// were made through the real Runtime.

#include "app_steps.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/services/ledger.h"
#include "gequ/server/http_wiring.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/exceptions.h"
#include "gequ/wiring/runtime.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <fstream>
#include <gtest/gtest.h>

using namespace gequ::apps::test;
using gequ::test::TempDir;
using gequ::wiring::Config;
namespace domain = gequ::domain;

namespace {

class GenerationCliTest : public DataDirTest {
protected:
    /// A signed-in user's id (20 points).
    std::string user(const std::string& phone) {
        auto signedIn = runtime().auth().authenticate(login(phone).token);
        return signedIn ? signedIn->userId : std::string();
    }
    domain::CreatedTask create(const std::string& userId, const std::string& prompt) {
        domain::CreateRequest request;
        request.prompt = prompt;
        auto created = runtime().create().create(userId, request);
        EXPECT_TRUE(created.ok()) << (created.ok() ? "" : created.error().message);
        return created.ok() ? *created : domain::CreatedTask{};
    }
    /// Fails a task at submission as the worker does: songs failed, the refund written, the task marked.
    void failAtSubmission(const std::string& taskId, bool refund = true) {
        runtime().store().transact([&](domain::Repositories& repos) {
            auto task = repos.tasks().findById(taskId);
            task->state = domain::TaskState::Failed;
            task->error = "AI 服务无法处理该请求";
            if (refund) {
                EXPECT_TRUE(domain::applyPoints(repos, task->userId, 10, "生成失败退还积分",
                                                domain::taskRefundRef(taskId), runtime().clock().now())
                                .ok());
                task->refunded = true;
            }
            repos.tasks().update(*task);
            for (auto song : repos.songs().listByTask(taskId)) {
                song.complete = domain::SongStatus::Failed;
                repos.songs().update(song);
            }
            return true;
        });
    }
};

TEST_F(GenerationCliTest, HelpListsTheCommands) {
    RunResult help = admin({"--help"});
    EXPECT_EQ(help.status, 0);
    for (const char* part :
         {"songs show <id>", "songs hide <id>", "songs unhide <id>", "tasks list [--state S]", "tasks retry <id>"}) {
        EXPECT_TRUE(contains(help.out, part)) << part << "\n" << help.out;
    }
}

TEST_F(GenerationCliTest, TasksListFiltersByState) {
    const std::string a = user("13800138001");
    const auto first = create(a, "第一首");
    const auto second = create(user("13800138002"), "第二首");
    failAtSubmission(second.taskId);

    RunResult all = admin({"tasks", "list"});
    ASSERT_EQ(all.status, 0) << all.err;
    EXPECT_TRUE(contains(all.out, first.taskId + "  generate  queued  ordinary  local  user " + a)) << all.out;
    EXPECT_TRUE(contains(all.out, second.taskId + "  generate  failed")) << all.out;
    EXPECT_TRUE(contains(all.out, "refunded  (AI 服务无法处理该请求)")) << all.out;
    EXPECT_TRUE(contains(all.out, "2 tasks")) << all.out;

    RunResult queued = admin({"--json", "tasks", "list", "--state", "queued"});
    ASSERT_EQ(queued.status, 0) << queued.err;
    auto list = parseObject(queued.out)->getArray("tasks");
    ASSERT_EQ(list->size(), 1u);
    EXPECT_EQ(list->getObject(0)->getValue<std::string>("id"), first.taskId);
    EXPECT_EQ(list->getObject(0)->getValue<std::string>("state"), "queued");
    EXPECT_EQ(list->getObject(0)->getValue<std::string>("action"), "generate");
    EXPECT_TRUE(list->getObject(0)->getValue<bool>("charged"));

    RunResult bad = admin({"tasks", "list", "--state", "done"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_TRUE(contains(bad.err, "--state must be queued, submitted, running, succeeded or failed")) << bad.err;
}

TEST_F(GenerationCliTest, SongsShowHideUnhide) {
    const std::string a = user("13800138003");
    const auto created = create(a, "夏日海边");
    const std::string song = created.songIds.at(0);

    RunResult shown = admin({"songs", "show", song});
    ASSERT_EQ(shown.status, 0) << shown.err;
    EXPECT_TRUE(contains(shown.out, song + "  generating  private  《夏日海边》")) << shown.out;
    EXPECT_TRUE(contains(shown.out, "task " + created.taskId + " queued (local)")) << shown.out;

    RunResult hidden = admin({"songs", "hide", song});
    ASSERT_EQ(hidden.status, 0) << hidden.err;
    EXPECT_TRUE(contains(hidden.out, "hid song " + song)) << hidden.out;
    auto json = admin({"--json", "songs", "show", song});
    ASSERT_EQ(json.status, 0);
    auto object = parseObject(json.out);
    EXPECT_TRUE(object->getValue<bool>("hidden"));
    EXPECT_EQ(object->getObject("task")->getValue<std::string>("state"), "queued");
    EXPECT_TRUE(runtime().store().ping());
    EXPECT_TRUE(domain::readOnly(runtime().store(),
                                 [&](domain::Repositories& repos) { return repos.songs().findById(song)->hidden; }));

    RunResult unhidden = admin({"songs", "unhide", song});
    ASSERT_EQ(unhidden.status, 0) << unhidden.err;
    EXPECT_FALSE(parseObject(admin({"--json", "songs", "show", song}).out)->getValue<bool>("hidden"));

    RunResult missing = admin({"songs", "show", "no-such-song"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_TRUE(contains(missing.err, "歌曲不存在")) << missing.err;
    EXPECT_EQ(admin({"songs", "hide"}).status, 2);
}

TEST_F(GenerationCliTest, TasksRetryRequeuesAFailedSubmissionAndChecksHold) {
    const std::string a = user("13800138004");
    const auto created = create(a, "重试之歌");
    failAtSubmission(created.taskId);
    ASSERT_EQ(admin({"check"}).status, 0);

    RunResult notFailed = admin({"tasks", "retry", create(user("13800138005"), "排队中").taskId});
    EXPECT_EQ(notFailed.status, 1);
    EXPECT_TRUE(contains(notFailed.err, "只能重试失败的任务")) << notFailed.err;

    RunResult retried = admin({"tasks", "retry", created.taskId});
    ASSERT_EQ(retried.status, 0) << retried.err;
    EXPECT_TRUE(contains(retried.out, "queued task " + created.taskId + "-retry in place of " + created.taskId))
        << retried.out;
    EXPECT_TRUE(contains(retried.out, "charged 10 points")) << retried.out;
    auto retriedTask = domain::readOnly(runtime().store(), [&](domain::Repositories& repos) {
        return repos.tasks().findById(created.taskId + "-retry");
    });
    ASSERT_TRUE(retriedTask.has_value());
    EXPECT_EQ(retriedTask->state, domain::TaskState::Queued);
    EXPECT_EQ(domain::readOnly(runtime().store(),
                               [&](domain::Repositories& repos) { return repos.users().findById(a)->integral; }),
              10);

    RunResult again = admin({"tasks", "retry", created.taskId});
    EXPECT_EQ(again.status, 1);
    EXPECT_TRUE(contains(again.err, "该任务已重试过")) << again.err;
    RunResult check = admin({"check"});
    EXPECT_EQ(check.status, 0) << check.out;
}

TEST_F(GenerationCliTest, CheckReportsAFailedTaskThatWasNeverRefunded) {
    const std::string a = user("13800138006");
    const auto created = create(a, "没有退款");
    failAtSubmission(created.taskId, false);
    RunResult check = admin({"check"});
    EXPECT_EQ(check.status, 1);
    EXPECT_TRUE(contains(check.out, "BROKEN: 任务 " + created.taskId + " 生成失败且没有完成的歌曲，但没有退款"))
        << check.out;
    RunResult retry = admin({"tasks", "retry", created.taskId});
    EXPECT_EQ(retry.status, 1);
    EXPECT_TRUE(contains(retry.err, "该任务尚未退款，无法重试")) << retry.err;
}

} // namespace

namespace {

TEST(RuntimeGenerationTest, TheCallbackKeyComesFromTheCallbackUrl) {
    EXPECT_EQ(gequ::wiring::callbackKeyOf("https://gequ.example/music/api/callback/ace?key=s3cret&x=1"), "s3cret");
    EXPECT_EQ(gequ::wiring::callbackKeyOf("https://gequ.example/music/api/callback/ace?x=1"), "");
    EXPECT_EQ(gequ::wiring::callbackKeyOf(""), "");
}

TEST(RuntimeGenerationTest, WorkerSettingsFollowTheConfiguration) {
    const Config config = Config::loadFromString(
        "generation.timeout = 120\ngeneration.max_inflight = 7\ngeneration.lease = 15\npoints.create_cost = 12\n",
        [](const std::string&) -> std::optional<std::string> { return std::nullopt; });
    const auto settings = gequ::wiring::makeWorkerSettings(config);
    EXPECT_EQ(settings.timeout, std::chrono::seconds(120));
    EXPECT_EQ(settings.maxInflight, 7);
    EXPECT_EQ(settings.lease, std::chrono::seconds(15));
    EXPECT_EQ(settings.defaultCharge, 12);
}

Config configFor(const TempDir& dir, const std::string& extra) {
    return Config::loadFromString("data.dir = " + (dir / "var") + "\n" + extra,
                                  [](const std::string&) -> std::optional<std::string> { return std::nullopt; });
}

TEST(RuntimeGenerationTest, TheAceUpstreamNeedsAToken) {
    TempDir dir;
    gequ::wiring::Runtime runtime(configFor(dir, "upstream.provider = ace\n"));
    try {
        runtime.generator();
        FAIL() << "an ace upstream without a token was accepted";
    } catch (const gequ::wiring::StartupError& e) {
        EXPECT_TRUE(contains(e.what(), "upstream.ace.token")) << e.what();
    }
}

TEST(RuntimeGenerationTest, TheAceUpstreamIsWiredWithItsCallback) {
    TempDir dir;
    gequ::wiring::Runtime runtime(configFor(dir, "upstream.provider = ace\nupstream.ace.token = sk-test-token\n"
                                                 "upstream.ace.callback_url = "
                                                 "https://gequ.example/music/api/callback/ace?key="
                                                 "k-123-a-random-secret-of-32-chars\n"
                                                 "points.create_cost = 12\n"));
    EXPECT_EQ(runtime.generator().name(), "ace");
    EXPECT_EQ(runtime.create().settings().provider, "ace");
    EXPECT_EQ(runtime.create().settings().cost, 12);
    auto services = gequ::server::makeHttpServices(runtime);
    EXPECT_EQ(services.callback.key, "k-123-a-random-secret-of-32-chars");
    EXPECT_TRUE(static_cast<bool>(services.callback.parse));
    EXPECT_NE(services.callback.worker, nullptr);
    EXPECT_NE(services.create, nullptr);
    EXPECT_NE(services.works, nullptr);
}

TEST(RuntimeGenerationTest, TheDefaultIsTheOfflineComposerWithoutACallback) {
    TempDir dir;
    gequ::wiring::Runtime runtime(configFor(dir, ""));
    EXPECT_EQ(runtime.generator().name(), "local");
    EXPECT_TRUE(gequ::server::makeHttpServices(runtime).callback.key.empty());
}

} // namespace
