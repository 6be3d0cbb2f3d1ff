#pragma once

// The system's time, identifiers and randomness, behind the domain's ports. Only composition roots build these;
// tests of the domain use fakes.

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/hasher.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/random.h"

namespace gequ::wiring {

/// The system clock (std::chrono::system_clock), truncated to milliseconds.
class SystemClock : public domain::Clock {
public:
    domain::TimePoint now() const override;
};

/// Random (version 4) UUIDs in lower case, from Poco::UUIDGenerator. Thread-safe.
class UuidIdGenerator : public domain::IdGenerator {
public:
    std::string newId() override;
};

/// Cryptographically secure randomness (gequ_crypto's randomBytes, OpenSSL's RAND_bytes). Thread-safe; throws
/// std::runtime_error when the generator fails.
class SecureRandom : public domain::Random {
public:
    std::string bytes(std::size_t n) override;
    std::int64_t uniform(std::int64_t low, std::int64_t high) override;
};

/// SHA-256, HMAC-SHA256 and base64url from gequ_crypto (Poco's digests and encoders). Thread-safe.
class CryptoHasher : public domain::Hasher {
public:
    std::string hmacSha256Hex(const std::string& key, const std::string& data) const override;
    std::string sha256Hex(const std::string& data) const override;
    std::string base64Url(const std::string& bytes) const override;
};

} // namespace gequ::wiring
