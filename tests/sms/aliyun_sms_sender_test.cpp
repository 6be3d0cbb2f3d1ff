// The Aliyun adapter against FakeAliyun, which verifies the RPC v1 signature on its own and answers like Dysmsapi.

#include "fake_aliyun.h"
#include "gequ/sms/aliyun_sms_sender.h"
#include "test_support.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <chrono>
#include <gtest/gtest.h>
#include <memory>
#include <regex>
#include <thread>

namespace gequ::sms {
namespace {

constexpr const char* kKeyId = "LTAI5tFakeAccessKey";
constexpr const char* kSecret = "s3cr3t+/=*~ Secret";
constexpr const char* kSignName = "歌曲 AI*~";
constexpr const char* kTemplate = "SMS_465890123";
constexpr std::int64_t kNow = 1700000000;

class AliyunSmsSenderTest : public ::testing::Test {
protected:
    AliyunSmsConfig config(const std::string& endpoint) const {
        AliyunSmsConfig c;
        c.endpoint = endpoint;
        c.accessKeyId = kKeyId;
        c.accessKeySecret = kSecret;
        c.signName = kSignName;
        c.templateCode = kTemplate;
        return c;
    }

    AliyunSmsSender sender(AliyunSmsConfig c, int timeoutSeconds = 5) {
        return AliyunSmsSender(std::move(c), timeoutSeconds, clock, random);
    }

    static void expectUpstream(const domain::Status& status) {
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error().code, domain::ErrorCode::Upstream);
        EXPECT_EQ(status.error().message, "短信发送失败，请稍后再试");
    }

    static void expectLogIsClean(const std::string& log, const std::string& code) {
        EXPECT_EQ(log.find(code), std::string::npos) << log;
        EXPECT_EQ(log.find("13800138000"), std::string::npos) << log;
        EXPECT_EQ(log.find(kSecret), std::string::npos) << log;
    }

    test::FixedClock clock{test::testInstant()};
    test::CountingRandom random;
    // One fake per suite: stopping a Poco HTTPServer takes a quarter of a second.
    static void SetUpTestSuite() {
        shared = std::make_unique<test::FakeAliyun>(kKeyId, kSecret, kSignName, kTemplate, kNow);
    }
    static void TearDownTestSuite() { shared.reset(); }
    void SetUp() override { fake.reset(); }

    static inline std::unique_ptr<test::FakeAliyun> shared;
    test::FakeAliyun& fake = *shared;
    test::LogCapture log;
};

TEST_F(AliyunSmsSenderTest, SendsASignedSendSmsAndSucceedsOnOk) {
    AliyunSmsSender s = sender(config(fake.url()));
    EXPECT_EQ(s.name(), "aliyun");
    const auto status = s.sendCode("13800138000", "123456");
    ASSERT_TRUE(status.ok()) << log.text();

    const auto calls = fake.calls();
    ASSERT_EQ(calls.size(), 1u);
    const test::AliyunCall& call = calls[0];
    EXPECT_EQ(call.answerCode, "OK");
    EXPECT_EQ(call.method, "POST");
    EXPECT_EQ(call.path, "/");
    EXPECT_TRUE(call.contentType.starts_with("application/x-www-form-urlencoded")) << call.contentType;
    auto params = call.params;
    EXPECT_EQ(params["AccessKeyId"], kKeyId);
    EXPECT_EQ(params["Action"], "SendSms");
    EXPECT_EQ(params["Format"], "JSON");
    EXPECT_EQ(params["PhoneNumbers"], "13800138000");
    EXPECT_EQ(params["RegionId"], "cn-hangzhou");
    EXPECT_EQ(params["SignName"], kSignName);
    EXPECT_EQ(params["SignatureMethod"], "HMAC-SHA1");
    EXPECT_EQ(params["SignatureVersion"], "1.0");
    EXPECT_EQ(params["TemplateCode"], kTemplate);
    EXPECT_EQ(params["TemplateParam"], "{\"code\":\"123456\"}");
    EXPECT_EQ(params["Timestamp"], "2023-11-14T22:13:20Z");
    EXPECT_EQ(params["Version"], "2017-05-25");
    EXPECT_TRUE(std::regex_match(params["SignatureNonce"],
                                 std::regex("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")))
        << params["SignatureNonce"];
    EXPECT_EQ(params.size(), 14u); // the 13 above and Signature

    const std::string text = log.text();
    EXPECT_NE(text.find("138****8000"), std::string::npos) << text;
    EXPECT_NE(text.find("FAKE-1"), std::string::npos) << text; // the RequestId
    expectLogIsClean(text, "123456");
}

TEST_F(AliyunSmsSenderTest, EverySendHasAFreshNonce) {
    AliyunSmsSender s = sender(config(fake.url()));
    ASSERT_TRUE(s.sendCode("13800138000", "111111").ok());
    ASSERT_TRUE(s.sendCode("13900139000", "222222").ok());
    const auto calls = fake.calls();
    ASSERT_EQ(calls.size(), 2u);
    EXPECT_NE(calls[0].params.at("SignatureNonce"), calls[1].params.at("SignatureNonce"));
}

TEST_F(AliyunSmsSenderTest, AReusedNonceIsRefused) {
    random.repeat = true;
    AliyunSmsSender s = sender(config(fake.url()));
    ASSERT_TRUE(s.sendCode("13800138000", "111111").ok());
    expectUpstream(s.sendCode("13800138000", "222222"));
    EXPECT_NE(log.text().find("SignatureNonceUsed"), std::string::npos) << log.text();
}

TEST_F(AliyunSmsSenderTest, AWrongSecretIsRefusedByTheFake) {
    AliyunSmsConfig c = config(fake.url());
    c.accessKeySecret = "not-the-secret";
    AliyunSmsSender s = sender(c);
    expectUpstream(s.sendCode("13800138000", "123456"));
    EXPECT_EQ(fake.requestCount(), 1);
    EXPECT_TRUE(fake.calls().empty());
    const std::string text = log.text();
    EXPECT_NE(text.find("SignatureDoesNotMatch"), std::string::npos) << text;
    EXPECT_NE(text.find("HTTP 400"), std::string::npos) << text;
    // Aliyun echoes its string-to-sign, which holds the phone and the code: both are scrubbed.
    expectLogIsClean(text, "123456");
    EXPECT_EQ(text.find("not-the-secret"), std::string::npos) << text;
}

TEST_F(AliyunSmsSenderTest, AnUnknownAccessKeyIdIsRefused) {
    AliyunSmsConfig c = config(fake.url());
    c.accessKeyId = "LTAI5tSomeoneElse";
    AliyunSmsSender s = sender(c);
    expectUpstream(s.sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("InvalidAccessKeyId.NotFound"), std::string::npos) << log.text();
    EXPECT_NE(log.text().find("HTTP 404"), std::string::npos) << log.text();
}

TEST_F(AliyunSmsSenderTest, FlowControlIsAnUpstreamError) {
    fake.setPerPhoneLimit(1);
    AliyunSmsSender s = sender(config(fake.url()));
    ASSERT_TRUE(s.sendCode("13800138000", "111111").ok());
    expectUpstream(s.sendCode("13800138000", "222222"));
    EXPECT_EQ(fake.calls().back().answerCode, "isv.BUSINESS_LIMIT_CONTROL");
    EXPECT_NE(log.text().find("isv.BUSINESS_LIMIT_CONTROL"), std::string::npos) << log.text();
    EXPECT_NE(log.text().find("FAKE-2"), std::string::npos) << log.text();
    // Another number still goes through.
    EXPECT_TRUE(s.sendCode("13900139000", "333333").ok());
}

TEST_F(AliyunSmsSenderTest, AnIllegalNumberIsAnUpstreamError) {
    AliyunSmsSender s = sender(config(fake.url()));
    expectUpstream(s.sendCode("12345", "123456"));
    EXPECT_EQ(fake.calls().back().answerCode, "isv.MOBILE_NUMBER_ILLEGAL");
}

TEST_F(AliyunSmsSenderTest, AnUnapprovedSignNameOrTemplateIsAnUpstreamError) {
    AliyunSmsConfig c = config(fake.url());
    c.signName = "别的签名";
    expectUpstream(sender(c).sendCode("13800138000", "123456"));
    EXPECT_EQ(fake.calls().back().answerCode, "isv.SMS_SIGNATURE_ILLEGAL");
    c = config(fake.url());
    c.templateCode = "SMS_000";
    expectUpstream(sender(c).sendCode("13800138000", "123456"));
    EXPECT_EQ(fake.calls().back().answerCode, "isv.SMS_TEMPLATE_ILLEGAL");
}

TEST_F(AliyunSmsSenderTest, AClockFarOffIsRefused) {
    clock.set(test::testInstant() + std::chrono::hours(1));
    expectUpstream(sender(config(fake.url())).sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("InvalidTimeStamp.Expired"), std::string::npos) << log.text();
}

TEST_F(AliyunSmsSenderTest, AnEndpointPathIsUsedAndSigned) {
    AliyunSmsSender s = sender(config(fake.url() + "sms/api"));
    ASSERT_TRUE(s.sendCode("13800138000", "123456").ok()) << log.text();
    EXPECT_EQ(fake.calls().back().path, "/sms/api");
}

TEST_F(AliyunSmsSenderTest, ANonJsonGatewayErrorIsAnUpstreamError) {
    fake.setBroken(true);
    expectUpstream(sender(config(fake.url())).sendCode("13800138000", "123456"));
    EXPECT_NE(log.text().find("HTTP 502"), std::string::npos) << log.text();
}

TEST_F(AliyunSmsSenderTest, ARefusedConnectionIsAnUpstreamError) {
    const std::string url = "http://127.0.0.1:" + std::to_string(test::deadPort()) + "/";
    expectUpstream(sender(config(url)).sendCode("13800138000", "123456"));
    expectLogIsClean(log.text(), "123456");
}

TEST_F(AliyunSmsSenderTest, ASilentServerTimesOut) {
    test::SilentServer silent;
    const auto start = std::chrono::steady_clock::now();
    expectUpstream(sender(config(silent.url()), 1).sendCode("13800138000", "123456"));
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
    EXPECT_NE(log.text().find("timed out"), std::string::npos) << log.text();
}

TEST_F(AliyunSmsSenderTest, ConcurrentSendsAreAllSignedCorrectly) {
    AliyunSmsSender s = sender(config(fake.url()));
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

TEST_F(AliyunSmsSenderTest, MissingKeysAreNamed) {
    const auto missing = [&](auto mutate) -> std::string {
        AliyunSmsConfig c = config(fake.url());
        mutate(c);
        try {
            AliyunSmsSender s(c, 5, clock, random);
        } catch (const std::invalid_argument& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_NE(missing([](auto& c) { c.accessKeyId.clear(); }).find("sms.aliyun.access_key_id"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.accessKeySecret = "  "; }).find("sms.aliyun.access_key_secret"),
              std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.signName.clear(); }).find("sms.aliyun.sign_name"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.templateCode.clear(); }).find("sms.aliyun.template_code"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.regionId.clear(); }).find("sms.aliyun.region_id"), std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.endpoint = "ftp://example.com/"; }).find("sms.aliyun.endpoint"),
              std::string::npos);
    EXPECT_NE(missing([](auto& c) { c.endpoint = "https:///"; }).find("sms.aliyun.endpoint"), std::string::npos);
}

} // namespace
} // namespace gequ::sms
