#include "gequ/domain/model/plans.h"

#include <gtest/gtest.h>

using namespace gequ::domain;
using namespace std::chrono;

namespace {

const TimePoint kNow = sys_days{2025y / June / 1} + hours{4};

struct PlanRow {
    int id;
    std::string name;
    std::int64_t priceFen;
    std::int64_t points;
    std::optional<int> validityDays;
    int concurrentTasks;
    int level;
    std::string term;
    std::string describe1;
    std::string describe2;
};

const Plan& plan(int id) {
    const Plan* found = findPlan(id);
    EXPECT_NE(found, nullptr) << id;
    return *found;
}

} // namespace

TEST(Plans, CatalogueMatchesTheTable) {
    const PlanRow expected[] = {
        {2, "体验日卡", 100, 20, 1, 2, 1, "1天", "可生成4首歌曲", "普通通道，永久云端存储"},
        {3, "高级周卡", 990, 220, 7, 3, 2, "7天", "可生成44首歌曲", "会员专属通道，永久云端存储"},
        {4, "高级月卡", 1990, 470, 30, 4, 3, "30天", "可生成94首歌曲", "会员专属通道，永久云端存储"},
        {5, "超级年卡", 9900, 2680, 365, 8, 5, "365天", "可生成536首歌曲", "会员专属通道，永久云端存储"},
        {6, "超级永久卡", 19800, 5680, std::nullopt, 8, 5, "永久", "可生成1136首歌曲", "会员专属通道，永久云端存储"},
        {7, "超级PLUS永久卡", 36800, 18000, std::nullopt, 10, 6, "永久", "可生成3600首歌曲",
         "会员专属通道，永久云端存储"},
    };
    auto plans = planCatalogue();
    ASSERT_EQ(plans.size(), std::size(expected));
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const Plan& p = plans[i];
        const PlanRow& e = expected[i];
        SCOPED_TRACE(e.id);
        EXPECT_EQ(p.id, e.id);
        EXPECT_EQ(p.name, e.name);
        EXPECT_EQ(p.priceFen, e.priceFen);
        EXPECT_EQ(p.points, e.points);
        EXPECT_EQ(p.validityDays, e.validityDays);
        EXPECT_EQ(p.lifetime(), !e.validityDays.has_value());
        EXPECT_EQ(p.concurrentTasks, e.concurrentTasks);
        EXPECT_EQ(p.level, e.level);
        EXPECT_EQ(p.termOfValidity, e.term);
        EXPECT_EQ(p.describe1, e.describe1);
        EXPECT_EQ(p.describe2, e.describe2);
        EXPECT_EQ(p.activity, e.id == 7);
        EXPECT_EQ(p.originalPriceFen, e.id == 7 ? std::optional<std::int64_t>(52800) : std::nullopt);
    }
}

TEST(Plans, FindPlan) {
    EXPECT_EQ(findPlan(7)->name, "超级PLUS永久卡");
    EXPECT_EQ(findPlan(1), nullptr);
    EXPECT_EQ(findPlan(8), nullptr);
}

TEST(Plans, Songs) {
    EXPECT_EQ(planSongs(plan(2)), 4);
    EXPECT_EQ(planSongs(plan(3)), 44);
    EXPECT_EQ(planSongs(plan(7)), 3600);
}

TEST(Plans, LevelTexts) {
    const std::pair<int, std::string> table[] = {{0, "普通用户"}, {1, "体验会员"}, {2, "高级会员"},    {3, "高级会员"},
                                                 {4, "高级会员"}, {5, "超级会员"}, {6, "超级会员PLUS"}};
    for (const auto& [level, text] : table) {
        EXPECT_EQ(levelText(level), text) << level;
        EXPECT_EQ(hasCrown(level), level >= 1) << level;
    }
}

TEST(Plans, ConcurrencyAndChannel) {
    const int limits[] = {1, 2, 3, 4, 4, 8, 10};
    for (int level = 0; level <= 6; ++level) {
        EXPECT_EQ(concurrencyLimit(level), limits[level]) << level;
        EXPECT_EQ(channelForLevel(level), level >= 2 ? TaskChannel::Member : TaskChannel::Ordinary) << level;
    }
}

TEST(Membership, EffectiveLevel) {
    Membership none;
    EXPECT_EQ(effectiveLevel(none, kNow), 0);

    Membership active{3, kNow + hours{1}, false};
    EXPECT_EQ(effectiveLevel(active, kNow), 3);

    Membership expiresNow{3, kNow, false};
    EXPECT_EQ(effectiveLevel(expiresNow, kNow), 0);
    EXPECT_EQ(effectiveLevel(expiresNow, kNow - milliseconds{1}), 3);

    Membership lifetime{5, std::nullopt, true};
    EXPECT_EQ(effectiveLevel(lifetime, kNow + days{365 * 50}), 5);
}

TEST(Membership, MembershipOfUser) {
    User user;
    user.membershipLevel = 2;
    user.membershipExpiresAt = kNow;
    user.lifetime = false;
    EXPECT_EQ(membershipOf(user), (Membership{2, kNow, false}));
}

TEST(Membership, FirstPurchase) {
    EXPECT_EQ(applyPlan({}, plan(3), kNow), (Membership{2, kNow + days{7}, false}));
    EXPECT_EQ(applyPlan({}, plan(6), kNow), (Membership{5, std::nullopt, true}));
}

TEST(Membership, RenewalExtendsFromTheLaterExpiry) {
    Membership current{3, kNow + days{10}, false};
    EXPECT_EQ(applyPlan(current, plan(4), kNow), (Membership{3, kNow + days{40}, false}));
}

TEST(Membership, ExpiredMembershipStartsAgainFromNow) {
    Membership expired{5, kNow - days{3}, false};
    EXPECT_EQ(applyPlan(expired, plan(2), kNow), (Membership{1, kNow + days{1}, false}));
}

TEST(Membership, LowerPlanKeepsTheHigherActiveLevel) {
    Membership yearly{5, kNow + days{100}, false};
    EXPECT_EQ(applyPlan(yearly, plan(2), kNow), (Membership{5, kNow + days{101}, false}));
}

TEST(Membership, LifetimeStaysLifetime) {
    Membership lifetime{6, std::nullopt, true};
    EXPECT_EQ(applyPlan(lifetime, plan(3), kNow), (Membership{6, std::nullopt, true}));
    Membership superLifetime{5, std::nullopt, true};
    EXPECT_EQ(applyPlan(superLifetime, plan(7), kNow), (Membership{6, std::nullopt, true}));
}

TEST(Membership, LifetimePlanOverATimedOne) {
    Membership monthly{3, kNow + days{20}, false};
    EXPECT_EQ(applyPlan(monthly, plan(7), kNow), (Membership{6, std::nullopt, true}));
}
