// Push completion (docs/generation.md): the offline composer tells its listener the moment a clip is stored, the
// worker applies that at once (no poll needed), and GenerationRunner queues pushes from any thread, applies them on
// its own threads, and retries one that overtook its submit's commit.

#include "generation_support.h"
#include "gequ/composer/composer.h"
#include "gequ/media/local_media_store.h"
#include "gequ/server/generation_runner.h"

#include <thread>

namespace gequ::generation::test {
namespace {

/// Waits (real time, the test clock stands still) until `done`, at most `limit`.
bool waitFor(const std::function<bool()>& done, std::chrono::seconds limit = std::chrono::seconds(60)) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return done();
}

class PushCompletionTest : public GenerationTest {
protected:
    WorkerSettings longTimeout() {
        WorkerSettings s = settings();
        s.timeout = std::chrono::hours(24);
        return s;
    }
};

TEST_F(PushCompletionTest, TheComposerPushesEachClipAndTheWorkerAppliesItWithoutPolling) {
    useProvider("local");
    media::LocalMediaStore media(dir() / "media");
    composer::ComposerConfig config;
    config.clipSeconds = 8;
    config.longClipSeconds = 8;
    auto generator = composer::makeComposer(config, media, moderation::WordListModeration::builtIn());
    GenerationWorker worker(store(), clock(), *generator, nullptr, longTimeout());

    std::mutex mutex;
    std::vector<TaskStatus> pushed;
    generator->setStatusListener([&](const TaskStatus& status) {
        std::lock_guard lock(mutex);
        pushed.push_back(status);
        EXPECT_TRUE(worker.applyPushed(status).ok()) << status.id;
    });

    const std::string user = addUser();
    const std::string id = createTask(user, "一首欢快的夏日海边歌曲");
    const TickReport first = worker.tick("w1");
    ASSERT_EQ(first.submitted, 1);
    ASSERT_EQ(task(id).state, TaskState::Submitted);

    // No more ticks and a clock that stands still: only the pushes can finish the task.
    ASSERT_TRUE(waitFor([&] { return isFinalTask(id); })) << toString(task(id).state);
    generator->setStatusListener({});
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_EQ(task(id).attempts, 0) << "never polled";
    for (const auto& song : songs(id)) {
        EXPECT_EQ(song.complete, SongStatus::Done);
        EXPECT_EQ(song.audioUrl.rfind("/media/", 0), 0u) << song.audioUrl;
        EXPECT_GT(song.duration, 7.0);
    }
    std::lock_guard lock(mutex);
    ASSERT_EQ(pushed.size(), 2u);
    // The first song is told while the second is still being made, then the task's end with both.
    EXPECT_EQ(pushed[0].state, UpstreamState::Running);
    EXPECT_EQ(pushed[0].clips[0].state, ClipState::Succeeded);
    EXPECT_NE(pushed[0].clips[1].state, ClipState::Succeeded);
    EXPECT_EQ(pushed[1].state, UpstreamState::Succeeded);
    EXPECT_EQ(pushed[1].clips[1].state, ClipState::Succeeded);
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(PushCompletionTest, AFailingComposerPushesTheFailureAndTheTaskIsRefundedOnce) {
    useProvider("local");
    media::LocalMediaStore media(dir() / "media");
    composer::ComposerConfig config;
    config.soundfont = "/nonexistent/missing.sf2";
    auto generator = composer::makeComposer(config, media, moderation::WordListModeration::builtIn());
    GenerationWorker worker(store(), clock(), *generator, nullptr, longTimeout());
    std::atomic<int> pushes{0};
    generator->setStatusListener([&](const TaskStatus& status) {
        ++pushes;
        // Without a soundfont the composer fails at once, possibly before the worker has stored the submission:
        // retry while the task is not known yet, as the server's runner does (apps/server/src/generation_runner.cpp).
        auto applied = worker.applyPushed(status);
        for (int tries = 0; !applied.ok() && applied.error().code == domain::ErrorCode::NotFound && tries < 200;
             ++tries) {
            std::this_thread::sleep_for(std::chrono::milliseconds(25));
            applied = worker.applyPushed(status);
        }
        EXPECT_TRUE(applied.ok());
    });
    const std::string user = addUser();
    const std::string id = createTask(user);
    worker.tick("w1");
    ASSERT_TRUE(waitFor([&] { return isFinalTask(id); }));
    generator->setStatusListener({});
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_TRUE(task(id).refunded);
    EXPECT_EQ(pushes.load(), 1) << "both clips failed: one push, the task's end";
    EXPECT_EQ(points(user), 20);
    worker.tick("w1"); // a later poll changes nothing
    EXPECT_EQ(refCount(user, "task:" + id + ":refund"), 1);
    expectInvariants();
}

TEST_F(PushCompletionTest, AfterTheListenerIsRemovedNothingIsTold) {
    media::LocalMediaStore media(dir() / "media");
    composer::ComposerConfig config;
    config.clipSeconds = 4;
    config.longClipSeconds = 4;
    auto generator = composer::makeComposer(config, media, moderation::WordListModeration::builtIn());
    std::atomic<int> pushes{0};
    generator->setStatusListener([&](const TaskStatus&) { ++pushes; });
    generator->setStatusListener({});
    GenerationRequest request;
    request.taskId = "quiet";
    request.prompt = "安静的夜";
    ASSERT_TRUE(generator->submit(request).ok());
    ASSERT_TRUE(waitFor([&] {
        auto status = generator->poll({"local-quiet"});
        return status.ok() && status->front().state == UpstreamState::Succeeded;
    }));
    EXPECT_EQ(pushes.load(), 0);
}

TEST_F(PushCompletionTest, TheRunnerAppliesPushesAndRetriesOneThatOvertookItsSubmit) {
    // The scripted upstream answers every poll "queued", and the test clock never makes a poll due again: only the
    // push can finish the task.
    ScriptedGenerator upstream("ace");
    GenerationWorker worker(store(), clock(), upstream, nullptr, settings());
    const std::string user = addUser();
    const std::string id = createTask(user);

    TaskStatus done;
    done.id = "up-" + id; // the id the scripted upstream gives on submit
    done.state = UpstreamState::Succeeded;
    for (int i = 0; i < 2; ++i) {
        ClipStatus clip;
        clip.id = done.id + "-" + std::to_string(i);
        clip.state = ClipState::Succeeded;
        clip.audioUrl = "/media/" + clip.id + ".mp3";
        clip.imageUrl = "/media/" + clip.id + ".svg";
        clip.duration = 90;
        clip.title = "夏日";
        done.clips.push_back(clip);
    }

    server::GenerationRunner runner(worker, 1, "runner", std::chrono::hours(1));
    runner.push(done); // before the task is even submitted: kept and tried again after the tick that submits it
    runner.start();
    ASSERT_TRUE(waitFor([&] { return isFinalTask(id); }, std::chrono::seconds(20))) << toString(task(id).state);
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_EQ(runner.pushesApplied(), 1u);
    for (const auto& song : songs(id)) {
        EXPECT_EQ(song.complete, SongStatus::Done);
        EXPECT_DOUBLE_EQ(song.duration, 90);
    }

    // A push for a task nobody has is dropped after its tries, and the runner goes on.
    TaskStatus stray = done;
    stray.id = "up-nobody";
    runner.push(stray);
    const std::string second = createTask(user);
    runner.wake();
    ASSERT_TRUE(waitFor([&] { return task(second).state == TaskState::Submitted; }, std::chrono::seconds(20)));
    runner.stop();
    EXPECT_EQ(runner.pushesApplied(), 1u);
    EXPECT_EQ(points(user), 0);
    expectInvariants();
}

} // namespace
} // namespace gequ::generation::test
