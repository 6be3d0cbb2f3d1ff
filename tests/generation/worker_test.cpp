// The generation worker against a scripted upstream (docs/generation.md): submission, polling with back-off, clip
// updates, success, failure and timeout with exactly-once refunds, the member channel, max_inflight, leases,
// re-hosting, the composer's forgotten jobs, and pushed statuses.

#include "generation_support.h"

#include <algorithm>

namespace gequ::generation::test {
namespace {

class WorkerTest : public GenerationTest {
protected:
    std::unique_ptr<GenerationWorker> worker(SongGenerator& generator, WorkerSettings s,
                                             MediaFetcher* fetcher = nullptr, WorkerLog log = {}) {
        return std::make_unique<GenerationWorker>(store(), clock(), generator, fetcher, s, std::move(log));
    }
    /// Both clips of upstream task `id` succeeded with remote (https) or local media.
    static TaskStatus succeeded(const std::string& id, bool remote = true) {
        const std::string base = remote ? "https://cdn.example/" : "/media/";
        auto one = clip(id + "-1", ClipState::Succeeded, base + id + "-1.mp3", base + id + "-1.jpg", 91.5);
        one.title = "海边的夏天";
        one.lyric = "[主歌]\n阳光";
        one.style = "pop,upbeat";
        auto two = clip(id + "-2", ClipState::Succeeded, base + id + "-2.mp3", base + id + "-2.jpg", 88);
        return status(id, UpstreamState::Succeeded, {one, two});
    }
    /// Submits `taskId` (already created) and lets upstream finish it: both songs done.
    void finishTask(ScriptedGenerator& upstream, GenerationWorker& w, const std::string& taskId) {
        w.tick("w1");
        upstream.setStatus(succeeded("up-" + taskId));
        clock().advance(std::chrono::seconds(3));
        w.tick("w1");
        ASSERT_EQ(task(taskId).state, TaskState::Succeeded);
    }
    /// An extend of one of our songs from `at` seconds, in inspiration mode.
    static CreateRequest extendOf(const std::string& songId, double at) {
        CreateRequest extend;
        extend.action = "extend";
        extend.prompt = "继续";
        extend.audioId = songId;
        extend.continueAt = at;
        return extend;
    }
};

TEST_F(WorkerTest, SubmitsPollsWithBackOffAndFinishesBothSongs) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);

    auto report = w->tick("w1");
    EXPECT_EQ(report.submitted, 1);
    auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Submitted);
    EXPECT_EQ(t.upstreamTaskId, "up-" + id);
    EXPECT_EQ(t.provider, "ace");
    EXPECT_EQ(t.submittedAt, kT0);
    EXPECT_EQ(t.nextPollAt, kT0 + std::chrono::seconds(3));
    EXPECT_EQ(t.leaseOwner, ""); // released
    ASSERT_EQ(upstream.requests().size(), 1u);
    EXPECT_EQ(upstream.requests()[0].taskId, id);
    EXPECT_EQ(upstream.requests()[0].prompt, "一首欢快的夏日歌曲");
    EXPECT_EQ(upstream.requests()[0].artist, "用户1");

    // Not due yet: nothing is polled.
    w->tick("w1");
    EXPECT_EQ(upstream.polls(), 0);

    // Queued upstream: polled at +3 s, then after 5 s, then every 10 s.
    clock().advance(std::chrono::seconds(3));
    EXPECT_EQ(w->tick("w1").polled, 1);
    EXPECT_EQ(task(id).nextPollAt, kT0 + std::chrono::seconds(8));
    EXPECT_EQ(task(id).state, TaskState::Submitted);
    clock().advance(std::chrono::seconds(5));
    upstream.setStatus(
        status("up-" + id, UpstreamState::Running, {clip("c1", ClipState::Running), clip("c2", ClipState::Pending)}));
    EXPECT_EQ(w->tick("w1").polled, 1);
    t = task(id);
    EXPECT_EQ(t.state, TaskState::Running);
    EXPECT_EQ(t.nextPollAt, kT0 + std::chrono::seconds(18));
    auto s = songs(id);
    EXPECT_EQ(s[0].streamUrl, "https://cdn.example/stream/c1");
    EXPECT_EQ(s[0].complete, SongStatus::Generating);
    clock().advance(std::chrono::seconds(10));
    w->tick("w1");
    EXPECT_EQ(task(id).nextPollAt, kT0 + std::chrono::seconds(28));

    clock().advance(std::chrono::seconds(10));
    upstream.setStatus(succeeded("up-" + id));
    report = w->tick("w1");
    EXPECT_EQ(report.succeeded, 1);
    t = task(id);
    EXPECT_EQ(t.state, TaskState::Succeeded);
    EXPECT_EQ(t.finishedAt, clock().now());
    EXPECT_FALSE(t.refunded);
    s = songs(id);
    ASSERT_EQ(s.size(), 2u);
    EXPECT_EQ(s[0].complete, SongStatus::Done);
    EXPECT_EQ(s[0].audioUrl, "https://cdn.example/up-" + id + "-1.mp3"); // no fetcher: upstream's URL stays
    EXPECT_EQ(s[0].upstreamAudioUrl, s[0].audioUrl);
    EXPECT_EQ(s[0].imageUrl, "https://cdn.example/up-" + id + "-1.jpg");
    EXPECT_EQ(s[0].duration, 91.5);
    EXPECT_EQ(s[0].title, "海边的夏天");
    EXPECT_EQ(s[0].lyric, "[主歌]\n阳光");
    EXPECT_EQ(s[0].tags, "pop,upbeat"); // inspiration mode had none
    EXPECT_EQ(s[0].streamUrl, "");
    EXPECT_EQ(s[1].complete, SongStatus::Done);
    EXPECT_EQ(s[1].title, "一首欢快的夏日歌曲"); // upstream named only the first
    EXPECT_EQ(points(user), 10);

    // Final: never polled again.
    const int polls = upstream.polls();
    clock().advance(std::chrono::minutes(1));
    w->tick("w1");
    EXPECT_EQ(upstream.polls(), polls);
    expectInvariants();
}

TEST_F(WorkerTest, ARefusalAtSubmissionFailsTheTaskAndRefundsOnce) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    upstream.failNextSubmit(upstreamError(UpstreamFailure::Refused));
    auto report = w->tick("w1");
    EXPECT_EQ(report.failed, 1);
    EXPECT_EQ(report.refunded, 1);
    auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Failed);
    EXPECT_EQ(t.error, "内容未通过安全审核");
    EXPECT_TRUE(t.refunded);
    for (const auto& song : songs(id)) {
        EXPECT_EQ(song.complete, SongStatus::Failed);
    }
    EXPECT_EQ(points(user), 20);
    auto ledger = records(user);
    ASSERT_EQ(ledger.size(), 3u);
    EXPECT_EQ(ledger[2].delta, 10);
    EXPECT_EQ(ledger[2].remark, "生成失败退还积分");
    EXPECT_EQ(ledger[2].ref, "task:" + id + ":refund");
    // Nothing more happens to a failed task.
    clock().advance(std::chrono::hours(1));
    w->tick("w1");
    w->tick("w2");
    EXPECT_EQ(refCount(user, "task:" + id + ":refund"), 1);
    EXPECT_EQ(upstream.submits(id), 1);
    expectInvariants();
}

TEST_F(WorkerTest, APermanentSubmissionErrorFailsWithItsMessage) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    upstream.failNextSubmit(upstreamError(UpstreamFailure::Permanent, "歌词格式不正确"));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_EQ(task(id).error, "歌词格式不正确");
    EXPECT_EQ(points(user), 20);
    expectInvariants();
}

TEST_F(WorkerTest, RetryableSubmissionErrorsWaitThreeThenFiveThenTenSeconds) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    for (int i = 0; i < 3; ++i) {
        upstream.failNextSubmit(upstreamError(UpstreamFailure::Retryable));
    }
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Queued);
    EXPECT_EQ(task(id).attempts, 1);
    EXPECT_EQ(task(id).nextPollAt, kT0 + std::chrono::seconds(3));
    w->tick("w1"); // not due
    EXPECT_EQ(upstream.submits(id), 1);
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).nextPollAt, kT0 + std::chrono::seconds(8));
    clock().advance(std::chrono::seconds(5));
    w->tick("w1");
    EXPECT_EQ(task(id).nextPollAt, kT0 + std::chrono::seconds(18));
    clock().advance(std::chrono::seconds(10));
    w->tick("w1");
    EXPECT_EQ(upstream.submits(id), 4);
    EXPECT_EQ(task(id).state, TaskState::Submitted);
    EXPECT_EQ(task(id).attempts, 0);
    EXPECT_EQ(points(user), 10); // charged once, never refunded
    expectInvariants();
}

TEST_F(WorkerTest, AConfigurationErrorKeepsTheTaskQueuedAndLogsLoudly) {
    ScriptedGenerator upstream;
    LogCapture log;
    auto w = worker(upstream, settings(), nullptr, log.sink());
    const std::string user = addUser();
    const std::string id = createTask(user);
    upstream.failNextSubmit(upstreamError(UpstreamFailure::Configuration));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Queued);
    EXPECT_EQ(task(id).nextPollAt, kT0 + std::chrono::seconds(60));
    EXPECT_TRUE(log.has(LogLevel::Critical, id));
    clock().advance(std::chrono::seconds(59));
    w->tick("w1");
    EXPECT_EQ(upstream.submits(id), 1);
    clock().advance(std::chrono::seconds(1));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Submitted);
    EXPECT_EQ(points(user), 10);
}

TEST_F(WorkerTest, UpstreamFailureFailsTheTaskAndRefundsOnce) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    upstream.setStatus(status("up-" + id, UpstreamState::Failed, {}, "AI 服务生成失败"));
    clock().advance(std::chrono::seconds(3));
    auto report = w->tick("w1");
    EXPECT_EQ(report.failed, 1);
    EXPECT_EQ(report.refunded, 1);
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_EQ(task(id).error, "AI 服务生成失败");
    EXPECT_EQ(points(user), 20);
    // The same answer pushed again (a late callback) changes nothing.
    EXPECT_FALSE(w->applyPushed(status("up-" + id, UpstreamState::Failed)).ok());
    EXPECT_EQ(refCount(user, "task:" + id + ":refund"), 1);
    expectInvariants();
}

TEST_F(WorkerTest, OneFailedClipStillSucceedsWithoutARefund) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    auto failedClip = clip("c1", ClipState::Failed);
    failedClip.error = "该版本生成失败";
    upstream.setStatus(status("up-" + id, UpstreamState::Succeeded,
                              {failedClip, clip("c2", ClipState::Succeeded, "https://cdn.example/c2.mp3", "", 60)}));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    const auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Succeeded);
    EXPECT_FALSE(t.refunded);
    EXPECT_EQ(t.error, "该版本生成失败");
    const auto s = songs(id);
    EXPECT_EQ(s[0].complete, SongStatus::Failed);
    EXPECT_EQ(s[1].complete, SongStatus::Done);
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(WorkerTest, AllClipsFailedRefunds) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    upstream.setStatus(
        status("up-" + id, UpstreamState::Succeeded, {clip("c1", ClipState::Failed), clip("c2", ClipState::Failed)}));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_TRUE(task(id).refunded);
    EXPECT_EQ(points(user), 20);
    expectInvariants();
}

TEST_F(WorkerTest, TimeoutFailsAndRefundsUnlessAClipFinished) {
    ScriptedGenerator upstream;
    WorkerSettings s = settings();
    s.timeout = std::chrono::seconds(600);
    auto w = worker(upstream, s);
    const std::string user = addUser(100);
    const std::string stuck = createTask(user);
    const std::string half = createTask(addUser(100, 5));
    w->tick("w1");
    upstream.setStatus(status(
        "up-" + half, UpstreamState::Running,
        {clip("h1", ClipState::Succeeded, "https://cdn.example/h1.mp3", "", 50), clip("h2", ClipState::Running)}));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(songs(half)[0].complete, SongStatus::Done);
    EXPECT_EQ(task(half).state, TaskState::Running);

    clock().advance(std::chrono::seconds(596)); // 599 s after creation
    w->tick("w1");
    EXPECT_EQ(task(stuck).state, TaskState::Submitted);
    clock().advance(std::chrono::seconds(1));
    auto report = w->tick("w1");
    EXPECT_EQ(report.failed, 1);
    EXPECT_EQ(report.succeeded, 1);
    EXPECT_EQ(task(stuck).state, TaskState::Failed);
    EXPECT_EQ(task(stuck).error, "生成超时");
    EXPECT_TRUE(task(stuck).refunded);
    EXPECT_EQ(points(user), 100); // charged 10, refunded 10
    for (const auto& song : songs(stuck)) {
        EXPECT_EQ(song.complete, SongStatus::Failed);
    }
    EXPECT_EQ(task(half).state, TaskState::Succeeded);
    EXPECT_FALSE(task(half).refunded);
    EXPECT_EQ(songs(half)[1].complete, SongStatus::Failed);
    expectInvariants();
}

TEST_F(WorkerTest, ATaskStuckInTheQueueTimesOutAndRefunds) {
    ScriptedGenerator upstream;
    WorkerSettings s = settings();
    s.timeout = std::chrono::seconds(600);
    auto w = worker(upstream, s);
    const std::string user = addUser();
    const std::string id = createTask(user);
    upstream.failNextSubmit(upstreamError(UpstreamFailure::Configuration));
    w->tick("w1");
    clock().advance(std::chrono::seconds(600));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_EQ(task(id).error, "生成超时");
    EXPECT_EQ(points(user), 20);
    EXPECT_EQ(upstream.submits(id), 1);
    expectInvariants();
}

TEST_F(WorkerTest, TheMemberChannelIsServedFirst) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings(1));
    const std::string ordinary = createTask(addUser(20, 0));
    clock().advance(std::chrono::seconds(1));
    const std::string member = createTask(addUser(20, 2));
    EXPECT_EQ(task(member).channel, TaskChannel::Member);
    EXPECT_EQ(task(ordinary).channel, TaskChannel::Ordinary);
    w->tick("w1");
    EXPECT_EQ(task(member).state, TaskState::Submitted);
    EXPECT_EQ(task(ordinary).state, TaskState::Queued);
}

TEST_F(WorkerTest, MaxInflightBoundsSubmittedAndRunningTasks) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings(2));
    std::vector<std::string> ids;
    for (int i = 0; i < 3; ++i) {
        ids.push_back(createTask(addUser()));
        clock().advance(std::chrono::milliseconds(1));
    }
    w->tick("w1");
    EXPECT_EQ(upstream.totalSubmits(), 2);
    EXPECT_EQ(task(ids[2]).state, TaskState::Queued);
    clock().advance(std::chrono::seconds(3));
    upstream.setStatus(status("up-" + ids[0], UpstreamState::Running, {clip("r", ClipState::Running)}));
    w->tick("w1");
    EXPECT_EQ(task(ids[0]).state, TaskState::Running);
    EXPECT_EQ(task(ids[2]).state, TaskState::Queued); // running counts too
    clock().advance(std::chrono::seconds(5));
    upstream.setStatus(succeeded("up-" + ids[0]));
    w->tick("w1"); // one finishes, so the third goes in
    EXPECT_EQ(task(ids[0]).state, TaskState::Succeeded);
    EXPECT_EQ(task(ids[2]).state, TaskState::Submitted);
}

TEST_F(WorkerTest, ALeasedTaskIsLeftAloneUntilTheLeaseExpires) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string id = createTask(addUser());
    // Another instance claimed it and died.
    store().transact([&](Repositories& repos) {
        EXPECT_EQ(
            repos.tasks()
                .claimDue({TaskState::Queued}, "crashed", clock().now(), clock().now() + std::chrono::seconds(60), 10)
                .size(),
            1u);
        return true;
    });
    w->tick("w1");
    EXPECT_EQ(upstream.submits(id), 0);
    clock().advance(std::chrono::seconds(60));
    w->tick("w1");
    EXPECT_EQ(upstream.submits(id), 1);
    EXPECT_EQ(task(id).state, TaskState::Submitted);
}

TEST_F(WorkerTest, WorkersWithTheirOwnOwnersNeverProcessTheSameTask) {
    ScriptedGenerator upstream;
    auto a = worker(upstream, settings(1000));
    auto b = worker(upstream, settings(1000));
    std::vector<std::string> users;
    for (int i = 0; i < 30; ++i) {
        createTask(addUser(20, 6));
    }
    std::atomic<bool> go{false};
    auto run = [&](GenerationWorker& w, const std::string& owner) {
        while (!go.load()) {
            std::this_thread::yield();
        }
        for (int i = 0; i < 20; ++i) {
            w.tick(owner);
        }
    };
    std::thread ta(run, std::ref(*a), "host-a:1:x:0");
    std::thread tb(run, std::ref(*b), "host-b:2:y:0");
    go = true;
    ta.join();
    tb.join();
    const auto counts = upstream.submitCounts();
    EXPECT_EQ(counts.size(), 30u);
    for (const auto& [id, n] : counts) {
        EXPECT_EQ(n, 1) << id;
    }
}

TEST_F(WorkerTest, AFailedPollChangesNothingButTheNextPollTime) {
    ScriptedGenerator upstream;
    LogCapture log;
    auto w = worker(upstream, settings(), nullptr, log.sink());
    const std::string id = createTask(addUser());
    w->tick("w1");
    upstream.failPolls(upstreamError(UpstreamFailure::Retryable));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Submitted);
    EXPECT_EQ(task(id).nextPollAt, clock().now() + std::chrono::seconds(3));
    EXPECT_TRUE(log.has(LogLevel::Warning, "polling"));
    upstream.failPolls(std::nullopt);
    upstream.setStatus(succeeded("up-" + id));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
}

TEST_F(WorkerTest, FinishedRemoteClipsAreRehostedBeforeTheTaskSucceeds) {
    ScriptedGenerator upstream;
    ScriptedFetcher fetcher;
    auto w = worker(upstream, settings(), &fetcher);
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    fetcher.setFailing(true);
    upstream.setStatus(succeeded("up-" + id));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    // Playable from upstream already; the copies failed, so the task waits.
    auto s = songs(id);
    EXPECT_EQ(s[0].complete, SongStatus::Done);
    EXPECT_EQ(s[0].audioUrl, "https://cdn.example/up-" + id + "-1.mp3");
    EXPECT_EQ(task(id).state, TaskState::Running);
    EXPECT_EQ(task(id).nextPollAt, clock().now() + std::chrono::seconds(10));
    EXPECT_EQ(fetcher.fetched().size(), 4u);

    fetcher.setFailing(false);
    clock().advance(std::chrono::seconds(10));
    auto report = w->tick("w1");
    EXPECT_EQ(report.rehosted, 2);
    EXPECT_EQ(report.succeeded, 1);
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    s = songs(id);
    EXPECT_EQ(s[0].audioUrl, "/media/" + s[0].id + ".mp3");
    EXPECT_EQ(s[0].imageUrl, "/media/" + s[0].id + ".jpg");
    EXPECT_EQ(s[0].upstreamAudioUrl, "https://cdn.example/up-" + id + "-1.mp3");
    EXPECT_EQ(s[1].audioUrl, "/media/" + s[1].id + ".mp3");
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(WorkerTest, RehostingGivesUpAtTheTimeoutAndTheTaskStillSucceeds) {
    ScriptedGenerator upstream;
    ScriptedFetcher fetcher;
    fetcher.setFailing(true);
    WorkerSettings s = settings();
    s.timeout = std::chrono::seconds(60);
    auto w = worker(upstream, s, &fetcher);
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    upstream.setStatus(succeeded("up-" + id));
    ASSERT_TRUE(tickUntil(*w, [&] { return isFinalTask(id); }));
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_FALSE(task(id).refunded);
    EXPECT_EQ(songs(id)[0].audioUrl, "https://cdn.example/up-" + id + "-1.mp3");
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(WorkerTest, LocalMediaNeedsNoRehosting) {
    ScriptedGenerator upstream("local");
    ScriptedFetcher fetcher;
    auto w = worker(upstream, settings(), &fetcher);
    const std::string id = createTask(addUser());
    w->tick("w1");
    upstream.setStatus(succeeded("up-" + id, false));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_TRUE(fetcher.fetched().empty());
    EXPECT_EQ(songs(id)[0].audioUrl, "/media/up-" + id + "-1.mp3");
    EXPECT_EQ(songs(id)[0].upstreamAudioUrl, "");
}

TEST_F(WorkerTest, AJobTheComposerForgotIsSubmittedAgainNotFailed) {
    ScriptedGenerator composer("local");
    composer.setCapabilities({.rendersSources = true, .forgetsJobs = true});
    useProvider("local");
    auto w = worker(composer, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    // The process restarted: the composer answers an unknown id as failed, with no clips.
    composer.setStatus(status("up-" + id, UpstreamState::Failed, {}, "任务不存在或已过期"));
    clock().advance(std::chrono::seconds(3));
    auto report = w->tick("w1");
    EXPECT_EQ(report.resubmitted, 1);
    EXPECT_EQ(composer.submits(id), 2);
    EXPECT_EQ(task(id).state, TaskState::Submitted);
    EXPECT_EQ(task(id).nextPollAt, clock().now() + std::chrono::seconds(3));
    composer.setStatus(succeeded("up-" + id, false));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(WorkerTest, AnUnknownIdFromARemoteUpstreamFailsAndRefunds) {
    ScriptedGenerator upstream("ace");
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    upstream.setStatus(status("up-" + id, UpstreamState::Failed, {}, "任务不存在或已过期"));
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_EQ(task(id).error, "任务不存在或已过期");
    EXPECT_EQ(upstream.submits(id), 1);
    EXPECT_EQ(points(user), 20);
}

TEST_F(WorkerTest, APushedStatusIsAppliedLikeAPollAnswer) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    w->tick("w1");
    EXPECT_EQ(w->applyPushed(status("nobody", UpstreamState::Succeeded)).error().code, ErrorCode::NotFound);
    ASSERT_TRUE(w->applyPushed(succeeded("up-" + id)).ok());
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_EQ(songs(id)[0].complete, SongStatus::Done);
    EXPECT_EQ(upstream.polls(), 0);
    // The same push again: a no-op.
    EXPECT_FALSE(w->applyPushed(succeeded("up-" + id)).ok());
    expectInvariants();
}

TEST_F(WorkerTest, AnExtendSendsUpstreamsClipIdOfTheSong) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser(100, 5);
    const std::string source = createTask(user);
    finishTask(upstream, *w, source);

    const CreateRequest extend = extendOf(songs(source)[1].id, 30);
    auto created = creator().create(user, extend);
    ASSERT_TRUE(created.ok()) << created.error().message;
    w->tick("w1");
    EXPECT_EQ(task(created->taskId).state, TaskState::Submitted);
    EXPECT_EQ(upstream.requests().back().action, domain::TaskAction::Extend);
    EXPECT_EQ(upstream.requests().back().audioId, "up-" + source + "-2");
    EXPECT_EQ(upstream.requests().back().continueAt, 30);

    // Upstream forgot the source: the extend fails and refunds.
    auto again = creator().create(user, extend);
    ASSERT_TRUE(again.ok());
    upstream.forget("up-" + source);
    w->tick("w1");
    EXPECT_EQ(task(again->taskId).state, TaskState::Failed);
    EXPECT_EQ(task(again->taskId).error, "原作品已无法续写");
    EXPECT_TRUE(task(again->taskId).refunded);
    expectInvariants();
}

TEST_F(WorkerTest, AJoinIsFreeAndAFailedJoinRefundsNothing) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser(100, 5);
    const std::string source = createTask(user);
    finishTask(upstream, *w, source);
    auto extended = creator().create(user, extendOf(songs(source)[1].id, 30));
    ASSERT_TRUE(extended.ok()) << extended.error().message;
    finishTask(upstream, *w, extended->taskId);
    const std::int64_t before = points(user);
    EXPECT_EQ(before, 80);

    CreateRequest join;
    join.action = "concat";
    join.audioId = songs(extended->taskId)[0].id;
    auto joined = creator().create(user, join);
    ASSERT_TRUE(joined.ok()) << joined.error().message;
    EXPECT_EQ(points(user), before) << "joining is free";
    w->tick("w1");
    EXPECT_EQ(upstream.requests().back().action, domain::TaskAction::Concat);
    EXPECT_EQ(upstream.requests().back().audioId, "up-" + extended->taskId + "-1");
    // Upstream fails it: the song fails, nothing is refunded (nothing was charged).
    TaskStatus failed = status("up-" + joined->taskId, UpstreamState::Failed, {});
    failed.error = "AI 服务生成失败";
    upstream.setStatus(failed);
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    EXPECT_EQ(task(joined->taskId).state, TaskState::Failed);
    EXPECT_FALSE(task(joined->taskId).refunded);
    EXPECT_EQ(points(user), before);
    EXPECT_EQ(songs(joined->taskId).size(), 1u);
    EXPECT_EQ(songs(joined->taskId)[0].complete, SongStatus::Failed);
    expectInvariants();
}

TEST_F(WorkerTest, OneJoinPerExtensionASecondAnswersTheFirstsSong) {
    // Issue 31: three concats of one extension each made a (paid upstream) job.
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser(100, 5);
    const std::string source = createTask(user);
    finishTask(upstream, *w, source);
    auto extended = creator().create(user, extendOf(songs(source)[1].id, 30));
    ASSERT_TRUE(extended.ok()) << extended.error().message;
    finishTask(upstream, *w, extended->taskId);

    CreateRequest join;
    join.action = "concat";
    join.audioId = songs(extended->taskId)[0].id;
    auto first = creator().create(user, join);
    ASSERT_TRUE(first.ok()) << first.error().message;
    for (int i = 0; i < 2; ++i) {
        auto again = creator().create(user, join);
        ASSERT_TRUE(again.ok()) << again.error().message;
        EXPECT_EQ(again->taskId, first->taskId);
        EXPECT_EQ(again->songIds, first->songIds);
        EXPECT_EQ(again->cost, 0);
    }
    w->tick("w1");
    const auto requests = upstream.requests();
    const auto submitted = std::count_if(requests.begin(), requests.end(), [](const auto& request) {
        return request.action == domain::TaskAction::Concat;
    });
    EXPECT_EQ(submitted, 1) << "one upstream job";
    // Once the join has failed, joining again is allowed (a new task).
    TaskStatus failed = status("up-" + first->taskId, UpstreamState::Failed, {});
    failed.error = "AI 服务生成失败";
    upstream.setStatus(failed);
    clock().advance(std::chrono::seconds(3));
    w->tick("w1");
    ASSERT_EQ(task(first->taskId).state, TaskState::Failed);
    auto retried = creator().create(user, join);
    ASSERT_TRUE(retried.ok()) << retried.error().message;
    EXPECT_NE(retried->taskId, first->taskId);
    expectInvariants();
}

TEST_F(WorkerTest, AdminRetryOfAFailedSubmissionRequeuesItAndChargesAgain) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser(20);
    const std::string id = createTask(user);
    upstream.failNextSubmit(upstreamError(UpstreamFailure::Permanent));
    w->tick("w1");
    ASSERT_EQ(task(id).state, TaskState::Failed);
    ASSERT_EQ(points(user), 20);

    struct RetryIds : IdGenerator {
        std::string newId() override { return "r-" + std::to_string(++n); }
        int n = 0;
    } ids;
    AdminService admin(store(), clock(), ids);
    auto retried = admin.retryTask(id);
    ASSERT_TRUE(retried.ok()) << retried.error().message;
    EXPECT_EQ(retried->task.id, id + "-retry");
    EXPECT_EQ(retried->task.state, TaskState::Queued);
    EXPECT_EQ(retried->charge, 10);
    EXPECT_EQ(points(user), 10);
    EXPECT_EQ(refCount(user, "task:" + id + "-retry:charge"), 1);
    EXPECT_EQ(admin.retryTask(id).error().message, "该任务已重试过，新任务为 " + id + "-retry");
    w->tick("w1");
    EXPECT_EQ(task(id + "-retry").state, TaskState::Submitted);
    EXPECT_EQ(upstream.requests().back().taskId, id + "-retry");
    EXPECT_EQ(upstream.requests().back().prompt, "一首欢快的夏日歌曲");
    // Not for a task that reached upstream.
    EXPECT_EQ(admin.retryTask(id + "-retry").error().code, ErrorCode::Conflict);
    EXPECT_EQ(admin.retryTask("nope").error().code, ErrorCode::NotFound);
    expectInvariants();
}

TEST_F(WorkerTest, CheckFindsBrokenTaskInvariants) {
    ScriptedGenerator upstream;
    auto w = worker(upstream, settings());
    const std::string user = addUser(100);
    const std::string failed = createTask(user);
    upstream.failNextSubmit(upstreamError(UpstreamFailure::Refused));
    w->tick("w1");
    expectInvariants();
    // A failed task whose refund went missing, and a succeeded one refunded anyway.
    store().transact([&](Repositories& repos) {
        auto t = repos.tasks().findById(failed);
        t->refunded = false;
        repos.tasks().update(*t);
        return true;
    });
    auto found = problems();
    ASSERT_EQ(found.size(), 1u);
    EXPECT_NE(found[0].find(failed), std::string::npos);
    EXPECT_NE(found[0].find("有退款记录，但未标记为已退款"), std::string::npos) << found[0];
}

} // namespace
} // namespace gequ::generation::test
