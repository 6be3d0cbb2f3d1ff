#include "gequ/domain/model/hotness.h"

#include <cmath>
#include <gtest/gtest.h>

using namespace gequ::domain;
using namespace std::chrono;

namespace {

const TimePoint kNow = sys_days{2025y / March / 3} + hours{12};

} // namespace

TEST(Hotness, Formula) {
    // (10 + 3·2 + 5·1 + 1) / (7 + 2)^1.5 = 22 / 27
    EXPECT_DOUBLE_EQ(hotness(10, 2, 1, kNow - hours{7}, kNow), 22.0 / 27.0);
    // A brand-new song with nothing: 1 / 2^1.5
    EXPECT_DOUBLE_EQ(hotness(0, 0, 0, kNow, kNow), 1.0 / std::pow(2.0, 1.5));
}

TEST(Hotness, AgeIsNeverNegative) {
    EXPECT_DOUBLE_EQ(hotness(5, 0, 0, kNow + hours{3}, kNow), hotness(5, 0, 0, kNow, kNow));
}

TEST(Hotness, Ordering) {
    const TimePoint day = kNow - hours{24};
    // More engagement ranks higher at the same age; likes weigh 3 plays, shares 5.
    EXPECT_GT(hotness(100, 0, 0, day, kNow), hotness(99, 0, 0, day, kNow));
    EXPECT_GT(hotness(0, 1, 0, day, kNow), hotness(2, 0, 0, day, kNow));
    EXPECT_GT(hotness(0, 0, 1, day, kNow), hotness(0, 1, 0, day, kNow));
    // The same counts decay with age.
    EXPECT_GT(hotness(50, 5, 1, kNow - hours{1}, kNow), hotness(50, 5, 1, day, kNow));
    // A week-old hit still beats a fresh song nobody heard, but not one that is taking off.
    const TimePoint week = kNow - hours{24 * 7};
    EXPECT_GT(hotness(10000, 500, 100, week, kNow), hotness(0, 0, 0, kNow - hours{1}, kNow));
    EXPECT_LT(hotness(1000, 0, 0, week, kNow), hotness(200, 10, 5, kNow - hours{2}, kNow));
}
