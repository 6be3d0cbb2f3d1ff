// The SongGenerator port of the offline composer: queued → running → succeeded, failures, lyrics.

#include "gequ/composer/composer.h"
#include "gequ/media/local_media_store.h"
#include "gequ/moderation/word_list_moderation.h"
#include "mp3_probe.h"
#include "temp_dir.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <thread>

using namespace gequ::composer;
using namespace gequ::moderation;
using gequ::domain::ClipState;
using gequ::domain::GenerationRequest;
using gequ::domain::TaskStatus;
using gequ::domain::UpstreamState;
namespace fs = std::filesystem;

namespace {

using gequ::test::TempDir;

ComposerConfig config(int workers = 1) {
    ComposerConfig c;
    c.workers = workers;
    c.clipSeconds = 8;
    c.longClipSeconds = 10;
    return c;
}

GenerationRequest request(const std::string& taskId, const std::string& prompt = "夏天的海边") {
    GenerationRequest r;
    r.taskId = taskId;
    r.prompt = prompt;
    r.artist = "测试";
    return r;
}

TaskStatus pollOne(gequ::domain::SongGenerator& composer, const std::string& id) {
    auto statuses = composer.poll({id});
    EXPECT_TRUE(statuses.ok());
    EXPECT_EQ(statuses->size(), 1u);
    return statuses->front();
}

/// Polls until the task is finished (or a minute passes), recording every state seen.
TaskStatus waitFor(gequ::domain::SongGenerator& composer, const std::string& id,
                   std::vector<TaskStatus>* seen = nullptr) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    for (;;) {
        TaskStatus status = pollOne(composer, id);
        if (seen) {
            seen->push_back(status);
        }
        if (status.state == UpstreamState::Succeeded || status.state == UpstreamState::Failed ||
            std::chrono::steady_clock::now() > deadline) {
            return status;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

} // namespace

TEST(Composer, SubmitQueuesAndTheTaskGoesQueuedRunningSucceeded) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path() / "media");
    auto composer = makeComposer(config(1), media, WordListModeration::builtIn());
    EXPECT_EQ(composer->name(), "local");

    const auto start = std::chrono::steady_clock::now();
    const auto first = composer->submit(request("lifecycle-a"));
    const auto second = composer->submit(request("lifecycle-b", "城市的夜晚"));
    ASSERT_TRUE(first.ok());
    ASSERT_TRUE(second.ok());
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(200)) << "submit returns at once";
    EXPECT_NE(*first, *second);

    // One worker: the second task waits while the first renders.
    const TaskStatus queued = pollOne(*composer, *second);
    EXPECT_EQ(queued.state, UpstreamState::Queued);
    EXPECT_EQ(queued.clips.size(), 2u);

    std::vector<TaskStatus> seen;
    const TaskStatus done = waitFor(*composer, *second, &seen);
    ASSERT_EQ(done.state, UpstreamState::Succeeded) << done.error;

    // The states only move forward, with a running phase showing progress.
    bool sawRunning = false;
    double lastProgress = 0;
    int lastState = 0;
    for (const auto& s : seen) {
        EXPECT_GE(static_cast<int>(s.state), lastState);
        lastState = static_cast<int>(s.state);
        EXPECT_GE(s.progress, lastProgress);
        lastProgress = s.progress;
        if (s.state == UpstreamState::Running && s.progress > 0 && s.progress < 1) {
            sawRunning = true;
        }
    }
    EXPECT_TRUE(sawRunning);
    EXPECT_DOUBLE_EQ(done.progress, 1.0);

    ASSERT_EQ(done.clips.size(), 2u);
    for (int i = 0; i < 2; ++i) {
        const auto& clip = done.clips[static_cast<std::size_t>(i)];
        EXPECT_EQ(clip.state, ClipState::Succeeded);
        EXPECT_EQ(clip.id, *second + "-" + std::to_string(i + 1));
        EXPECT_EQ(clip.audioUrl, "/media/" + clip.id + ".mp3");
        EXPECT_EQ(clip.imageUrl, "/media/" + clip.id + ".svg");
        EXPECT_NEAR(clip.duration, 8.0, 0.01);
        EXPECT_FALSE(clip.title.empty());
        EXPECT_NE(clip.lyric.find("[主歌]"), std::string::npos);
        EXPECT_FALSE(clip.style.empty());
        const auto mp3 = test::decodeMp3(readFile(media.pathFor(clip.id + ".mp3")));
        EXPECT_NEAR(mp3.seconds(), 8.0, 2.0);
        EXPECT_GT(mp3.rms(), 0.02);
        EXPECT_EQ(readFile(media.pathFor(clip.id + ".svg")).rfind("<svg", 0), 0u);
    }
    EXPECT_EQ(done.clips[0].title, done.clips[1].title);
    EXPECT_EQ(waitFor(*composer, *first).state, UpstreamState::Succeeded);
}

TEST(Composer, ResubmittingATaskAnswersTheSameTask) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path());
    auto composer = makeComposer(config(), media, WordListModeration::builtIn());
    const auto a = composer->submit(request("same-task"));
    const auto b = composer->submit(request("same-task"));
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(*a, *b);
    EXPECT_EQ(*a, "local-same-task");
    EXPECT_EQ(waitFor(*composer, *a).state, UpstreamState::Succeeded);
    // Ids that are not safe file names are hashed into one.
    const auto odd = composer->submit(request("../../etc/passwd"));
    ASSERT_TRUE(odd.ok());
    EXPECT_TRUE(gequ::media::LocalMediaStore::isSafeKey(*odd + "-1.mp3")) << *odd;
}

TEST(Composer, UnknownTasksAreReportedFailed) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path());
    auto composer = makeComposer(config(), media, WordListModeration::builtIn());
    const TaskStatus status = pollOne(*composer, "local-never-submitted");
    EXPECT_EQ(status.state, UpstreamState::Failed);
    EXPECT_FALSE(status.error.empty());
}

TEST(Composer, AMissingSoundfontFailsTheTaskWithAReason) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path());
    ComposerConfig bad = config();
    bad.soundfont = "/nonexistent/missing.sf2";
    auto composer = makeComposer(bad, media, WordListModeration::builtIn());
    const auto id = composer->submit(request("no-soundfont"));
    ASSERT_TRUE(id.ok());
    const TaskStatus status = waitFor(*composer, *id);
    EXPECT_EQ(status.state, UpstreamState::Failed);
    EXPECT_EQ(status.error, "音色库加载失败");
    for (const auto& clip : status.clips) {
        EXPECT_EQ(clip.state, ClipState::Failed);
    }
    EXPECT_TRUE(fs::is_empty(temp.path()));
}

TEST(Composer, AMediaStoreFailureFailsTheTask) {
    TempDir temp;
    const fs::path occupied = temp.path() / "not-a-directory";
    std::ofstream(occupied) << "x";
    gequ::media::LocalMediaStore media(occupied);
    auto composer = makeComposer(config(), media, WordListModeration::builtIn());
    const auto id = composer->submit(request("no-disk"));
    ASSERT_TRUE(id.ok());
    const TaskStatus status = waitFor(*composer, *id);
    EXPECT_EQ(status.state, UpstreamState::Failed);
    EXPECT_EQ(status.error, "音频文件保存失败");
}

TEST(Composer, TwoWorkersRenderTwoTasksAtOnceOnTheSharedSoundfont) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path());
    auto composer = makeComposer(config(2), media, WordListModeration::builtIn());
    std::vector<std::string> ids;
    for (const char* style : {"rock", "chinese traditional", "jazz"}) {
        GenerationRequest r = request(std::string("parallel-") + (style[0] == 'c' ? "cn" : style));
        r.custom = true;
        r.title = "并行";
        r.style = style;
        r.lyric = "[副歌]\n你是我的天空\n我们一起前行\n";
        ids.push_back(*composer->submit(r));
    }
    for (const auto& id : ids) {
        const TaskStatus status = waitFor(*composer, id);
        EXPECT_EQ(status.state, UpstreamState::Succeeded) << id << ": " << status.error;
    }
}

TEST(Composer, LyricsComeFromTheWriterAndRefusedPromptsAreRefused) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path());
    auto composer = makeComposer(config(), media, WordListModeration::builtIn());
    const auto lyrics = composer->lyrics("海边的约定");
    ASSERT_TRUE(lyrics.ok());
    EXPECT_EQ(lyrics->title, "海边的约定");
    EXPECT_NE(lyrics->text.find("[副歌]"), std::string::npos);
    EXPECT_NE(composer->lyrics("海边的约定")->text, lyrics->text) << "asking again gives new lyrics";
    const auto refused = composer->lyrics("Taylor Swift 的新歌");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, gequ::domain::ErrorCode::Refused);
    EXPECT_EQ(refused.error().message, "歌名包含敏感内容，无法生成歌词");
}

TEST(Composer, ShutsDownPromptlyWithWorkQueued) {
    TempDir temp;
    gequ::media::LocalMediaStore media(temp.path());
    auto composer = makeComposer(config(), media, WordListModeration::builtIn());
    for (int i = 0; i < 5; ++i) {
        ASSERT_TRUE(composer->submit(request("queued-" + std::to_string(i))).ok());
    }
    const auto start = std::chrono::steady_clock::now();
    composer.reset();
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}
