#include "gequ/media/sigv4.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"

#include <algorithm>
#include <ctime>
#include <map>

namespace gequ::media::sigv4 {

namespace {

constexpr std::string_view kAlgorithm = "AWS4-HMAC-SHA256";

std::string toLower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); });
    return out;
}

/// A header value as signed: trimmed, runs of spaces and tabs inside collapsed to one space.
std::string canonicalValue(std::string_view value) {
    std::string out;
    bool pendingSpace = false;
    for (char c : value) {
        if (c == ' ' || c == '\t') {
            pendingSpace = !out.empty();
            continue;
        }
        if (pendingSpace) {
            out += ' ';
            pendingSpace = false;
        }
        out += c;
    }
    return out;
}

/// Lower-cased header names to their canonical values (host first from request.host), sorted by name.
std::map<std::string, std::string> canonicalHeaders(const SignableRequest& request) {
    std::map<std::string, std::string> headers;
    headers["host"] = canonicalValue(request.host);
    for (const auto& [name, value] : request.headers) {
        const std::string key = toLower(name);
        auto [it, inserted] = headers.emplace(key, canonicalValue(value));
        if (!inserted) {
            it->second += "," + canonicalValue(value);
        }
    }
    return headers;
}

std::string canonicalQuery(const Pairs& query) {
    std::vector<std::pair<std::string, std::string>> encoded;
    encoded.reserve(query.size());
    for (const auto& [name, value] : query) {
        encoded.emplace_back(uriEncode(name), uriEncode(value));
    }
    std::sort(encoded.begin(), encoded.end());
    std::string out;
    for (const auto& [name, value] : encoded) {
        if (!out.empty()) {
            out += '&';
        }
        out += name + "=" + value;
    }
    return out;
}

} // namespace

std::string uriEncode(std::string_view text, bool keepSlash) {
    static constexpr char kDigits[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size());
    for (unsigned char c : text) {
        const bool unreserved = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                                c == '-' || c == '.' || c == '_' || c == '~' || (keepSlash && c == '/');
        if (unreserved) {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += kDigits[c >> 4];
            out += kDigits[c & 0x0f];
        }
    }
    return out;
}

std::string amzDate(std::chrono::system_clock::time_point time) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(time);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char buffer[17];
    std::strftime(buffer, sizeof buffer, "%Y%m%dT%H%M%SZ", &utc);
    return buffer;
}

std::string signedHeaderNames(const SignableRequest& request) {
    std::string out;
    for (const auto& [name, value] : canonicalHeaders(request)) {
        if (!out.empty()) {
            out += ';';
        }
        out += name;
    }
    return out;
}

std::string canonicalRequest(const SignableRequest& request) {
    std::string headerLines;
    for (const auto& [name, value] : canonicalHeaders(request)) {
        headerLines += name + ":" + value + "\n";
    }
    return request.method + "\n" + (request.encodedPath.empty() ? "/" : request.encodedPath) + "\n" +
           canonicalQuery(request.query) + "\n" + headerLines + "\n" + signedHeaderNames(request) + "\n" +
           request.payloadHash;
}

std::string credentialScope(std::string_view amzDate, const Scope& scope) {
    return std::string(amzDate.substr(0, 8)) + "/" + scope.region + "/" + scope.service + "/aws4_request";
}

std::string stringToSign(std::string_view canonical, std::string_view amzDate, const Scope& scope) {
    return std::string(kAlgorithm) + "\n" + std::string(amzDate) + "\n" + credentialScope(amzDate, scope) + "\n" +
           crypto::sha256Hex(canonical);
}

std::string signature(const Credentials& credentials, std::string_view amzDate, const Scope& scope,
                      std::string_view stringToSign) {
    const std::string dateKey = crypto::hmacSha256("AWS4" + credentials.secretAccessKey, amzDate.substr(0, 8));
    const std::string regionKey = crypto::hmacSha256(dateKey, scope.region);
    const std::string serviceKey = crypto::hmacSha256(regionKey, scope.service);
    const std::string signingKey = crypto::hmacSha256(serviceKey, "aws4_request");
    return crypto::hexLower(crypto::hmacSha256(signingKey, stringToSign));
}

std::string authorization(const SignableRequest& request, const Credentials& credentials, std::string_view amzDate,
                          const Scope& scope) {
    const std::string toSign = stringToSign(canonicalRequest(request), amzDate, scope);
    return std::string(kAlgorithm) + " Credential=" + credentials.accessKeyId + "/" + credentialScope(amzDate, scope) +
           ", SignedHeaders=" + signedHeaderNames(request) +
           ", Signature=" + signature(credentials, amzDate, scope, toSign);
}

std::string presignedQuery(SignableRequest request, const Credentials& credentials, std::string_view amzDate,
                           const Scope& scope, std::chrono::seconds expires) {
    request.headers.clear();
    request.payloadHash = "UNSIGNED-PAYLOAD";
    request.query.emplace_back("X-Amz-Algorithm", std::string(kAlgorithm));
    request.query.emplace_back("X-Amz-Credential", credentials.accessKeyId + "/" + credentialScope(amzDate, scope));
    request.query.emplace_back("X-Amz-Date", std::string(amzDate));
    request.query.emplace_back("X-Amz-Expires", std::to_string(expires.count()));
    request.query.emplace_back("X-Amz-SignedHeaders", signedHeaderNames(request));
    const std::string toSign = stringToSign(canonicalRequest(request), amzDate, scope);
    return canonicalQuery(request.query) + "&X-Amz-Signature=" + signature(credentials, amzDate, scope, toSign);
}

} // namespace gequ::media::sigv4
