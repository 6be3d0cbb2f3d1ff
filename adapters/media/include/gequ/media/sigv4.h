#pragma once

// AWS Signature Version 4 (docs/deploy.md, "Media on S3-compatible storage"): the canonical request, the string to
// sign, the signing key and the two ways a request carries its signature (the Authorization header, or the query of
// a presigned URL). Pure functions of their arguments: no clock, no socket. Checked against AWS's published vectors
// (tests/media/data/sigv4_vectors.txt).

#include <chrono>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gequ::media::sigv4 {

using Pairs = std::vector<std::pair<std::string, std::string>>;

struct Credentials {
    std::string accessKeyId;
    std::string secretAccessKey;
};

/// Where a signature is valid: a region and a service ("s3").
struct Scope {
    std::string region = "us-east-1";
    std::string service = "s3";
};

/// What is signed. S3 paths are signed as they are sent (encoded once, never normalised).
struct SignableRequest {
    std::string method = "GET";
    std::string host;        ///< the Host header value (with ":port" when not the scheme's default)
    std::string encodedPath; ///< the path as sent, already URI-encoded ("/bucket/a%20b.mp3")
    Pairs query;             ///< names and values decoded; encoded and sorted when signed
    Pairs headers;           ///< signed besides host; a repeated name is joined with ',' in order
    std::string payloadHash; ///< hex SHA-256 of the body, or "UNSIGNED-PAYLOAD"
};

/// RFC 3986 percent-encoding with upper-case hex: everything but A-Z a-z 0-9 - . _ ~ is escaped, and '/' too unless
/// keepSlash.
std::string uriEncode(std::string_view text, bool keepSlash = false);

/// "20150830T123600Z" for a UTC time point (whole seconds).
std::string amzDate(std::chrono::system_clock::time_point time);

/// The canonical request: method, path, sorted query, canonical headers (host and the given ones, lower-cased names,
/// trimmed values with runs of spaces collapsed), the signed header names and the payload hash.
std::string canonicalRequest(const SignableRequest& request);
/// "host;x-amz-date;..." for request: the signed header names, sorted.
std::string signedHeaderNames(const SignableRequest& request);
/// "<yyyymmdd>/<region>/<service>/aws4_request"
std::string credentialScope(std::string_view amzDate, const Scope& scope);
/// "AWS4-HMAC-SHA256\n<amzDate>\n<credential scope>\n<hex SHA-256 of the canonical request>"
std::string stringToSign(std::string_view canonical, std::string_view amzDate, const Scope& scope);
/// Hex HMAC-SHA256 of stringToSign under the key derived from the secret, the date, region and service.
std::string signature(const Credentials& credentials, std::string_view amzDate, const Scope& scope,
                      std::string_view stringToSign);

/// The Authorization header value for request signed at amzDate (request.headers must already hold x-amz-date).
std::string authorization(const SignableRequest& request, const Credentials& credentials, std::string_view amzDate,
                          const Scope& scope);

/// The query string of a presigned URL for request (no headers besides host, payload UNSIGNED-PAYLOAD): request's own
/// query plus X-Amz-Algorithm, -Credential, -Date, -Expires, -SignedHeaders and -Signature, encoded and sorted.
std::string presignedQuery(SignableRequest request, const Credentials& credentials, std::string_view amzDate,
                           const Scope& scope, std::chrono::seconds expires);

} // namespace gequ::media::sigv4
