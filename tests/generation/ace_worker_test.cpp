// The generation worker driving the AceData client against the fake AceData server (upstream.provider = ace):
// success with re-hosting into the media store, clips on a non-public address (never fetched, upstream URLs kept), a
// per-clip error, upstream failure, a 403 refusal, 429 and an invalid token at submission, and statuses pushed to the
// callback.

#include "fake_ace_server.h"
#include "generation_support.h"
#include "gequ/acedata/ace_client.h"
#include "gequ/acedata/media_fetcher.h"
#include "gequ/media/local_media_store.h"

#include <Poco/JSON/Parser.h>
#include <fstream>

namespace gequ::generation::test {
namespace {

using acedata::test::FakeAceServer;

Poco::JSON::Object::Ptr parse(const std::string& body) {
    Poco::JSON::Parser parser;
    return parser.parse(body).extract<Poco::JSON::Object::Ptr>();
}

class AceWorkerTest : public GenerationTest {
protected:
    void SetUp() override {
        GenerationTest::SetUp();
        _media = std::make_unique<media::LocalMediaStore>(dir() / "media");
        acedata::AceConfig config;
        config.baseUrl = _fake.baseUrl();
        config.token = FakeAceServer::kToken;
        config.timeoutSeconds = 5;
        _client = acedata::makeAceClient(config, &moderation::WordListModeration::builtIn());
        acedata::FetchConfig fetch;
        fetch.allowedAddresses = {"127.0.0.1"}; // the fake's own address, for these tests only
        useFetcher(fetch);
    }

    /// Builds the media fetcher with config and a worker on it.
    void useFetcher(const acedata::FetchConfig& config) {
        acedata::FetchConfig fetch = config;
        fetch.tempDir = (dir() / "fetch").string();
        _fetcher = acedata::makeMediaFetcher(*_media, fetch);
        _worker =
            std::make_unique<GenerationWorker>(store(), clock(), *_client, _fetcher.get(), settings(), _log.sink());
    }

    FakeAceServer& fake() { return _fake; }
    GenerationWorker& worker() { return *_worker; }
    SongGenerator& client() { return *_client; }
    LogCapture& log() { return _log; }
    bool storedFile(const std::string& url) {
        const std::string prefix = "/media/";
        return url.rfind(prefix, 0) == 0 && std::filesystem::exists(_media->pathFor(url.substr(prefix.size())));
    }

private:
    FakeAceServer _fake;
    std::unique_ptr<media::LocalMediaStore> _media;
    std::unique_ptr<SongGenerator> _client;
    std::unique_ptr<MediaFetcher> _fetcher;
    LogCapture _log;
    std::unique_ptr<GenerationWorker> _worker;
};

TEST_F(AceWorkerTest, SucceedsAndRehostsBothClipsIntoTheMediaStore) {
    const std::string user = addUser();
    const std::string id = createTask(user, "夏日", "[主歌]\n阳光", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    const auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Succeeded);
    EXPECT_EQ(t.provider, "ace");
    ASSERT_EQ(fake().taskIds().size(), 1u);
    EXPECT_EQ(t.upstreamTaskId, fake().taskIds()[0]);
    const auto s = songs(id);
    ASSERT_EQ(s.size(), 2u);
    for (const auto& song : s) {
        EXPECT_EQ(song.complete, SongStatus::Done);
        EXPECT_EQ(song.audioUrl, "/media/" + song.id + ".mp3");
        EXPECT_EQ(song.imageUrl, "/media/" + song.id + ".jpg");
        EXPECT_TRUE(storedFile(song.audioUrl)) << song.audioUrl;
        EXPECT_TRUE(storedFile(song.imageUrl)) << song.imageUrl;
        EXPECT_NE(song.upstreamAudioUrl.find("/cdn/"), std::string::npos) << song.upstreamAudioUrl;
        EXPECT_GT(song.duration, 0);
    }
    // What went upstream: custom mode with our normalised style.
    const auto submitted = fake().requestsTo("/suno/audios");
    ASSERT_EQ(submitted.size(), 1u);
    EXPECT_NE(submitted[0].body.find("\"custom\":true"), std::string::npos) << submitted[0].body;
    EXPECT_NE(submitted[0].body.find("\"style\":\"pop\""), std::string::npos) << submitted[0].body;
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(AceWorkerTest, ClipsOnANonPublicAddressAreNotFetchedAndKeepTheirUpstreamUrls) {
    // The production fetcher: nothing is allowed, so the fake's own address (127.0.0.1) is refused like any loopback
    // or private address an upstream answer might name.
    useFetcher(acedata::FetchConfig{});
    const std::string user = addUser();
    const std::string id = createTask(user, "夏日", "[主歌]\n阳光", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] {
        const auto s = songs(id);
        return s.size() == 2 && s[0].complete == SongStatus::Done && s[1].complete == SongStatus::Done;
    }));
    EXPECT_EQ(task(id).state, TaskState::Running); // finished and playable, waiting for copies that never come
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    const auto t = task(id);
    EXPECT_EQ(t.state, TaskState::Succeeded);
    EXPECT_FALSE(t.refunded);
    for (const auto& song : songs(id)) {
        EXPECT_EQ(song.complete, SongStatus::Done);
        EXPECT_EQ(song.audioUrl, song.upstreamAudioUrl);
        EXPECT_EQ(song.imageUrl, song.upstreamImageUrl);
        EXPECT_EQ(song.audioUrl.rfind("http://127.0.0.1:", 0), 0u) << song.audioUrl;
        EXPECT_FALSE(storedFile("/media/" + song.id + ".mp3"));
    }
    for (const auto& request : fake().requests()) {
        EXPECT_EQ(request.path.rfind("/suno/", 0), 0u) << "fetched " << request.path;
    }
    EXPECT_TRUE(log().has(LogLevel::Warning, "媒体地址不可访问"));
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(AceWorkerTest, APerClipErrorLeavesOneSongAndNoRefund) {
    const std::string user = addUser();
    const std::string id = createTask(user, "一首歌 [clip-error]");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_FALSE(task(id).refunded);
    const auto s = songs(id);
    EXPECT_EQ(s[0].complete, SongStatus::Failed);
    EXPECT_EQ(s[1].complete, SongStatus::Done);
    EXPECT_TRUE(storedFile(s[1].audioUrl));
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(AceWorkerTest, AnUpstreamFailureFailsTheTaskAndRefundsOnce) {
    const std::string user = addUser();
    const std::string id = createTask(user, "一首歌 [fail]");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_TRUE(task(id).refunded);
    EXPECT_EQ(points(user), 20);
    EXPECT_EQ(refCount(user, "task:" + id + ":refund"), 1);
    expectInvariants();
}

TEST_F(AceWorkerTest, AModerationRefusalAfterSubmissionRefunds) {
    const std::string user = addUser();
    const std::string id = createTask(user, "一首歌 [refused-later]");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_EQ(task(id).error, "内容未通过安全审核");
    EXPECT_EQ(points(user), 20);
    expectInvariants();
}

TEST_F(AceWorkerTest, A403AtSubmissionFailsWithTheRefusalAndRefunds) {
    const std::string user = addUser();
    const std::string id = createTask(user, "一首歌 [forbidden]");
    worker().tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Failed);
    EXPECT_EQ(task(id).error, "内容未通过安全审核");
    EXPECT_TRUE(task(id).refunded);
    EXPECT_EQ(points(user), 20);
    expectInvariants();
}

TEST_F(AceWorkerTest, A429AtSubmissionIsRetriedLater) {
    const std::string user = addUser();
    const std::string id = createTask(user);
    fake().failNext(429, "too_many_requests", "rate limited");
    worker().tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Queued);
    EXPECT_EQ(task(id).attempts, 1);
    EXPECT_EQ(task(id).nextPollAt, clock().now() + std::chrono::seconds(3));
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_EQ(fake().taskIds().size(), 1u);
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(AceWorkerTest, AnInvalidTokenKeepsTheTaskQueuedAndLogsCritically) {
    const std::string user = addUser();
    const std::string id = createTask(user);
    fake().failNext(401, "invalid_token", "token invalid");
    worker().tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Queued);
    EXPECT_EQ(task(id).nextPollAt, clock().now() + std::chrono::seconds(60));
    EXPECT_TRUE(log().has(LogLevel::Critical, id));
    EXPECT_EQ(points(user), 10);
}

TEST_F(AceWorkerTest, ACallbackFinishesTheTaskAndTheWorkerRehostsIt) {
    const std::string user = addUser();
    const std::string id = createTask(user);
    worker().tick("w1");
    const std::string upstreamId = task(id).upstreamTaskId;
    ASSERT_FALSE(upstreamId.empty());
    fake().finish(upstreamId);
    auto pushed = acedata::AceClient::parseCallback(fake().callbackJson(upstreamId));
    ASSERT_TRUE(pushed.ok()) << pushed.error().message;
    ASSERT_TRUE(worker().applyPushed(*pushed).ok());
    // The songs are finished and playable from upstream at once; the task waits for the copies, due now.
    auto s = songs(id);
    EXPECT_EQ(s[0].complete, SongStatus::Done);
    EXPECT_EQ(task(id).state, TaskState::Running);
    EXPECT_EQ(task(id).nextPollAt, clock().now());
    worker().tick("w1");
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    s = songs(id);
    EXPECT_EQ(s[0].audioUrl, "/media/" + s[0].id + ".mp3");
    EXPECT_TRUE(storedFile(s[0].audioUrl));
    expectInvariants();
}

TEST_F(AceWorkerTest, StemsAreSplitUpstreamAndAFailedSplitIsRefundedOnce) {
    const std::string user = addUser(40, 2); // two tasks at once
    const std::string good = createTask(user, "夏日", "[主歌]\n阳光", "pop");
    const std::string fragile = createTask(user, "夏夜 [stems-fail]", "[主歌]\n星光", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(good) && isFinalTask(fragile); }));
    const Song source = songs(good)[0];
    ASSERT_EQ(source.complete, SongStatus::Done);
    EXPECT_EQ(points(user), 20);

    CreateRequest stems;
    stems.action = "stems";
    stems.audioId = source.id;
    auto split = creator().create(user, stems);
    ASSERT_TRUE(split.ok()) << split.error().message;
    EXPECT_EQ(points(user), 15);
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(split->taskId); }));
    ASSERT_EQ(task(split->taskId).state, TaskState::Succeeded);
    const auto parts = songs(split->taskId);
    ASSERT_EQ(parts.size(), 2u);
    EXPECT_EQ(parts[0].title, "《夏日》人声"); // our title, not upstream's "夏日 (Vocals)"
    EXPECT_EQ(parts[1].title, "《夏日》伴奏");
    for (const Song& part : parts) {
        EXPECT_EQ(part.complete, SongStatus::Done);
        EXPECT_EQ(part.origin, domain::TaskAction::Stems);
        EXPECT_EQ(part.audioUrl, "/media/" + part.id + ".mp3"); // re-hosted like any clip
    }
    const auto body = parse(fake().requestsTo("/suno/audios").back().body);
    EXPECT_EQ(body->getValue<std::string>("action"), "stems");
    EXPECT_FALSE(body->has("continue_at"));

    // Upstream fails a split: refunded once, however often the task is polled afterwards.
    stems.audioId = songs(fragile)[0].id;
    auto failing = creator().create(user, stems);
    ASSERT_TRUE(failing.ok()) << failing.error().message;
    EXPECT_EQ(points(user), 10);
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(failing->taskId); }));
    EXPECT_EQ(task(failing->taskId).state, TaskState::Failed);
    EXPECT_TRUE(task(failing->taskId).refunded);
    for (int i = 0; i < 3; ++i) {
        clock().advance(std::chrono::seconds(30));
        worker().tick("w1");
    }
    EXPECT_EQ(points(user), 15);
    // AceData's all_stems is a dozen stems, not our four: the client says so (the runtime's CreateSettings::allStems).
    EXPECT_FALSE(client().capabilities().allStems);
    expectInvariants();
}

TEST_F(AceWorkerTest, AnExtensionIsJoinedIntoOneWholeSongUpstream) {
    const std::string user = addUser(30);
    const std::string sourceTask = createTask(user, "夏日", "[主歌]\n阳光", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(sourceTask); }));
    const Song source = songs(sourceTask)[0];

    CreateRequest extend;
    extend.action = "extend";
    extend.custom = true;
    extend.title = "夏日续";
    extend.lyric = "[主歌]\n海风";
    extend.style = "pop";
    extend.audioId = source.id;
    extend.continueAt = 60;
    auto extended = creator().create(user, extend);
    ASSERT_TRUE(extended.ok()) << extended.error().message;
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(extended->taskId); }));
    const Song extension = songs(extended->taskId)[0];
    ASSERT_EQ(extension.complete, SongStatus::Done);

    CreateRequest join;
    join.action = "concat";
    join.audioId = extension.id;
    auto joined = creator().create(user, join);
    ASSERT_TRUE(joined.ok()) << joined.error().message;
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(joined->taskId); }));
    EXPECT_EQ(task(joined->taskId).state, TaskState::Succeeded);
    const auto whole = songs(joined->taskId);
    ASSERT_EQ(whole.size(), 1u);
    EXPECT_EQ(whole[0].complete, SongStatus::Done);
    EXPECT_EQ(whole[0].origin, domain::TaskAction::Concat);
    EXPECT_EQ(whole[0].audioUrl, "/media/" + whole[0].id + ".mp3"); // re-hosted like any clip
    EXPECT_NEAR(whole[0].duration, 60 + extension.duration, 1.0);

    // What went upstream: the extend named the source's clip, the concat the extension's, by upstream's ids.
    const auto submitted = fake().requestsTo("/suno/audios");
    ASSERT_EQ(submitted.size(), 3u);
    const auto extendBody = parse(submitted[1].body);
    const auto concatBody = parse(submitted[2].body);
    EXPECT_EQ(extendBody->getValue<std::string>("action"), "extend");
    EXPECT_EQ(concatBody->getValue<std::string>("action"), "concat");
    EXPECT_FALSE(concatBody->has("lyric"));
    // Upstream's id of the extension is in its upstream audio URL (/cdn/<clip id>.mp3).
    const std::string url = extension.upstreamAudioUrl;
    const std::size_t from = url.rfind('/') + 1;
    EXPECT_EQ(concatBody->getValue<std::string>("audio_id"), url.substr(from, url.size() - from - 4)) << url;
    // 10 for the song, 10 for the extension, nothing for the join.
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

std::optional<Timeline> timelineOf(Store& store, const std::string& songId) {
    return readOnly(store, [&](Repositories& repos) { return repos.timelines().find(songId); });
}

std::int64_t pendingTimelines(Store& store) {
    return readOnly(store, [](Repositories& repos) { return repos.timelines().countPending(); });
}

TEST_F(AceWorkerTest, AFinishedSongGetsItsSyncedLyricsFromSunoTiming) {
    const std::string user = addUser();
    const std::string id = createTask(user, "晚风", "[主歌]\n晚风吹过\n灯火映你\n\n[副歌]\n唱一首歌", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] {
        const auto s = songs(id);
        return isFinalTask(id) && s.size() == 2 && timelineOf(store(), s[0].id) && timelineOf(store(), s[1].id);
    }));
    const auto asked = fake().requestsTo("/suno/timing");
    ASSERT_EQ(asked.size(), 2u) << "once per song";
    for (const auto& song : songs(id)) {
        const auto timeline = timelineOf(store(), song.id);
        ASSERT_TRUE(timeline);
        ASSERT_EQ(timeline->lines.size(), 3u);
        EXPECT_EQ(timeline->lines[0].text, "晚风吹过"); // the section mark [主歌] is gone
        EXPECT_DOUBLE_EQ(timeline->lines[0].start, 10.0);
        EXPECT_NEAR(timeline->lines[0].end, 11.6, 1e-9);
        EXPECT_EQ(timeline->lines[0].words.size(), 4u);
        EXPECT_EQ(timeline->lines[2].text, "唱一首歌");
        EXPECT_NEAR(timeline->lines[1].start, 12.6, 1e-9);
    }
    EXPECT_NE(asked[0].body.find("\"audio_id\""), std::string::npos) << asked[0].body;
    EXPECT_EQ(pendingTimelines(store()), 0);
    EXPECT_EQ(points(user), 10) << "timing costs nothing";
    expectInvariants();
}

TEST_F(AceWorkerTest, AFailedTimingLeavesTheSongPlayableAndIsRetriedWithBackOffThenGivenUp) {
    const std::string user = addUser();
    const std::string id = createTask(user, "晚风 [timing-error]", "[主歌]\n晚风吹过", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id) && !fake().requestsTo("/suno/timing").empty(); }));
    for (const auto& song : songs(id)) {
        EXPECT_EQ(song.complete, SongStatus::Done);
        EXPECT_FALSE(timelineOf(store(), song.id));
    }
    EXPECT_EQ(task(id).state, TaskState::Succeeded);
    EXPECT_EQ(pendingTimelines(store()), 2);
    // Not asked again before the back-off (30 s after the first failure).
    const std::size_t before = fake().requestsTo("/suno/timing").size();
    worker().tick("w1");
    EXPECT_EQ(fake().requestsTo("/suno/timing").size(), before);
    // Every try fails: six per song, then it stops asking.
    for (int i = 0; i < 12; ++i) {
        clock().advance(std::chrono::hours(6));
        worker().tick("w1");
    }
    EXPECT_EQ(fake().requestsTo("/suno/timing").size(), 12u);
    EXPECT_EQ(pendingTimelines(store()), 0);
    EXPECT_TRUE(log().has(LogLevel::Warning, "timing of song"));
    EXPECT_EQ(points(user), 10);
    expectInvariants();
}

TEST_F(AceWorkerTest, AnInstrumentalIsNeverAskedForTiming) {
    const std::string user = addUser();
    CreateRequest request;
    request.custom = true;
    request.title = "纯音乐";
    request.style = "ambient";
    request.instrumental = true;
    auto created = creator().create(user, request);
    ASSERT_TRUE(created.ok()) << created.error().message;
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(created->taskId); }));
    worker().tick("w1");
    EXPECT_TRUE(fake().requestsTo("/suno/timing").empty());
    EXPECT_EQ(pendingTimelines(store()), 0);
}

} // namespace
} // namespace gequ::generation::test
