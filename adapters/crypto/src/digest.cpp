#include "gequ/crypto/digest.h"

#include "gequ/crypto/encoding.h"

#include <Poco/Crypto/DigestEngine.h>
#include <Poco/HMACEngine.h>
#include <Poco/SHA1Engine.h>
#include <Poco/SHA2Engine.h>

namespace gequ::crypto {

namespace {

/// SHA2Engine fixed to SHA-256, with the BLOCK_SIZE and DIGEST_SIZE HMACEngine needs.
class Sha256Engine : public Poco::SHA2Engine {
public:
    enum { BLOCK_SIZE = 64, DIGEST_SIZE = 32 };
    Sha256Engine() : Poco::SHA2Engine(Poco::SHA2Engine::SHA_256) {}
};

std::string bytesOf(const Poco::DigestEngine::Digest& digest) {
    return std::string(digest.begin(), digest.end());
}

template <class Engine> std::string hmac(std::string_view key, std::string_view message) {
    Poco::HMACEngine<Engine> engine(std::string{key});
    engine.update(message.data(), message.size());
    return bytesOf(engine.digest());
}

} // namespace

// Two Poco engines for one function, chosen by size (measured on the 2-core build machine): Foundation's SHA2Engine
// is plain C++, about 1 us for a 43-byte token but 60-70 ms for 5 MiB; Poco::Crypto's engine is OpenSSL's
// (SHA extensions), 11-17 ms for 5 MiB, but setting one up costs about 70 us. Tokens, codes and signed strings take
// the first, S3 uploads' payload hashes the second. Both are SHA-256: the suite's vectors cover each.
constexpr std::size_t kLargeInput = 64 * 1024;

std::string sha256(std::string_view data) {
    if (data.size() >= kLargeInput) {
        Poco::Crypto::DigestEngine engine("SHA256");
        engine.update(data.data(), data.size());
        return bytesOf(engine.digest());
    }
    Sha256Engine engine;
    engine.update(data.data(), data.size());
    return bytesOf(engine.digest());
}

std::string sha256Hex(std::string_view data) {
    return hexLower(sha256(data));
}

std::string hmacSha256(std::string_view key, std::string_view message) {
    return hmac<Sha256Engine>(key, message);
}

std::string hmacSha256Hex(std::string_view key, std::string_view message) {
    return hexLower(hmacSha256(key, message));
}

std::string hmacSha1(std::string_view key, std::string_view message) {
    return hmac<Poco::SHA1Engine>(key, message);
}

bool constantTimeEquals(std::string_view a, std::string_view b) {
    return Poco::DigestEngine::constantTimeEquals(Poco::DigestEngine::Digest(a.begin(), a.end()),
                                                  Poco::DigestEngine::Digest(b.begin(), b.end()));
}

} // namespace gequ::crypto
