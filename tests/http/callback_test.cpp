// POST /music/api/callback/ace (docs/generation.md): served only when a callback key is configured; the key is
// checked; the parsed status goes to the generation worker, which applies it as a poll answer.

#include "works_client.h"

namespace gequ::http::test {
namespace {

constexpr const char* kKey = "callback-secret-0123456789-abcdefghij";

/// The test's wire format for a pushed status: "<upstream id>|succeeded" or "<upstream id>|failed".
domain::Result<domain::TaskStatus> parseTestCallback(const std::string& body) {
    const auto bar = body.find('|');
    if (bar == std::string::npos || bar == 0) {
        return domain::invalid("回调内容无效");
    }
    domain::TaskStatus status;
    status.id = body.substr(0, bar);
    if (body.substr(bar + 1) == "failed") {
        status.state = domain::UpstreamState::Failed;
        status.error = "AI 服务生成失败";
        return status;
    }
    status.state = domain::UpstreamState::Succeeded;
    for (int i = 1; i <= 2; ++i) {
        domain::ClipStatus clip;
        clip.id = status.id + "-" + std::to_string(i);
        clip.state = domain::ClipState::Succeeded;
        clip.audioUrl = "/media/song.mp3";
        clip.duration = 42;
        status.clips.push_back(clip);
    }
    return status;
}

class CallbackTest : public WorksTest {
protected:
    static void SetUpTestSuite() {
        _server = std::make_unique<TestServer>(
            [](HttpConfig& config) { config.trustProxy = true; }, Authenticator{}, std::string{},
            [](Services& services) {
                _worker = std::make_unique<domain::GenerationWorker>(services.store, services.clock, _generator,
                                                                     nullptr, domain::WorkerSettings{});
                services.callback.key = kKey;
                services.callback.parse = parseTestCallback;
                services.callback.worker = _worker.get();
            });
    }
    static void TearDownTestSuite() {
        _server.reset();
        _worker.reset();
    }

    /// A created task as the worker leaves it after submission: submitted as up-<id>.
    std::string submittedTask(const std::string& token) {
        auto [taskId, songs] = createOk(token);
        store().transact([&](domain::Repositories& repos) {
            auto task = repos.tasks().findById(taskId);
            task->state = domain::TaskState::Submitted;
            task->upstreamTaskId = "up-" + taskId;
            repos.tasks().update(*task);
            return true;
        });
        return taskId;
    }
    HttpAnswer push(const std::string& query, const std::string& body) {
        RequestSpec spec;
        spec.method = "POST";
        spec.uri = "/music/api/callback/ace" + query;
        spec.body = body;
        spec.headers.emplace_back("Content-Type", "application/json");
        return send(port(), spec);
    }

    static inline FakeGenerator _generator;
    static inline std::unique_ptr<domain::GenerationWorker> _worker;
};

TEST_F(CallbackTest, TheKeyIsChecked) {
    auto user = account("13700000001");
    const std::string taskId = submittedTask(user.token);
    expectError(push("", "up-" + taskId + "|succeeded"), 403, 4030, "回调密钥无效");
    expectError(push("?key=wrong", "up-" + taskId + "|succeeded"), 403, 4030, "回调密钥无效");
    expectError(push(std::string("?key=") + kKey + "x", "up-" + taskId + "|succeeded"), 403, 4030, "回调密钥无效");
    EXPECT_EQ(tasks()[0].state, domain::TaskState::Submitted);
}

TEST_F(CallbackTest, APushedSuccessFinishesTheTask) {
    auto user = account("13700000002");
    const std::string taskId = submittedTask(user.token);
    expectOk(push(std::string("?key=") + kKey, "up-" + taskId + "|succeeded"));
    EXPECT_EQ(tasks()[0].state, domain::TaskState::Succeeded);
    for (const auto& s : songsOf(taskId)) {
        EXPECT_EQ(s.complete, domain::SongStatus::Done);
        EXPECT_EQ(s.duration, 42);
    }
    // Again: the task is no longer tracked.
    expectError(push(std::string("?key=") + kKey, "up-" + taskId + "|succeeded"), 404, 4040, "任务不存在");
}

TEST_F(CallbackTest, APushedFailureRefundsOnce) {
    auto user = account("13700000003");
    const std::string taskId = submittedTask(user.token);
    expectOk(push(std::string("?key=") + kKey, "up-" + taskId + "|failed"));
    EXPECT_EQ(tasks()[0].state, domain::TaskState::Failed);
    EXPECT_EQ(points(user.id), 20);
    push(std::string("?key=") + kKey, "up-" + taskId + "|failed");
    EXPECT_EQ(points(user.id), 20);
    EXPECT_TRUE(check().empty());
}

TEST_F(CallbackTest, BadBodiesAndUnknownTasks) {
    expectError(push(std::string("?key=") + kKey, "garbage"), 400, 4000, "回调内容无效");
    expectError(push(std::string("?key=") + kKey, "nobody|succeeded"), 404, 4040, "任务不存在");
}

/// Without a configured key the endpoint does not exist.
class NoCallbackTest : public WorksTest {};

TEST_F(NoCallbackTest, TheEndpointIsNotServed) {
    RequestSpec spec;
    spec.method = "POST";
    spec.uri = std::string("/music/api/callback/ace?key=") + kKey;
    spec.body = "x|succeeded";
    expectError(send(port(), spec), 404, 4040, "接口不存在");
}

TEST(CallbackRateLimit, GuessingTheKeyIsRateLimited) {
    FakeGenerator generator;
    std::unique_ptr<domain::GenerationWorker> worker;
    TestServer server(
        [](HttpConfig& config) {
            config.ratePerIp = 0.001; // practically no refill during the test
            config.burstPerIp = 3;
        },
        Authenticator{}, std::string{},
        [&](Services& services) {
            worker = std::make_unique<domain::GenerationWorker>(services.store, services.clock, generator, nullptr,
                                                                domain::WorkerSettings{});
            services.callback.key = kKey;
            services.callback.parse = parseTestCallback;
            services.callback.worker = worker.get();
        });
    RequestSpec spec;
    spec.method = "POST";
    spec.uri = "/music/api/callback/ace?key=guess";
    spec.body = "up-x|succeeded";
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(send(server.port(), spec).status, 403) << i;
    }
    auto limited = send(server.port(), spec);
    EXPECT_EQ(limited.status, 429);
    EXPECT_EQ(limited.json()->getValue<std::string>("message"), "操作过于频繁，请稍后再试");
}

} // namespace
} // namespace gequ::http::test
