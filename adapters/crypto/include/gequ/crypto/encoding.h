#pragma once

// Byte encodings: base64 (standard, and URL-safe without padding) and lower-case hex, over Poco's encoders. The one
// implementation of each in the tree (docs/security.md, "Cryptography").

#include <optional>
#include <string>
#include <string_view>

namespace gequ::crypto {

/// Which base64: Standard is RFC 4648 section 4 (+ / and = padding); Url is section 5 (- _) without padding.
enum class Base64 { Standard, Url };

/// bytes in base64 on one line.
std::string base64Encode(std::string_view bytes, Base64 variant = Base64::Standard);
/// text decoded when it is exactly base64 of that variant (Standard: padded to a multiple of four; Url: unpadded;
/// no white space, nothing after the padding); nullopt otherwise.
std::optional<std::string> base64Decode(std::string_view text, Base64 variant = Base64::Standard);
/// bytes as lower-case hex, two characters a byte.
std::string hexLower(std::string_view bytes);

} // namespace gequ::crypto
