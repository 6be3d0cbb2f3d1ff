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
        const auto timeline = readOnly(store(), [&](Repositories& repos) { return repos.timelines().find(song.id); });
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

TEST_F(ComposerWorkerTest, AnExtensionContinuesItsSourceAndJoiningMakesOneWholeSong) {
    auto generator = composer(config());
    GenerationWorker worker(store(), clock(), *generator, nullptr, composerSettings());
    const std::string user = addUser();
    const std::int64_t start = points(user);
    const std::string sourceTask = createTask(user, "夏日", "[主歌]\n阳光洒在海面上\n[副歌]\n我们一起唱", "pop");
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(sourceTask); }));
    const Song source = songs(sourceTask)[0];
    expectPlayable(source);

    CreateRequest extend;
    extend.action = "extend";
    extend.custom = true;
    extend.title = "夏日续";
    extend.lyric = "[主歌]\n海风吹过沙滩\n[副歌]\n歌声飘向远方";
    extend.audioId = source.id;
    extend.continueAt = 5;
    auto extended = creator().create(user, extend);
    ASSERT_TRUE(extended.ok()) << extended.error().message;
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(extended->taskId); }));
    ASSERT_EQ(task(extended->taskId).state, TaskState::Succeeded);
    const Song extension = songs(extended->taskId)[1];
    expectPlayable(extension);
    EXPECT_EQ(extension.origin, domain::TaskAction::Extend);
    EXPECT_EQ(extension.sourceId, source.id);
    // Same genre and instruments as the source (the style it played names the genre first).
    EXPECT_EQ(extension.tags.substr(0, extension.tags.find(',')), source.tags.substr(0, source.tags.find(',')));

    CreateRequest join;
    join.action = "concat";
    join.audioId = extension.id;
    auto joined = creator().create(user, join);
    ASSERT_TRUE(joined.ok()) << joined.error().message;
    EXPECT_EQ(joined->cost, 0);
    ASSERT_EQ(joined->songIds.size(), 1u);
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(joined->taskId); }));
    EXPECT_EQ(task(joined->taskId).state, TaskState::Succeeded);
    const auto whole = songs(joined->taskId);
    ASSERT_EQ(whole.size(), 1u);
    const Song& song = whole[0];
    EXPECT_EQ(song.complete, SongStatus::Done);
    EXPECT_EQ(song.origin, domain::TaskAction::Concat);
    EXPECT_EQ(song.sourceId, extension.id);
    EXPECT_EQ(song.title, "夏日续");
    // The source up to continue_at, then the whole extension.
    EXPECT_NEAR(song.duration, 5 + extension.duration, 0.05);
    const std::string mp3 = stored(song.audioUrl);
    EXPECT_EQ(mp3.substr(0, 3), "ID3");
    EXPECT_GT(mp3.size(), 20000u);
    EXPECT_NE(song.lyric.find("阳光洒在海面上"), std::string::npos) << song.lyric;
    EXPECT_NE(song.lyric.find("海风吹过沙滩"), std::string::npos) << song.lyric;
    // Its synced lyrics: the source's lines before 5 s, then the extension's, moved 5 s on.
    const auto timeline = readOnly(store(), [&](Repositories& repos) { return repos.timelines().find(song.id); });
    ASSERT_TRUE(timeline);
    bool extensionLine = false;
    for (const auto& line : timeline->lines) {
        EXPECT_LE(line.end, song.duration + 0.01);
        if (line.text == "海风吹过沙滩" || line.text == "歌声飘向远方") {
            extensionLine = true;
            EXPECT_GE(line.start, 5.0);
        } else {
            EXPECT_LT(line.start, 5.0) << line.text;
        }
    }
    EXPECT_TRUE(extensionLine);
    // One charge for the song, one for the extension, none for the join.
    EXPECT_EQ(points(user), start - 20);
    expectInvariants();

    // Only an extension can be joined; only one's own finished songs.
    join.audioId = source.id;
    auto notExtension = creator().create(user, join);
    ASSERT_FALSE(notExtension.ok());
    EXPECT_EQ(notExtension.error().message, "只有续写的作品可以合成完整歌曲");
    const std::string other = addUser();
    join.audioId = extension.id;
    auto notOwn = creator().create(other, join);
    ASSERT_FALSE(notOwn.ok());
    EXPECT_EQ(notOwn.error().message, "只能合成自己已完成的作品");
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

TEST_F(ComposerWorkerTest, StemsAreSongsOfTheirOwnNamedAfterTheirPartAndChargedOnce) {
    auto generator = composer(config());
    GenerationWorker worker(store(), clock(), *generator, nullptr, composerSettings());
    const std::string user = addUser(100, 1); // a member: four stems too
    const std::string sourceTask = createTask(user, "夏日", "[主歌]\n阳光洒在海面上\n[副歌]\n我们一起唱", "pop");
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(sourceTask); }));
    const Song source = songs(sourceTask)[0];
    expectPlayable(source);
    const std::int64_t before = points(user);

    for (const char* action : {"stems", "all_stems"}) {
        CreateRequest stems;
        stems.action = action;
        stems.audioId = source.id;
        auto created = creator().create(user, stems);
        ASSERT_TRUE(created.ok()) << created.error().message;
        const bool four = std::string(action) == "all_stems";
        EXPECT_EQ(created->cost, four ? kAllStemsCost : kStemsCost);
        ASSERT_EQ(created->songIds.size(), four ? 4u : 2u);
        ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(created->taskId); }));
        ASSERT_EQ(task(created->taskId).state, TaskState::Succeeded) << task(created->taskId).error;
        const auto parts = songs(created->taskId);
        const std::vector<std::string> titles =
            four ? std::vector<std::string>{"《夏日》人声", "《夏日》鼓", "《夏日》贝斯", "《夏日》其他"}
                 : std::vector<std::string>{"《夏日》人声", "《夏日》伴奏"};
        ASSERT_EQ(parts.size(), titles.size());
        for (std::size_t i = 0; i < parts.size(); ++i) {
            expectPlayable(parts[i]);
            EXPECT_EQ(parts[i].title, titles[i]);
            EXPECT_EQ(parts[i].origin, *parseTaskAction(action));
            EXPECT_EQ(parts[i].sourceId, source.id);
            EXPECT_NEAR(parts[i].duration, source.duration, 0.01);
            EXPECT_NE(parts[i].audioUrl, source.audioUrl);
        }
        EXPECT_EQ(parts[0].lyric, source.lyric); // the words are on the vocal stem
        EXPECT_TRUE(parts[1].lyric.empty());
    }
    EXPECT_EQ(points(user), before - kStemsCost - kAllStemsCost);
    expectInvariants();
}

TEST_F(ComposerWorkerTest, ACoverSingsTheSameLyricInTheNewStyle) {
    auto generator = composer(config());
    GenerationWorker worker(store(), clock(), *generator, nullptr, composerSettings());
    const std::string owner = addUser(100);
    const std::string sourceTask = createTask(owner, "夏日", "[主歌]\n阳光洒在海面上\n[副歌]\n我们一起唱", "folk");
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(sourceTask); }));
    const Song source = songs(sourceTask)[0];
    // Someone else covers it once it is public.
    const std::string fan = addUser(100);
    CreateRequest cover;
    cover.action = "cover";
    cover.audioId = source.id;
    cover.style = "摇滚";
    EXPECT_EQ(creator().create(fan, cover).error().code, ErrorCode::NotFound) << "a private song is unknown";
    store().transact([&](Repositories& repos) {
        auto song = repos.songs().findById(source.id);
        song->open = true;
        repos.songs().update(*song);
        return true;
    });
    auto created = creator().create(fan, cover);
    ASSERT_TRUE(created.ok()) << created.error().message;
    EXPECT_EQ(points(fan), 90);
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(created->taskId); }));
    ASSERT_EQ(task(created->taskId).state, TaskState::Succeeded);
    for (const Song& song : songs(created->taskId)) {
        expectPlayable(song);
        EXPECT_EQ(song.origin, TaskAction::Cover);
        EXPECT_EQ(song.sourceId, source.id);
        EXPECT_EQ(song.userId, fan);
        EXPECT_EQ(song.title, "夏日");
        EXPECT_EQ(song.lyric, source.lyric);
        EXPECT_EQ(song.tags, "Rock");
        EXPECT_NEAR(song.duration, source.duration, source.duration * 0.1);
        const auto timeline = readOnly(store(), [&](Repositories& repos) { return repos.timelines().find(song.id); });
        ASSERT_TRUE(timeline);
        EXPECT_FALSE(timeline->lines.empty());
    }
    // The cover of clip 1 is the source song re-orchestrated: the first line starts when the source's does.
    const auto first = readOnly(store(), [&](Repositories& repos) { return repos.timelines().find(source.id); });
    const auto covered =
        readOnly(store(), [&](Repositories& repos) { return repos.timelines().find(songs(created->taskId)[0].id); });
    ASSERT_TRUE(first && covered);
    EXPECT_EQ(encodeTimeline(*covered), encodeTimeline(*first));
    expectInvariants();
}

} // namespace
} // namespace gequ::generation::test
