#include "gequ/wiring/system.h"

#include <Poco/UUID.h>
#include <Poco/UUIDGenerator.h>
#include <chrono>
#include <cstring>
#include <limits>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>
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
    std::string out(n, '\0');
    if (n > 0 && RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(n)) != 1) {
        throw std::runtime_error("the secure random generator failed (RAND_bytes)");
    }
    return out;
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

namespace {

std::string toHex(const unsigned char* bytes, std::size_t n) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out(n * 2, '0');
    for (std::size_t i = 0; i < n; ++i) {
        out[2 * i] = kDigits[bytes[i] >> 4];
        out[2 * i + 1] = kDigits[bytes[i] & 0x0f];
    }
    return out;
}

} // namespace

std::string OpenSslHasher::hmacSha256Hex(const std::string& key, const std::string& data) const {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
             reinterpret_cast<const unsigned char*>(data.data()), data.size(), digest, &length) == nullptr) {
        throw std::runtime_error("HMAC-SHA256 failed (OpenSSL)");
    }
    return toHex(digest, length);
}

std::string OpenSslHasher::sha256Hex(const std::string& data) const {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (EVP_Digest(data.data(), data.size(), digest, &length, EVP_sha256(), nullptr) != 1) {
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    }
    return toHex(digest, length);
}

} // namespace gequ::wiring
