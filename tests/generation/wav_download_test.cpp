// The members' WAV download (docs/product.md, "Membership"): WorksService::downloadWav with both upstreams. The
// offline composer renders the song's own arrangement again as a 44.1 kHz stereo WAV of the song's length; AceData
// answers /suno/wav with a file that is copied into the media store (the fake AceData server). Free users get 4030
// with the member-benefit message, visitors 4010, and a failing upstream changes nothing.

#include "fake_ace_server.h"
#include "generation_support.h"
#include "gequ/acedata/ace_client.h"
#include "gequ/acedata/media_fetcher.h"
#include "gequ/composer/composer.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/rules_data.h"
#include "gequ/domain/services/works_service.h"
#include "gequ/media/local_media_store.h"

#include <fstream>

namespace gequ::generation::test {
namespace {

using acedata::test::FakeAceServer;

/// The format of a canonical RIFF/WAVE file (nullopt when it is not one).
struct WavFormat {
    int channels = 0;
    int sampleRate = 0;
    int bits = 0;
    double seconds = 0;
};

std::optional<WavFormat> readWav(const std::string& bytes) {
    const auto u16 = [&](std::size_t at) {
        return static_cast<int>(static_cast<unsigned char>(bytes[at]) |
                                (static_cast<unsigned char>(bytes[at + 1]) << 8));
    };
    const auto u32 = [&](std::size_t at) {
        return static_cast<std::uint32_t>(u16(at)) | (static_cast<std::uint32_t>(u16(at + 2)) << 16);
    };
    if (bytes.size() < 44 || bytes.compare(0, 4, "RIFF") != 0 || bytes.compare(8, 4, "WAVE") != 0 ||
        bytes.compare(12, 4, "fmt ") != 0 || u16(20) != 1 || bytes.compare(36, 4, "data") != 0) {
        return std::nullopt;
    }
    WavFormat format;
    format.channels = u16(22);
    format.sampleRate = static_cast<int>(u32(24));
    format.bits = u16(34);
    const std::uint32_t data = u32(40);
    if (data + 44 != bytes.size() || format.channels == 0 || format.bits == 0 || format.sampleRate == 0) {
        return std::nullopt;
    }
    format.seconds = static_cast<double>(data) / (format.channels * (format.bits / 8)) / format.sampleRate;
    return format;
}

class WavDownloadTest : public GenerationTest {
protected:
    void SetUp() override {
        GenerationTest::SetUp();
        _media = std::make_unique<media::LocalMediaStore>(dir() / "media");
    }
    media::LocalMediaStore& media() { return *_media; }
    std::string stored(const std::string& key) {
        std::ifstream in(media().pathFor(key), std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    }
    void makeMember(const std::string& userId) {
        store().transact([&](Repositories& repos) {
            repos.users().updateMembership(userId, 1, clock().now() + std::chrono::hours(24 * 30), false);
            return true;
        });
    }
    void publish(const std::string& songId) {
        store().transact([&](Repositories& repos) {
            auto song = repos.songs().findById(songId);
            song->open = true;
            repos.songs().update(*song);
            return true;
        });
    }

private:
    std::unique_ptr<media::LocalMediaStore> _media;
};

TEST_F(WavDownloadTest, TheComposerRendersTheSongsOwnArrangementAsWavForMembersOnly) {
    useProvider("local");
    composer::ComposerConfig config;
    config.clipSeconds = 8;
    config.longClipSeconds = 8;
    auto generator = composer::makeComposer(config, media(), moderation::WordListModeration::builtIn());
    WorkerSettings s = settings();
    s.timeout = std::chrono::hours(24);
    GenerationWorker worker(store(), clock(), *generator, nullptr, s);
    WorksService works(store(), clock(), *generator, moderation::WordListModeration::builtIn(), &media(), nullptr);

    const std::string owner = addUser();
    const std::string fan = addUser();
    const std::string id = createTask(owner, "一首欢快的夏日海边歌曲");
    ASSERT_TRUE(tickUntil(worker, [&] { return isFinalTask(id); }));
    const Song song = songs(id)[0];
    ASSERT_EQ(song.complete, SongStatus::Done);

    // A free user: the member benefit, named; nothing rendered.
    auto refused = works.downloadWav(owner, song.id);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Forbidden);
    EXPECT_EQ(refused.error().message, std::string(rules::kDownloadMessagesWavMembersOnly));
    EXPECT_NE(refused.error().message.find("会员"), std::string::npos);
    EXPECT_FALSE(media().exists(song.id + ".wav"));

    makeMember(owner);
    auto wav = works.downloadWav(owner, song.id);
    ASSERT_TRUE(wav.ok()) << wav.error().message;
    EXPECT_EQ(wav->mediaKey, song.id + ".wav");
    EXPECT_EQ(wav->title, song.title);
    const auto format = readWav(stored(wav->mediaKey));
    ASSERT_TRUE(format.has_value());
    EXPECT_EQ(format->sampleRate, 44100);
    EXPECT_EQ(format->channels, 2);
    EXPECT_EQ(format->bits, 16);
    EXPECT_NEAR(format->seconds, song.duration, 0.05) << "the same arrangement as the MP3";

    // Kept: a second download serves the same file.
    const std::string first = stored(wav->mediaKey);
    ASSERT_TRUE(works.downloadWav(owner, song.id).ok());
    EXPECT_EQ(stored(wav->mediaKey), first);

    // Someone else's private song stays hidden; a public one needs a signed-in member.
    auto hidden = works.downloadWav(fan, song.id);
    ASSERT_FALSE(hidden.ok());
    EXPECT_EQ(hidden.error().code, ErrorCode::NotFound);
    publish(song.id);
    auto visitor = works.downloadWav(std::nullopt, song.id);
    ASSERT_FALSE(visitor.ok());
    EXPECT_EQ(visitor.error().code, ErrorCode::Unauthorized);
    auto freeFan = works.downloadWav(fan, song.id);
    ASSERT_FALSE(freeFan.ok());
    EXPECT_EQ(freeFan.error().code, ErrorCode::Forbidden);
    EXPECT_EQ(points(owner), 10) << "a download moves no points";
    expectInvariants();
}

class AceWavTest : public WavDownloadTest {
protected:
    void SetUp() override {
        WavDownloadTest::SetUp();
        acedata::AceConfig config;
        config.baseUrl = _fake.baseUrl();
        config.token = FakeAceServer::kToken;
        config.timeoutSeconds = 5;
        _client = acedata::makeAceClient(config, &moderation::WordListModeration::builtIn());
        acedata::FetchConfig fetch;
        fetch.allowedAddresses = {"127.0.0.1"}; // the fake's own address, for these tests only
        fetch.tempDir = (dir() / "fetch").string();
        _fetcher = acedata::makeMediaFetcher(media(), fetch);
        _worker = std::make_unique<GenerationWorker>(store(), clock(), *_client, _fetcher.get(), settings());
        _works = std::make_unique<WorksService>(store(), clock(), *_client, moderation::WordListModeration::builtIn(),
                                                &media(), _fetcher.get());
    }
    FakeAceServer& fake() { return _fake; }
    GenerationWorker& worker() { return *_worker; }
    WorksService& works() { return *_works; }

private:
    FakeAceServer _fake;
    std::unique_ptr<SongGenerator> _client;
    std::unique_ptr<MediaFetcher> _fetcher;
    std::unique_ptr<GenerationWorker> _worker;
    std::unique_ptr<WorksService> _works;
};

TEST_F(AceWavTest, AceDataHandsOverItsWavWhichIsCopiedAndServedFromTheMediaStore) {
    const std::string user = addUser();
    const std::string id = createTask(user, "夏日", "[主歌]\n阳光", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    const Song song = songs(id)[1];

    auto refused = works().downloadWav(user, song.id);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Forbidden);
    EXPECT_TRUE(fake().requestsTo("/suno/wav").empty()) << "upstream is not asked for a free user";

    makeMember(user);
    auto wav = works().downloadWav(user, song.id);
    ASSERT_TRUE(wav.ok()) << wav.error().message;
    const auto asked = fake().requestsTo("/suno/wav");
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(asked[0].authorization, std::string("Bearer ") + FakeAceServer::kToken);
    // The clip's own id upstream (the second clip of the task).
    EXPECT_NE(asked[0].body.find("\"audio_id\""), std::string::npos) << asked[0].body;
    EXPECT_EQ(wav->mediaKey, song.id + ".wav");
    const auto format = readWav(stored(wav->mediaKey));
    ASSERT_TRUE(format.has_value());
    EXPECT_EQ(format->sampleRate, 44100);
    EXPECT_EQ(format->channels, 2);

    // Copied once: the next download is served from the store without asking upstream.
    ASSERT_TRUE(works().downloadWav(user, song.id).ok());
    EXPECT_EQ(fake().requestsTo("/suno/wav").size(), 1u);
    expectInvariants();
}

TEST_F(AceWavTest, AFailingConversionAnswersBusyAndChangesNothing) {
    const std::string user = addUser(20, 1);
    const std::string id = createTask(user, "[wav-error] 夏日", "[主歌]\n阳光", "pop");
    ASSERT_TRUE(tickUntil(worker(), [&] { return isFinalTask(id); }));
    const Song song = songs(id)[0];
    const auto before = records(user).size();
    auto failed = works().downloadWav(user, song.id);
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.error().code, ErrorCode::Upstream);
    EXPECT_EQ(failed.error().message, std::string(kUpstreamBusyMessage));
    EXPECT_FALSE(media().exists(song.id + ".wav"));
    EXPECT_EQ(records(user).size(), before);

    // Upstream rejecting the request for good (a 400): the song simply has no WAV (4090), nothing is stored.
    fake().failNext(400, "bad_request", "The audio_id is invalid or the audio is not ready.");
    auto gone = works().downloadWav(user, songs(id)[1].id);
    ASSERT_FALSE(gone.ok());
    EXPECT_EQ(gone.error().code, ErrorCode::Conflict);
    EXPECT_EQ(gone.error().message, std::string(kWavUnavailableMessage));
    expectInvariants();
}

} // namespace
} // namespace gequ::generation::test
