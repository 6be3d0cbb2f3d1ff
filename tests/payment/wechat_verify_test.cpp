// Verification of what WeChat sends, and reading its JSON (pure: no network).

#include "fake_crypto.h"
#include "test_support.h"
#include "wechat_verify.h"

#include <gtest/gtest.h>

namespace gequ::payment::detail {
namespace {

using testing::readFixture;
using testing::vector;

struct R1 : ::testing::Test {
    RsaPublicKey key = RsaPublicKey::fromPem(readFixture("wechatpay_public_key.txt"));
    std::int64_t timestamp = std::stoll(vector("R1_TIMESTAMP"));
    std::string body = vector("R1_BODY");

    HeaderList headers() const {
        return {{"Wechatpay-Timestamp", vector("R1_TIMESTAMP")},
                {"Wechatpay-Nonce", vector("R1_NONCE")},
                {"Wechatpay-Signature", vector("R1_SIGNATURE")},
                {"Wechatpay-Serial", vector("R1_SERIAL")}};
    }
    KeyFinder finder() const {
        return [this](const std::string& serial) {
            return serial == vector("R1_SERIAL") ? KeyLookup{key, false} : KeyLookup{};
        };
    }
    Refusal check(const HeaderList& h, const std::string& b, std::int64_t now) const {
        return verifySignedMessage(h, b, now, finder());
    }
};

HeaderList without(HeaderList headers, const std::string& name) {
    std::erase_if(headers, [&](const auto& h) { return h.first == name; });
    return headers;
}

HeaderList replaced(HeaderList headers, const std::string& name, const std::string& value) {
    for (auto& h : headers) {
        if (h.first == name) {
            h.second = value;
        }
    }
    return headers;
}

TEST_F(R1, TheOfficialAnswerIsAccepted) {
    EXPECT_EQ(check(headers(), body, timestamp), Refusal::None);
}

TEST_F(R1, HeaderNamesInAnyCase) {
    HeaderList lower;
    for (const auto& [name, value] : headers()) {
        std::string n = name;
        for (auto& c : n) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        lower.emplace_back(n, value);
    }
    EXPECT_EQ(check(lower, body, timestamp), Refusal::None);
}

TEST_F(R1, TimestampWithinThreeHundredSecondsEitherWay) {
    EXPECT_EQ(check(headers(), body, timestamp + 300), Refusal::None);
    EXPECT_EQ(check(headers(), body, timestamp - 300), Refusal::None);
    EXPECT_EQ(check(headers(), body, timestamp + 301), Refusal::StaleTimestamp);
    EXPECT_EQ(check(headers(), body, timestamp - 301), Refusal::StaleTimestamp);
    EXPECT_EQ(check(replaced(headers(), "Wechatpay-Timestamp", "17228504x1"), body, timestamp),
              Refusal::StaleTimestamp);
    EXPECT_EQ(check(replaced(headers(), "Wechatpay-Timestamp", "-1722850421"), body, timestamp),
              Refusal::StaleTimestamp);
}

TEST_F(R1, EveryHeaderIsRequired) {
    for (const char* name : {"Wechatpay-Timestamp", "Wechatpay-Nonce", "Wechatpay-Signature", "Wechatpay-Serial"}) {
        EXPECT_EQ(check(without(headers(), name), body, timestamp), Refusal::Unsigned) << name;
        EXPECT_EQ(check(replaced(headers(), name, ""), body, timestamp), Refusal::Unsigned) << name;
    }
    EXPECT_EQ(check({}, body, timestamp), Refusal::Unsigned);
}

TEST_F(R1, SignatureProbesAreRefusedBeforeAnythingElse) {
    const auto probe = replaced(headers(), "Wechatpay-Signature", "WECHATPAY/SIGNTEST/" + vector("R1_SIGNATURE"));
    EXPECT_EQ(check(probe, body, timestamp), Refusal::SignTest);
    EXPECT_EQ(check(probe, body, timestamp + 10000), Refusal::SignTest);
}

TEST_F(R1, UnknownSerialAndUnavailableKeys) {
    EXPECT_EQ(check(replaced(headers(), "Wechatpay-Serial", "PUB_KEY_ID_0000000000000024101100397200000007"), body,
                    timestamp),
              Refusal::UnknownSerial);
    EXPECT_EQ(verifySignedMessage(headers(), body, timestamp,
                                  [](const std::string&) {
                                      return KeyLookup{{}, true};
                                  }),
              Refusal::KeysUnavailable);
}

TEST_F(R1, TheRawBodyIsVerifiedNotItsMeaning) {
    EXPECT_EQ(check(headers(), "{\"code_url\": \"weixin://wxpay/bizpayurl?pr=JyC91EIz1\"}", timestamp),
              Refusal::BadSignature);
    EXPECT_EQ(check(headers(), body + "\n", timestamp), Refusal::BadSignature);
    EXPECT_EQ(check(replaced(headers(), "Wechatpay-Nonce", "d824f2e086d3c1df967785d13fcd22ee"), body, timestamp),
              Refusal::BadSignature);
    // A valid signature by another key under this serial.
    const std::string other = testing::rsaSign(readFixture("wechatpay_go_private_key.txt"),
                                               responseMessage(vector("R1_TIMESTAMP"), vector("R1_NONCE"), body));
    EXPECT_EQ(check(replaced(headers(), "Wechatpay-Signature", other), body, timestamp), Refusal::BadSignature);
}

TEST(WechatVerify, SelfGeneratedNotificationWithTheCertificate) {
    const Certificate certificate = Certificate::fromPem(readFixture("wechatpay_go_certificate.txt"));
    const HeaderList headers{{"Wechatpay-Timestamp", vector("N_TIMESTAMP")},
                             {"Wechatpay-Nonce", vector("N_NONCE")},
                             {"Wechatpay-Signature", vector("N_SIGNATURE")},
                             {"Wechatpay-Serial", vector("N_SERIAL")}};
    const KeyFinder finder = [&](const std::string& serial) {
        return serial == certificate.serialHex ? KeyLookup{certificate.publicKey, false} : KeyLookup{};
    };
    EXPECT_EQ(verifySignedMessage(headers, vector("N_BODY"), 1700000000, finder), Refusal::None);
    EXPECT_EQ(verifySignedMessage(headers, vector("N_BODY"), 1700000301, finder), Refusal::StaleTimestamp);

    const auto envelope = readNotificationEnvelope(vector("N_BODY"));
    ASSERT_TRUE(envelope);
    EXPECT_EQ(envelope->id, "EV-2018022511223320873");
    EXPECT_EQ(envelope->eventType, "TRANSACTION.SUCCESS");
    EXPECT_EQ(envelope->algorithm, "AEAD_AES_256_GCM");
    EXPECT_EQ(envelope->nonce, "fixNonce0001");
    EXPECT_EQ(envelope->associatedData, "transaction");
    EXPECT_FALSE(readNotificationEnvelope("{\"event_type\":\"TRANSACTION.SUCCESS\"}"));
    EXPECT_FALSE(readNotificationEnvelope("not json"));
    EXPECT_FALSE(readNotificationEnvelope("[1,2]"));
}

TEST(WechatVerify, TransactionsBecomePaymentResults) {
    std::string state;
    const auto paid = readTransaction(vector("N_PLAINTEXT"), &state);
    ASSERT_TRUE(paid);
    EXPECT_EQ(state, "SUCCESS");
    EXPECT_TRUE(paid->paid);
    EXPECT_FALSE(paid->closed);
    EXPECT_EQ(paid->orderNo, "1217752501201407033233368018");
    EXPECT_EQ(paid->providerTxnId, "1217752501201407033233368018");
    EXPECT_EQ(paid->paidAmountFen, 100);
    EXPECT_EQ(paid->appId, "wxd678efh567hg6787");
    EXPECT_EQ(paid->mchId, "1230000109");
    EXPECT_EQ(paid->paidAt, domain::fromEpochMillis(1528425296000));

    struct Case {
        const char* state;
        bool paid;
        bool closed;
    };
    for (const Case c : {Case{"SUCCESS", true, false}, Case{"CLOSED", false, true}, Case{"REVOKED", false, true},
                         Case{"PAYERROR", false, true}, Case{"NOTPAY", false, false}, Case{"USERPAYING", false, false},
                         Case{"REFUND", false, false}}) {
        const auto result = readTransaction(std::string("{\"out_trade_no\":\"GQ1\",\"trade_state\":\"") + c.state +
                                            "\",\"amount\":{\"total\":990}}");
        ASSERT_TRUE(result) << c.state;
        EXPECT_EQ(result->paid, c.paid) << c.state;
        EXPECT_EQ(result->closed, c.closed) << c.state;
        EXPECT_EQ(result->paidAmountFen, 990);
    }
    EXPECT_FALSE(readTransaction("{\"trade_state\":\"SUCCESS\"}"));
    EXPECT_FALSE(readTransaction("{\"out_trade_no\":\"GQ1\"}"));
    EXPECT_FALSE(readTransaction("{\"out_trade_no\":1,\"trade_state\":\"SUCCESS\"}"));
    EXPECT_FALSE(readTransaction(""));
}

TEST(WechatVerify, ErrorBodies) {
    const auto e = readWechatError("{\"code\":\"ORDERNO_USED\",\"message\":\"商户订单号重复\"}");
    EXPECT_EQ(e.code, "ORDERNO_USED");
    EXPECT_EQ(e.message, "商户订单号重复");
    EXPECT_EQ(readWechatError("<html>").code, "");
}

struct CertificateList : ::testing::Test {
    std::string key = "a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb";
    std::string certificate = readFixture("wechatpay_go_certificate.txt");

    std::string entry(const std::string& serial, const std::string& pem, const std::string& apiV3Key) const {
        const std::string nonce = "0123456789ab";
        return "{\"serial_no\":\"" + serial +
               "\",\"effective_time\":\"2021-04-27T16:55:23+08:00\",\"expire_time\":\"2031-04-25T16:55:23+08:00\","
               "\"encrypt_certificate\":{\"algorithm\":\"AEAD_AES_256_GCM\",\"nonce\":\"" +
               nonce + "\",\"associated_data\":\"certificate\",\"ciphertext\":\"" +
               testing::toBase64(testing::gcmEncrypt(apiV3Key, nonce, "certificate", pem)) + "\"}}";
    }
};

TEST_F(CertificateList, DecryptsAndKeysCertificatesBySerial) {
    std::string problems;
    const auto keys = readCertificateList("{\"data\":[" + entry("D7CE59D1F522D701", certificate, key) + "]}", key,
                                          1700000000, problems);
    ASSERT_TRUE(keys);
    EXPECT_EQ(problems, "");
    ASSERT_EQ(keys->count("D7CE59D1F522D701"), 1u);
    EXPECT_TRUE(verifyBase64(keys->at("D7CE59D1F522D701"),
                             responseMessage(vector("N_TIMESTAMP"), vector("N_NONCE"), vector("N_BODY")),
                             vector("N_SIGNATURE")));
}

TEST_F(CertificateList, LeavesOutWhatCannotBeTrusted) {
    std::string wrongKey = key;
    wrongKey[5] = 'x';
    std::string problems;
    const auto keys =
        readCertificateList("{\"data\":[" + entry("D7CE59D1F522D701", certificate, wrongKey) + "," +
                                entry("ABCDEF", certificate, key) + "," + entry("D7CE59D1F522D701", "junk", key) + "]}",
                            key, 1700000000, problems);
    ASSERT_TRUE(keys);
    EXPECT_TRUE(keys->empty());
    EXPECT_NE(problems.find("cannot be decrypted"), std::string::npos) << problems;
    EXPECT_NE(problems.find("the certificate's serial is D7CE59D1F522D701"), std::string::npos) << problems;

    // Expired (after 2031-04-25) or not yet valid.
    problems.clear();
    EXPECT_TRUE(readCertificateList("{\"data\":[" + entry("D7CE59D1F522D701", certificate, key) + "]}", key, 1934873724,
                                    problems)
                    ->empty());
    EXPECT_TRUE(readCertificateList("{\"data\":[" + entry("D7CE59D1F522D701", certificate, key) + "]}", key, 1619513722,
                                    problems)
                    ->empty());
    EXPECT_FALSE(readCertificateList("{\"certificates\":[]}", key, 1700000000, problems));
    EXPECT_FALSE(readCertificateList("", key, 1700000000, problems));
}

} // namespace
} // namespace gequ::payment::detail
