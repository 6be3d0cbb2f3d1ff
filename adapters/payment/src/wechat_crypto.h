#pragma once

// The pure cryptography of WeChat Pay API v3 over OpenSSL: SHA256withRSA (PKCS#1 v1.5) signatures in base64,
// AEAD_AES_256_GCM decryption, platform certificates, and the exact messages that are signed. Internal to
// gequ_payment; unit-tested byte for byte with the official vectors.

#include "gequ/domain/ports/random.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

struct evp_pkey_st;

namespace gequ::payment::detail {

/// bytes in standard base64 with padding, on one line.
std::string base64Encode(std::string_view bytes);
/// Standard base64 (padding required, no whitespace) decoded; nullopt when text is not that.
std::optional<std::string> base64Decode(std::string_view text);

/// An RSA private key (the merchant API key). Copies share the key; thread-safe.
class RsaPrivateKey {
public:
    /// PKCS#8 ("PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY") PEM; std::invalid_argument when it is not an RSA key.
    static RsaPrivateKey fromPem(const std::string& pem);
    /// SHA256withRSA (PKCS#1 v1.5) of message, base64.
    std::string signBase64(std::string_view message) const;

private:
    std::shared_ptr<evp_pkey_st> _key;
};

/// An RSA public key (the WeChat Pay public key or a platform certificate's). Copies share the key; thread-safe.
class RsaPublicKey {
public:
    /// "PUBLIC KEY" (SubjectPublicKeyInfo) PEM, as WeChat hands it out; std::invalid_argument otherwise.
    static RsaPublicKey fromPem(const std::string& pem);
    /// Whether signatureBase64 is a valid SHA256withRSA (PKCS#1 v1.5) signature of message by this key.
    bool verifyBase64(std::string_view message, std::string_view signatureBase64) const;

private:
    friend struct CertificateReader;
    std::shared_ptr<evp_pkey_st> _key;
};

/// A platform certificate (X.509, PEM) as far as verification needs it.
struct Certificate {
    std::string serialHex; ///< upper-case hex without leading zeros, as WeChat writes serial_no
    RsaPublicKey publicKey;
    std::int64_t notBefore = 0; ///< epoch seconds
    std::int64_t notAfter = 0;  ///< epoch seconds
};
/// std::invalid_argument when pem is not an X.509 certificate with an RSA key.
Certificate parseCertificate(const std::string& pem);

/// AEAD_AES_256_GCM: decrypts cipherAndTag (the 16-byte tag last) with a 32-byte key, nonce and associated data;
/// nullopt when the key has the wrong size, the input is too short or authentication fails.
std::optional<std::string> aesGcmDecrypt(std::string_view key, std::string_view nonce, std::string_view associatedData,
                                         std::string_view cipherAndTag);

/// The request message: METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n (URL = path and query; body empty for a GET).
std::string requestMessage(std::string_view method, std::string_view url, std::string_view timestamp,
                           std::string_view nonce, std::string_view body);
/// The answer and notification message: TIMESTAMP\nNONCE\nBODY\n over the raw body.
std::string responseMessage(std::string_view timestamp, std::string_view nonce, std::string_view body);
/// The JSAPI paySign message: appId\ntimeStamp\nnonceStr\npackage\n.
std::string paySignMessage(std::string_view appId, std::string_view timeStamp, std::string_view nonceStr,
                           std::string_view package);
/// WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",signature="…",timestamp="…",serial_no="…"
std::string authorizationHeader(std::string_view mchId, std::string_view nonce, std::string_view signature,
                                std::string_view timestamp, std::string_view serialNo);

/// 32 characters from [0-9A-Za-z], uniformly.
std::string makeNonce(domain::Random& random);

} // namespace gequ::payment::detail
