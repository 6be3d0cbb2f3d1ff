#include "gequ/wiring/system.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"
#include "gequ/crypto/random.h"

#include <Poco/UUID.h>
#include <Poco/UUIDGenerator.h>
#include <chrono>
#include <cstring>
#include <limits>
#include <stdexcept>

namespace gequ::wiring {

domain::TimePoint SystemClock::now() const {
    return std::chrono::time_point_cast<domain::Millis>(std::chrono::system_clock::now());
}

std::string UuidIdGenerator::newId() {
    // createRandom() is v4 and already lower-case hex; the generator is internally synchronised.
    return Poco::UUIDGenerator::defaultGenerator().createRandom().toString();
}

std::string SecureRandom::bytes(std::size_t n) {
    return crypto::randomBytes(n);
}

std::int64_t SecureRandom::uniform(std::int64_t low, std::int64_t high) {
    if (low > high) {
        throw std::invalid_argument("SecureRandom::uniform: low > high");
    }
    const std::uint64_t span = static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low);
    if (span == std::numeric_limits<std::uint64_t>::max()) {
        std::uint64_t r = 0;
        std::string b = bytes(sizeof r);
        std::memcpy(&r, b.data(), sizeof r);
        return static_cast<std::int64_t>(r);
    }
    // Rejection sampling: draw from the largest multiple of (span + 1) below 2^64, so every value is equally likely.
    const std::uint64_t range = span + 1;
    const std::uint64_t limit =
        std::numeric_limits<std::uint64_t>::max() - std::numeric_limits<std::uint64_t>::max() % range;
    for (;;) {
        std::uint64_t r = 0;
        std::string b = bytes(sizeof r);
        std::memcpy(&r, b.data(), sizeof r);
        if (r < limit) {
            return static_cast<std::int64_t>(static_cast<std::uint64_t>(low) + r % range);
        }
    }
}

std::string CryptoHasher::hmacSha256Hex(const std::string& key, const std::string& data) const {
    return crypto::hmacSha256Hex(key, data);
}

std::string CryptoHasher::sha256Hex(const std::string& data) const {
    return crypto::sha256Hex(data);
}

std::string CryptoHasher::base64Url(const std::string& bytes) const {
    return crypto::base64Encode(bytes, crypto::Base64::Url);
}

} // namespace gequ::wiring
