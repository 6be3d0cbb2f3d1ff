// The Tencent adapter against FakeTencent, which verifies TC3-HMAC-SHA256 on its own and answers like SMS 2021-01-11.

#include "fake_tencent.h"
#include "gequ/sms/tencent_sms_sender.h"
#include "test_support.h"

#include <chrono>
#include <gtest/gtest.h>
#include <memory>
#include <thread>

namespace gequ::sms {
namespace {

constexpr const char* kSecretId = "AKIDfakeSecretId0000000000000000";
constexpr const char* kSecretKey = "fakeSecretKey/+=*~0123456789abcd";
constexpr const char* kAppId = "1400006666";
constexpr const char* kSignName = "歌曲";
constexpr const char* kTemplateId = "1110";
constexpr std::int64_t kNow = 1700000000;

class TencentSmsSenderTest : public ::testing::Test {
protected:
    TencentSmsConfig config(const std::string& endpoint) const {
        TencentSmsConfig c;
        c.endpoint = endpoint;
        c.secretId = kSecretId;
        c.secretKey = kSecretKey;
        c.sdkAppId = kAppId;
        c.signName = kSignName;
        c.templateId = kTemplateId;
        return c;
    }

    TencentSmsSender sender(TencentSmsConfig c, int timeoutSeconds = 5) {
        return TencentSmsSender(std::move(c), timeoutSeconds, clock);
    }

    static void expectUpstream(const domain::Status& status) {
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().code, domain::ErrorCode::Upstream);
        EXPECT_EQ(status.error().message, "短信发送失败，请稍后再试");
    }

    static void expectLogIsClean(const std::string& log, const std::string& code) {
        EXPECT_EQ(log.find(code), std::string::npos) << log;
        EXPECT_EQ(log.find("13800138000"), std::string::npos) << log;
        EXPECT_EQ(log.find(kSecretKey), std::string::npos) << log;
    }

    test::FixedClock clock{test::testInstant()};
    // One fake per suite: stopping a Poco HTTPServer takes a quarter of a second.
    static void SetUpTestSuite() {
        shared = std::make_unique<test::FakeTencent>(kSecretId, kSecretKey, kAppId, kSignName, kTemplateId, kNow);
    }
    static void TearDownTestSuite() { shared.reset(); }
    void SetUp() override { fake.reset(); }

    static inline std::unique_ptr<test::FakeTencent> shared;
    test::FakeTencent& fake = *shared;
    test::LogCapture log;
};

TEST_F(TencentSmsSenderTest, SendsASignedSendSmsAndSucceedsOnOk) {
    TencentSmsSender s = sender(config(fake.url()));
    EXPECT_EQ(s.name(), "tencent");
    ASSERT_TRUE(s.sendCode("13800138000", "123456").ok()) << log.text();

    const auto calls = fake.calls();
    ASSERT_EQ(calls.size(), 1u);
    const test::ReceivedRequest& request = calls[0].request;
    EXPECT_EQ(calls[0].answerCode, "Ok");
    EXPECT_EQ(request.method, "POST");
    EXPECT_EQ(request.uri, "/");
    EXPECT_EQ(request.contentType, "application/json; charset=utf-8");
    EXPECT_EQ(request.header("X-TC-Action"), "SendSms");
    EXPECT_EQ(request.header("X-TC-Version"), "2021-01-11");
    EXPECT_EQ(request.header("X-TC-Timestamp"), "1700000000");
    EXPECT_EQ(request.header("X-TC-Region"), "ap-guangzhou");
    const std::string url = fake.url(); // http://127.0.0.1:<port>/
    EXPECT_EQ(request.header("Host"), url.substr(7, url.size() - 8));
    EXPECT_TRUE(request.header("Authorization")
                    .starts_with(std::string("TC3-HMAC-SHA256 Credential=") + kSecretId +
                                 "/2023-11-14/sms/tc3_request, SignedHeaders=content-type;host, Signature="))
        << request.header("Authorization");
    EXPECT_EQ(request.body, "{\"PhoneNumberSet\":[\"+8613800138000\"],\"SmsSdkAppId\":\"1400006666\",\"SignName\":"
                            "\"歌曲\",\"TemplateId\":\"1110\",\"TemplateParamSet\":[\"123456\"]}");

    const std::string text = log.text();
    EXPECT_NE(text.find("138****8000"), std::string::npos) << text;
    EXPECT_NE(text.find("fake-1"), std::string::npos) << text; // the RequestId
    expectLogIsClean(text, "123456");
}

TEST_F(TencentSmsSenderTest, AWrongSecretKeyIsRefusedByTheFake) {
    TencentSmsConfig c = config(fake.url());
    c.secretKey = "not-the-secret-key";
    expectUpstream(sender(c).sendCode("13800138000", "123456"));
    EXPECT_EQ(fake.requestCount(), 1);
    EXPECT_TRUE(fake.calls().empty());
    const std::string text = log.text();
    EXPECT_NE(text.find("AuthFailure.SignatureFailure"), std::string::npos) << text;
    EXPECT_NE(text.find("fake-1"), std::string::npos) << text;
    expectLogIsClean(text, "123456");
    EXPECT_EQ(text.find("not-the-secret-key"), std::string::npos) << text;
}

TEST_F(TencentSmsSenderTest, AnUnknownSecretIdIsRefused) {
    TencentSmsConfig c = config(fake.url());
    c.secretId = "AKIDsomeoneElse";
    expectUpstream(sender(c).sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("AuthFailure.SecretIdNotFound"), std::string::npos) << log.text();
}

TEST_F(TencentSmsSenderTest, ADailyLimitIsAnUpstreamError) {
    fake.setPerPhoneLimit(1);
    TencentSmsSender s = sender(config(fake.url()));
    ASSERT_TRUE(s.sendCode("13800138000", "111111").ok());
    expectUpstream(s.sendCode("13800138000", "222222"));
    EXPECT_EQ(fake.calls().back().answerCode, "LimitExceeded.PhoneNumberDailyLimit");
    EXPECT_NE(log.text().find("LimitExceeded.PhoneNumberDailyLimit"), std::string::npos) << log.text();
    EXPECT_TRUE(s.sendCode("13900139000", "333333").ok());
}

TEST_F(TencentSmsSenderTest, AnIncorrectNumberIsAnUpstreamError) {
    expectUpstream(sender(config(fake.url())).sendCode("12345", "123456"));
    EXPECT_EQ(fake.calls().back().answerCode, "InvalidParameterValue.IncorrectPhoneNumber");
}

TEST_F(TencentSmsSenderTest, AnUnapprovedSignatureIsAnUpstreamError) {
    TencentSmsConfig c = config(fake.url());
    c.signName = "别的签名";
    expectUpstream(sender(c).sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("FailedOperation.SignatureIncorrectOrUnapproved"), std::string::npos) << log.text();
}

TEST_F(TencentSmsSenderTest, AClockFarOffIsRefused) {
    clock.set(test::testInstant() - std::chrono::minutes(10));
    expectUpstream(sender(config(fake.url())).sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("AuthFailure.SignatureExpire"), std::string::npos) << log.text();
}

TEST_F(TencentSmsSenderTest, TheRegionAndAnEndpointPathAreUsed) {
    TencentSmsConfig c = config(fake.url() + "sms/");
    c.region = "ap-beijing";
    ASSERT_TRUE(sender(c).sendCode("13800138000", "123456").ok()) << log.text();
    EXPECT_EQ(fake.calls().back().request.uri, "/sms/");
    EXPECT_EQ(fake.calls().back().request.header("X-TC-Region"), "ap-beijing");
}

TEST_F(TencentSmsSenderTest, ANonJsonServerErrorIsAnUpstreamError) {
    fake.setBroken(true);
    expectUpstream(sender(config(fake.url())).sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("HTTP 500"), std::string::npos) << log.text();
}

TEST_F(TencentSmsSenderTest, ARefusedConnectionIsAnUpstreamError) {
    const std::string url = "http://127.0.0.1:" + std::to_string(test::deadPort()) + "/";
    expectUpstream(sender(config(url)).sendCode("13800138000", "123456"));
    expectLogIsClean(log.text(), "123456");
}

TEST_F(TencentSmsSenderTest, ASilentServerTimesOut) {
    test::SilentServer silent;
    const auto start = std::chrono::steady_clock::now();
    expectUpstream(sender(config(silent.url()), 1).sendCode("13800138000", "123456"));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    EXPECT_NE(log.text().find("timed out"), std::string::npos) << log.text();
}

TEST_F(TencentSmsSenderTest, ConcurrentSendsAreAllSignedCorrectly) {
    TencentSmsSender s = sender(config(fake.url()));
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < 5; ++i) {
                if (s.sendCode("1390013900" + std::to_string(t), "00000" + std::to_string(i)).ok()) {
                    ++ok;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(ok.load(), 20) << log.text();
}

TEST_F(TencentSmsSenderTest, MissingKeysAreNamed) {
    const auto missing = [&](auto mutate) -> std::string {
        TencentSmsConfig c = config(fake.url());
        mutate(c);
        try {
            TencentSmsSender s(c, 5, clock);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(missing([](auto& c) { c.secretId.clear(); }).find("sms.tencent.secret_id"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.secretKey.clear(); }).find("sms.tencent.secret_key"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.sdkAppId.clear(); }).find("sms.tencent.sdk_app_id"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.signName.clear(); }).find("sms.tencent.sign_name"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.templateId.clear(); }).find("sms.tencent.template_id"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.region.clear(); }).find("sms.tencent.region"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.endpoint = "sms.tencentcloudapi.com"; }).find("sms.tencent.endpoint"),
              std::string::npos);
}

} // namespace
} // namespace gequ::sms
