#pragma once

// Digests, MACs and encodings for request signing, over OpenSSL. Internal to gequ_sms.

#include <string>
#include <string_view>

namespace gequ::sms::detail {

/// The raw 20-byte HMAC-SHA1 of message under key.
std::string hmacSha1(std::string_view key, std::string_view message);
/// The raw 32-byte HMAC-SHA256 of message under key.
std::string hmacSha256(std::string_view key, std::string_view message);
/// The lower-case hex SHA-256 of data.
std::string sha256Hex(std::string_view data);
/// bytes as lower-case hex.
std::string hexLower(std::string_view bytes);
/// bytes in standard base64 with padding, on one line.
std::string base64(std::string_view bytes);

} // namespace gequ::sms::detail
