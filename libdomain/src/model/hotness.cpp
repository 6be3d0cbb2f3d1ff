#include "gequ/domain/model/hotness.h"

#include <algorithm>
#include <cmath>

namespace gequ::domain {

double hotness(std::int64_t plays, std::int64_t likes, std::int64_t shares, TimePoint createdAt, TimePoint now) {
    const double ageHours = std::max(0.0, std::chrono::duration<double, std::ratio<3600>>(now - createdAt).count());
    const double score = static_cast<double>(plays + 3 * likes + 5 * shares + 1);
    return score / std::pow(ageHours + 2.0, 1.5);
}

} // namespace gequ::domain
