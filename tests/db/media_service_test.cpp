// Who may fetch stored media, and the purge of deleted songs' files (docs/security.md "Media"), on both databases;
// plus database passwords kept out of every error.

#include "gequ/db/database.h"
#include "gequ/db/db_exception.h"
#include "gequ/domain/services/media_service.h"
#include "gequ/media/local_media_store.h"
#include "test_support.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <random>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

namespace fs = std::filesystem;

class MediaServiceTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        std::random_device device;
        _dir = fs::temp_directory_path() / ("gequ-media-" + std::to_string(device()) + std::to_string(device()));
        _files = std::make_unique<media::LocalMediaStore>(_dir);
        _media = std::make_unique<domain::MediaService>(store(), _clock, *_files);
        addUser("u1", "13800000001");
    }
    void TearDown() override {
        _media.reset();
        _files.reset();
        std::error_code ec;
        fs::remove_all(_dir, ec);
        StoreTest::TearDown();
    }

    /// A finished public song with stored audio and cover, deleted `deletedAgo` ago when given.
    void addSong(const std::string& id, std::optional<domain::Millis> deletedAgo = std::nullopt, bool open = true) {
        domain::Song song;
        song.id = id;
        song.taskId = "t-" + id;
        song.userId = "u1";
        song.title = id;
        song.audioUrl = _files->put(id + ".mp3", "ID3 audio of " + id, "audio/mpeg");
        song.imageUrl = _files->put(id + ".svg", "<svg/>", "image/svg+xml");
        song.upstreamAudioUrl = "https://cdn.example/" + id + ".mp3";
        song.complete = domain::SongStatus::Done;
        song.open = open;
        song.createdAt = _clock.now() - 100 * 24h;
        if (deletedAgo) {
            song.deletedAt = _clock.now() - *deletedAgo;
        }
        writing(store(), [&](domain::Repositories& repos) { repos.songs().insert(song); });
    }
    domain::Song song(const std::string& id) {
        return *reading(store(), [&](domain::Repositories& repos) { return repos.songs().findById(id); });
    }

    FixedClock _clock{kT0};
    fs::path _dir;
    std::unique_ptr<media::LocalMediaStore> _files;
    std::unique_ptr<domain::MediaService> _media;
};

TEST_P(MediaServiceTest, AccessFollowsTheSong) {
    addSong("s-public");
    addSong("s-private", std::nullopt, false);
    addSong("s-deleted", 1h);
    auto open = _media->access("s-public.mp3");
    ASSERT_TRUE(open);
    EXPECT_TRUE(open->isPublic);
    EXPECT_EQ(open->ownerId, "u1");
    ASSERT_TRUE(_media->access("s-public.svg"));
    auto closed = _media->access("s-private.svg");
    ASSERT_TRUE(closed);
    EXPECT_FALSE(closed->isPublic);
    EXPECT_EQ(closed->ownerId, "u1");
    EXPECT_FALSE(_media->access("s-deleted.mp3")) << "deleted: no one";
    EXPECT_FALSE(_media->access("s-public.png")) << "not a file of the song";
    EXPECT_FALSE(_media->access("nobody.mp3"));
    EXPECT_FALSE(_media->access(".mp3"));
    EXPECT_FALSE(_media->access(""));
}

TEST_P(MediaServiceTest, AccessFindsTheSongByItsMediaUrlWhateverTheFileIsCalled) {
    // The offline composer names files after its clip ids ("local-<task>-1.mp3"), not after the song's id.
    domain::Song song;
    song.id = "0b6f2c1e-song";
    song.taskId = "t-1";
    song.userId = "u1";
    song.audioUrl = _files->put("local-t-1-1.mp3", "ID3", "audio/mpeg");
    song.imageUrl = _files->put("local-t-1-1.svg", "<svg/>", "image/svg+xml");
    song.complete = domain::SongStatus::Generating;
    song.createdAt = _clock.now();
    writing(store(), [&](domain::Repositories& repos) { repos.songs().insert(song); });
    auto access = _media->access("local-t-1-1.mp3");
    ASSERT_TRUE(access);
    EXPECT_EQ(access->songId, "0b6f2c1e-song");
    EXPECT_FALSE(access->isPublic) << "still generating";
    ASSERT_TRUE(_media->access("local-t-1-1.svg"));
    EXPECT_FALSE(_media->access("local-t-1-2.mp3"));
}

TEST_P(MediaServiceTest, DeletedSongsMediaIsRemovedAfterThirtyDays) {
    addSong("s-old", 31 * 24h);
    addSong("s-recent", 29 * 24h);
    addSong("s-live");
    const auto purged = _media->purgeDeleted();
    EXPECT_EQ(purged.songs, 1);
    EXPECT_EQ(purged.files, 2);
    EXPECT_FALSE(_files->exists("s-old.mp3"));
    EXPECT_FALSE(_files->exists("s-old.svg"));
    EXPECT_TRUE(song("s-old").audioUrl.empty());
    EXPECT_TRUE(song("s-old").imageUrl.empty());
    EXPECT_EQ(song("s-old").upstreamAudioUrl, "https://cdn.example/s-old.mp3") << "the record itself stays";
    for (const char* key : {"s-recent.mp3", "s-recent.svg", "s-live.mp3", "s-live.svg"}) {
        EXPECT_TRUE(_files->exists(key)) << key;
    }
    EXPECT_EQ(_media->purgeDeleted().songs, 0) << "each song once";
    EXPECT_EQ(_media->purgeDeleted(0ms).songs, 1) << "a shorter retention (gequ-admin media purge --days 0)";
    EXPECT_FALSE(_files->exists("s-recent.mp3"));
    EXPECT_TRUE(_files->exists("s-live.mp3"));
}

TEST_P(MediaServiceTest, APurgeFinishesWhatAnInterruptedOneLeft) {
    addSong("s-half", 40 * 24h);
    _files->remove("s-half.mp3"); // a purge that stopped between the files and the record
    const auto purged = _media->purgeDeleted();
    EXPECT_EQ(purged.songs, 1);
    EXPECT_FALSE(_files->exists("s-half.svg"));
    EXPECT_TRUE(song("s-half").audioUrl.empty());
}

TEST_P(MediaServiceTest, ManyDeletedSongsArePurgedInBatches) {
    for (int i = 0; i < 450; ++i) {
        addSong("s-" + std::to_string(i), 31 * 24h);
    }
    EXPECT_EQ(_media->purgeDeleted().songs, 450);
    EXPECT_EQ(reading(store(),
                      [&](domain::Repositories& repos) {
                          return repos.songs().listDeletedWithMedia(_clock.now(), 10).size();
                      }),
              0u);
}

INSTANTIATE_TEST_SUITE_P(Backends, MediaServiceTest, testing::Values(Backend::Sqlite, Backend::Postgresql),
                         backendName);

TEST(DatabasePasswords, AreMaskedInEveryForm) {
    EXPECT_EQ(maskPasswords("cannot connect to postgresql://gequ:s3cret@db:5432/gequ: refused"),
              "cannot connect to postgresql://gequ:***@db:5432/gequ: refused");
    EXPECT_EQ(maskPasswords("postgresql://gequ:pa/ss@word@db/gequ"), "postgresql://gequ:***@db/gequ");
    EXPECT_EQ(maskPasswords("host=db user=gequ password=s3cret dbname=gequ"),
              "host=db user=gequ password=*** dbname=gequ");
    EXPECT_EQ(maskPasswords("host=db PASSWORD='s3 cret' dbname=gequ"), "host=db PASSWORD=*** dbname=gequ");
    EXPECT_EQ(maskPasswords("postgresql://db/gequ?user=gequ&password=s3cret&sslmode=require"),
              "postgresql://db/gequ?user=gequ&password=***&sslmode=require");
    EXPECT_EQ(maskPasswords("sqlite:var/gequ.db"), "sqlite:var/gequ.db");
    EXPECT_EQ(maskPasswords("'postgres:/gequ:s3cret@db/gequ' is not a URL"),
              "'postgres:/gequ:***@db/gequ' is not a URL");
    EXPECT_EQ(maskPasswords("mail me@example.com at 10:30"), "mail me@example.com at 10:30");
    EXPECT_EQ(maskPasswords("https://example.com/a@b"), "https://example.com/a@b");
}

TEST(DatabasePasswords, NoDbExceptionShowsOne) {
    for (const char* url : {"mysql://gequ:s3cret-pass@db/gequ", "postgresql://gequ:s3cret-pass@127.0.0.1:1/gequ",
                            "postgresql://gequ@127.0.0.1:1/gequ?password=s3cret-pass"}) {
        try {
            openStore(url, 1);
            ADD_FAILURE() << url << " opened";
        } catch (const DbException& e) {
            EXPECT_EQ(std::string(e.what()).find("s3cret-pass"), std::string::npos) << e.what();
        }
    }
}

} // namespace
} // namespace gequ::db::test
