#pragma once

// The ranking of the hot list (docs/product.md, "Lists and engagement"; docs/performance.md, "Hotness").

#include "gequ/domain/model/time.h"

#include <chrono>
#include <cstdint>

namespace gequ::domain {

/// How much newer a song must be to outrank one with e (≈2.7) times its engagement: three days.
inline constexpr std::chrono::hours kHotRankTimeScale{72};

/// The hot list's ranking key: ln(plays + 3·likes + 5·shares + 1) + (hours since the epoch at createdAt) / 72.
/// It reads no clock: two songs keep their order as time passes, so the key is stored and changes only when a
/// song's counters do (never by a periodic pass over every song). Newer songs rank higher, and engagement lifts a
/// song by its logarithm: an older song stays above a newer one only while it has e^(age gap / 3 days) times the
/// engagement. Negative counters (never stored) count as zero.
double hotRank(std::int64_t plays, std::int64_t likes, std::int64_t shares, TimePoint createdAt);

} // namespace gequ::domain
