#include "gequ/crypto/digest.h"

#include "gequ/crypto/encoding.h"

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

std::string sha256(std::string_view data) {
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
