// The generation worker driving the real offline composer (upstream.provider = local): songs really made, stored and
// playable from /media/; a composer that cannot render fails the task and refunds once; a composer that forgot its
// jobs (a restart) gets them again.

#include "generation_support.h"
#include "gequ/composer/composer.h"
#include "gequ/media/local_media_store.h"

#include <fstream>

namespace gequ::generation::test {
namespace {

class ComposerWorkerTest : public GenerationTest {
protected:
    void SetUp() override {
        GenerationTest::SetUp();
        useProvider("local");
        _media = std::make_unique<media::LocalMediaStore>(dir() / "media");
    }

    composer::ComposerConfig config(const std::string& soundfont = std::string(composer::kDefaultSoundFont)) {
        composer::ComposerConfig c;
        c.soundfont = soundfont;
        c.workers = 1;
        c.clipSeconds = 8;
        c.longClipSeconds = 8;
        return c;
    }
    std::unique_ptr<SongGenerator> composer(const composer::ComposerConfig& c) {
        return composer::makeComposer(c, *_media, moderation::WordListModeration::builtIn());
    }
    media::LocalMediaStore& media() { return *_media; }
    /// The worker's settings with a timeout far beyond the test's moving clock: tickUntil moves it 10 s a round, and
    /// rendering on a busy machine must not pass for a generation that ran out of time.
    WorkerSettings composerSettings() {
        WorkerSettings s = settings();
        s.timeout = std::chrono::hours(24);
        return s;
    }

    /// The bytes stored under one of our media URLs ("/media/<key>").
    std::string stored(const std::string& url) {
        const std::string prefix = "/media/";
        EXPECT_EQ(url.rfind(prefix, 0), 0u) << url;
        std::ifstream in(media().pathFor(url.substr(prefix.size())), std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

    void expectPlayable(const Song& song) {
        EXPECT_EQ(song.complete, SongStatus::Done);
        const std::string mp3 = stored(song.audioUrl);
        ASSERT_GT(mp3.size(), 10000u) << song.audioUrl;
        EXPECT_EQ(mp3.substr(0, 3), "ID3");
        EXPECT_NE(stored(song.imageUrl).find("<svg"), std::string::npos) << song.imageUrl;
        EXPECT_GT(song.duration, 7.0);
        EXPECT_LT(song.duration, 9.5);
        EXPECT_FALSE(song.title.empty());
        EXPECT_TRUE(song.finishedAt.has_value());
    }

private:
    std::unique_ptr<media::LocalMediaStore> _media;
};

TEST_F(ComposerWorkerTest, InspirationModeMakesTwoPlayableSongs) {
    auto generator = composer(config());
    GenerationWorker worker(store(), clock(), *generator, nullptr, composerSettings());
    const std::string user = addUser();
    const std::string id = createTask(user, "一首欢快的夏日海边歌曲");
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(id); }));
    const auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Succeeded);
    EXPECT_EQ(t.provider, "local");
    EXPECT_EQ(t.upstreamTaskId, "local-" + id);
    const auto s = songs(id);
    ASSERT_EQ(s.size(), 2u);
    for (const auto& song : s) {
        expectPlayable(song);
        EXPECT_FALSE(song.lyric.empty()); // written from the description
        EXPECT_FALSE(song.tags.empty());  // the style the composer played
    }
    EXPECT_NE(s[0].audioUrl, s[1].audioUrl);
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(ComposerWorkerTest, CustomModeSingsTheGivenLyricsInTheGivenStyle) {
    auto generator = composer(config());
    GenerationWorker worker(store(), clock(), *generator, nullptr, composerSettings());
    const std::string user = addUser();
    const std::string id = createTask(user, "夏日", "[主歌]\n阳光洒在海面上\n[副歌]\n我们一起唱", "摇滚,男声");
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(id); }));
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    for (const auto& song : songs(id)) {
        expectPlayable(song);
        EXPECT_EQ(song.title, "夏日");
        EXPECT_EQ(song.tags, "Rock,Male Vocal");
        // The synced lyrics are stored with the song: the lines sung in this short (8 s) clip, timed inside it.
        const auto timeline =
            readOnly(store(), [&](Repositories& repos) { return repos.timelines().find(song.id); });
        ASSERT_TRUE(timeline) << song.id;
        ASSERT_GE(timeline->lines.size(), 1u);
        for (const auto& line : timeline->lines) {
            EXPECT_TRUE(line.text == "阳光洒在海面上" || line.text == "我们一起唱") << line.text;
            EXPECT_GE(line.start, 0);
            EXPECT_LE(line.end, song.duration + 0.5);
            EXPECT_FALSE(line.words.empty());
        }
    }
    expectInvariants();
}

TEST_F(ComposerWorkerTest, AComposerThatCannotRenderFailsTheTaskAndRefundsOnce) {
    auto generator = composer(config("/nonexistent/missing.sf2"));
    GenerationWorker worker(store(), clock(), *generator, nullptr, composerSettings());
    const std::string user = addUser();
    const std::string id = createTask(user);
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(id); }));
    const auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Failed);
    EXPECT_FALSE(t.error.empty());
    EXPECT_TRUE(t.refunded);
    for (const auto& song : songs(id)) {
        EXPECT_EQ(song.complete, SongStatus::Failed);
    }
    EXPECT_EQ(points(user), 20);
    // More ticks change nothing.
    for (int i = 0; i < 3; ++i) {
        clock().advance(std::chrono::seconds(10));
        worker.tick("w1");
    }
    EXPECT_EQ(refCount(user, "task:" + id + ":refund"), 1);
    expectInvariants();
}

TEST_F(ComposerWorkerTest, AfterARestartTheComposerIsGivenItsJobAgain) {
    const std::string user = addUser();
    std::string id;
    {
        auto before = composer(config());
        GenerationWorker worker(store(), clock(), *before, nullptr, composerSettings());
        id = createTask(user);
        worker.tick("w1");
        ASSERT_EQ(task(id).state, TaskState::Submitted);
    } // the process "ends": the composer and its jobs are gone
    auto after = composer(config());
    GenerationWorker worker(store(), clock(), *after, nullptr, composerSettings());
    ASSERT_TRUE(tickUntil(
        worker, [&] { return isFinalTask(id); }, "w2"));
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    for (const auto& song : songs(id)) {
        expectPlayable(song);
    }
    EXPECT_EQ(points(user), 10);
    EXPECT_EQ(records(user).size(), 2u); // the gift and one charge: nothing twice, no refund
    expectInvariants();
}

} // namespace
} // namespace gequ::generation::test
