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
    const std::chrono::year_month_day date{day};
    const std::chrono::hh_mm_ss clock{t - day};
    const int year = static_cast<int>(date.year());
    if (year < 0 || year > 9999) {
        return formatDate(day) + "T" + padded(clock.hours().count(), 2) + ":" + padded(clock.minutes().count(), 2) +
               ":" + padded(clock.seconds().count(), 2) + "." + padded(clock.subseconds().count(), 3) + "Z";
    }
    // Every list row carries two of these, so they are written into a fixed buffer.
    char text[] = "0000-00-00T00:00:00.000Z";
    const auto put = [&text](std::size_t at, long long value, std::size_t width) {
        for (std::size_t i = width; i-- > 0; value /= 10) {
            text[at + i] = static_cast<char>('0' + value % 10);
        }
    };
    put(0, year, 4);
    put(5, static_cast<unsigned>(date.month()), 2);
    put(8, static_cast<unsigned>(date.day()), 2);
    put(11, clock.hours().count(), 2);
    put(14, clock.minutes().count(), 2);
    put(17, clock.seconds().count(), 2);
    put(20, clock.subseconds().count(), 3);
    return std::string(text, sizeof text - 1);
}

std::string formatShanghaiDate(TimePoint t) {
    return formatDate(std::chrono::floor<days>(t + kShanghaiOffset));
}

std::optional<TimePoint> parseShanghaiDate(const std::string& text) {
    const auto digits = [&](std::size_t from, std::size_t count) -> std::optional<int> {
        int value = 0;
        for (std::size_t i = from; i < from + count; ++i) {
            if (text[i] < '0' || text[i] > '9') {
                return std::nullopt;
            }
            value = value * 10 + (text[i] - '0');
        }
        return value;
    };
    if (text.size() != 10 || text[4] != '-' || text[7] != '-') {
        return std::nullopt;
    }
    const auto year = digits(0, 4);
    const auto month = digits(5, 2);
    const auto day = digits(8, 2);
    if (!year || !month || !day) {
        return std::nullopt;
    }
    const std::chrono::year_month_day date{std::chrono::year{*year}, std::chrono::month{static_cast<unsigned>(*month)},
                                           std::chrono::day{static_cast<unsigned>(*day)}};
    if (!date.ok()) {
        return std::nullopt;
    }
    return TimePoint{std::chrono::sys_days{date}} - kShanghaiOffset;
}

TimePoint endOfShanghaiDay(TimePoint t) {
    return std::chrono::floor<days>(t + kShanghaiOffset) + days{1} - kShanghaiOffset;
}

} // namespace gequ::domain
