#pragma once

// AES-256-GCM authenticated decryption over Poco::Crypto (CipherFactory, CipherKey "aes-256-gcm", the transform's
// GCM tag). Thread-safe.

#include <optional>
#include <string>
#include <string_view>

namespace gequ::crypto {

/// Decrypts cipherAndTag (the ciphertext, then its 16-byte tag) with a 32-byte key, a 12-byte nonce and the
/// associated data; nullopt when a size is wrong or authentication fails.
std::optional<std::string> aesGcmDecrypt(std::string_view key, std::string_view nonce, std::string_view associatedData,
                                         std::string_view cipherAndTag);

} // namespace gequ::crypto
