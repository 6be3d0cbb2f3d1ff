#include "wechat_format.h"

#include <cctype>
#include <chrono>
#include <cstdio>

namespace gequ::payment::detail {

namespace {

bool readNumber(std::string_view text, std::size_t at, std::size_t digits, int& out) {
    if (at + digits > text.size()) {
        return false;
    }
    out = 0;
    for (std::size_t i = at; i < at + digits; ++i) {
        if (text[i] < '0' || text[i] > '9') {
            return false;
        }
        out = out * 10 + (text[i] - '0');
    }
    return true;
}

} // namespace

std::string urlEncode(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto b = static_cast<unsigned char>(c);
        if (std::isalnum(b) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += c;
        } else {
            out += '%';
            out += kHex[b >> 4];
            out += kHex[b & 0x0f];
        }
    }
    return out;
}

std::string formatRfc3339Shanghai(domain::TimePoint t) {
    using namespace std::chrono;
    const auto local = floor<seconds>(t) + hours(8);
    const auto day = floor<days>(local);
    const year_month_day date(day);
    const hh_mm_ss time(local - day);
    char out[40];
    std::snprintf(out, sizeof out, "%04d-%02u-%02uT%02d:%02d:%02d+08:00", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                  static_cast<int>(time.seconds().count()));
    return out;
}

std::optional<domain::TimePoint> parseRfc3339(std::string_view text) {
    using namespace std::chrono;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
    if (text.size() < 20 || !readNumber(text, 0, 4, y) || text[4] != '-' || !readNumber(text, 5, 2, mo) ||
        text[7] != '-' || !readNumber(text, 8, 2, d) || (text[10] != 'T' && text[10] != 't') ||
        !readNumber(text, 11, 2, h) || text[13] != ':' || !readNumber(text, 14, 2, mi) || text[16] != ':' ||
        !readNumber(text, 17, 2, s)) {
        return std::nullopt;
    }
    std::size_t at = 19;
    milliseconds fraction{0};
    if (text[at] == '.') {
        ++at;
        int scale = 100;
        const std::size_t start = at;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
            fraction += milliseconds((text[at] - '0') * scale);
            scale /= 10;
            ++at;
        }
        if (at == start) {
            return std::nullopt;
        }
    }
    minutes offset{0};
    if (at < text.size() && (text[at] == 'Z' || text[at] == 'z') && at + 1 == text.size()) {
        // UTC
    } else if (at + 6 == text.size() && (text[at] == '+' || text[at] == '-') && text[at + 3] == ':') {
        int oh = 0, om = 0;
        if (!readNumber(text, at + 1, 2, oh) || !readNumber(text, at + 4, 2, om) || oh > 23 || om > 59) {
            return std::nullopt;
        }
        offset = minutes(oh * 60 + om) * (text[at] == '-' ? -1 : 1);
    } else {
        return std::nullopt;
    }
    const year_month_day date{year(y), month(static_cast<unsigned>(mo)), day(static_cast<unsigned>(d))};
    if (!date.ok() || h > 23 || mi > 59 || s > 60) {
        return std::nullopt;
    }
    const auto local = sys_days(date) + hours(h) + minutes(mi) + seconds(s);
    return time_point_cast<milliseconds>(local - offset) + fraction;
}

bool isDigits(std::string_view text) {
    if (text.empty()) {
        return false;
    }
    for (const char c : text) {
        if (c < '0' || c > '9') {
            return false;
        }
    }
    return true;
}

} // namespace gequ::payment::detail
