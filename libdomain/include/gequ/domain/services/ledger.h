#pragma once

// The one way points change (docs/product.md, "Points").

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <string>

namespace gequ::domain {

/// Applies delta to the user's points inside the caller's unit of work and appends the ledger record.
/// InsufficientPoints (4020) when the balance would go negative, Conflict (4090) when `ref` was already applied,
/// NotFound (4040) for an unknown user. Nothing is written on failure.
Result<PointsRecord> applyPoints(Repositories& repos, const std::string& userId, std::int64_t delta,
                                 const std::string& remark, const std::string& ref, TimePoint at);

} // namespace gequ::domain
