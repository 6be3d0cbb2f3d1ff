#include "test_ca.h"

#include <Poco/Net/SSLManager.h>
#include <cstdio>
#include <mutex>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdexcept>

namespace gequ::test {

namespace {

using Key = std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)>;
using Cert = std::unique_ptr<X509, decltype(&X509_free)>;

void check(bool ok, const char* what) {
    if (!ok) {
        throw std::runtime_error(std::string("test CA: OpenSSL ") + what + " failed");
    }
}

Key newKey() {
    Key key(EVP_EC_gen("P-256"), &EVP_PKEY_free);
    check(key != nullptr, "EC key generation");
    return key;
}

void addExtension(X509* cert, X509* issuer, int nid, const std::string& value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
    X509_EXTENSION* extension = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
    check(extension != nullptr, "X509V3_EXT_conf_nid");
    X509_add_ext(cert, extension, -1);
    X509_EXTENSION_free(extension);
}

/// An unsigned certificate for key with subject CN=commonName, named as issued by issuer (itself when null).
Cert makeCertificate(EVP_PKEY* key, const std::string& commonName, X509* issuer, long serial) {
    Cert cert(X509_new(), &X509_free);
    check(cert != nullptr, "X509_new");
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), serial);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 3600);
    X509_set_pubkey(cert.get(), key);
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>(commonName.c_str()),
                               -1, -1, 0);
    X509_set_issuer_name(cert.get(), issuer ? X509_get_subject_name(issuer) : name);
    return cert;
}

void writePem(const std::filesystem::path& path, X509* cert, X509* chain = nullptr) {
    std::FILE* out = std::fopen(path.c_str(), "w");
    check(out != nullptr, "opening a certificate file");
    const bool ok = PEM_write_X509(out, cert) == 1 && (!chain || PEM_write_X509(out, chain) == 1);
    std::fclose(out);
    check(ok, "PEM_write_X509");
}

void writeKey(const std::filesystem::path& path, EVP_PKEY* key) {
    std::FILE* out = std::fopen(path.c_str(), "w");
    check(out != nullptr, "opening a key file");
    const bool ok = PEM_write_PrivateKey(out, key, nullptr, nullptr, 0, nullptr, nullptr) == 1;
    std::fclose(out);
    check(ok, "PEM_write_PrivateKey");
}

} // namespace

struct TestCa::Impl {
    std::filesystem::path directory;
    Key key{nullptr, &EVP_PKEY_free};
    Cert cert{nullptr, &X509_free};
    mutable long serial = 100;
};

TestCa::TestCa(const std::filesystem::path& directory) : _impl(std::make_unique<Impl>()) {
    _impl->directory = directory;
    std::filesystem::create_directories(directory);
    _impl->key = newKey();
    _impl->cert = makeCertificate(_impl->key.get(), "Gequ Test Root CA", nullptr, 1);
    addExtension(_impl->cert.get(), _impl->cert.get(), NID_basic_constraints, "critical,CA:TRUE");
    addExtension(_impl->cert.get(), _impl->cert.get(), NID_key_usage, "critical,keyCertSign,cRLSign");
    addExtension(_impl->cert.get(), _impl->cert.get(), NID_subject_key_identifier, "hash");
    check(X509_sign(_impl->cert.get(), _impl->key.get(), EVP_sha256()) > 0, "X509_sign (CA)");
    _caFile = directory / "ca.pem";
    writePem(_caFile, _impl->cert.get());
}

TestCa::~TestCa() = default;

ServerCertificate TestCa::issue(const std::string& san, const std::string& name) const {
    Key key = newKey();
    Cert cert = makeCertificate(key.get(), "gequ-test-server", _impl->cert.get(), ++_impl->serial);
    addExtension(cert.get(), _impl->cert.get(), NID_basic_constraints, "critical,CA:FALSE");
    addExtension(cert.get(), _impl->cert.get(), NID_key_usage, "critical,digitalSignature,keyEncipherment");
    addExtension(cert.get(), _impl->cert.get(), NID_ext_key_usage, "serverAuth");
    addExtension(cert.get(), _impl->cert.get(), NID_subject_alt_name, san);
    addExtension(cert.get(), _impl->cert.get(), NID_authority_key_identifier, "keyid:always");
    check(X509_sign(cert.get(), _impl->key.get(), EVP_sha256()) > 0, "X509_sign (leaf)");
    ServerCertificate files{_impl->directory / (name + ".pem"), _impl->directory / (name + ".key")};
    writePem(files.certificate, cert.get(), _impl->cert.get());
    writeKey(files.privateKey, key.get());
    return files;
}

ServerCertificate TestCa::selfSigned(const std::string& san, const std::string& name) const {
    Key key = newKey();
    Cert cert = makeCertificate(key.get(), "gequ-untrusted", nullptr, ++_impl->serial);
    addExtension(cert.get(), cert.get(), NID_subject_alt_name, san);
    check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "X509_sign (self-signed)");
    ServerCertificate files{_impl->directory / (name + ".pem"), _impl->directory / (name + ".key")};
    writePem(files.certificate, cert.get());
    writeKey(files.privateKey, key.get());
    return files;
}

Poco::Net::Context::Ptr serverContext(const ServerCertificate& certificate) {
    static std::once_flag once;
    std::call_once(once, [] { Poco::Net::initializeSSL(); });
    Poco::Net::Context::Ptr context = new Poco::Net::Context(
        Poco::Net::Context::TLS_SERVER_USE, certificate.privateKey.string(), certificate.certificate.string(), "",
        Poco::Net::Context::VERIFY_NONE, 9, false, "ALL:!ADH:!LOW:!EXP:!MD5:@STRENGTH");
    context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    return context;
}

} // namespace gequ::test
