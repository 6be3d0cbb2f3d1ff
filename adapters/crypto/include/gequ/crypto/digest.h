#pragma once

// Digests and MACs over Poco (SHA2Engine, SHA1Engine, HMACEngine, DigestEngine): the one implementation of each in the
// tree (docs/security.md, "Cryptography"). Every function is thread-safe; raw results are bytes in a std::string.

#include <string>
#include <string_view>

namespace gequ::crypto {

/// The raw 32-byte SHA-256 of data.
std::string sha256(std::string_view data);
/// The SHA-256 of data as 64 lower-case hex characters.
std::string sha256Hex(std::string_view data);
/// The raw 32-byte HMAC-SHA256 of message under key.
std::string hmacSha256(std::string_view key, std::string_view message);
/// The HMAC-SHA256 of message under key as 64 lower-case hex characters.
std::string hmacSha256Hex(std::string_view key, std::string_view message);
/// The raw 20-byte HMAC-SHA1 of message under key (only for protocols that require it: Aliyun's RPC signature).
std::string hmacSha1(std::string_view key, std::string_view message);
/// Whether a and b are equal, in a time that depends on their lengths only (for comparing MACs).
bool constantTimeEquals(std::string_view a, std::string_view b);

} // namespace gequ::crypto
