#include "gequ/domain/model/hotness.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace gequ::domain;
using namespace std::chrono;

namespace {

const TimePoint kNow = sys_days{2025y / March / 3} + hours{12};

} // namespace

TEST(HotRank, Formula) {
    // ln(10 + 3·2 + 5·1 + 1) + hours since the epoch / 72
    const double hoursSinceEpoch = duration<double, std::ratio<3600>>(kNow.time_since_epoch()).count();
    EXPECT_DOUBLE_EQ(hotRank(10, 2, 1, kNow), std::log(22.0) + hoursSinceEpoch / 72.0);
    EXPECT_DOUBLE_EQ(hotRank(0, 0, 0, kNow), hoursSinceEpoch / 72.0);
}

TEST(HotRank, NegativeCountersCountAsZero) {
    EXPECT_DOUBLE_EQ(hotRank(-5, -1, -2, kNow), hotRank(0, 0, 0, kNow));
}

TEST(HotRank, EngagementRanksHigherAtTheSameAge) {
    const TimePoint day = kNow - hours{24};
    EXPECT_GT(hotRank(100, 0, 0, day), hotRank(99, 0, 0, day));
    EXPECT_GT(hotRank(0, 1, 0, day), hotRank(2, 0, 0, day)); // a like weighs 3 plays
    EXPECT_GT(hotRank(0, 0, 1, day), hotRank(0, 1, 0, day)); // a share weighs 5
}

TEST(HotRank, NewerEngagedSongsComeFirst) {
    // The same counts: newer is hotter. Nothing at all: newer first too, so a just-published song is on the list at
    // once, above older songs with little engagement.
    EXPECT_GT(hotRank(50, 5, 1, kNow - hours{1}), hotRank(50, 5, 1, kNow - hours{24}));
    EXPECT_GT(hotRank(0, 0, 0, kNow), hotRank(0, 0, 0, kNow - hours{24}));
    EXPECT_GT(hotRank(0, 0, 0, kNow), hotRank(1, 0, 0, kNow - hours{72}));
    // A week-old hit beats a fresh song nobody heard, but not a fresh one that is taking off.
    const TimePoint week = kNow - hours{24 * 7};
    EXPECT_GT(hotRank(10000, 500, 100, week), hotRank(0, 0, 0, kNow - hours{1}));
    EXPECT_LT(hotRank(20, 0, 0, week), hotRank(200, 10, 5, kNow - hours{2}));
    // A month-old hit has had its time: a day-old song with some engagement passes it.
    EXPECT_LT(hotRank(10000, 0, 0, kNow - hours{24 * 30}), hotRank(20, 3, 1, kNow - hours{24}));
}

TEST(HotRank, ThreeDaysNewerIsWorthAFactorOfE) {
    const TimePoint older = kNow - kHotRankTimeScale;
    // Three days of age cost exactly 1 in the key, the same as dividing the engagement by e.
    EXPECT_NEAR(hotRank(0, 0, 0, kNow) - hotRank(0, 0, 0, older), 1.0, 1e-9);
}

TEST(HotRank, OneMorePlayLiftsASong) {
    const TimePoint at = kNow - hours{30};
    EXPECT_GT(hotRank(41, 2, 0, at), hotRank(40, 2, 0, at));
    EXPECT_GT(hotRank(40, 2, 0, at), hotRank(40, 2, 0, at - milliseconds{1})); // and a millisecond newer, too
}
