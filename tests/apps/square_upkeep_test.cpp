// The square's background upkeep in gequ-server: SquareUpkeep runs SquareService::maintain() at start and then every
// interval, and stops promptly.

#include "test_clock.h"
#include "gequ/app/square_upkeep.h"
#include "gequ/db/database.h"
#include "temp_dir.h"

#include <chrono>
#include <gtest/gtest.h>
#include <thread>

namespace gequ::app::test {
namespace {

using gequ::test::TempDir;

using namespace std::chrono_literals;

domain::Song publicSong(const std::string& id, domain::TimePoint createdAt, std::int64_t plays) {
    domain::Song song;
    song.id = id;
    song.taskId = "task-" + id;
    song.userId = "u1";
    song.title = id;
    song.model = "chirp-v3-5";
    song.complete = domain::SongStatus::Done;
    song.open = true;
    song.playCount = plays;
    song.createdAt = createdAt;
    song.finishedAt = createdAt;
    return song;
}

/// The stored hot list, hottest first.
std::vector<std::string> hotIds(domain::Store& store) {
    return domain::readOnly(store, [](domain::Repositories& repos) {
        std::vector<std::string> ids;
        for (const auto& song : repos.songs().listPublic(domain::SongOrder::Hotness, domain::Page{0, 10})) {
            ids.push_back(song.id);
        }
        return ids;
    });
}

template <class Predicate> bool waitFor(Predicate predicate) {
    for (int i = 0; i < 500; ++i) {
        if (predicate()) {
            return true;
        }
        std::this_thread::sleep_for(10ms);
    }
    return predicate();
}

TEST(SquareUpkeepTest, RefreshesTheHotListAtStartAndOnEveryInterval) {
    TempDir dir;
    auto store = db::openStore("sqlite:" + (dir / "gequ.db"), 2);
    gequ::test::TestClock clock{domain::fromEpochMillis(1795255200000)};
    store->transact([&](domain::Repositories& repos) {
        domain::User user;
        user.id = "u1";
        user.phone = "13800000001";
        user.nickname = "甲";
        user.createdAt = clock.now() - 100h;
        repos.users().insert(user);
        // Stored hotness 0 for both: the list falls back to newer first until the upkeep computes it.
        repos.songs().insert(publicSong("old-but-played", clock.now() - 2h, 500));
        repos.songs().insert(publicSong("new-unplayed", clock.now() - 1h, 0));
        return true;
    });
    ASSERT_EQ(hotIds(*store), (std::vector<std::string>{"new-unplayed", "old-but-played"}));

    domain::SquareService square(*store, clock);
    SquareUpkeep upkeep(square, 20ms);
    upkeep.start();
    ASSERT_TRUE(waitFor([&] { return upkeep.passes() >= 1; }));
    EXPECT_EQ(hotIds(*store), (std::vector<std::string>{"old-but-played", "new-unplayed"}));

    // Plays move the ranking again on a later pass.
    store->transact([](domain::Repositories& repos) {
        repos.songs().addCounts("new-unplayed", 5000, 0, 0);
        return true;
    });
    const auto seen = upkeep.passes();
    ASSERT_TRUE(waitFor([&] { return upkeep.passes() >= seen + 2; }));
    EXPECT_EQ(hotIds(*store), (std::vector<std::string>{"new-unplayed", "old-but-played"}));
    upkeep.stop();
    upkeep.stop(); // idempotent
}

TEST(SquareUpkeepTest, StopsWithoutWaitingForTheInterval) {
    TempDir dir;
    auto store = db::openStore("sqlite:" + (dir / "gequ.db"), 2);
    gequ::test::TestClock clock{domain::fromEpochMillis(1795255200000)};
    domain::SquareService square(*store, clock);
    SquareUpkeep upkeep(square, 1h);
    upkeep.start();
    ASSERT_TRUE(waitFor([&] { return upkeep.passes() >= 1; }));
    upkeep.stop(); // ends the hour-long wait (the test would hang otherwise)
    EXPECT_EQ(upkeep.passes(), 1u);
}

} // namespace
} // namespace gequ::app::test
