#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace gequ::domain {

/// Every instant in the domain: UTC, millisecond precision. Stored as epoch milliseconds.
using TimePoint = std::chrono::sys_time<std::chrono::milliseconds>;
using Millis = std::chrono::milliseconds;

inline std::int64_t toEpochMillis(TimePoint t) {
    return t.time_since_epoch().count();
}
inline TimePoint fromEpochMillis(std::int64_t ms) {
    return TimePoint{Millis{ms}};
}

/// ISO 8601 in UTC with milliseconds, e.g. 2026-11-21T09:58:44.123Z.
std::string formatIso8601(TimePoint t);
/// The calendar date of t in Asia/Shanghai (UTC+8, no daylight saving), as YYYY-MM-DD.
std::string formatShanghaiDate(TimePoint t);
/// The start (local midnight, as UTC) of the Asia/Shanghai calendar day written YYYY-MM-DD, or nullopt when the text
/// is not a valid date of that form.
std::optional<TimePoint> parseShanghaiDate(const std::string& text);
/// The end of the Asia/Shanghai calendar day that contains t (the next local midnight), as UTC.
TimePoint endOfShanghaiDay(TimePoint t);

} // namespace gequ::domain
