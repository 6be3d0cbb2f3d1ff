#include "gequ/crypto/aes_gcm.h"

#include "openssl.h"

#include <Poco/Crypto/Cipher.h>
#include <Poco/Crypto/CipherFactory.h>
#include <Poco/Crypto/CipherKey.h>
#include <Poco/Crypto/CryptoTransform.h>
#include <Poco/Exception.h>
#include <vector>

namespace gequ::crypto {

namespace {

constexpr std::size_t kKeyBytes = 32;
// Poco 1.11 hands the IV to OpenSSL before it sets a non-default IV length, so only GCM's standard 96-bit nonce is
// taken (the one WeChat Pay and most protocols use).
constexpr std::size_t kNonceBytes = 12;
constexpr std::size_t kTagBytes = 16;

Poco::Crypto::CipherKey::ByteVec bytes(std::string_view text) {
    return Poco::Crypto::CipherKey::ByteVec(text.begin(), text.end());
}

const unsigned char* unsignedData(std::string_view text) {
    return reinterpret_cast<const unsigned char*>(text.data());
}

} // namespace

std::optional<std::string> aesGcmDecrypt(std::string_view key, std::string_view nonce, std::string_view associatedData,
                                         std::string_view cipherAndTag) {
    if (key.size() != kKeyBytes || nonce.size() != kNonceBytes || cipherAndTag.size() < kTagBytes) {
        return std::nullopt;
    }
    const std::string_view cipher = cipherAndTag.substr(0, cipherAndTag.size() - kTagBytes);
    try {
        Poco::Crypto::Cipher::Ptr aes = Poco::Crypto::CipherFactory::defaultFactory().createCipher(
            Poco::Crypto::CipherKey("aes-256-gcm", bytes(key), bytes(nonce)));
        Poco::Crypto::CryptoTransform::Ptr decryptor = aes->createDecryptor();
        const auto associatedLength = static_cast<std::streamsize>(associatedData.size());
        if (associatedLength > 0) {
            // The associated data goes in as a transform without an output buffer: the transform is
            // EVP_CipherUpdate, which takes a null output in GCM mode as authenticated-only input. Should Poco ever
            // stop passing it through, the tag no longer matches and decryption fails: it cannot fail open.
            decryptor->transform(unsignedData(associatedData), associatedLength, nullptr, associatedLength);
        }
        std::string plain(cipher.size() + kTagBytes, '\0');
        auto* out = reinterpret_cast<unsigned char*>(plain.data());
        std::streamsize length = decryptor->transform(unsignedData(cipher), static_cast<std::streamsize>(cipher.size()),
                                                      out, static_cast<std::streamsize>(plain.size()));
        decryptor->setTag(std::string(cipherAndTag.substr(cipher.size())));
        length += decryptor->finalize(out + length, static_cast<std::streamsize>(plain.size()) - length);
        plain.resize(static_cast<std::size_t>(length));
        return plain;
    } catch (const Poco::Exception&) {
        detail::clearErrorQueue();
        return std::nullopt;
    }
}

} // namespace gequ::crypto
