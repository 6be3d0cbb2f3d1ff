#include "crypto.h"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <stdexcept>

namespace gequ::sms::detail {

namespace {

std::string hmac(const EVP_MD* md, std::string_view key, std::string_view message) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (HMAC(md, key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
             message.size(), out, &length) == nullptr) {
        throw std::runtime_error("HMAC failed");
    }
    return std::string(reinterpret_cast<const char*>(out), length);
}

} // namespace

std::string hmacSha1(std::string_view key, std::string_view message) {
    return hmac(EVP_sha1(), key, message);
}

std::string hmacSha256(std::string_view key, std::string_view message) {
    return hmac(EVP_sha256(), key, message);
}

std::string sha256Hex(std::string_view data) {
    unsigned char out[SHA256_DIGEST_LENGTH];
    unsigned int length = 0;
    if (EVP_Digest(data.data(), data.size(), out, &length, EVP_sha256(), nullptr) != 1) {
        throw std::runtime_error("SHA-256 failed");
    }
    return hexLower(std::string_view(reinterpret_cast<const char*>(out), length));
}

std::string hexLower(std::string_view bytes) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (const char c : bytes) {
        const auto b = static_cast<unsigned char>(c);
        out += kDigits[b >> 4];
        out += kDigits[b & 0x0f];
    }
    return out;
}

std::string base64(std::string_view bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

} // namespace gequ::sms::detail
