#include "wechat_crypto.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <stdexcept>

namespace gequ::payment::detail {

namespace {

using Bio = std::unique_ptr<BIO, decltype(&BIO_free)>;
using MdContext = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;
using CipherContext = std::unique_ptr<EVP_CIPHER_CTX, decltype(&EVP_CIPHER_CTX_free)>;

constexpr std::size_t kGcmTagBytes = 16;

Bio memoryBio(const std::string& text) {
    return Bio(BIO_new_mem_buf(text.data(), static_cast<int>(text.size())), &BIO_free);
}

std::shared_ptr<EVP_PKEY> requireRsa(EVP_PKEY* key, const char* what) {
    if (key == nullptr) {
        ERR_clear_error();
        throw std::invalid_argument(std::string("not a PEM ") + what);
    }
    std::shared_ptr<EVP_PKEY> owned(key, &EVP_PKEY_free);
    if (EVP_PKEY_get_base_id(key) != EVP_PKEY_RSA) {
        throw std::invalid_argument(std::string("the ") + what + " is not an RSA key");
    }
    return owned;
}

int base64Value(char c) {
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    if (c == '+') {
        return 62;
    }
    if (c == '/') {
        return 63;
    }
    return -1;
}

std::int64_t epochSeconds(const ASN1_TIME* time) {
    struct tm parts {};
    if (time == nullptr || ASN1_TIME_to_tm(time, &parts) != 1) {
        throw std::invalid_argument("the certificate has an unreadable validity period");
    }
    return static_cast<std::int64_t>(timegm(&parts));
}

} // namespace

std::string base64Encode(std::string_view bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

std::optional<std::string> base64Decode(std::string_view text) {
    if (text.size() % 4 != 0) {
        return std::nullopt;
    }
    std::string out;
    out.reserve(text.size() / 4 * 3);
    for (std::size_t i = 0; i < text.size(); i += 4) {
        const bool last = i + 4 == text.size();
        int values[4];
        int padding = 0;
        for (int k = 0; k < 4; ++k) {
            const char c = text[i + static_cast<std::size_t>(k)];
            if (c == '=' && last && k >= 2) {
                values[k] = 0;
                ++padding;
                continue;
            }
            if (padding > 0) {
                return std::nullopt; // data after padding
            }
            values[k] = base64Value(c);
            if (values[k] < 0) {
                return std::nullopt;
            }
        }
        const std::uint32_t triple =
            (static_cast<std::uint32_t>(values[0]) << 18) | (static_cast<std::uint32_t>(values[1]) << 12) |
            (static_cast<std::uint32_t>(values[2]) << 6) | static_cast<std::uint32_t>(values[3]);
        out += static_cast<char>((triple >> 16) & 0xff);
        if (padding < 2) {
            out += static_cast<char>((triple >> 8) & 0xff);
        }
        if (padding < 1) {
            out += static_cast<char>(triple & 0xff);
        }
    }
    return out;
}

RsaPrivateKey RsaPrivateKey::fromPem(const std::string& pem) {
    Bio bio = memoryBio(pem);
    RsaPrivateKey key;
    key._key = requireRsa(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr), "private key");
    return key;
}

std::string RsaPrivateKey::signBase64(std::string_view message) const {
    MdContext context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    std::size_t length = 0;
    if (!context || EVP_DigestSignInit(context.get(), nullptr, EVP_sha256(), nullptr, _key.get()) != 1 ||
        EVP_DigestSign(context.get(), nullptr, &length, reinterpret_cast<const unsigned char*>(message.data()),
                       message.size()) != 1) {
        throw std::runtime_error("RSA signing failed");
    }
    std::string signature(length, '\0');
    if (EVP_DigestSign(context.get(), reinterpret_cast<unsigned char*>(signature.data()), &length,
                       reinterpret_cast<const unsigned char*>(message.data()), message.size()) != 1) {
        throw std::runtime_error("RSA signing failed");
    }
    signature.resize(length);
    return base64Encode(signature);
}

RsaPublicKey RsaPublicKey::fromPem(const std::string& pem) {
    RsaPublicKey key;
    Bio bio = memoryBio(pem);
    EVP_PKEY* raw = PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr);
    key._key = requireRsa(raw, "public key");
    return key;
}

bool RsaPublicKey::verifyBase64(std::string_view message, std::string_view signatureBase64) const {
    const auto signature = base64Decode(signatureBase64);
    if (!signature || signature->empty() || !_key) {
        return false;
    }
    MdContext context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!context || EVP_DigestVerifyInit(context.get(), nullptr, EVP_sha256(), nullptr, _key.get()) != 1) {
        return false;
    }
    const bool valid =
        EVP_DigestVerify(context.get(), reinterpret_cast<const unsigned char*>(signature->data()), signature->size(),
                         reinterpret_cast<const unsigned char*>(message.data()), message.size()) == 1;
    ERR_clear_error(); // a refused signature leaves an entry in this thread's queue
    return valid;
}

struct CertificateReader {
    static Certificate read(const std::string& pem) {
        Bio bio = memoryBio(pem);
        std::unique_ptr<X509, decltype(&X509_free)> x509(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr),
                                                         &X509_free);
        if (!x509) {
            ERR_clear_error();
            throw std::invalid_argument("not a PEM X.509 certificate");
        }
        Certificate certificate;
        certificate.publicKey._key = requireRsa(X509_get_pubkey(x509.get()), "certificate key");
        std::unique_ptr<BIGNUM, decltype(&BN_free)> serial(
            ASN1_INTEGER_to_BN(X509_get0_serialNumber(x509.get()), nullptr), &BN_free);
        if (!serial) {
            throw std::invalid_argument("the certificate has no serial number");
        }
        char* hex = BN_bn2hex(serial.get());
        certificate.serialHex = hex != nullptr ? hex : "";
        OPENSSL_free(hex);
        certificate.notBefore = epochSeconds(X509_get0_notBefore(x509.get()));
        certificate.notAfter = epochSeconds(X509_get0_notAfter(x509.get()));
        return certificate;
    }
};

Certificate parseCertificate(const std::string& pem) {
    return CertificateReader::read(pem);
}

std::optional<std::string> aesGcmDecrypt(std::string_view key, std::string_view nonce, std::string_view associatedData,
                                         std::string_view cipherAndTag) {
    if (key.size() != 32 || nonce.empty() || cipherAndTag.size() < kGcmTagBytes) {
        return std::nullopt;
    }
    const std::string_view cipher = cipherAndTag.substr(0, cipherAndTag.size() - kGcmTagBytes);
    std::string tag(cipherAndTag.substr(cipher.size()));
    CipherContext context(EVP_CIPHER_CTX_new(), &EVP_CIPHER_CTX_free);
    std::string plain(cipher.size() + kGcmTagBytes, '\0');
    int length = 0;
    int total = 0;
    if (!context || EVP_DecryptInit_ex(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr) != 1 ||
        EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) != 1 ||
        EVP_DecryptInit_ex(context.get(), nullptr, nullptr, reinterpret_cast<const unsigned char*>(key.data()),
                           reinterpret_cast<const unsigned char*>(nonce.data())) != 1) {
        return std::nullopt;
    }
    if (!associatedData.empty() && EVP_DecryptUpdate(context.get(), nullptr, &length,
                                                     reinterpret_cast<const unsigned char*>(associatedData.data()),
                                                     static_cast<int>(associatedData.size())) != 1) {
        return std::nullopt;
    }
    if (EVP_DecryptUpdate(context.get(), reinterpret_cast<unsigned char*>(plain.data()), &length,
                          reinterpret_cast<const unsigned char*>(cipher.data()),
                          static_cast<int>(cipher.size())) != 1) {
        return std::nullopt;
    }
    total = length;
    if (EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kGcmTagBytes), tag.data()) != 1 ||
        EVP_DecryptFinal_ex(context.get(), reinterpret_cast<unsigned char*>(plain.data()) + total, &length) != 1) {
        ERR_clear_error();
        return std::nullopt;
    }
    total += length;
    plain.resize(static_cast<std::size_t>(total));
    return plain;
}

std::string requestMessage(std::string_view method, std::string_view url, std::string_view timestamp,
                           std::string_view nonce, std::string_view body) {
    std::string message;
    message.reserve(method.size() + url.size() + timestamp.size() + nonce.size() + body.size() + 5);
    message.append(method).append("\n");
    message.append(url).append("\n");
    message.append(timestamp).append("\n");
    message.append(nonce).append("\n");
    message.append(body).append("\n");
    return message;
}

std::string responseMessage(std::string_view timestamp, std::string_view nonce, std::string_view body) {
    std::string message;
    message.reserve(timestamp.size() + nonce.size() + body.size() + 3);
    message.append(timestamp).append("\n");
    message.append(nonce).append("\n");
    message.append(body).append("\n");
    return message;
}

std::string paySignMessage(std::string_view appId, std::string_view timeStamp, std::string_view nonceStr,
                           std::string_view package) {
    std::string message;
    message.append(appId).append("\n");
    message.append(timeStamp).append("\n");
    message.append(nonceStr).append("\n");
    message.append(package).append("\n");
    return message;
}

std::string authorizationHeader(std::string_view mchId, std::string_view nonce, std::string_view signature,
                                std::string_view timestamp, std::string_view serialNo) {
    std::string header = "WECHATPAY2-SHA256-RSA2048 ";
    header.append("mchid=\"").append(mchId).append("\",");
    header.append("nonce_str=\"").append(nonce).append("\",");
    header.append("signature=\"").append(signature).append("\",");
    header.append("timestamp=\"").append(timestamp).append("\",");
    header.append("serial_no=\"").append(serialNo).append("\"");
    return header;
}

std::string makeNonce(domain::Random& random) {
    static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    std::string nonce;
    nonce.reserve(32);
    for (int i = 0; i < 32; ++i) {
        nonce += kAlphabet[random.uniform(0, 61)];
    }
    return nonce;
}

} // namespace gequ::payment::detail
