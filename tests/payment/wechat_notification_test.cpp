// Payment notifications: built, encrypted and signed by the fake, verified and decrypted by the gateway; every
// refusal; and the official self-generated TRANSACTION.SUCCESS vector through the whole path.

#include "wechat_fixture.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/StreamCopier.h>

namespace gequ::payment::testing {
namespace {

using domain::ErrorCode;
using Fault = FakeWechatPay::Fault;

domain::PaymentNotification asReceived(const FakeWechatPay::Notification& n) {
    return domain::PaymentNotification{n.headers, n.body};
}

using WechatNotification = WechatFixture;

TEST_F(WechatNotification, ASuccessNotificationGivesThePaidResult) {
    const std::string no = "GQ20250101000000NOTIFY01";
    paidOrder(no);
    const auto result = gateway->parseNotification(asReceived(fake->notification(no)));
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->orderNo, no);
    EXPECT_TRUE(result->paid);
    EXPECT_FALSE(result->closed);
    EXPECT_EQ(result->paidAmountFen, 990);
    EXPECT_EQ(result->appId, "wxd678efh567hg6787");
    EXPECT_EQ(result->mchId, "1900007291");
    EXPECT_EQ(result->providerTxnId, fake->transaction(no)->transactionId);
    EXPECT_TRUE(result->paidAt);
}

TEST_F(WechatNotification, TheAmountIsReportedAsPaidSoTheOrderServiceCanCompare) {
    const std::string no = "GQ20250101000000NOTIFY02";
    ASSERT_TRUE(gateway->start(request(no)).ok());
    fake->pay(no, 1);
    const auto result = gateway->parseNotification(asReceived(fake->notification(no)));
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->paidAmountFen, 1);
}

TEST_F(WechatNotification, ARepeatedNotificationIsStillValid) {
    const std::string no = "GQ20250101000000NOTIFY03";
    paidOrder(no);
    const auto notification = asReceived(fake->notification(no));
    for (int i = 0; i < 3; ++i) {
        const auto result = gateway->parseNotification(notification);
        ASSERT_TRUE(result.ok());
        EXPECT_TRUE(result->paid);
    }
    // ... until it is more than five minutes old.
    clock.advanceSeconds(301);
    const auto late = gateway->parseNotification(notification);
    ASSERT_FALSE(late.ok());
    EXPECT_EQ(late.error().code, ErrorCode::Unauthorized);
}

struct Refused {
    Fault fault;
    const char* message;
};

class NotificationFaults : public WechatFixture, public ::testing::WithParamInterface<Refused> {};

TEST_P(NotificationFaults, IsRefusedAsUnauthorized) {
    const std::string no = "GQ20250101000000NFAULT01";
    paidOrder(no);
    fake->setFault(GetParam().fault);
    const auto result = gateway->parseNotification(asReceived(fake->notification(no)));
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, ErrorCode::Unauthorized);
    EXPECT_EQ(result.error().message, GetParam().message);
}

INSTANTIATE_TEST_SUITE_P(WechatNotification, NotificationFaults,
                         ::testing::Values(Refused{Fault::Unsigned, "缺少微信支付签名"},
                                           Refused{Fault::StaleTimestamp, "通知时间戳无效或已过期"},
                                           Refused{Fault::SignTest, "签名探测请求，不予处理"},
                                           Refused{Fault::UnknownSerial, "未知的微信支付证书序列号"},
                                           Refused{Fault::BadSignature, "签名验证失败"},
                                           Refused{Fault::TamperedBody, "签名验证失败"}));

TEST_F(WechatNotification, AForgedSignatureByAnotherKeyIsRefused) {
    const std::string no = "GQ20250101000000FORGED01";
    paidOrder(no);
    auto forged = fake->notification(no);
    // Someone with their own key signs a notification under WeChat's serial.
    const auto other = makeKeyAndCertificate("0A0B0C", clock.seconds() - 60, clock.seconds() + 3600);
    for (auto& [name, value] : forged.headers) {
        if (name == "Wechatpay-Signature") {
            std::string timestamp, nonce;
            for (const auto& [n, v] : forged.headers) {
                timestamp = n == "Wechatpay-Timestamp" ? v : timestamp;
                nonce = n == "Wechatpay-Nonce" ? v : nonce;
            }
            value = rsaSign(other.privateKeyPem, timestamp + "\n" + nonce + "\n" + forged.body + "\n");
        }
    }
    const auto result = gateway->parseNotification(asReceived(forged));
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, ErrorCode::Unauthorized);
    EXPECT_EQ(result.error().message, "签名验证失败");
}

TEST_F(WechatNotification, AWrongApiV3KeyFailsDecryption) {
    const std::string no = "GQ20250101000000BADKEY01";
    paidOrder(no);
    const auto result = gateway->parseNotification(
        asReceived(fake->notification(no, "TRANSACTION.SUCCESS", std::string("b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb"))));
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, ErrorCode::InvalidInput);
    EXPECT_EQ(result.error().message, "通知解密失败");
}

TEST_F(WechatNotification, ASignedBodyThatIsNotANotificationIsInvalidInput) {
    for (const std::string& body : {std::string("{\"hello\":1}"), std::string("not json at all"),
                                    std::string("{\"event_type\":\"TRANSACTION.SUCCESS\",\"resource\":{}}")}) {
        const auto result = gateway->parseNotification({fake->signedHeaders(body), body});
        ASSERT_FALSE(result.ok()) << body;
        EXPECT_EQ(result.error().code, ErrorCode::InvalidInput) << body;
        EXPECT_EQ(result.error().message, "通知格式错误");
    }
    const std::string otherAlgorithm = "{\"event_type\":\"TRANSACTION.SUCCESS\",\"resource\":{\"algorithm\":"
                                       "\"AEAD_SM4_GCM\",\"ciphertext\":\"AAAA\",\"nonce\":\"n\"}}";
    const auto result = gateway->parseNotification({fake->signedHeaders(otherAlgorithm), otherAlgorithm});
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().message, "不支持的通知加密算法");
}

TEST_F(WechatNotification, OtherVerifiedEventsAreNotPayments) {
    const std::string no = "GQ20250101000000REFUND01";
    paidOrder(no);
    const auto refund = gateway->parseNotification(asReceived(fake->notification(no, "REFUND.SUCCESS")));
    ASSERT_TRUE(refund.ok());
    EXPECT_FALSE(refund->paid);

    // TRANSACTION.SUCCESS whose transaction is not SUCCESS is not a payment either.
    const std::string unpaid = "GQ20250101000000UNPAID01";
    ASSERT_TRUE(gateway->start(request(unpaid)).ok());
    const auto notPaid = gateway->parseNotification(asReceived(fake->notification(unpaid)));
    ASSERT_TRUE(notPaid.ok());
    EXPECT_EQ(notPaid->orderNo, unpaid);
    EXPECT_FALSE(notPaid->paid);
}

/// What POST /pay/notify/wechat does with the gateway: 204, or 401/400/500 {"code":"FAIL","message":…}.
class NotifyEndpoint {
public:
    explicit NotifyEndpoint(WechatPayGateway& gateway)
        : _socket(Poco::Net::SocketAddress("127.0.0.1", 0)), _server(new Factory(gateway), _socket, quickParams()) {
        _server.start();
    }
    ~NotifyEndpoint() { stopQuickly(_server, _socket.address()); }
    std::string url() const {
        return "http://127.0.0.1:" + std::to_string(_socket.address().port()) + "/pay/notify/wechat";
    }

private:
    static Poco::Net::HTTPServerParams::Ptr quickParams() {
        Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
        params->setThreadIdleTime(Poco::Timespan(0, 100000));
        return params;
    }

    class Handler : public Poco::Net::HTTPRequestHandler {
    public:
        explicit Handler(WechatPayGateway& gateway) : _gateway(gateway) {}
        void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
            domain::PaymentNotification notification;
            for (const auto& [name, value] : request) {
                notification.headers.emplace_back(name, value);
            }
            Poco::StreamCopier::copyToString(request.stream(), notification.body);
            const auto result = _gateway.parseNotification(notification);
            if (result.ok()) {
                response.setStatus(Poco::Net::HTTPResponse::HTTP_NO_CONTENT);
                response.setContentLength(0);
                response.send();
                return;
            }
            const int status = result.error().code == ErrorCode::Unauthorized   ? 401
                               : result.error().code == ErrorCode::InvalidInput ? 400
                                                                                : 500;
            const std::string body = "{\"code\":\"FAIL\",\"message\":\"" + result.error().message + "\"}";
            response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
            response.setContentType("application/json");
            response.setContentLength(static_cast<std::streamsize>(body.size()));
            response.send() << body;
        }

    private:
        WechatPayGateway& _gateway;
    };
    class Factory : public Poco::Net::HTTPRequestHandlerFactory {
    public:
        explicit Factory(WechatPayGateway& gateway) : _gateway(gateway) {}
        Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
            return new Handler(_gateway);
        }

    private:
        WechatPayGateway& _gateway;
    };

    Poco::Net::ServerSocket _socket;
    Poco::Net::HTTPServer _server;
};

TEST_F(WechatNotification, DeliveredOverHttpTheRawBytesVerify) {
    NotifyEndpoint endpoint(*gateway);
    const std::string no = "GQ20250101000000HTTPNTF1";
    paidOrder(no);
    const auto [status, body] = FakeWechatPay::postNotification(endpoint.url(), fake->notification(no));
    EXPECT_EQ(status, 204) << body;

    fake->setFault(Fault::BadSignature);
    const auto [refused, answer] = FakeWechatPay::postNotification(endpoint.url(), fake->notification(no));
    EXPECT_EQ(refused, 401);
    EXPECT_EQ(answer, "{\"code\":\"FAIL\",\"message\":\"签名验证失败\"}");
}

/// The official self-generated notification (signed with the wechatpay-go key, serial D7CE59D1F522D701, at
/// 1700000000) through a gateway in platform-certificate mode that downloads that certificate from the fake.
class OfficialNotification : public WechatFixture {
protected:
    OfficialNotification() : WechatFixture(Mode::Certificates, 1700000000 + 30) {}

    domain::PaymentNotification official() const {
        return {{{"Wechatpay-Timestamp", vector("N_TIMESTAMP")},
                 {"Wechatpay-Nonce", vector("N_NONCE")},
                 {"Wechatpay-Signature", vector("N_SIGNATURE")},
                 {"Wechatpay-Serial", vector("N_SERIAL")},
                 {"Content-Type", "application/json"}},
                vector("N_BODY")};
    }
};

TEST_F(OfficialNotification, VerifiesDecryptsAndReadsThePayment) {
    const auto result = gateway->parseNotification(official());
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
    EXPECT_EQ(result->orderNo, "1217752501201407033233368018");
    EXPECT_TRUE(result->paid);
    EXPECT_EQ(result->providerTxnId, "1217752501201407033233368018");
    EXPECT_EQ(result->paidAmountFen, 100);
    EXPECT_EQ(result->appId, "wxd678efh567hg6787");
    EXPECT_EQ(result->mchId, "1230000109"); // not ours: the order service will mark the order an anomaly
    EXPECT_EQ(result->paidAt, domain::fromEpochMillis(1528425296000));
}

TEST_F(OfficialNotification, EveryAlterationIsRefused) {
    auto n = official();
    n.body.insert(1, " ");
    EXPECT_EQ(gateway->parseNotification(n).error().code, ErrorCode::Unauthorized);

    n = official();
    n.headers[2].second = "WECHATPAY/SIGNTEST/" + n.headers[2].second;
    EXPECT_EQ(gateway->parseNotification(n).error().message, "签名探测请求，不予处理");

    n = official();
    n.headers[1].second[0] = n.headers[1].second[0] == 'A' ? 'B' : 'A';
    EXPECT_EQ(gateway->parseNotification(n).error().message, "签名验证失败");

    clock.setSeconds(1700000000 + 301);
    EXPECT_EQ(gateway->parseNotification(official()).error().message, "通知时间戳无效或已过期");
}

} // namespace
} // namespace gequ::payment::testing
