#pragma once

// Aliyun RPC signature version 1 (HMAC-SHA1), as pure functions. Internal to gequ_sms; tests/sms checks them
// byte for byte against the official vectors.
//
//   CanonicalizedQueryString = the parameters (without Signature) sorted by name, each name=value percent-encoded,
//                              joined with &
//   StringToSign             = METHOD & percentEncode("/") & percentEncode(CanonicalizedQueryString)
//   Signature                = base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gequ::sms::detail {

using AliyunParams = std::vector<std::pair<std::string, std::string>>;

/// UTF-8 bytes percent-encoded the Aliyun way: A–Z a–z 0–9 - _ . ~ kept, every other byte %XX (upper case), so a
/// space is %20, * is %2A and ~ stays.
std::string aliyunPercentEncode(std::string_view text);
/// The canonicalised query string of params (any Signature entry is left out), sorted by name.
std::string aliyunCanonicalQuery(AliyunParams params);
/// METHOD&%2F&encode(canonicalQuery).
std::string aliyunStringToSign(std::string_view method, std::string_view canonicalQuery);
/// base64(HMAC-SHA1(accessKeySecret + "&", stringToSign)).
std::string aliyunSignature(std::string_view accessKeySecret, std::string_view stringToSign);
/// The signed request: "Signature=<encoded signature>&" + the canonical query, ready as a query string or a form body.
std::string aliyunSignedQuery(std::string_view method, const AliyunParams& params, std::string_view accessKeySecret);

} // namespace gequ::sms::detail
