// WechatPayGateway end to end against the fake WeChat Pay server in public-key mode: every call, the fake checking
// our signatures, our checking of its answers, error answers, transport failures, OAuth, paySign and configuration.

#include "log_capture.h"
#include "wechat_crypto.h"
#include "wechat_fixture.h"
#include "wechat_format.h"

#include <Poco/Net/ServerSocket.h>
#include <set>

namespace gequ::payment::testing {
namespace {

using domain::ErrorCode;
using domain::PayChannel;

using WechatGateway = WechatFixture;

std::string headerOf(const FakeWechatPay::Seen& seen, const std::string& name) {
    return detail::findHeader(seen.headers, name).value_or("");
}

TEST_F(WechatGateway, NativeOrderSignedAndAcceptedEndToEnd) {
    const auto started = gateway->start(request("GQ20250101000000NATIVE0001"));
    ASSERT_TRUE(started.ok()) << started.error().message;
    EXPECT_TRUE(started->codeUrl.starts_with("weixin://wxpay/bizpayurl?pr=")) << started->codeUrl;
    EXPECT_EQ(started->redirectUrl, "");
    EXPECT_EQ(started->prepayId, "");

    const auto seen = fake->seen();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_TRUE(seen[0].signatureValid) << seen[0].refusal;
    EXPECT_EQ(seen[0].method, "POST");
    EXPECT_EQ(seen[0].uri, "/v3/pay/transactions/native");
    EXPECT_EQ(headerOf(seen[0], "Wechatpay-Serial"), kPublicKeyId);
    EXPECT_EQ(headerOf(seen[0], "Accept"), "application/json");
    EXPECT_EQ(headerOf(seen[0], "Content-Type"), "application/json");
    EXPECT_FALSE(headerOf(seen[0], "User-Agent").empty());
    const std::string authorization = headerOf(seen[0], "Authorization");
    EXPECT_NE(authorization.find("timestamp=\"" + std::to_string(clock.seconds()) + "\""), std::string::npos);

    const auto transaction = fake->transaction("GQ20250101000000NATIVE0001");
    ASSERT_TRUE(transaction);
    EXPECT_EQ(transaction->tradeType, "NATIVE");
    EXPECT_EQ(transaction->total, 990);
    EXPECT_EQ(transaction->description, "歌曲 高级会员 月卡");
    EXPECT_EQ(transaction->notifyUrl, "https://gequ.example.com/pay/notify/wechat");
    EXPECT_EQ(transaction->timeExpire, detail::formatRfc3339Shanghai(clock.now() + std::chrono::minutes(5)));
    EXPECT_TRUE(transaction->timeExpire.ends_with("+08:00"));
}

/// The official vectors through the gateway itself: at 1554208460 with nonce 593BEC0C930BF1AFEB40B4A08C8FB242, the
/// JSAPI order of W2 is sent byte for byte with W2's signature, and the paySign of W3 is W3's.
class OfficialRequestVectors : public WechatFixture {
protected:
    OfficialRequestVectors() : WechatFixture(Mode::PublicKey, std::stoll(vector("SIGN_TIMESTAMP"))) {}
};

TEST_F(OfficialRequestVectors, W2JsapiOrderIsSentByteForByteWithTheOfficialSignature) {
    ScriptedNonces nonces({vector("SIGN_NONCE")});
    auto official = config();
    official.notifyUrl = "https://www.weixin.qq.com/wxpay/pay.php";
    WechatPayGateway g(official, clock, nonces);
    domain::PaymentRequest r;
    r.orderNo = "1217752501201407033233368018";
    r.description = "Image形象店-深圳腾大-QQ公仔";
    r.amountFen = 100;
    r.channel = PayChannel::Jsapi;
    r.openId = "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"; // no expiresAt: W2 has no time_expire
    const auto started = g.start(r);
    ASSERT_TRUE(started.ok()) << started.error().message;

    const auto seen = fake->seen();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_EQ(seen[0].body, vector("W2_BODY"));
    EXPECT_EQ(headerOf(seen[0], "Authorization"),
              "WECHATPAY2-SHA256-RSA2048 mchid=\"1900007291\",nonce_str=\"593BEC0C930BF1AFEB40B4A08C8FB242\","
              "signature=\"" +
                  vector("W2_SIGNATURE") +
                  "\",timestamp=\"1554208460\",serial_no=\"408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB\"");
    EXPECT_TRUE(seen[0].signatureValid) << seen[0].refusal;
}

TEST_F(OfficialRequestVectors, W3PaySign) {
    ScriptedNonces nonces({vector("SIGN_NONCE")});
    auto official = config();
    official.appId = vector("W3_APPID");
    WechatPayGateway g(official, clock, nonces);
    const auto params = g.payParams("wx201410272009395522657a690389285100");
    EXPECT_EQ(params.appId, "wx2421b1c4370ec43b");
    EXPECT_EQ(params.timeStamp, "1554208460");
    EXPECT_EQ(params.nonceStr, "593BEC0C930BF1AFEB40B4A08C8FB242");
    EXPECT_EQ(params.package, vector("W3_PACKAGE"));
    EXPECT_EQ(params.paySign, vector("W3_SIGNATURE"));
}

TEST_F(WechatGateway, H5OrderReturnsToThePaymentResultPage) {
    const auto started = gateway->start(request("GQ20250101000000H5000001", PayChannel::H5));
    ASSERT_TRUE(started.ok()) << started.error().message;
    EXPECT_TRUE(started->redirectUrl.starts_with("https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx"));
    EXPECT_TRUE(started->redirectUrl.ends_with("&package=2150917749&redirect_url=https%3A%2F%2Fgequ.example.com%"
                                               "2Fpayment%3FtaskId%3DGQ20250101000000H5000001"))
        << started->redirectUrl;
    const auto transaction = fake->transaction("GQ20250101000000H5000001");
    ASSERT_TRUE(transaction);
    EXPECT_EQ(transaction->tradeType, "MWEB");
    EXPECT_EQ(transaction->clientIp, "203.0.113.7");
    EXPECT_NE(transaction->requestBody.find(
                  "\"h5_info\":{\"type\":\"Wap\",\"app_name\":\"歌曲\",\"app_url\":\"https://gequ.example.com\"}"),
              std::string::npos)
        << transaction->requestBody;
}

TEST_F(WechatGateway, JsapiOrderAndItsPaySign) {
    const auto started = gateway->start(request("GQ20250101000000JSAPI001", PayChannel::Jsapi));
    ASSERT_TRUE(started.ok()) << started.error().message;
    EXPECT_TRUE(started->prepayId.starts_with("wx"));
    EXPECT_EQ(fake->transaction("GQ20250101000000JSAPI001")->openId, "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o");

    const domain::JsapiPayParams params = gateway->payParams(started->prepayId);
    EXPECT_EQ(params.appId, "wxd678efh567hg6787");
    EXPECT_EQ(params.timeStamp, std::to_string(clock.seconds()));
    EXPECT_EQ(params.nonceStr.size(), 32u);
    EXPECT_EQ(params.package, "prepay_id=" + started->prepayId);
    EXPECT_EQ(params.signType, "RSA");
    // WeChat checks paySign with the merchant public key over appId\ntimeStamp\nnonceStr\npackage\n.
    EXPECT_TRUE(
        rsaVerify(publicKeyOfPrivateKey(readFixture("merchant_private_key.txt")),
                  params.appId + "\n" + params.timeStamp + "\n" + params.nonceStr + "\n" + params.package + "\n",
                  params.paySign));
}

TEST_F(WechatGateway, QueryFollowsTheTradeState) {
    const std::string no = "GQ20250101000000QUERY001";
    ASSERT_TRUE(gateway->start(request(no)).ok());

    auto result = gateway->query(no);
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(result->orderNo, no);
    EXPECT_FALSE(result->paid);
    EXPECT_FALSE(result->closed);

    fake->setTradeState(no, "USERPAYING");
    result = gateway->query(no);
    ASSERT_TRUE(result.ok());
    EXPECT_FALSE(result->paid);
    EXPECT_FALSE(result->closed);

    fake->pay(no);
    result = gateway->query(no);
    ASSERT_TRUE(result.ok());
    EXPECT_TRUE(result->paid);
    EXPECT_FALSE(result->closed);
    EXPECT_EQ(result->paidAmountFen, 990);
    EXPECT_EQ(result->appId, "wxd678efh567hg6787");
    EXPECT_EQ(result->mchId, "1900007291");
    EXPECT_EQ(result->providerTxnId, fake->transaction(no)->transactionId);
    ASSERT_TRUE(result->paidAt);
    EXPECT_EQ(std::chrono::floor<std::chrono::seconds>(*result->paidAt),
              std::chrono::floor<std::chrono::seconds>(clock.now()));

    for (const char* closedState : {"CLOSED", "REVOKED", "PAYERROR"}) {
        fake->setTradeState(no, closedState);
        result = gateway->query(no);
        ASSERT_TRUE(result.ok());
        EXPECT_FALSE(result->paid) << closedState;
        EXPECT_TRUE(result->closed) << closedState;
    }
    EXPECT_EQ(fake->seen().back().uri, "/v3/pay/transactions/out-trade-no/" + no + "?mchid=1900007291");
}

TEST_F(WechatGateway, QueryOfAnOrderWechatNeverSawIsUpstream) {
    expectBusy(gateway->query("GQ20250101000000NOSUCH01"));
}

TEST_F(WechatGateway, CloseAnswers204AndIsIdempotentForUnknownOrders) {
    const std::string no = "GQ20250101000000CLOSE001";
    ASSERT_TRUE(gateway->start(request(no)).ok());
    const auto closed = gateway->close(no);
    ASSERT_TRUE(closed.ok()) << closed.error().message;
    EXPECT_EQ(fake->transaction(no)->tradeState, "CLOSED");
    EXPECT_EQ(fake->seen().back().body, "{\"mchid\":\"1900007291\"}");
    EXPECT_TRUE(fake->seen().back().signatureValid);
    const auto query = gateway->query(no);
    ASSERT_TRUE(query.ok());
    EXPECT_TRUE(query->closed);

    EXPECT_TRUE(gateway->close("GQ20250101000000NOSUCH02").ok()); // ORDER_NOT_EXIST: nothing to close
}

TEST_F(WechatGateway, ClosingAPaidOrderIsRefused) {
    paidOrder("GQ20250101000000PAIDCLS1");
    expectBusy(gateway->close("GQ20250101000000PAIDCLS1"));
}

TEST_F(WechatGateway, EveryRequestHasItsOwnNonce) {
    for (int i = 0; i < 5; ++i) {
        ASSERT_TRUE(gateway->start(request("GQ2025010100000NONCE00" + std::to_string(i))).ok());
    }
    std::set<std::string> nonces;
    for (const auto& seen : fake->seen()) {
        EXPECT_TRUE(seen.signatureValid);
        nonces.insert(seen.nonce);
    }
    EXPECT_EQ(nonces.size(), 5u);
}

TEST_F(WechatGateway, InvalidRequestsNeverReachWechat) {
    auto h5 = request("GQ20250101000000H5NOIP01", PayChannel::H5);
    h5.clientIp.clear();
    EXPECT_EQ(gateway->start(h5).error().code, ErrorCode::InvalidInput);
    auto jsapi = request("GQ20250101000000JSNOOID1", PayChannel::Jsapi);
    jsapi.openId.clear();
    EXPECT_EQ(gateway->start(jsapi).error().code, ErrorCode::InvalidInput);
    EXPECT_EQ(gateway->start(request("GQ 1")).error().code, ErrorCode::InvalidInput);
    EXPECT_EQ(gateway->start(request(std::string(33, 'A'))).error().code, ErrorCode::InvalidInput);
    auto free = request("GQ20250101000000FREE0001");
    free.amountFen = 0;
    EXPECT_EQ(gateway->start(free).error().code, ErrorCode::InvalidInput);
    EXPECT_EQ(gateway->query("../../v3/certificates").error().code, ErrorCode::InvalidInput);
    EXPECT_EQ(gateway->close("a/b").error().code, ErrorCode::InvalidInput);
    EXPECT_TRUE(fake->seen().empty());
}

class AnswerFaults : public WechatFixture, public ::testing::WithParamInterface<FakeWechatPay::Fault> {};

TEST_P(AnswerFaults, AnAnswerThatFailsVerificationIsNeverUsed) {
    fake->setFault(GetParam());
    expectBusy(gateway->start(request("GQ20250101000000FAULT001")));
    expectBusy(gateway->start(request("GQ20250101000000FAULT002", PayChannel::H5)));
    expectBusy(gateway->start(request("GQ20250101000000FAULT003", PayChannel::Jsapi)));
    expectBusy(gateway->query("GQ20250101000000FAULT001"));
    expectBusy(gateway->close("GQ20250101000000FAULT001"));
    // Our requests were fine: the fake accepted every one of them.
    for (const auto& seen : fake->seen()) {
        EXPECT_TRUE(seen.signatureValid) << seen.refusal;
    }
    // Once WeChat behaves, the same order goes through.
    fake->setFault(FakeWechatPay::Fault::None);
    EXPECT_TRUE(gateway->query("GQ20250101000000FAULT001").ok());
}

INSTANTIATE_TEST_SUITE_P(WechatGateway, AnswerFaults,
                         ::testing::Values(FakeWechatPay::Fault::Unsigned, FakeWechatPay::Fault::StaleTimestamp,
                                           FakeWechatPay::Fault::SignTest, FakeWechatPay::Fault::UnknownSerial,
                                           FakeWechatPay::Fault::BadSignature, FakeWechatPay::Fault::TamperedBody),
                         [](const auto& info) {
                             switch (info.param) {
                             case FakeWechatPay::Fault::Unsigned:
                                 return std::string("Unsigned");
                             case FakeWechatPay::Fault::StaleTimestamp:
                                 return std::string("StaleTimestamp");
                             case FakeWechatPay::Fault::SignTest:
                                 return std::string("SignTest");
                             case FakeWechatPay::Fault::UnknownSerial:
                                 return std::string("UnknownSerial");
                             case FakeWechatPay::Fault::BadSignature:
                                 return std::string("BadSignature");
                             case FakeWechatPay::Fault::TamperedBody:
                                 return std::string("TamperedBody");
                             default:
                                 return std::string("Other");
                             }
                         });

TEST_F(WechatGateway, WechatErrorAnswersAreUpstream) {
    fake->setFault(FakeWechatPay::Fault::OrderNoUsed);
    expectBusy(gateway->start(request("GQ20250101000000USED0001")));
    fake->setFault(FakeWechatPay::Fault::SystemError);
    expectBusy(gateway->start(request("GQ20250101000000SYSERR01")));
    expectBusy(gateway->query("GQ20250101000000SYSERR01"));
}

TEST_F(WechatGateway, TheSameOrderNumberWithOtherContentIsOrderNoUsed) {
    ASSERT_TRUE(gateway->start(request("GQ20250101000000TWICE001")).ok());
    auto other = request("GQ20250101000000TWICE001");
    other.amountFen = 1990;
    expectBusy(gateway->start(other));
}

TEST_F(WechatGateway, AWrongMerchantKeyIsRefusedByWechat) {
    auto wrong = config();
    wrong.privateKeyPem = readFixture("wechatpay_go_private_key.txt");
    WechatPayGateway impostor(wrong, clock, random);
    expectBusy(impostor.start(request("GQ20250101000000WRONGKEY")));
    const auto seen = fake->seen();
    ASSERT_EQ(seen.size(), 1u);
    EXPECT_FALSE(seen[0].signatureValid);
    EXPECT_EQ(seen[0].refusal, "signature");
}

TEST_F(WechatGateway, OurClockTenMinutesOffIsRefusedBothWays) {
    FakeClock ahead(clock.seconds() + 600);
    WechatPayGateway skewed(config(), ahead, random);
    expectBusy(skewed.start(request("GQ20250101000000SKEW0001")));
    EXPECT_EQ(fake->seen().back().refusal, "timestamp");
}

TEST_F(WechatGateway, NoAnswerIsUpstream) {
    std::uint16_t port = 0;
    {
        Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
        port = socket.address().port();
    }
    auto closed = config();
    closed.baseUrl = "http://127.0.0.1:" + std::to_string(port);
    closed.timeoutSeconds = 2;
    WechatPayGateway unreachable(closed, clock, random);
    expectBusy(unreachable.start(request("GQ20250101000000NOANSWER")));
    expectBusy(unreachable.query("GQ20250101000000NOANSWER"));
    expectBusy(unreachable.close("GQ20250101000000NOANSWER"));
}

TEST_F(WechatGateway, LogsNameTheProblemButNeverAKeyOrASignature) {
    gequ::test::LogCapture log("gequ.payment");
    fake->setFault(FakeWechatPay::Fault::BadSignature);
    expectBusy(gateway->start(request("GQ20250101000000LOGS0001")));
    fake->setFault(FakeWechatPay::Fault::OrderNoUsed);
    expectBusy(gateway->start(request("GQ20250101000000LOGS0002")));
    fake->setFault(FakeWechatPay::Fault::None);
    paidOrder("GQ20250101000000LOGS0003");
    fake->setFault(FakeWechatPay::Fault::StaleTimestamp);
    const auto n = fake->notification("GQ20250101000000LOGS0003");
    EXPECT_FALSE(gateway->parseNotification({n.headers, n.body}).ok());
    EXPECT_FALSE(gateway->openIdForCode("061NoSuchCode").ok());

    const std::string text = log.text();
    EXPECT_NE(text.find("the signature does not match"), std::string::npos) << text;
    EXPECT_NE(text.find("ORDERNO_USED"), std::string::npos) << text;
    EXPECT_NE(text.find("300 s"), std::string::npos) << text;
    EXPECT_NE(text.find("errcode 40029"), std::string::npos) << text;
    EXPECT_EQ(text.find(config().apiV3Key), std::string::npos);
    EXPECT_EQ(text.find(config().oauthSecret), std::string::npos);
    EXPECT_EQ(text.find("MIIE"), std::string::npos); // no PEM
    for (const auto& [name, value] : n.headers) {
        if (name == "Wechatpay-Signature") {
            EXPECT_EQ(text.find(value.substr(0, 16)), std::string::npos);
        }
    }
    for (const auto& seen : fake->seen()) {
        if (seen.uri.starts_with("/sns/")) {
            continue; // the OAuth exchange is not signed
        }
        const std::string authorization = detail::findHeader(seen.headers, "Authorization").value_or("");
        const auto at = authorization.find("signature=\"");
        ASSERT_NE(at, std::string::npos);
        EXPECT_EQ(text.find(authorization.substr(at + 11, 16)), std::string::npos);
    }
}

TEST_F(WechatGateway, MerchantIdentity) {
    EXPECT_EQ(gateway->name(), "wechat");
    EXPECT_EQ(gateway->merchant().appId, "wxd678efh567hg6787");
    EXPECT_EQ(gateway->merchant().mchId, "1900007291");
}

TEST_F(WechatGateway, OAuthAuthorizeUrl) {
    EXPECT_EQ(gateway->authorizeUrl("https://gequ.example.com/pay/wechat/jsapi?order=GQ1", "GQ1"),
              "https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxd678efh567hg6787&redirect_uri=https%3A%2F%2F"
              "gequ.example.com%2Fpay%2Fwechat%2Fjsapi%3Forder%3DGQ1&response_type=code&scope=snsapi_base&state=GQ1"
              "#wechat_redirect");
}

TEST_F(WechatGateway, OAuthCodeExchange) {
    fake->addOAuthCode("061AbcDef", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o");
    const auto openId = gateway->openIdForCode("061AbcDef");
    ASSERT_TRUE(openId.ok()) << openId.error().message;
    EXPECT_EQ(*openId, "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o");
    EXPECT_EQ(fake->seen().back().uri,
              "/sns/oauth2/access_token?appid=wxd678efh567hg6787&secret=fake-oauth-secret&code=061AbcDef"
              "&grant_type=authorization_code");

    const auto unknown = gateway->openIdForCode("061Expired");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code, ErrorCode::Upstream);
    EXPECT_EQ(unknown.error().message, "微信授权失败，请重新打开支付页面");
    EXPECT_EQ(gateway->openIdForCode("").error().code, ErrorCode::InvalidInput);

    auto wrongSecret = config();
    wrongSecret.oauthSecret = "not-the-secret";
    WechatPayGateway other(wrongSecret, clock, random);
    EXPECT_EQ(other.openIdForCode("061AbcDef").error().code, ErrorCode::Upstream);
}

TEST_F(WechatGateway, InvalidConfigurationNamesTheKey) {
    struct Case {
        const char* key;
        std::function<void(WechatConfig&)> change;
    };
    const std::vector<Case> cases{
        {"wechat.appid", [](WechatConfig& c) { c.appId.clear(); }},
        {"wechat.mchid", [](WechatConfig& c) { c.mchId = "19000072x1"; }},
        {"wechat.merchant_serial", [](WechatConfig& c) { c.merchantSerial = "not hex"; }},
        {"wechat.private_key_file", [](WechatConfig& c) { c.privateKeyPem = "-----BEGIN PRIVATE KEY-----\nxx"; }},
        {"wechat.private_key_file", [](WechatConfig& c) { c.privateKeyPem.clear(); }},
        {"wechat.apiv3_key", [](WechatConfig& c) { c.apiV3Key = "short"; }},
        {"wechat.public_key_file", [](WechatConfig& c) { c.publicKeyPem.clear(); }},
        {"wechat.public_key_id", [](WechatConfig& c) { c.publicKeyId.clear(); }},
        {"wechat.public_key_id", [](WechatConfig& c) { c.publicKeyId = "0114232134912410000000000000001"; }},
        {"wechat.public_key_file", [](WechatConfig& c) { c.publicKeyPem = readFixture("merchant_private_key.txt"); }},
        {"wechat.notify_url", [](WechatConfig& c) { c.notifyUrl = "gequ.example.com/pay/notify/wechat"; }},
        {"wechat.notify_url", [](WechatConfig& c) { c.notifyUrl += "?x=1"; }},
        {"http.public_base_url", [](WechatConfig& c) { c.publicBaseUrl.clear(); }},
        {"wechat.oauth_secret", [](WechatConfig& c) { c.oauthSecret.clear(); }},
        {"wechat.base_url", [](WechatConfig& c) { c.baseUrl = "ftp://api.mch.weixin.qq.com"; }},
        {"wechat.base_url", [](WechatConfig& c) { c.baseUrl = "https://api.mch.weixin.qq.com/v3"; }},
        {"wechat.oauth_base_url", [](WechatConfig& c) { c.oauthBaseUrl = "api.weixin.qq.com"; }},
        {"wechat.timeout", [](WechatConfig& c) { c.timeoutSeconds = 0; }},
    };
    for (const auto& c : cases) {
        WechatConfig broken = config();
        c.change(broken);
        try {
            WechatPayGateway g(broken, clock, random);
            ADD_FAILURE() << "accepted a configuration broken at " << c.key;
        } catch (const std::invalid_argument& e) {
            EXPECT_TRUE(std::string(e.what()).starts_with(std::string(c.key) + ":")) << e.what();
        }
    }
    // Defaults fill the H5 scene: 歌曲 and the public address.
    WechatConfig minimal = config();
    minimal.h5AppName.clear();
    minimal.h5AppUrl.clear();
    WechatPayGateway g(minimal, clock, random);
    ASSERT_TRUE(g.start(request("GQ20250101000000H5DEFLT1", PayChannel::H5)).ok());
    EXPECT_NE(fake->transaction("GQ20250101000000H5DEFLT1")
                  ->requestBody.find("\"app_name\":\"歌曲\",\"app_url\":\"https://gequ.example.com\""),
              std::string::npos);
}

} // namespace
} // namespace gequ::payment::testing
