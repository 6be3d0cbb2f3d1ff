#pragma once

// A WechatPayGateway wired to a FakeWechatPay, in public-key mode (the default) or platform-certificate mode.

#include "fake_crypto.h"
#include "fake_wechat_pay.h"
#include "gequ/payment/wechat_pay_gateway.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <memory>

namespace gequ::payment::testing {

inline constexpr const char* kPublicKeyId = "PUB_KEY_ID_0114232134912410000000000000001";
inline constexpr const char* kBusy = "支付服务繁忙，请稍后再试";

/// The wechatpay-go test key and certificate (serial D7CE59D1F522D701) as the fake's platform key.
inline PlatformKey goCertificateKey() {
    return {readFixture("wechatpay_go_private_key.txt"), readFixture("wechatpay_go_certificate.txt"),
            "D7CE59D1F522D701"};
}

class WechatFixture : public ::testing::Test {
protected:
    enum class Mode { PublicKey, Certificates, Both };

    explicit WechatFixture(Mode mode = Mode::PublicKey, std::int64_t start = systemSeconds())
        : clock(start), mode(mode) {}

    void SetUp() override {
        fake = std::make_unique<FakeWechatPay>(fakeOptions());
        gateway = std::make_unique<WechatPayGateway>(config(), clock, random);
    }

    FakeWechatPay::Options fakeOptions() {
        FakeWechatPay::Options options;
        options.merchantPublicKeyPem = publicKeyOfPrivateKey(readFixture("merchant_private_key.txt"));
        if (mode == Mode::PublicKey) {
            options.signingKey = {readFixture("wechatpay_go_private_key.txt"), "", kPublicKeyId};
            options.expectedWechatpaySerial = kPublicKeyId;
        } else {
            options.signingKey = goCertificateKey();
            options.expectedWechatpaySerial = mode == Mode::Both ? kPublicKeyId : "";
        }
        options.now = [this] { return clock.seconds(); };
        return options;
    }

    WechatConfig config() const {
        WechatConfig c;
        c.appId = "wxd678efh567hg6787";
        c.mchId = "1900007291";
        c.merchantSerial = "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB";
        c.privateKeyPem = readFixture("merchant_private_key.txt");
        c.apiV3Key = "a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb";
        if (mode != Mode::Certificates) {
            c.publicKeyId = kPublicKeyId;
            c.publicKeyPem = publicKeyOfPrivateKey(readFixture("wechatpay_go_private_key.txt"));
        }
        c.platformCertificates = mode == Mode::Both;
        c.notifyUrl = "https://gequ.example.com/pay/notify/wechat";
        c.h5AppName = "歌曲";
        c.h5AppUrl = "https://gequ.example.com";
        c.oauthSecret = "fake-oauth-secret";
        c.baseUrl = fake->baseUrl();
        c.oauthBaseUrl = fake->baseUrl();
        c.publicBaseUrl = "https://gequ.example.com/";
        c.timeoutSeconds = 5;
        return c;
    }

    domain::PaymentRequest request(const std::string& orderNo,
                                   domain::PayChannel channel = domain::PayChannel::Native) const {
        domain::PaymentRequest r;
        r.orderNo = orderNo;
        r.description = "歌曲 高级会员 月卡";
        r.amountFen = 990;
        r.channel = channel;
        r.expiresAt = clock.now() + std::chrono::minutes(5);
        r.clientIp = "203.0.113.7";
        r.openId = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o";
        return r;
    }

    /// Starts a native order and marks it paid at the fake.
    void paidOrder(const std::string& orderNo) {
        ASSERT_TRUE(gateway->start(request(orderNo)).ok());
        fake->pay(orderNo);
    }

    FakeClock clock;
    SeededRandom random;
    Mode mode;
    std::unique_ptr<FakeWechatPay> fake;
    std::unique_ptr<WechatPayGateway> gateway;
};

/// Expects an Upstream 支付服务繁忙，请稍后再试 error.
template <class T> void expectBusy(const domain::Result<T>& result) {
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, domain::ErrorCode::Upstream);
    EXPECT_EQ(result.error().message, kBusy);
}

} // namespace gequ::payment::testing
