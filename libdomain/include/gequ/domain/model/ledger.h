#pragma once

// The points ledger's vocabulary and invariants (docs/product.md, "Points"). Applying a change is
// services/ledger.h.

#include "gequ/domain/model/entities.h"
#include "gequ/domain/rules_data.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

/// Defaults of `points.signup_bonus` and `points.create_cost`.
inline constexpr std::int64_t kSignupBonus = 20;
inline constexpr std::int64_t kCreateCost = rules::kCreateCost; ///< shared with the web app (rules.json)

inline constexpr std::string_view kSignupRemark = "新用户注册赠送";
inline constexpr std::string_view kRefundRemark = "生成失败退还积分";
/// 创作歌曲《title》
std::string createRemark(std::string_view title);

/// Idempotency keys, unique across the ledger.
std::string signupRef(std::string_view userId);                          ///< signup:<user>
std::string taskChargeRef(std::string_view taskId);                      ///< task:<id>:charge
std::string taskRefundRef(std::string_view taskId);                      ///< task:<id>:refund
std::string orderRef(std::string_view orderNo);                          ///< order:<orderNo>
std::string redeemRef(std::string_view codeId, std::string_view userId); ///< redeem:<codeId>:<user>
std::string adminRef(std::string_view uuid);                             ///< admin:<uuid>

/// The type a record of this delta carries: Decrease below zero, else Increase.
PointsType pointsTypeOf(std::int64_t delta);

/// Every broken invariant of one user's ledger, one Chinese sentence each (empty when all hold): the user's integral
/// equals the sum of the deltas; each balance equals the running sum; no balance is negative; each type agrees with
/// the sign of its delta. `records` are the user's, oldest first.
std::vector<std::string> checkLedger(const User& user, std::span<const PointsRecord> records);
/// The refs that occur more than once in records, each named once, in order of first occurrence.
std::vector<std::string> duplicateRefs(std::span<const PointsRecord> records);

} // namespace gequ::domain
