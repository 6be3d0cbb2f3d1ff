#pragma once

// SHA256withRSA (RSASSA-PKCS1-v1_5 with SHA-256) signing and verification, and X.509 certificates as far as
// verification needs them, over Poco::Crypto (RSAKey, RSADigestEngine, X509Certificate). Signatures are raw bytes;
// callers encode them as their protocol wants. Copies of a key share it; every method is thread-safe.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace gequ::crypto {

namespace detail {
struct RsaKey;
}

/// An RSA private key (for example a merchant's API key).
class RsaPrivateKey {
public:
    /// PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY") PEM; std::invalid_argument when it is not an RSA key.
    static RsaPrivateKey fromPem(const std::string& pem);
    /// The SHA256withRSA signature of message.
    std::string signSha256(std::string_view message) const;

private:
    std::shared_ptr<const detail::RsaKey> _key;
};

/// An RSA public key (a published key or a certificate's). A default-constructed one verifies nothing.
class RsaPublicKey {
public:
    /// "PUBLIC KEY" (SubjectPublicKeyInfo) or "RSA PUBLIC KEY" (PKCS#1) PEM; std::invalid_argument otherwise.
    static RsaPublicKey fromPem(const std::string& pem);
    /// Whether signature is a valid SHA256withRSA signature of message by this key.
    bool verifySha256(std::string_view message, std::string_view signature) const;

private:
    friend struct Certificate;
    std::shared_ptr<const detail::RsaKey> _key;
};

/// An X.509 certificate with an RSA key, as far as verification needs it.
struct Certificate {
    std::string serialHex; ///< the serial number in upper-case hex without leading zeros
    RsaPublicKey publicKey;
    std::int64_t notBefore = 0; ///< epoch seconds
    std::int64_t notAfter = 0;  ///< epoch seconds

    /// std::invalid_argument when pem is not a PEM X.509 certificate with an RSA key.
    static Certificate fromPem(const std::string& pem);
};

} // namespace gequ::crypto
