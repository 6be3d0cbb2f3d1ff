#include "gequ/domain/model/plans.h"

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/song_state.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace gequ::domain {

namespace {

constexpr int kMaxLevel = 6;

/// One row of the catalogue table of docs/product.md; everything else about a plan is derived from it.
struct PlanRow {
    int id;
    const char* name;
    std::int64_t priceFen;
    std::int64_t points;
    std::optional<int> validityDays;
    int level;
};

constexpr PlanRow kPlanRows[] = {
    {2, "体验日卡", 100, 20, 1, 1},
    {3, "高级周卡", 990, 220, 7, 2},
    {4, "高级月卡", 1990, 470, 30, 3},
    {5, "超级年卡", 9900, 2680, 365, 5},
    {6, "超级永久卡", 19800, 5680, std::nullopt, 5},
    {7, "超级PLUS永久卡", 36800, 18000, std::nullopt, 6},
};

/// The limited-time offer: plan 7, shown against its original price.
constexpr int kActivityPlanId = 7;
constexpr std::int64_t kActivityOriginalPriceFen = 52800;

Plan makePlan(const PlanRow& row) {
    Plan plan;
    plan.id = row.id;
    plan.name = row.name;
    plan.priceFen = row.priceFen;
    plan.points = row.points;
    plan.validityDays = row.validityDays;
    plan.concurrentTasks = concurrencyLimit(row.level);
    plan.level = row.level;
    plan.termOfValidity = row.validityDays ? std::to_string(*row.validityDays) + "天" : "永久";
    plan.describe1 = "可生成" + std::to_string(planSongs(plan)) + "首歌曲";
    plan.describe2 =
        std::string(channelForLevel(row.level) == TaskChannel::Member ? "会员专属通道" : "普通通道") + "，永久云端存储";
    if (row.id == kActivityPlanId) {
        plan.activity = true;
        plan.originalPriceFen = kActivityOriginalPriceFen;
    }
    return plan;
}

const std::vector<Plan>& catalogue() {
    static const std::vector<Plan> plans = [] {
        std::vector<Plan> built;
        for (const PlanRow& row : kPlanRows) {
            built.push_back(makePlan(row));
        }
        return built;
    }();
    return plans;
}

} // namespace

std::span<const Plan> planCatalogue() {
    return catalogue();
}

const Plan* findPlan(int id) {
    const auto& plans = catalogue();
    auto it = std::find_if(plans.begin(), plans.end(), [id](const Plan& plan) { return plan.id == id; });
    return it == plans.end() ? nullptr : &*it;
}

std::string levelText(int level) {
    constexpr int kLast = static_cast<int>(std::size(rules::kLevels)) - 1;
    return std::string(rules::kLevels[std::clamp(level, 0, kLast)]);
}

bool hasCrown(int level) {
    return level >= 1;
}

int concurrencyLimit(int level) {
    constexpr int kLimits[kMaxLevel + 1] = {1, 2, 3, 4, 4, 8, 10};
    return kLimits[std::clamp(level, 0, kMaxLevel)];
}

TaskChannel channelForLevel(int level) {
    return level >= 2 ? TaskChannel::Member : TaskChannel::Ordinary;
}

int effectiveLevel(const Membership& membership, TimePoint at) {
    bool inForce = membership.lifetime || (membership.expiresAt && at < *membership.expiresAt);
    return inForce ? membership.level : 0;
}

Membership applyPlan(const Membership& current, const Plan& plan, TimePoint at) {
    Membership next;
    next.level = std::max(effectiveLevel(current, at), plan.level);
    next.lifetime = current.lifetime || plan.lifetime();
    if (!next.lifetime) {
        TimePoint from = std::max(at, current.expiresAt.value_or(at));
        next.expiresAt = from + std::chrono::days{*plan.validityDays};
    }
    return next;
}

std::int64_t planSongs(const Plan& plan) {
    return plan.points / kCreateCost * kSongsPerTask;
}

} // namespace gequ::domain
