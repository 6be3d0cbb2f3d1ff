#include "sms_support.h"

#include "gequ/crypto/encoding.h"
#include "gequ/domain/model/account_rules.h"

#include <chrono>
#include <cstdio>
#include <stdexcept>

namespace gequ::sms::detail {

namespace {

constexpr std::size_t kMaxLoggedBytes = 300;

void replaceAll(std::string& text, std::string_view what, std::string_view with) {
    if (what.empty()) {
        return;
    }
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + with.size())) {
        text.replace(at, what.size(), with);
    }
}

} // namespace

net::Limits replyLimits(int timeoutSeconds) {
    net::Limits limits;
    limits.timeout = std::chrono::seconds(timeoutSeconds);
    limits.maxBytes = 256 * 1024;
    return limits;
}

net::Response post(const net::HttpClient& http, const net::Url& endpoint, const net::Limits& limits,
                   const net::Headers& headers, const std::string& contentType, const std::string& body) {
    net::Request request;
    request.method = "POST";
    request.url = endpoint;
    request.headers = {{"Content-Type", contentType}, {"Accept", "application/json"}};
    request.headers.insert(request.headers.end(), headers.begin(), headers.end());
    request.body = body;
    return http.send(request, limits);
}

std::string isoSeconds(domain::TimePoint t) {
    const auto seconds = std::chrono::floor<std::chrono::seconds>(t);
    const auto day = std::chrono::floor<std::chrono::days>(seconds);
    const std::chrono::year_month_day date{day};
    const std::chrono::hh_mm_ss clock{seconds - day};
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02uT%02d:%02d:%02dZ", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(clock.hours().count()), static_cast<int>(clock.minutes().count()),
                  static_cast<int>(clock.seconds().count()));
    return buffer;
}

std::string scrubForLog(std::string_view text, std::string_view phone, std::string_view code) {
    std::string out(text);
    replaceAll(out, phone, domain::maskPhone(phone));
    replaceAll(out, code, "******");
    for (char& c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            c = ' ';
        }
    }
    if (out.size() > kMaxLoggedBytes) {
        std::size_t cut = kMaxLoggedBytes;
        while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) {
            --cut;
        }
        out.resize(cut);
        out += "…";
    }
    return out;
}

const std::string& requireKey(const std::string& value, const char* key, const char* provider) {
    if (value.find_first_not_of(" \t\r\n") == std::string::npos) {
        throw std::invalid_argument(std::string(key) + " is required for sms.provider=" + provider);
    }
    return value;
}

std::string uuidText(std::string_view sixteenBytes) {
    const std::string hex = crypto::hexLower(sixteenBytes);
    if (hex.size() != 32) {
        throw std::invalid_argument("a nonce needs 16 random bytes");
    }
    return hex.substr(0, 8) + "-" + hex.substr(8, 4) + "-" + hex.substr(12, 4) + "-" + hex.substr(16, 4) + "-" +
           hex.substr(20);
}

} // namespace gequ::sms::detail
