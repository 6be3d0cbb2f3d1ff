// The one file of ours that calls OpenSSL directly (docs/security.md, "Cryptography"). Everything else goes through
// Poco::Crypto and Poco's Foundation digests. Two things Poco 1.11 does not offer:
// - secure random bytes: Poco::RandomInputStream reads /dev/urandom, and when it cannot (a chroot, no descriptors
//   left) it silently falls back to a generator seeded from the clock; RAND_bytes fails instead, and we throw.
// - clearing the thread's error queue: Poco::Crypto's RSA verification and PEM readers leave OpenSSL's error entries
//   behind when they refuse (RSA_verify on a bad signature, the first of two PEM forms tried), and OpenSSL requires
//   the queue to be empty before a TLS read or write whose outcome is judged with SSL_get_error.
#include "openssl.h"

#include "gequ/crypto/random.h"

#include <openssl/err.h>
#include <openssl/rand.h>
#include <stdexcept>

namespace gequ::crypto {

std::string randomBytes(std::size_t n) {
    std::string out(n, '\0');
    if (n > 0 && RAND_bytes(reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(n)) != 1) {
        detail::clearErrorQueue();
        throw std::runtime_error("the secure random generator failed (RAND_bytes)");
    }
    return out;
}

void detail::clearErrorQueue() noexcept {
    ERR_clear_error();
}

} // namespace gequ::crypto
