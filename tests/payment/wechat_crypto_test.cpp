// The adapter's pure cryptography against the official WeChat Pay vectors, byte for byte.

#include "gequ/crypto/encoding.h"
#include "test_support.h"
#include "wechat_crypto.h"

#include <gtest/gtest.h>

namespace gequ::payment::detail {
namespace {

using testing::readFixture;
using testing::vector;

RsaPrivateKey merchantKey() {
    return RsaPrivateKey::fromPem(readFixture("merchant_private_key.txt"));
}

TEST(WechatCryptoVectors, W1GetRequestSignatureWithTheOfficialMerchantKey) {
    const std::string message =
        requestMessage("GET", vector("W1_URL"), vector("SIGN_TIMESTAMP"), vector("SIGN_NONCE"), "");
    EXPECT_EQ(message,
              "GET\n/v3/refund/domestic/refunds/123123123123\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n");
    EXPECT_EQ(signBase64(merchantKey(), message), vector("W1_SIGNATURE"));
}

TEST(WechatCryptoVectors, W2JsapiOrderSignatureOverTheByteExactBody) {
    const std::string body = vector("W2_BODY");
    ASSERT_NE(body.find("Image形象店-深圳腾大-QQ公仔"), std::string::npos); // UTF-8 kept as it is
    const std::string message =
        requestMessage("POST", vector("W2_URL"), vector("SIGN_TIMESTAMP"), vector("SIGN_NONCE"), body);
    EXPECT_EQ(message,
              "POST\n/v3/pay/transactions/jsapi\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n" + body + "\n");
    EXPECT_EQ(signBase64(merchantKey(), message), vector("W2_SIGNATURE"));
    // One byte more in the body is another signature.
    EXPECT_NE(signBase64(merchantKey(), requestMessage("POST", vector("W2_URL"), vector("SIGN_TIMESTAMP"),
                                                       vector("SIGN_NONCE"), body + " ")),
              vector("W2_SIGNATURE"));
}

TEST(WechatCryptoVectors, W3JsapiPaySign) {
    const std::string message =
        paySignMessage(vector("W3_APPID"), vector("SIGN_TIMESTAMP"), vector("SIGN_NONCE"), vector("W3_PACKAGE"));
    EXPECT_EQ(message, "wx2421b1c4370ec43b\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n"
                       "prepay_id=wx201410272009395522657a690389285100\n");
    EXPECT_EQ(signBase64(merchantKey(), message), vector("W3_SIGNATURE"));
}

TEST(WechatCryptoVectors, R1AnswerVerifiesWithTheWechatPayPublicKey) {
    const RsaPublicKey key = RsaPublicKey::fromPem(readFixture("wechatpay_public_key.txt"));
    const std::string message = responseMessage(vector("R1_TIMESTAMP"), vector("R1_NONCE"), vector("R1_BODY"));
    EXPECT_EQ(message, "1722850421\nd824f2e086d3c1df967785d13fcd22ef\n"
                       "{\"code_url\":\"weixin://wxpay/bizpayurl?pr=JyC91EIz1\"}\n");
    EXPECT_TRUE(verifyBase64(key, message, vector("R1_SIGNATURE")));
    // Any change of the body, the timestamp or the signature is refused.
    EXPECT_FALSE(verifyBase64(key,
                              responseMessage(vector("R1_TIMESTAMP"), vector("R1_NONCE"),
                                              "{\"code_url\": \"weixin://wxpay/bizpayurl?pr=JyC91EIz1\"}"),
                              vector("R1_SIGNATURE")));
    EXPECT_FALSE(verifyBase64(key, responseMessage("1722850422", vector("R1_NONCE"), vector("R1_BODY")),
                              vector("R1_SIGNATURE")));
    std::string flipped = vector("R1_SIGNATURE");
    flipped[10] = flipped[10] == 'A' ? 'B' : 'A';
    EXPECT_FALSE(verifyBase64(key, message, flipped));
    EXPECT_FALSE(verifyBase64(key, message, "not base64!"));
    EXPECT_FALSE(verifyBase64(key, message, ""));
    // The merchant's own key does not verify WeChat's signature.
    const RsaPublicKey other = Certificate::fromPem(readFixture("wechatpay_go_certificate.txt")).publicKey;
    EXPECT_FALSE(verifyBase64(other, message, vector("R1_SIGNATURE")));
}

TEST(WechatCryptoVectors, A1Aes256GcmDecryption) {
    const auto cipher = base64Decode(vector("A1_CIPHERTEXT"));
    ASSERT_TRUE(cipher);
    const auto plain = aesGcmDecrypt(vector("A1_KEY"), vector("A1_NONCE"), vector("A1_AAD"), *cipher);
    ASSERT_TRUE(plain);
    EXPECT_EQ(*plain, vector("A1_PLAINTEXT"));
}

TEST(WechatCryptoVectors, A1FailsWithAnyWrongInput) {
    const std::string cipher = *base64Decode(vector("A1_CIPHERTEXT"));
    std::string wrongKey = vector("A1_KEY");
    wrongKey[0] = 'b';
    EXPECT_FALSE(aesGcmDecrypt(wrongKey, vector("A1_NONCE"), vector("A1_AAD"), cipher));
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY"), "uluk4a9R25RX", vector("A1_AAD"), cipher));
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY"), vector("A1_NONCE"), "associatedDatb", cipher));
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY"), vector("A1_NONCE"), "", cipher));
    std::string tampered = cipher;
    tampered[0] = static_cast<char>(tampered[0] ^ 1);
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY"), vector("A1_NONCE"), vector("A1_AAD"), tampered));
    std::string badTag = cipher;
    badTag.back() = static_cast<char>(badTag.back() ^ 1);
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY"), vector("A1_NONCE"), vector("A1_AAD"), badTag));
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY"), vector("A1_NONCE"), vector("A1_AAD"), cipher.substr(0, 15)));
    EXPECT_FALSE(aesGcmDecrypt(vector("A1_KEY").substr(0, 31), vector("A1_NONCE"), vector("A1_AAD"), cipher));
}

TEST(WechatCryptoVectors, SelfGeneratedNotificationVerifiesWithTheCertificateAndDecryptsToThePlaintext) {
    const Certificate certificate = Certificate::fromPem(readFixture("wechatpay_go_certificate.txt"));
    EXPECT_EQ(certificate.serialHex, vector("N_SERIAL"));
    const std::string body = vector("N_BODY");
    EXPECT_TRUE(verifyBase64(certificate.publicKey, responseMessage(vector("N_TIMESTAMP"), vector("N_NONCE"), body),
                             vector("N_SIGNATURE")));

    const std::string marker = "\"ciphertext\":\"";
    const auto start = body.find(marker) + marker.size();
    const auto cipher = base64Decode(body.substr(start, body.find('"', start) - start));
    ASSERT_TRUE(cipher);
    EXPECT_EQ(std::to_string(cipher->size()), vector("N_CIPHERTEXT_BYTES"));
    EXPECT_EQ(crypto::hexLower(cipher->substr(cipher->size() - 16)), vector("N_TAG_HEX"));
    const auto plain = aesGcmDecrypt(vector("N_APIV3_KEY"), "fixNonce0001", "transaction", *cipher);
    ASSERT_TRUE(plain);
    EXPECT_EQ(*plain, vector("N_PLAINTEXT"));
}

TEST(WechatCrypto, PrivateKeyInBothPemFormsAndRefusals) {
    EXPECT_THROW(RsaPrivateKey::fromPem("not a key"), std::invalid_argument);
    EXPECT_THROW(RsaPrivateKey::fromPem(readFixture("wechatpay_public_key.txt")), std::invalid_argument);
    EXPECT_THROW(RsaPublicKey::fromPem(readFixture("merchant_private_key.txt")), std::invalid_argument);
    EXPECT_THROW(RsaPublicKey::fromPem(""), std::invalid_argument);
    EXPECT_THROW(Certificate::fromPem(readFixture("wechatpay_public_key.txt")), std::invalid_argument);
}

TEST(WechatCrypto, CertificateValidityPeriod) {
    const Certificate certificate = Certificate::fromPem(readFixture("wechatpay_go_certificate.txt"));
    EXPECT_EQ(certificate.notBefore, 1619513723); // 2021-04-27T08:55:23Z
    EXPECT_EQ(certificate.notAfter, 1934873723);  // 2031-04-25T08:55:23Z
}

TEST(WechatCrypto, AuthorizationHeaderFormat) {
    EXPECT_EQ(authorizationHeader("1900007291", "593BEC0C930BF1AFEB40B4A08C8FB242", "c2ln", "1554208460",
                                  "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB"),
              "WECHATPAY2-SHA256-RSA2048 mchid=\"1900007291\",nonce_str=\"593BEC0C930BF1AFEB40B4A08C8FB242\","
              "signature=\"c2ln\",timestamp=\"1554208460\",serial_no=\"408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB\"");
}

TEST(WechatCrypto, NonceIs32AlphanumericCharactersAndVaries) {
    testing::SeededRandom random(42);
    const std::string first = makeNonce(random);
    const std::string second = makeNonce(random);
    ASSERT_EQ(first.size(), 32u);
    for (const char c : first) {
        EXPECT_TRUE((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')) << c;
    }
    EXPECT_NE(first, second);
}

} // namespace
} // namespace gequ::payment::detail
