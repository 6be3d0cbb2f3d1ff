#include "tls_support.h"

#include <cstdio>
#include <memory>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <stdexcept>

namespace gequ::sms::test {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

void check(bool ok, const char* what) {
    if (!ok) {
        throw std::runtime_error(std::string("OpenSSL: ") + what);
    }
}

} // namespace

TlsFiles makeSelfSignedCertificate(const std::filesystem::path& directory, const std::string& san) {
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_EC_gen("P-256"), &EVP_PKEY_free);
    check(key != nullptr, "EC key generation");
    std::unique_ptr<X509, decltype(&X509_free)> cert(X509_new(), &X509_free);
    check(cert != nullptr, "X509_new");
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), 1);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 3600);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("gequ-sms-test"), -1,
                               -1, 0);
    X509_set_issuer_name(cert.get(), name);

    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert.get(), cert.get(), nullptr, nullptr, 0);
    for (const auto& [nid, value] :
         {std::pair{NID_subject_alt_name, san}, std::pair{NID_basic_constraints, std::string("critical,CA:TRUE")}}) {
        X509_EXTENSION* extension = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
        check(extension != nullptr, "extension");
        X509_add_ext(cert.get(), extension, -1);
        X509_EXTENSION_free(extension);
    }
    check(X509_sign(cert.get(), key.get(), EVP_sha256()) > 0, "X509_sign");

    TlsFiles files{directory / "cert.pem", directory / "key.pem"};
    {
        std::unique_ptr<std::FILE, FileCloser> out(std::fopen(files.certificate.c_str(), "w"));
        check(out && PEM_write_X509(out.get(), cert.get()) == 1, "writing the certificate");
    }
    {
        std::unique_ptr<std::FILE, FileCloser> out(std::fopen(files.privateKey.c_str(), "w"));
        check(out && PEM_write_PrivateKey(out.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) == 1,
              "writing the key");
    }
    return files;
}

Poco::Net::Context::Ptr serverContext(const TlsFiles& files) {
    return new Poco::Net::Context(Poco::Net::Context::TLS_SERVER_USE, files.privateKey.string(),
                                  files.certificate.string(), "", Poco::Net::Context::VERIFY_NONE, 9, false,
                                  "ALL:!ADH:!LOW:!EXP:!MD5:@STRENGTH");
}

} // namespace gequ::sms::test
