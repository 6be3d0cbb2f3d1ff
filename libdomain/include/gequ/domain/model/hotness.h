#pragma once

// The ranking of the hot list (docs/product.md, "Lists and engagement").

#include "gequ/domain/model/time.h"

#include <cstdint>

namespace gequ::domain {

/// (plays + 3·likes + 5·shares + 1) / (age in hours + 2)^1.5, the age counted from createdAt to now and never
/// negative.
double hotness(std::int64_t plays, std::int64_t likes, std::int64_t shares, TimePoint createdAt, TimePoint now);

} // namespace gequ::domain
