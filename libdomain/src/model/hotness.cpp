#include "gequ/domain/model/hotness.h"

#include <algorithm>
#include <cmath>

namespace gequ::domain {

double hotRank(std::int64_t plays, std::int64_t likes, std::int64_t shares, TimePoint createdAt) {
    const std::int64_t engagement =
        std::max<std::int64_t>(0, plays) + 3 * std::max<std::int64_t>(0, likes) + 5 * std::max<std::int64_t>(0, shares);
    const double created = std::chrono::duration<double>(createdAt.time_since_epoch()).count();
    const double scale = std::chrono::duration<double>(kHotRankTimeScale).count();
    return std::log(static_cast<double>(engagement) + 1.0) + created / scale;
}

} // namespace gequ::domain
