#pragma once

// The fake WeChat Pay server's cryptography, written from the protocol with OpenSSL directly and independently of
// the adapter's wechat_crypto, so a mistake in one is not mirrored in the other.

#include <cstdint>
#include <string>
#include <string_view>

namespace gequ::payment::testing {

std::string toBase64(std::string_view bytes);
/// Throws std::runtime_error on invalid input.
std::string fromBase64(std::string_view text);

/// SHA256withRSA (PKCS#1 v1.5) of message with a PEM private key, base64.
std::string rsaSign(const std::string& privateKeyPem, std::string_view message);
/// Whether signature (base64) is a SHA256withRSA signature of message by the PEM public key.
bool rsaVerify(const std::string& publicKeyPem, std::string_view message, std::string_view signatureBase64);

/// AES-256-GCM: ciphertext followed by the 16-byte tag.
std::string gcmEncrypt(std::string_view key, std::string_view nonce, std::string_view associatedData,
                       std::string_view plaintext);

/// The SubjectPublicKeyInfo PEM of a PEM private key, or of a PEM certificate's key.
std::string publicKeyOfPrivateKey(const std::string& privateKeyPem);
std::string publicKeyOfCertificate(const std::string& certificatePem);

/// A fresh RSA-2048 key and a self-signed certificate with the given serial (hex) and validity (epoch seconds).
struct KeyAndCertificate {
    std::string privateKeyPem;
    std::string certificatePem;
    std::string serial;
};
KeyAndCertificate makeKeyAndCertificate(const std::string& serialHex, std::int64_t notBefore, std::int64_t notAfter);

/// n random characters from [0-9A-Z].
std::string randomToken(std::size_t n);

} // namespace gequ::payment::testing
