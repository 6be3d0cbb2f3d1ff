#pragma once

// A certificate authority made at test time, for local TLS fakes (docs/testing.md, "Fakes and what is real"). The
// outbound client trusts it only through its extra-CA file; chain and host-name checks stay on. Nothing here is
// used outside tests.

#include <Poco/Net/Context.h>
#include <filesystem>
#include <memory>
#include <string>

namespace gequ::test {

/// A server's key and certificate as PEM files.
struct ServerCertificate {
    std::filesystem::path certificate; ///< the leaf, then the CA (a full chain)
    std::filesystem::path privateKey;
};

/// A P-256 root CA valid from an hour ago to an hour from now, written into directory as ca.pem.
class TestCa {
public:
    explicit TestCa(const std::filesystem::path& directory);
    ~TestCa();
    TestCa(const TestCa&) = delete;
    TestCa& operator=(const TestCa&) = delete;

    /// The CA certificate (PEM): what a client adds to its trusted CAs.
    const std::filesystem::path& caFile() const { return _caFile; }

    /// A leaf certificate issued by this CA for subjectAltName san ("IP:127.0.0.1", "DNS:example.com"), written
    /// into the CA's directory under name.
    ServerCertificate issue(const std::string& san, const std::string& name = "server") const;

    /// A server certificate that no CA issued: self-signed, not a CA, for san.
    ServerCertificate selfSigned(const std::string& san, const std::string& name = "self-signed") const;

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
    std::filesystem::path _caFile;
};

/// A TLS server context serving certificate (TLS 1.2 or later).
Poco::Net::Context::Ptr serverContext(const ServerCertificate& certificate);

} // namespace gequ::test
