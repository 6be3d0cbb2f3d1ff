// makeSmsSender: the provider chosen by sms.provider, and errors that name the key to fix.

#include "gequ/sms/sms_factory.h"
#include "test_support.h"

#include <gtest/gtest.h>

namespace gequ::sms {
namespace {

std::string errorOf(const SmsConfig& config) {
    test::FixedClock clock(test::testInstant());
    test::CountingRandom random;
    try {
        makeSmsSender(config, clock, random);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return "(no error)";
}

SmsConfig aliyunConfig() {
    SmsConfig c;
    c.provider = "aliyun";
    c.aliyun.accessKeyId = "id";
    c.aliyun.accessKeySecret = "secret";
    c.aliyun.signName = "歌曲";
    c.aliyun.templateCode = "SMS_1";
    return c;
}

SmsConfig tencentConfig() {
    SmsConfig c;
    c.provider = "tencent";
    c.tencent.secretId = "id";
    c.tencent.secretKey = "key";
    c.tencent.sdkAppId = "1400000000";
    c.tencent.signName = "歌曲";
    c.tencent.templateId = "1";
    return c;
}

TEST(SmsFactory, DefaultsAreConsoleAndTheOfficialEndpoints) {
    const SmsConfig c;
    EXPECT_EQ(c.provider, "console");
    EXPECT_EQ(c.aliyun.endpoint, "https://dysmsapi.aliyuncs.com/");
    EXPECT_EQ(c.aliyun.regionId, "cn-hangzhou");
    EXPECT_EQ(c.tencent.endpoint, "https://sms.tencentcloudapi.com/");
    EXPECT_EQ(c.tencent.region, "ap-guangzhou");
    EXPECT_EQ(c.timeoutSeconds, 10);
}

TEST(SmsFactory, BuildsEachProvider) {
    test::TempDir dir;
    test::FixedClock clock(test::testInstant());
    test::CountingRandom random;
    SmsConfig console;
    console.outboxPath = (dir.path() / "sms-outbox.jsonl").string();
    EXPECT_EQ(makeSmsSender(console, clock, random)->name(), "console");
    EXPECT_EQ(makeSmsSender(aliyunConfig(), clock, random)->name(), "aliyun");
    EXPECT_EQ(makeSmsSender(tencentConfig(), clock, random)->name(), "tencent");
}

TEST(SmsFactory, OnlyTheChosenProvidersKeysMatter) {
    SmsConfig c = aliyunConfig();
    c.tencent = {};
    c.tencent.endpoint = "not a url";
    EXPECT_EQ(errorOf(c), "(no error)");
    c = tencentConfig();
    c.aliyun = {};
    EXPECT_EQ(errorOf(c), "(no error)");
}

TEST(SmsFactory, ErrorsNameTheKey) {
    SmsConfig c;
    c.provider = "twilio";
    EXPECT_NE(errorOf(c).find("sms.provider"), std::string::npos);
    c.provider = "console";
    c.outboxPath.clear();
    EXPECT_NE(errorOf(c).find("sms.outbox"), std::string::npos);

    c = aliyunConfig();
    c.aliyun.accessKeySecret.clear();
    EXPECT_EQ(errorOf(c), "sms.aliyun.access_key_secret is required for sms.provider=aliyun");
    c = aliyunConfig();
    c.timeoutSeconds = 0;
    EXPECT_NE(errorOf(c).find("sms.timeout"), std::string::npos);

    c = tencentConfig();
    c.tencent.secretKey.clear();
    EXPECT_EQ(errorOf(c), "sms.tencent.secret_key is required for sms.provider=tencent");
    c = tencentConfig();
    c.tencent.endpoint = "ftp://sms.tencentcloudapi.com/";
    EXPECT_NE(errorOf(c).find("sms.tencent.endpoint"), std::string::npos);
}

TEST(SmsFactory, SecretsNeverAppearInErrors) {
    SmsConfig c = aliyunConfig();
    c.aliyun.accessKeySecret = "TOP-SECRET-VALUE";
    c.aliyun.signName.clear();
    EXPECT_EQ(errorOf(c).find("TOP-SECRET-VALUE"), std::string::npos);
}

} // namespace
} // namespace gequ::sms
