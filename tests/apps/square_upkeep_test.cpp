// The square's background upkeep in gequ-server: makeSquareUpkeep's job runs SquareService::maintain() (forgetting old
// play notes) at start and then every interval, and stops promptly.

#include "gequ/db/database.h"
#include "gequ/server/upkeep.h"
#include "temp_dir.h"
#include "test_clock.h"
#include "wait_for.h"

#include <chrono>
#include <gtest/gtest.h>
#include <thread>

namespace gequ::server::test {
namespace {

using gequ::test::TempDir;

using namespace std::chrono_literals;

domain::Song publicSong(const std::string& id, domain::TimePoint createdAt) {
    domain::Song song;
    song.id = id;
    song.taskId = "task-" + id;
    song.userId = "u1";
    song.title = id;
    song.model = "chirp-v3-5";
    song.complete = domain::SongStatus::Done;
    song.open = true;
    song.createdAt = createdAt;
    song.finishedAt = createdAt;
    return song;
}

/// Whether a play of the song by the viewer at `at` would count now (it is noted as a side effect).
bool playCounts(domain::Store& store, const std::string& viewer, domain::TimePoint at) {
    bool counted = false;
    store.transact([&](domain::Repositories& repos) {
        counted = repos.songs().recordPlay("s1", viewer, at, domain::kPlayWindow);
        return true;
    });
    return counted;
}

using gequ::test::waitFor;

TEST(SquareUpkeepTest, ForgetsOldPlayNotesAtStartAndOnEveryInterval) {
    TempDir dir;
    auto store = db::openStore("sqlite:" + (dir / "gequ.db"), 2);
    gequ::test::TestClock clock{domain::fromEpochMillis(1795255200000)};
    const domain::TimePoint now = clock.now();
    store->transact([&](domain::Repositories& repos) {
        domain::User user;
        user.id = "u1";
        user.phone = "13800000001";
        user.nickname = "甲";
        user.createdAt = now - 100h;
        repos.users().insert(user);
        repos.songs().insert(publicSong("s1", now - 2h));
        return true;
    });
    // Notes far in the past (the clock stands still, so "old" is relative to its now).
    for (int i = 0; i < 1200; ++i) {
        ASSERT_TRUE(playCounts(*store, "ip:old-" + std::to_string(i), now - 2h));
    }
    ASSERT_TRUE(playCounts(*store, "ip:recent", now - 1min));

    domain::SquareService square(*store, clock);
    const auto upkeep = makeSquareUpkeep(square, 20ms);
    upkeep->start();
    ASSERT_TRUE(waitFor([&] { return upkeep->passes() >= 1; }));
    // Every old note is gone (in several bounded batches), so those viewers count again; the recent one does not.
    EXPECT_TRUE(playCounts(*store, "ip:old-0", now));
    EXPECT_TRUE(playCounts(*store, "ip:old-1199", now));
    EXPECT_FALSE(playCounts(*store, "ip:recent", now));
    const auto seen = upkeep->passes();
    ASSERT_TRUE(waitFor([&] { return upkeep->passes() >= seen + 2; })); // and it keeps going
    upkeep->stop();
    upkeep->stop(); // idempotent
}

TEST(SquareUpkeepTest, StopsWithoutWaitingForTheInterval) {
    TempDir dir;
    auto store = db::openStore("sqlite:" + (dir / "gequ.db"), 2);
    gequ::test::TestClock clock{domain::fromEpochMillis(1795255200000)};
    domain::SquareService square(*store, clock);
    const auto upkeep = makeSquareUpkeep(square, 1h);
    upkeep->start();
    ASSERT_TRUE(waitFor([&] { return upkeep->passes() >= 1; }));
    upkeep->stop(); // ends the hour-long wait (the test would hang otherwise)
    EXPECT_EQ(upkeep->passes(), 1u);
}

} // namespace
} // namespace gequ::server::test
