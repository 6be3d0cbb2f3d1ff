#pragma once

#include <string>

namespace gequ::domain {

/// The hash functions the account use cases need (login codes, session tokens, redeem codes), and the encoding a
/// session token is written in. Implemented on gequ_crypto by the composition root; thread-safe.
class Hasher {
public:
    virtual ~Hasher() = default;
    /// HMAC-SHA256 of data under key, as 64 lower-case hex characters.
    virtual std::string hmacSha256Hex(const std::string& key, const std::string& data) const = 0;
    /// SHA-256 of data, as 64 lower-case hex characters.
    virtual std::string sha256Hex(const std::string& data) const = 0;
    /// bytes as URL-safe base64 without padding (RFC 4648 section 5): a session token's text.
    virtual std::string base64Url(const std::string& bytes) const = 0;
};

} // namespace gequ::domain
