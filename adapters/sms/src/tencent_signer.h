#pragma once

// Tencent Cloud API signature v3 (TC3-HMAC-SHA256), as pure functions. Internal to gequ_sms; tests/sms checks them
// byte for byte against the official vectors.
//
//   CanonicalRequest = METHOD \n URI \n QUERY \n content-type:<v>\nhost:<v>\n \n content-type;host \n hex(SHA256(body))
//   StringToSign     = TC3-HMAC-SHA256 \n <timestamp> \n <date>/<service>/tc3_request \n hex(SHA256(CanonicalRequest))
//   SecretSigning    = HMAC(HMAC(HMAC("TC3" + SecretKey, date), service), "tc3_request")
//   Signature        = hex(HMAC-SHA256(SecretSigning, StringToSign))
//   Authorization    = TC3-HMAC-SHA256 Credential=<id>/<scope>, SignedHeaders=content-type;host, Signature=<sig>

#include <cstdint>
#include <string>
#include <string_view>

namespace gequ::sms::detail {

inline constexpr const char* kTc3Algorithm = "TC3-HMAC-SHA256";
inline constexpr const char* kTc3SignedHeaders = "content-type;host";
inline constexpr const char* kTc3JsonContentType = "application/json; charset=utf-8";

/// What a TC3 signature covers. Header values are signed lower-cased and trimmed.
struct Tc3Request {
    std::string method = "POST";
    std::string path = "/";
    std::string query;
    std::string contentType = kTc3JsonContentType;
    std::string host;
    std::string payload;
};

/// The UTC calendar date (YYYY-MM-DD) of a Unix timestamp in seconds.
std::string tc3Date(std::int64_t timestamp);
/// date/service/tc3_request.
std::string tc3CredentialScope(std::string_view date, std::string_view service);
std::string tc3CanonicalRequest(const Tc3Request& request);
std::string tc3StringToSign(std::string_view canonicalRequest, std::int64_t timestamp, std::string_view service);
/// The lower-case hex signature of stringToSign for the UTC date of timestamp.
std::string tc3Signature(std::string_view secretKey, std::string_view date, std::string_view service,
                         std::string_view stringToSign);
/// The Authorization header for request at timestamp.
std::string tc3Authorization(const Tc3Request& request, std::int64_t timestamp, std::string_view service,
                             std::string_view secretId, std::string_view secretKey);

} // namespace gequ::sms::detail
