#pragma once

// WeChat Pay API v3's use of cryptography: SHA256withRSA (PKCS#1 v1.5) signatures in base64, AEAD_AES_256_GCM
// decryption, platform certificates, and the exact messages that are signed. The primitives are gequ_crypto's (on
// Poco::Crypto); what is WeChat's is here. Internal to gequ_payment; unit-tested byte for byte with the official
// vectors.

#include "gequ/crypto/aes_gcm.h"
#include "gequ/crypto/encoding.h"
#include "gequ/crypto/rsa.h"
#include "gequ/domain/ports/random.h"

#include <string>
#include <string_view>

namespace gequ::payment::detail {

using crypto::aesGcmDecrypt;
using crypto::base64Decode;
using crypto::base64Encode;
using crypto::Certificate;
using crypto::RsaPrivateKey;
using crypto::RsaPublicKey;

/// SHA256withRSA of message by key, in standard base64: the Authorization signature and paySign.
std::string signBase64(const RsaPrivateKey& key, std::string_view message);
/// Whether signatureBase64 (standard base64) is key's SHA256withRSA signature of message.
bool verifyBase64(const RsaPublicKey& key, std::string_view message, std::string_view signatureBase64);

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
