#pragma once

// What gequ_crypto needs from OpenSSL that Poco 1.11 does not offer (the reasons are in openssl.cpp). Internal.

namespace gequ::crypto::detail {

/// Empties this thread's OpenSSL error queue after Poco::Crypto left entries in it (a refused signature, a PEM that
/// did not parse): a stale entry would make the next TLS read or write on this thread report a failure of its own.
void clearErrorQueue() noexcept;

} // namespace gequ::crypto::detail
