#include "gequ/domain/model/time.h"

namespace gequ::domain {

namespace {

using std::chrono::days;
using std::chrono::hours;

/// Asia/Shanghai is UTC+8 all year (no daylight saving since 1991).
constexpr hours kShanghaiOffset{8};

/// value in decimal, left-padded with zeros to width digits.
std::string padded(long long value, std::size_t width) {
    std::string digits = std::to_string(value);
    return digits.size() < width ? std::string(width - digits.size(), '0') + digits : digits;
}

std::string formatDate(std::chrono::sys_days day) {
    const std::chrono::year_month_day date{day};
    return padded(static_cast<int>(date.year()), 4) + "-" + padded(static_cast<unsigned>(date.month()), 2) + "-" +
           padded(static_cast<unsigned>(date.day()), 2);
}

} // namespace

std::string formatIso8601(TimePoint t) {
    const auto day = std::chrono::floor<days>(t);
    const std::chrono::hh_mm_ss clock{t - day};
    return formatDate(day) + "T" + padded(clock.hours().count(), 2) + ":" + padded(clock.minutes().count(), 2) + ":" +
           padded(clock.seconds().count(), 2) + "." + padded(clock.subseconds().count(), 3) + "Z";
}

std::string formatShanghaiDate(TimePoint t) {
    return formatDate(std::chrono::floor<days>(t + kShanghaiOffset));
}

TimePoint endOfShanghaiDay(TimePoint t) {
    return std::chrono::floor<days>(t + kShanghaiOffset) + days{1} - kShanghaiOffset;
}

} // namespace gequ::domain
