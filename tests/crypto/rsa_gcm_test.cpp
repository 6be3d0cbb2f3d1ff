// SHA256withRSA, X.509 and AES-256-GCM: round trips and refusals with keys made here by Poco::Crypto, and the GCM
// specification's AES-256 test case with associated data. WeChat Pay's official vectors (signatures by a published
// key, a platform certificate, a notification) are checked byte for byte in the payment suite.

#include "gequ/crypto/aes_gcm.h"
#include "gequ/crypto/encoding.h"
#include "gequ/crypto/rsa.h"
#include "temp_dir.h"
#include "test_ca.h"

#include <Poco/Crypto/ECKey.h>
#include <Poco/Crypto/RSAKey.h>
#include <Poco/DigestEngine.h>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace gequ::crypto {
namespace {

struct PemPair {
    std::string publicKey;
    std::string privateKey;
};

template <class Key> PemPair pemOf(const Key& key) {
    std::ostringstream publicKey;
    std::ostringstream privateKey;
    key.save(&publicKey, &privateKey);
    return {publicKey.str(), privateKey.str()};
}

const PemPair& rsaPair() {
    static const PemPair pair =
        pemOf(Poco::Crypto::RSAKey(Poco::Crypto::RSAKey::KL_2048, Poco::Crypto::RSAKey::EXP_LARGE));
    return pair;
}

std::string unhex(const std::string& hex) {
    const auto digest = Poco::DigestEngine::digestFromHex(hex);
    return std::string(digest.begin(), digest.end());
}

TEST(Rsa, SignsDeterministicallyAndVerifies) {
    const RsaPrivateKey privateKey = RsaPrivateKey::fromPem(rsaPair().privateKey);
    const RsaPublicKey publicKey = RsaPublicKey::fromPem(rsaPair().publicKey);
    const std::string signature = privateKey.signSha256("GET\n/v3/certificates\n1554208460\nnonce\n\n");
    EXPECT_EQ(signature.size(), 256u);
    EXPECT_EQ(signature, privateKey.signSha256("GET\n/v3/certificates\n1554208460\nnonce\n\n")); // PKCS#1 v1.5
    EXPECT_TRUE(publicKey.verifySha256("GET\n/v3/certificates\n1554208460\nnonce\n\n", signature));

    EXPECT_FALSE(publicKey.verifySha256("GET\n/v3/certificates\n1554208461\nnonce\n\n", signature));
    std::string flipped = signature;
    flipped[10] = static_cast<char>(flipped[10] ^ 1);
    EXPECT_FALSE(publicKey.verifySha256("GET\n/v3/certificates\n1554208460\nnonce\n\n", flipped));
    EXPECT_FALSE(publicKey.verifySha256("GET\n/v3/certificates\n1554208460\nnonce\n\n", signature.substr(1)));
    EXPECT_FALSE(publicKey.verifySha256("GET\n/v3/certificates\n1554208460\nnonce\n\n", ""));
    EXPECT_FALSE(RsaPublicKey().verifySha256("GET\n/v3/certificates\n1554208460\nnonce\n\n", signature));

    const auto other = pemOf(Poco::Crypto::RSAKey(Poco::Crypto::RSAKey::KL_2048, Poco::Crypto::RSAKey::EXP_LARGE));
    EXPECT_FALSE(
        RsaPublicKey::fromPem(other.publicKey).verifySha256("GET\n/v3/certificates\n1554208460\nnonce\n\n", signature));
}

TEST(Rsa, RefusesWhatIsNotAnRsaKeyOfTheRightKind) {
    EXPECT_THROW(RsaPrivateKey::fromPem("not a key"), std::invalid_argument);
    EXPECT_THROW(RsaPrivateKey::fromPem(""), std::invalid_argument);
    EXPECT_THROW(RsaPrivateKey::fromPem(rsaPair().publicKey), std::invalid_argument);
    EXPECT_THROW(RsaPublicKey::fromPem(rsaPair().privateKey), std::invalid_argument);
    EXPECT_THROW(RsaPublicKey::fromPem(""), std::invalid_argument);
    const auto ec = pemOf(Poco::Crypto::ECKey("prime256v1"));
    EXPECT_THROW(RsaPrivateKey::fromPem(ec.privateKey), std::invalid_argument);
    EXPECT_THROW(RsaPublicKey::fromPem(ec.publicKey), std::invalid_argument);
}

TEST(Certificate, RefusesWhatIsNotAnRsaCertificate) {
    const test::TempDir directory("crypto");
    const test::TestCa ca(directory.path()); // its certificates carry P-256 keys
    std::ifstream in(ca.caFile());
    const std::string ecCertificate((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ASSERT_NE(ecCertificate.find("BEGIN CERTIFICATE"), std::string::npos);
    EXPECT_THROW(Certificate::fromPem(ecCertificate), std::invalid_argument);
    EXPECT_THROW(Certificate::fromPem(rsaPair().publicKey), std::invalid_argument);
    EXPECT_THROW(Certificate::fromPem("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"),
                 std::invalid_argument);
    EXPECT_THROW(Certificate::fromPem(""), std::invalid_argument);
}

// The GCM specification (McGrew and Viega), test case 16: AES-256, a 96-bit IV, 20 bytes of associated data.
struct GcmCase {
    std::string key = unhex("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308");
    std::string nonce = unhex("cafebabefacedbaddecaf888");
    std::string associatedData = unhex("feedfacedeadbeeffeedfacedeadbeefabaddad2");
    std::string plain = unhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e24"
                              "49a6b525b16aedf5aa0de657ba637b39");
    std::string cipherAndTag = unhex("522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3d"
                                     "a7b08b1056828838c5f61e6393ba7a0abcc9f662"
                                     "76fc6ece0f4e1768cddf8853bb2d551b");
};

TEST(AesGcm, DecryptsTheSpecificationsTestCase) {
    const GcmCase c;
    EXPECT_EQ(aesGcmDecrypt(c.key, c.nonce, c.associatedData, c.cipherAndTag), c.plain);
}

TEST(AesGcm, RefusesAnythingChanged) {
    const GcmCase c;
    std::string key = c.key;
    key[0] = static_cast<char>(key[0] ^ 1);
    EXPECT_FALSE(aesGcmDecrypt(key, c.nonce, c.associatedData, c.cipherAndTag));
    std::string nonce = c.nonce;
    nonce[11] = static_cast<char>(nonce[11] ^ 1);
    EXPECT_FALSE(aesGcmDecrypt(c.key, nonce, c.associatedData, c.cipherAndTag));
    std::string associatedData = c.associatedData;
    associatedData[0] = static_cast<char>(associatedData[0] ^ 1);
    EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce, associatedData, c.cipherAndTag));
    EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce, "", c.cipherAndTag));
    for (const std::size_t at : {std::size_t{0}, c.cipherAndTag.size() - 1}) {
        std::string tampered = c.cipherAndTag;
        tampered[at] = static_cast<char>(tampered[at] ^ 1);
        EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce, c.associatedData, tampered)) << at;
    }
    EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce, c.associatedData, c.cipherAndTag.substr(1)));
    EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce, c.associatedData, c.cipherAndTag.substr(0, 15)));
    EXPECT_FALSE(aesGcmDecrypt(c.key.substr(0, 31), c.nonce, c.associatedData, c.cipherAndTag));
    EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce.substr(0, 8), c.associatedData, c.cipherAndTag));
    EXPECT_FALSE(aesGcmDecrypt(c.key, c.nonce + "0000", c.associatedData, c.cipherAndTag));
}

} // namespace
} // namespace gequ::crypto
