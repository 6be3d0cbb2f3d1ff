// gequ-admin's side of issue 12's hardening: deleted songs' media purged now, and no database password on screen.

#include "app_steps.h"
#include "gequ/db/database.h"
#include "gequ/domain/model/entities.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace gequ::apps::test;
using gequ::test::TempDir;

namespace {

namespace fs = std::filesystem;

class SecurityCliTest : public DataDirTest {
protected:
    /// A song of user u1 deleted `daysAgo` days ago, with its audio and cover stored.
    void deletedSong(const std::string& id, int daysAgo) {
        fs::create_directories(data() + "/media");
        std::ofstream(data() + "/media/" + id + ".mp3") << "ID3 audio";
        std::ofstream(data() + "/media/" + id + ".svg") << "<svg/>";
        auto store = gequ::db::openStore("sqlite:" + data() + "/gequ.db", 1, false);
        store->transact([&](gequ::domain::Repositories& repos) {
            if (!repos.users().findById("u1")) {
                gequ::domain::User user;
                user.id = "u1";
                user.phone = "13800000001";
                user.createdAt = gequ::domain::fromEpochMillis(1700000000000);
                repos.users().insert(user);
            }
            const auto now = std::chrono::time_point_cast<std::chrono::milliseconds>(std::chrono::system_clock::now());
            gequ::domain::Song song;
            song.id = id;
            song.taskId = "t-" + id;
            song.userId = "u1";
            song.audioUrl = "/media/" + id + ".mp3";
            song.imageUrl = "/media/" + id + ".svg";
            song.complete = gequ::domain::SongStatus::Done;
            song.createdAt = now - std::chrono::days{daysAgo + 1};
            song.deletedAt = now - std::chrono::days{daysAgo};
            repos.songs().insert(song);
            return true;
        });
    }
};

TEST_F(SecurityCliTest, MediaPurgeRemovesDeletedSongsFilesNow) {
    ASSERT_EQ(admin({"migrate"}).status, 0);
    deletedSong("old-song", 40);
    deletedSong("new-song", 2);
    RunResult purge = admin({"media", "purge"});
    EXPECT_EQ(purge.status, 0) << purge.err;
    EXPECT_NE(purge.out.find("removed 2 media files of 1 songs"), std::string::npos) << purge.out;
    EXPECT_FALSE(fs::exists(data() + "/media/old-song.mp3"));
    EXPECT_FALSE(fs::exists(data() + "/media/old-song.svg"));
    EXPECT_TRUE(fs::exists(data() + "/media/new-song.mp3"));

    RunResult now = admin({"--json", "media", "purge", "--days", "0"});
    EXPECT_EQ(now.status, 0) << now.err;
    EXPECT_EQ(now.out, "{\"songs\":1,\"files\":2,\"days\":0}\n");
    EXPECT_FALSE(fs::exists(data() + "/media/new-song.mp3"));
    EXPECT_EQ(admin({"check"}).status, 0);
    EXPECT_EQ(admin({"media", "purge", "--days", "-1"}).status, 2);
}

TEST_F(SecurityCliTest, NoDatabasePasswordIsEverPrinted) {
    for (const char* url :
         {"postgresql://gequ:hunter2secret@127.0.0.1:1/gequ", "postgresq://gequ:hunter2secret@127.0.0.1:1/gequ",
          "postgresql://gequ@127.0.0.1:1/gequ?password=hunter2secret&connect_timeout=2"}) {
        for (const auto& args : std::vector<std::vector<std::string>>{{"check"}, {"--json", "stats"}, {"migrate"}}) {
            RunResult r = admin(args, {{"db.url", url}});
            EXPECT_NE(r.status, 0) << url;
            EXPECT_EQ(r.out.find("hunter2secret"), std::string::npos) << url << "\n" << r.out;
            EXPECT_EQ(r.err.find("hunter2secret"), std::string::npos) << url << "\n" << r.err;
        }
    }
    auto server = runProgram(GEQU_SERVER_BIN, {}, _dir.str(),
                             isolatedEnv({{"data.dir", data()},
                                          {"http.port", "0"},
                                          {"db.url", "postgresql://gequ:hunter2secret@127.0.0.1:1/gequ"}}));
    EXPECT_NE(server.status, 0);
    EXPECT_EQ(server.err.find("hunter2secret"), std::string::npos) << server.err;
    EXPECT_EQ(server.out.find("hunter2secret"), std::string::npos) << server.out;
}

} // namespace
