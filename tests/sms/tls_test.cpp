// HTTPS: the senders verify the provider's certificate chain and host name (gequ_net; the client itself is tested in
// tests/net). A provider whose certificate our test CA issued, which no system CA trusts, is never talked to.

#include "fake_http.h"
#include "gequ/sms/aliyun_sms_sender.h"
#include "gequ/sms/tencent_sms_sender.h"
#include "test_support.h"
#include "test_ca.h"

#include <atomic>
#include <gtest/gtest.h>

namespace gequ::sms {
namespace {

class TlsTest : public ::testing::Test {
protected:
    test::Answer handle(const test::ReceivedRequest& request) {
        ++requests;
        lastBody = request.body;
        return {200, "application/json", R"({"Code":"OK","Message":"OK","RequestId":"TLS-1"})"};
    }

    test::TempDir dir;
    std::atomic<int> requests{0};
    std::string lastBody;
};

TEST_F(TlsTest, TheAdaptersRefuseAnUntrustedProvider) {
    const gequ::test::TestCa ca(dir.path());
    test::FakeHttpServer server([this](const auto& r) { return handle(r); },
                               gequ::test::serverContext(ca.issue("IP:127.0.0.1")));
    test::FixedClock clock(test::testInstant());
    test::CountingRandom random;
    test::LogCapture log;

    AliyunSmsConfig aliyun;
    aliyun.endpoint = server.url();
    aliyun.accessKeyId = "id";
    aliyun.accessKeySecret = "secret";
    aliyun.signName = "歌曲";
    aliyun.templateCode = "SMS_1";
    const auto a = AliyunSmsSender(aliyun, 5, clock, random).sendCode("13800138000", "123456");
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().code, domain::ErrorCode::Upstream);

    TencentSmsConfig tencent;
    tencent.endpoint = server.url();
    tencent.secretId = "id";
    tencent.secretKey = "key";
    tencent.sdkAppId = "1400000000";
    tencent.signName = "歌曲";
    tencent.templateId = "1";
    const auto t = TencentSmsSender(tencent, 5, clock).sendCode("13800138000", "123456");
    ASSERT_FALSE(t.ok());
    EXPECT_EQ(t.error().code, domain::ErrorCode::Upstream);

    EXPECT_EQ(requests.load(), 0);
    EXPECT_EQ(log.text().find("123456"), std::string::npos) << log.text();
}

} // namespace
} // namespace gequ::sms
