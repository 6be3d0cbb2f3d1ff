#include "fake_crypto.h"

#include <memory>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>
#include <stdexcept>

namespace gequ::payment::testing {

namespace {

struct Free {
    void operator()(BIO* p) const { BIO_free(p); }
    void operator()(EVP_PKEY* p) const { EVP_PKEY_free(p); }
    void operator()(EVP_MD_CTX* p) const { EVP_MD_CTX_free(p); }
    void operator()(EVP_CIPHER_CTX* p) const { EVP_CIPHER_CTX_free(p); }
    void operator()(X509* p) const { X509_free(p); }
    void operator()(BIGNUM* p) const { BN_free(p); }
};
template <class T> using Owned = std::unique_ptr<T, Free>;

[[noreturn]] void fail(const char* what) {
    ERR_clear_error();
    throw std::runtime_error(std::string("fake crypto: ") + what);
}

Owned<BIO> readBio(const std::string& text) {
    return Owned<BIO>(BIO_new_mem_buf(text.data(), static_cast<int>(text.size())));
}

std::string drain(BIO* bio) {
    char* data = nullptr;
    const long length = BIO_get_mem_data(bio, &data);
    return std::string(data, static_cast<std::size_t>(length));
}

std::string publicPem(EVP_PKEY* key) {
    Owned<BIO> out(BIO_new(BIO_s_mem()));
    if (PEM_write_bio_PUBKEY(out.get(), key) != 1) {
        fail("cannot write a public key");
    }
    return drain(out.get());
}

} // namespace

std::string toBase64(std::string_view bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

std::string fromBase64(std::string_view text) {
    if (text.size() % 4 != 0) {
        fail("base64 length");
    }
    std::string out(text.size() / 4 * 3, '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(out.data()),
                                  reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
    if (n < 0) {
        fail("base64");
    }
    std::size_t padding = 0;
    if (!text.empty() && text.back() == '=') {
        ++padding;
        if (text.size() > 1 && text[text.size() - 2] == '=') {
            ++padding;
        }
    }
    out.resize(static_cast<std::size_t>(n) - padding);
    return out;
}

std::string rsaSign(const std::string& privateKeyPem, std::string_view message) {
    auto bio = readBio(privateKeyPem);
    Owned<EVP_PKEY> key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    Owned<EVP_MD_CTX> context(EVP_MD_CTX_new());
    if (!key || !context || EVP_DigestSignInit(context.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestSignUpdate(context.get(), message.data(), message.size()) != 1) {
        fail("sign");
    }
    std::size_t length = 0;
    EVP_DigestSignFinal(context.get(), nullptr, &length);
    std::string signature(length, '\0');
    if (EVP_DigestSignFinal(context.get(), reinterpret_cast<unsigned char*>(signature.data()), &length) != 1) {
        fail("sign");
    }
    signature.resize(length);
    return toBase64(signature);
}

bool rsaVerify(const std::string& publicKeyPem, std::string_view message, std::string_view signatureBase64) {
    std::string signature;
    try {
        signature = fromBase64(signatureBase64);
    } catch (const std::runtime_error&) {
        return false;
    }
    auto bio = readBio(publicKeyPem);
    Owned<EVP_PKEY> key(PEM_read_bio_PUBKEY(bio.get(), nullptr, nullptr, nullptr));
    Owned<EVP_MD_CTX> context(EVP_MD_CTX_new());
    if (!key || !context || EVP_DigestVerifyInit(context.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
        EVP_DigestVerifyUpdate(context.get(), message.data(), message.size()) != 1) {
        fail("verify");
    }
    const bool ok = EVP_DigestVerifyFinal(context.get(), reinterpret_cast<const unsigned char*>(signature.data()),
                                          signature.size()) == 1;
    ERR_clear_error();
    return ok;
}

std::string gcmEncrypt(std::string_view key, std::string_view nonce, std::string_view associatedData,
                       std::string_view plaintext) {
    Owned<EVP_CIPHER_CTX> context(EVP_CIPHER_CTX_new());
    int length = 0;
    std::string out(plaintext.size() + 16, '\0');
    if (key.size() != 32 || !context ||
        EVP_EncryptInit_ex(context.get(), EVP_aes_256_gcm(), nullptr, nullptr, nullptr) != 1 ||
        EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_SET_IVLEN, static_cast<int>(nonce.size()), nullptr) != 1 ||
        EVP_EncryptInit_ex(context.get(), nullptr, nullptr, reinterpret_cast<const unsigned char*>(key.data()),
                           reinterpret_cast<const unsigned char*>(nonce.data())) != 1 ||
        EVP_EncryptUpdate(context.get(), nullptr, &length,
                          reinterpret_cast<const unsigned char*>(associatedData.data()),
                          static_cast<int>(associatedData.size())) != 1 ||
        EVP_EncryptUpdate(context.get(), reinterpret_cast<unsigned char*>(out.data()), &length,
                          reinterpret_cast<const unsigned char*>(plaintext.data()),
                          static_cast<int>(plaintext.size())) != 1) {
        fail("encrypt");
    }
    int tail = 0;
    if (EVP_EncryptFinal_ex(context.get(), reinterpret_cast<unsigned char*>(out.data()) + length, &tail) != 1 ||
        EVP_CIPHER_CTX_ctrl(context.get(), EVP_CTRL_GCM_GET_TAG, 16, out.data() + plaintext.size()) != 1) {
        fail("encrypt");
    }
    return out;
}

std::string publicKeyOfPrivateKey(const std::string& privateKeyPem) {
    auto bio = readBio(privateKeyPem);
    Owned<EVP_PKEY> key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
    if (!key) {
        fail("not a private key");
    }
    return publicPem(key.get());
}

std::string publicKeyOfCertificate(const std::string& certificatePem) {
    auto bio = readBio(certificatePem);
    Owned<X509> certificate(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
    if (!certificate) {
        fail("not a certificate");
    }
    return publicPem(X509_get0_pubkey(certificate.get()));
}

KeyAndCertificate makeKeyAndCertificate(const std::string& serialHex, std::int64_t notBefore, std::int64_t notAfter) {
    Owned<EVP_PKEY> key(EVP_RSA_gen(2048));
    Owned<X509> certificate(X509_new());
    BIGNUM* rawSerial = nullptr;
    if (!key || !certificate || BN_hex2bn(&rawSerial, serialHex.c_str()) == 0) {
        fail("keygen");
    }
    Owned<BIGNUM> serial(rawSerial);
    X509_set_version(certificate.get(), 2);
    BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(certificate.get()));
    ASN1_TIME_set(X509_getm_notBefore(certificate.get()), static_cast<time_t>(notBefore));
    ASN1_TIME_set(X509_getm_notAfter(certificate.get()), static_cast<time_t>(notAfter));
    X509_set_pubkey(certificate.get(), key.get());
    X509_NAME* name = X509_get_subject_name(certificate.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("Fake WeChat Pay"), -1,
                               -1, 0);
    X509_set_issuer_name(certificate.get(), name);
    if (X509_sign(certificate.get(), key.get(), EVP_sha256()) == 0) {
        fail("self-sign");
    }
    KeyAndCertificate out;
    Owned<BIO> keyOut(BIO_new(BIO_s_mem()));
    Owned<BIO> certificateOut(BIO_new(BIO_s_mem()));
    if (PEM_write_bio_PrivateKey(keyOut.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1 ||
        PEM_write_bio_X509(certificateOut.get(), certificate.get()) != 1) {
        fail("PEM");
    }
    out.privateKeyPem = drain(keyOut.get());
    out.certificatePem = drain(certificateOut.get());
    out.serial = serialHex;
    return out;
}

std::string randomToken(std::size_t n) {
    static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string bytes(n, '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(bytes.data()), static_cast<int>(n)) != 1) {
        fail("random");
    }
    for (auto& c : bytes) {
        c = kAlphabet[static_cast<unsigned char>(c) % 36];
    }
    return bytes;
}

} // namespace gequ::payment::testing
