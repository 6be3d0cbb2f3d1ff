#pragma once

// Secure random bytes (OpenSSL's RAND_bytes; src/openssl.cpp says why not Poco's RandomInputStream).

#include <cstddef>
#include <string>

namespace gequ::crypto {

/// n bytes from the operating system's cryptographically secure generator; throws std::runtime_error when it fails.
std::string randomBytes(std::size_t n);

} // namespace gequ::crypto
