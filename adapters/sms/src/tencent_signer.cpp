#include "tencent_signer.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"
#include "gequ/domain/model/text.h"

#include <cctype>
#include <chrono>
#include <cstdio>

namespace gequ::sms::detail {

namespace {

/// A header value as TC3 signs it: trimmed and lower-cased.
std::string canonicalValue(std::string_view value) {
    return domain::toLowerAscii(domain::trim(value, " \t"));
}

} // namespace

std::string tc3Date(std::int64_t timestamp) {
    const std::chrono::sys_days day =
        std::chrono::floor<std::chrono::days>(std::chrono::sys_seconds{std::chrono::seconds{timestamp}});
    const std::chrono::year_month_day date{day};
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "%04d-%02u-%02u", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()));
    return buffer;
}

std::string tc3CredentialScope(std::string_view date, std::string_view service) {
    return std::string(date) + "/" + std::string(service) + "/tc3_request";
}

std::string tc3CanonicalRequest(const Tc3Request& request) {
    return request.method + "\n" + request.path + "\n" + request.query + "\n" +
           "content-type:" + canonicalValue(request.contentType) + "\n" + "host:" + canonicalValue(request.host) +
           "\n" + "\n" + kTc3SignedHeaders + "\n" + crypto::sha256Hex(request.payload);
}

std::string tc3StringToSign(std::string_view canonicalRequest, std::int64_t timestamp, std::string_view service) {
    return std::string(kTc3Algorithm) + "\n" + std::to_string(timestamp) + "\n" +
           tc3CredentialScope(tc3Date(timestamp), service) + "\n" + crypto::sha256Hex(canonicalRequest);
}

std::string tc3Signature(std::string_view secretKey, std::string_view date, std::string_view service,
                         std::string_view stringToSign) {
    const std::string secretDate = crypto::hmacSha256("TC3" + std::string(secretKey), date);
    const std::string secretService = crypto::hmacSha256(secretDate, service);
    const std::string secretSigning = crypto::hmacSha256(secretService, "tc3_request");
    return crypto::hexLower(crypto::hmacSha256(secretSigning, stringToSign));
}

std::string tc3Authorization(const Tc3Request& request, std::int64_t timestamp, std::string_view service,
                             std::string_view secretId, std::string_view secretKey) {
    const std::string date = tc3Date(timestamp);
    const std::string stringToSign = tc3StringToSign(tc3CanonicalRequest(request), timestamp, service);
    return std::string(kTc3Algorithm) + " Credential=" + std::string(secretId) + "/" +
           tc3CredentialScope(date, service) + ", SignedHeaders=" + kTc3SignedHeaders +
           ", Signature=" + tc3Signature(secretKey, date, service, stringToSign);
}

} // namespace gequ::sms::detail
