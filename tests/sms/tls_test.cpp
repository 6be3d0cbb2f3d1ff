// HTTPS: the client verifies the server's certificate chain and host name; an untrusted provider is never talked to.

#include "fake_http.h"
#include "gequ/sms/aliyun_sms_sender.h"
#include "gequ/sms/tencent_sms_sender.h"
#include "http_call.h"
#include "test_support.h"
#include "tls_support.h"

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

TEST_F(TlsTest, AServerTrustedThroughItsCaAnswers) {
    const auto files = test::makeSelfSignedCertificate(dir.path(), "IP:127.0.0.1");
    test::FakeHttpServer server([this](const auto& r) { return handle(r); }, test::serverContext(files));
    ASSERT_TRUE(server.url().starts_with("https://"));

    const detail::HttpPoster poster(detail::parseEndpoint(server.url(), "test"), 5, files.certificate.string());
    const detail::HttpReply reply = poster.post({}, "text/plain", "hello over TLS");
    EXPECT_EQ(reply.status, 200);
    EXPECT_EQ(reply.body, R"({"Code":"OK","Message":"OK","RequestId":"TLS-1"})");
    EXPECT_EQ(lastBody, "hello over TLS");
}

TEST_F(TlsTest, AnUntrustedCertificateIsRefused) {
    const auto files = test::makeSelfSignedCertificate(dir.path(), "IP:127.0.0.1");
    test::FakeHttpServer server([this](const auto& r) { return handle(r); }, test::serverContext(files));

    const detail::HttpPoster poster(detail::parseEndpoint(server.url(), "test"), 5);
    EXPECT_THROW(poster.post({}, "text/plain", "secret"), detail::TransportError);
    EXPECT_EQ(requests.load(), 0);
}

TEST_F(TlsTest, ACertificateForAnotherHostIsRefused) {
    const auto files = test::makeSelfSignedCertificate(dir.path(), "DNS:dysmsapi.aliyuncs.com");
    test::FakeHttpServer server([this](const auto& r) { return handle(r); }, test::serverContext(files));

    const detail::HttpPoster poster(detail::parseEndpoint(server.url(), "test"), 5, files.certificate.string());
    EXPECT_THROW(poster.post({}, "text/plain", "secret"), detail::TransportError);
    EXPECT_EQ(requests.load(), 0);
}

TEST_F(TlsTest, TheAdaptersRefuseAnUntrustedProvider) {
    const auto files = test::makeSelfSignedCertificate(dir.path(), "IP:127.0.0.1");
    test::FakeHttpServer server([this](const auto& r) { return handle(r); }, test::serverContext(files));
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
