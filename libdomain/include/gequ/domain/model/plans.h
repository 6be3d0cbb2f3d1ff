#pragma once

// The plan catalogue, membership levels and purchase arithmetic (docs/product.md, "Plans and membership").

#include "gequ/domain/model/entities.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace gequ::domain {

struct Plan {
    int id = 0;
    std::string name;
    std::int64_t priceFen = 0;
    std::int64_t points = 0;
    std::optional<int> validityDays; ///< nullopt: lifetime
    int concurrentTasks = 1;
    int level = 0;
    std::string termOfValidity; ///< display text, e.g. 1天, 7天, 永久
    std::string describe1;
    std::string describe2;
    bool activity = false;
    std::optional<std::int64_t> originalPriceFen;

    bool lifetime() const { return !validityDays.has_value(); }
};

/// The six plans of docs/product.md, in id order.
std::span<const Plan> planCatalogue();
/// The plan with this id, or nullptr.
const Plan* findPlan(int id);

/// 0 普通用户, 1 体验会员, 2–4 高级会员, 5 超级会员, 6 超级会员PLUS.
std::string levelText(int level);
/// Whether the level shows a crown (level >= 1).
bool hasCrown(int level);
/// Concurrent generating tasks allowed at an effective level: 0→1, 1→2, 2→3, 3→4, 4→4, 5→8, 6→10.
int concurrencyLimit(int level);
/// The task channel of an effective level: Member from level 2 up.
TaskChannel channelForLevel(int level);

/// A user's membership as stored.
struct Membership {
    int level = 0;
    std::optional<TimePoint> expiresAt;
    bool lifetime = false;

    bool operator==(const Membership&) const = default;
};

inline Membership membershipOf(const User& user) {
    return {user.membershipLevel, user.membershipExpiresAt, user.lifetime};
}

/// The level in force at `at`: the stored level while lifetime or at < expiry, else 0.
int effectiveLevel(const Membership& membership, TimePoint at);
/// The membership after buying (or redeeming) `plan` at `at`: level = max(effective, plan level); expiry lifetime if
/// either is lifetime, else max(at, current expiry) + validity.
Membership applyPlan(const Membership& current, const Plan& plan, TimePoint at);

/// Web plan text: songs = points / 10 × 2.
std::int64_t planSongs(const Plan& plan);

} // namespace gequ::domain
