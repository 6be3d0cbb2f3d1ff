#pragma once

// A throw-away self-signed certificate for TLS tests, made with OpenSSL.

#include <Poco/Net/Context.h>
#include <filesystem>
#include <string>

namespace gequ::sms::test {

struct TlsFiles {
    std::filesystem::path certificate; // PEM; also usable as the CA file that trusts it
    std::filesystem::path privateKey;  // PEM, unencrypted
};

/// A P-256 key and a self-signed certificate valid for an hour either side of now, with subjectAltName san (e.g.
/// "IP:127.0.0.1" or "DNS:example.com"), written into directory.
TlsFiles makeSelfSignedCertificate(const std::filesystem::path& directory, const std::string& san);

/// A TLS server context serving files.
Poco::Net::Context::Ptr serverContext(const TlsFiles& files);

} // namespace gequ::sms::test
