#include "gequ/domain/model/time.h"

#include <gtest/gtest.h>

using namespace gequ::domain;
using namespace std::chrono;

namespace {

TimePoint utc(int y, unsigned mo, unsigned d, int h, int mi, int s = 0, int ms = 0) {
    return sys_days{year{y} / month{mo} / day{d}} + hours{h} + minutes{mi} + seconds{s} + milliseconds{ms};
}

} // namespace

TEST(Time, Iso8601) {
    EXPECT_EQ(formatIso8601(utc(2026, 11, 21, 9, 58, 44, 123)), "2026-11-21T09:58:44.123Z");
    EXPECT_EQ(formatIso8601(fromEpochMillis(0)), "1970-01-01T00:00:00.000Z");
    EXPECT_EQ(formatIso8601(utc(2024, 2, 29, 23, 59, 59, 999)), "2024-02-29T23:59:59.999Z");
    EXPECT_EQ(formatIso8601(fromEpochMillis(-1)), "1969-12-31T23:59:59.999Z");
    EXPECT_EQ(formatIso8601(utc(1, 1, 2, 3, 4, 5, 6)), "0001-01-02T03:04:05.006Z");
}

TEST(Time, EpochMillisRoundTrip) {
    EXPECT_EQ(toEpochMillis(fromEpochMillis(1'700'000'000'123)), 1'700'000'000'123);
}

TEST(Time, ShanghaiDate) {
    EXPECT_EQ(formatShanghaiDate(utc(2024, 8, 31, 15, 59, 59, 999)), "2024-08-31");
    EXPECT_EQ(formatShanghaiDate(utc(2024, 8, 31, 16, 0)), "2024-09-01");
    EXPECT_EQ(formatShanghaiDate(utc(2024, 12, 31, 16, 0)), "2025-01-01");
}

TEST(Time, ParseShanghaiDate) {
    // A Shanghai calendar day starts at 16:00 UTC the day before.
    EXPECT_EQ(parseShanghaiDate("2024-09-01"), utc(2024, 8, 31, 16, 0));
    EXPECT_EQ(parseShanghaiDate("2024-02-29"), utc(2024, 2, 28, 16, 0));
    for (const char* bad : {"", "2024-9-01", "2024/09/01", "2024-13-01", "2023-02-29", "2024-09-3a", "20240901xx"}) {
        EXPECT_EQ(parseShanghaiDate(bad), std::nullopt) << bad;
    }
}

TEST(Time, EndOfShanghaiDay) {
    // 2024-09-01 08:00 in Shanghai ends at 2024-09-02 00:00 Shanghai = 2024-09-01 16:00 UTC.
    EXPECT_EQ(endOfShanghaiDay(utc(2024, 9, 1, 0, 0)), utc(2024, 9, 1, 16, 0));
    // 23:59:59.999 Shanghai still belongs to that day.
    EXPECT_EQ(endOfShanghaiDay(utc(2024, 9, 1, 15, 59, 59, 999)), utc(2024, 9, 1, 16, 0));
    // Local midnight starts the next day.
    EXPECT_EQ(endOfShanghaiDay(utc(2024, 9, 1, 16, 0)), utc(2024, 9, 2, 16, 0));
    // Late evening UTC is the next morning in Shanghai.
    EXPECT_EQ(endOfShanghaiDay(utc(2024, 9, 1, 20, 0)), utc(2024, 9, 2, 16, 0));
}
