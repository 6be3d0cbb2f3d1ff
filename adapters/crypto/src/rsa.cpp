#include "gequ/crypto/rsa.h"

#include "openssl.h"

#include <Poco/Crypto/RSADigestEngine.h>
#include <Poco/Crypto/RSAKey.h>
#include <Poco/Crypto/X509Certificate.h>
#include <Poco/Exception.h>
#include <sstream>
#include <stdexcept>

namespace gequ::crypto {

namespace detail {

struct RsaKey {
    Poco::Crypto::RSAKey key;
};

} // namespace detail

namespace {

constexpr const char* kDigest = "SHA256";

/// A key read by read(); std::invalid_argument with what when Poco refuses it or it holds no RSA key.
template <class Read> std::shared_ptr<const detail::RsaKey> loadKey(Read read, const std::string& what) {
    try {
        auto key = std::make_shared<const detail::RsaKey>(detail::RsaKey{read()});
        detail::clearErrorQueue(); // Poco tries one PEM form after the other and leaves the first one's refusal
        if (key->key.impl()->getRSA() == nullptr) {
            throw std::invalid_argument("the " + what + " is not an RSA key");
        }
        return key;
    } catch (const Poco::Exception&) {
        detail::clearErrorQueue();
        throw std::invalid_argument("not a PEM " + what);
    }
}

std::int64_t epochSeconds(const Poco::DateTime& time) {
    return static_cast<std::int64_t>(time.timestamp().epochTime());
}

} // namespace

RsaPrivateKey RsaPrivateKey::fromPem(const std::string& pem) {
    RsaPrivateKey key;
    key._key = loadKey(
        [&pem] {
            std::istringstream in(pem);
            return Poco::Crypto::RSAKey(nullptr, &in);
        },
        "RSA private key");
    return key;
}

std::string RsaPrivateKey::signSha256(std::string_view message) const {
    try {
        Poco::Crypto::RSADigestEngine engine(_key->key, kDigest);
        engine.update(message.data(), message.size());
        const auto& signature = engine.signature();
        return std::string(signature.begin(), signature.end());
    } catch (const Poco::Exception& e) {
        detail::clearErrorQueue();
        throw std::runtime_error("RSA signing failed: " + e.displayText());
    }
}

RsaPublicKey RsaPublicKey::fromPem(const std::string& pem) {
    RsaPublicKey key;
    key._key = loadKey(
        [&pem] {
            std::istringstream in(pem);
            return Poco::Crypto::RSAKey(&in);
        },
        "RSA public key");
    return key;
}

bool RsaPublicKey::verifySha256(std::string_view message, std::string_view signature) const {
    if (!_key || signature.empty()) {
        return false;
    }
    try {
        Poco::Crypto::RSADigestEngine engine(_key->key, kDigest);
        engine.update(message.data(), message.size());
        const bool valid = engine.verify(Poco::DigestEngine::Digest(signature.begin(), signature.end()));
        detail::clearErrorQueue(); // a refused signature leaves an entry in this thread's queue
        return valid;
    } catch (const Poco::Exception&) {
        detail::clearErrorQueue();
        return false;
    }
}

Certificate Certificate::fromPem(const std::string& pem) {
    try {
        std::istringstream in(pem);
        const Poco::Crypto::X509Certificate x509(in);
        Certificate certificate;
        certificate.publicKey._key = loadKey([&x509] { return Poco::Crypto::RSAKey(x509); }, "certificate key");
        certificate.serialHex = x509.serialNumber();
        certificate.notBefore = epochSeconds(x509.validFrom());
        certificate.notAfter = epochSeconds(x509.expiresOn());
        if (certificate.serialHex.empty()) {
            throw std::invalid_argument("the certificate has no serial number");
        }
        return certificate;
    } catch (const Poco::Exception&) {
        detail::clearErrorQueue();
        throw std::invalid_argument("not a PEM X.509 certificate");
    }
}

} // namespace gequ::crypto
