// Buying plans through WeChat Pay v3 against the fake WeChat Pay server: orders per channel, notifications posted by
// the fake to /pay/notify/wechat (repeats, parallel duplicates, forgeries, a wrong amount), the status query that
// recovers a lost notification, expiry, reconciliation and the JSAPI page.

#include "pay_client.h"

#include <atomic>
#include <regex>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::http::test {
namespace {

using WechatPayTest = PayTest<PayProvider::Wechat>;
using Fault = payment::testing::FakeWechatPay::Fault;

constexpr const char* kPhone = "13800138000";

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

class WechatPay : public WechatPayTest {
protected:
    payment::testing::FakeWechatPay& fake() { return server().fake(); }
    std::string notifyUrl() { return "http://127.0.0.1:" + std::to_string(port()) + "/pay/notify/wechat"; }
    /// Posts a notification as WeChat would; the answer's status and body.
    std::pair<int, std::string> deliver(const payment::testing::FakeWechatPay::Notification& notification) {
        return payment::testing::FakeWechatPay::postNotification(notifyUrl(), notification);
    }
    /// Buys a native order and pays it at the fake (no notification yet).
    std::string paidAtWechat(const std::string& token, int planId) {
        const std::string orderNo = buyNative(token, planId);
        fake().pay(orderNo);
        return orderNo;
    }
    int integral(const std::string& token) { return profile(token)->getValue<int>("integral"); }
    int queries(const std::string& orderNo) {
        return fake().count("/v3/pay/transactions/out-trade-no/" + orderNo + "?");
    }
    static void expectFail(const std::pair<int, std::string>& answer, int status) {
        EXPECT_EQ(answer.first, status) << answer.second;
        EXPECT_TRUE(contains(answer.second, R"("code":"FAIL")")) << answer.second;
        EXPECT_TRUE(contains(answer.second, R"("message":")")) << answer.second;
    }
};

TEST_F(WechatPay, ANativeOrderIsPaidByItsNotificationOnce) {
    const std::string token = login(kPhone);
    auto answer = post("/pay/jsapiPc", "4", token);
    ASSERT_EQ(answer.status, 200) << answer.text();
    const std::string orderNo = answer.json()->getValue<std::string>("request_id");
    const domain::Order created = order(orderNo);
    EXPECT_EQ(created.provider, "wechat");
    EXPECT_EQ(created.codeUrl.rfind("weixin://wxpay/bizpayurl?pr=", 0), 0u) << created.codeUrl;
    EXPECT_EQ(data(answer)->getValue<std::string>("QRcode_url"), payment::qrSvgDataUri(created.codeUrl));
    const auto transaction = fake().transaction(orderNo);
    ASSERT_TRUE(transaction);
    EXPECT_EQ(transaction->tradeType, "NATIVE");
    EXPECT_EQ(transaction->total, 1990);
    EXPECT_EQ(transaction->description, "高级月卡");
    EXPECT_EQ(transaction->notifyUrl, std::string(kPublicBaseUrl) + "/pay/notify/wechat");
    EXPECT_EQ(transaction->timeExpire, "2026-11-21T18:05:00+08:00"); // five minutes, Beijing time

    fake().pay(orderNo);
    const auto notification = fake().notification(orderNo);
    auto first = deliver(notification);
    EXPECT_EQ(first.first, 204) << first.second;
    EXPECT_EQ(first.second, "");
    EXPECT_EQ(resultQuery(token, orderNo), 1);
    auto me = profile(token);
    EXPECT_EQ(me->getValue<int>("integral"), 20 + 470);
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 3);
    EXPECT_EQ(me->getValue<std::string>("expirationTime"), domain::formatShanghaiDate(testNow() + 24h * 30));
    const domain::Order paid = order(orderNo);
    EXPECT_EQ(paid.state, domain::OrderState::Paid);
    EXPECT_FALSE(paid.providerTxnId.empty());
    EXPECT_EQ(paid.providerTxnId, fake().transaction(orderNo)->transactionId);
    EXPECT_EQ(paid.paidAmountFen, 1990);

    // WeChat repeats a notification until it sees 204 (and sometimes after): the same one again grants nothing.
    auto again = deliver(notification);
    EXPECT_EQ(again.first, 204) << again.second;
    EXPECT_EQ(integral(token), 490);
    EXPECT_EQ(records(token).size(), 2u);
    EXPECT_EQ(order(orderNo).notifyCount, 2);
    EXPECT_TRUE(check().empty());
}

TEST_F(WechatPay, SixteenParallelDuplicatesGrantOnce) {
    const std::string token = login(kPhone);
    const std::string orderNo = paidAtWechat(token, 5);
    const auto notification = fake().notification(orderNo);
    std::atomic<int> accepted{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 16; ++i) {
        threads.emplace_back([&] {
            if (deliver(notification).first == 204) {
                ++accepted;
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(accepted.load(), 16);
    EXPECT_EQ(integral(token), 20 + 2680);
    EXPECT_EQ(records(token).size(), 2u);
    EXPECT_EQ(order(orderNo).notifyCount, 16);
    EXPECT_EQ(profile(token)->getValue<int>("membershipLevel"), 5);
    EXPECT_TRUE(check().empty());
}

TEST_F(WechatPay, ANotificationRacingTheResultPollFulfilsOnce) {
    const std::string token = login(kPhone);
    const std::string orderNo = paidAtWechat(token, 3);
    clock().advance(10s); // old enough for the poll to ask WeChat
    const auto notification = fake().notification(orderNo);
    std::atomic<int> paidAnswers{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 8; ++i) {
        threads.emplace_back([&, i] {
            if (i % 2 == 0) {
                EXPECT_EQ(deliver(notification).first, 204);
            } else if (resultQuery(token, orderNo) == 1) {
                ++paidAnswers;
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(resultQuery(token, orderNo), 1);
    EXPECT_EQ(integral(token), 20 + 220);
    EXPECT_EQ(records(token).size(), 2u);
    EXPECT_TRUE(check().empty());
}

TEST_F(WechatPay, ForgedOrUnreadableNotificationsAreRefusedAndGrantNothing) {
    const std::string token = login(kPhone);
    const std::string orderNo = paidAtWechat(token, 4);

    fake().setFault(Fault::TamperedBody);
    expectFail(deliver(fake().notification(orderNo)), 401);
    fake().setFault(Fault::BadSignature);
    expectFail(deliver(fake().notification(orderNo)), 401);
    fake().setFault(Fault::SignTest);
    expectFail(deliver(fake().notification(orderNo)), 401);
    fake().setFault(Fault::UnknownSerial);
    expectFail(deliver(fake().notification(orderNo)), 401);
    fake().setFault(Fault::StaleTimestamp);
    expectFail(deliver(fake().notification(orderNo)), 401);
    fake().setFault(Fault::Unsigned);
    expectFail(deliver(fake().notification(orderNo)), 401);
    fake().setFault(Fault::None);
    // Signed, but encrypted with another key: it cannot be read.
    expectFail(deliver(fake().notification(orderNo, "TRANSACTION.SUCCESS", std::string(32, 'k'))), 400);
    // Not a notification at all.
    auto garbage = payment::testing::FakeWechatPay::Notification{{{"Content-Type", "application/json"}}, "{}"};
    expectFail(deliver(garbage), 401);

    EXPECT_EQ(integral(token), 20);
    EXPECT_EQ(order(orderNo).state, domain::OrderState::Created);
    EXPECT_EQ(order(orderNo).notifyCount, 0);
    EXPECT_EQ(resultQuery(token, orderNo), 0);

    // The genuine one still works afterwards.
    EXPECT_EQ(deliver(fake().notification(orderNo)).first, 204);
    EXPECT_EQ(integral(token), 20 + 470);
}

TEST_F(WechatPay, AWrongAmountIsAnAnomalyAndGrantsNothing) {
    const std::string token = login(kPhone);
    const std::string orderNo = buyNative(token, 4);
    fake().pay(orderNo, 1); // one fen instead of 19.90 yuan
    auto answer = deliver(fake().notification(orderNo));
    EXPECT_EQ(answer.first, 204) << answer.second; // accepted (so WeChat stops), recorded, nothing granted
    const domain::Order flagged = order(orderNo);
    EXPECT_TRUE(flagged.anomaly);
    EXPECT_EQ(flagged.state, domain::OrderState::Created);
    EXPECT_EQ(integral(token), 20);
    EXPECT_EQ(profile(token)->getValue<int>("membershipLevel"), 0);
    clock().advance(30s);
    EXPECT_EQ(resultQuery(token, orderNo), 0);
    EXPECT_EQ(queries(orderNo), 0); // an anomaly is for the operator, not for polling
    domain::OrderFilter onlyAnomalies;
    onlyAnomalies.anomaliesOnly = true;
    const auto anomalies = orders().list(onlyAnomalies, {0, 10});
    ASSERT_EQ(anomalies.size(), 1u);
    EXPECT_EQ(anomalies[0].orderNo, orderNo);
    EXPECT_TRUE(check().empty());
}

TEST_F(WechatPay, ALostNotificationIsRecoveredByTheResultQuery) {
    const std::string token = login(kPhone);
    const std::string orderNo = paidAtWechat(token, 2);
    EXPECT_EQ(resultQuery(token, orderNo), 0);
    EXPECT_EQ(queries(orderNo), 0); // younger than 10 s: the database answers
    clock().advance(10s);
    EXPECT_EQ(resultQuery(token, orderNo, "/pay/resultTaskId"), 1);
    EXPECT_EQ(queries(orderNo), 1);
    EXPECT_EQ(integral(token), 20 + 20);
    EXPECT_EQ(profile(token)->getValue<int>("membershipLevel"), 1);
    // The notification that finally arrives changes nothing.
    EXPECT_EQ(deliver(fake().notification(orderNo)).first, 204);
    EXPECT_EQ(integral(token), 40);
}

TEST_F(WechatPay, AnUnpaidOrderIsAskedAboutAtMostOncePerFiveSeconds) {
    const std::string token = login(kPhone);
    const std::string orderNo = buyNative(token, 2);
    clock().advance(10s);
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(resultQuery(token, orderNo), 0);
    }
    EXPECT_EQ(queries(orderNo), 1);
    clock().advance(5s);
    EXPECT_EQ(resultQuery(token, orderNo), 0);
    EXPECT_EQ(queries(orderNo), 2);
}

TEST_F(WechatPay, ExpiryClosesUnpaidOrdersAtWechatAndHere) {
    const std::string token = login(kPhone);
    const std::string unpaid = buyNative(token, 2);
    ASSERT_EQ(post("/pay/h5", "3", token).status, 200); // an H5 order has 15 minutes
    clock().advance(5min);
    EXPECT_EQ(orders().expire(), 1);
    EXPECT_EQ(order(unpaid).state, domain::OrderState::Closed);
    EXPECT_EQ(order(unpaid).closedAt, testNow() + 5min);
    EXPECT_EQ(fake().transaction(unpaid)->tradeState, "CLOSED");
    EXPECT_EQ(fake().count("/v3/pay/transactions/out-trade-no/" + unpaid + "/close"), 1);
    EXPECT_EQ(resultQuery(token, unpaid), 0);
    const auto open = domain::readOnly(store(), [](domain::Repositories& repos) {
        return repos.orders().listByState(domain::OrderState::Created, {0, 10});
    });
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].channel, domain::PayChannel::H5);
}

TEST_F(WechatPay, ReconcileAppliesWhatWechatSays) {
    const std::string token = login(kPhone);
    const std::string paid = paidAtWechat(token, 4); // the notification was lost
    const std::string unpaid = buyNative(token, 3);  // expires unpaid
    const std::string closed = buyNative(token, 2);  // closed at WeChat
    fake().setTradeState(closed, "CLOSED");
    clock().advance(6min);
    const auto report = orders().reconcile();
    EXPECT_EQ(report.queried, 3);
    EXPECT_EQ(report.fulfilled, 1);
    EXPECT_EQ(report.closed, 2);
    EXPECT_EQ(report.failed, 0);
    EXPECT_EQ(order(paid).state, domain::OrderState::Paid);
    EXPECT_EQ(order(unpaid).state, domain::OrderState::Closed);
    EXPECT_EQ(order(closed).state, domain::OrderState::Closed);
    EXPECT_EQ(integral(token), 20 + 470);
    EXPECT_TRUE(check().empty());
}

TEST_F(WechatPay, AProviderFailureClosesTheOrderAndAnswers5020) {
    const std::string token = login(kPhone);
    fake().setFault(Fault::SystemError);
    expectError(post("/pay/jsapiPc", "4", token), 502, 5020, "支付服务繁忙，请稍后再试");
    const auto all = domain::readOnly(store(), [](domain::Repositories& repos) {
        return repos.orders().listByState({}, {0, 10});
    });
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].state, domain::OrderState::Closed);
}

TEST_F(WechatPay, H5UsesTheClientAddressAndReturnsToTheResultPage) {
    const std::string token = login(kPhone);
    auto answer = post("/pay/h5", "3", token, "198.51.100.23");
    ASSERT_EQ(answer.status, 200) << answer.text();
    const std::string url = answer.json()->getValue<std::string>("data");
    EXPECT_EQ(url.rfind("https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=", 0), 0u) << url;
    std::smatch match;
    ASSERT_TRUE(std::regex_search(url, match, std::regex("redirect_url=([^&]+)"))) << url;
    const std::string redirect = match[1];
    EXPECT_TRUE(contains(redirect, "%2Fpayment%3FtaskId%3DGQ")) << redirect;
    const std::string orderNo = redirect.substr(redirect.find("GQ"));
    const auto transaction = fake().transaction(orderNo);
    ASSERT_TRUE(transaction) << orderNo;
    EXPECT_EQ(transaction->tradeType, "MWEB");
    EXPECT_EQ(transaction->clientIp, "198.51.100.23");
    EXPECT_EQ(order(orderNo).channel, domain::PayChannel::H5);
}

TEST_F(WechatPay, TheJsapiPageGetsTheOpenIdThenStartsThePaymentOnce) {
    const std::string token = login(kPhone);
    auto answer = post("/pay/jsapi", "4", token);
    ASSERT_EQ(answer.status, 200) << answer.text();
    const std::string orderUrl = data(answer)->getValue<std::string>("order_url");
    const std::string prefix = std::string(kPublicBaseUrl) + "/pay/wechat/jsapi?order=";
    ASSERT_EQ(orderUrl.rfind(prefix, 0), 0u) << orderUrl;
    const std::string orderNo = orderUrl.substr(prefix.size());
    EXPECT_FALSE(fake().transaction(orderNo)); // nothing at WeChat before the payer's openid is known
    EXPECT_EQ(order(orderNo).expiresAt, testNow() + 15min);

    // First visit: off to WeChat's OAuth2 page, which comes back with a code.
    auto first = getAs("/pay/wechat/jsapi?order=" + orderNo);
    ASSERT_EQ(first.status, 302) << first.text();
    const std::string authorize = first.header("Location");
    EXPECT_EQ(
        authorize.rfind("https://open.weixin.qq.com/connect/oauth2/authorize?appid=" + std::string(kWechatAppId), 0),
        0u)
        << authorize;
    EXPECT_TRUE(contains(authorize, "scope=snsapi_base")) << authorize;
    EXPECT_TRUE(contains(authorize, "state=" + orderNo)) << authorize;
    EXPECT_TRUE(
        contains(authorize, "redirect_uri=https%3A%2F%2Fgequ.example.com%2Fpay%2Fwechat%2Fjsapi%3Forder%3D" + orderNo))
        << authorize;

    fake().addOAuthCode("CODE-1", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o");
    auto page = getAs("/pay/wechat/jsapi?order=" + orderNo + "&code=CODE-1&state=" + orderNo);
    ASSERT_EQ(page.status, 200) << page.text();
    const std::string html = page.text();
    EXPECT_TRUE(contains(html, "<script src=\"/pay/wechat/jsapi.js\"></script>")) << html;
    EXPECT_TRUE(contains(html, "&quot;package&quot;:&quot;prepay_id=wx")) << html;
    EXPECT_TRUE(contains(html, "&quot;signType&quot;:&quot;RSA&quot;")) << html;
    EXPECT_TRUE(contains(html, "&quot;appId&quot;:&quot;" + std::string(kWechatAppId))) << html;
    EXPECT_TRUE(contains(html, "data-next=\"/payment?taskId=" + orderNo + "\"")) << html;
    const auto transaction = fake().transaction(orderNo);
    ASSERT_TRUE(transaction);
    EXPECT_EQ(transaction->tradeType, "JSAPI");
    EXPECT_EQ(transaction->openId, "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o");
    EXPECT_EQ(transaction->total, 1990);

    // A reload shows the same payment without starting another.
    auto reload = getAs("/pay/wechat/jsapi?order=" + orderNo);
    EXPECT_EQ(reload.status, 200) << reload.text();
    EXPECT_EQ(fake().count("/v3/pay/transactions/jsapi"), 1);

    auto script = getAs("/pay/wechat/jsapi.js");
    EXPECT_EQ(script.status, 200);
    EXPECT_EQ(script.header("Content-Type"), "text/javascript; charset=utf-8");
    EXPECT_TRUE(contains(script.text(), "getBrandWCPayRequest"));

    // Paid: the page goes to the result page.
    fake().pay(orderNo);
    ASSERT_EQ(deliver(fake().notification(orderNo)).first, 204);
    auto done = getAs("/pay/wechat/jsapi?order=" + orderNo);
    EXPECT_EQ(done.status, 302);
    EXPECT_EQ(done.header("Location"), "/payment?taskId=" + orderNo);
    EXPECT_EQ(integral(token), 20 + 470);

    auto unknown = getAs("/pay/wechat/jsapi?order=GQ20261121100000ZZZZZZZZZZZZ");
    EXPECT_EQ(unknown.status, 404);
    EXPECT_TRUE(contains(unknown.text(), "订单不存在"));
}

TEST_F(WechatPay, TheSandboxPagesDoNotExist) {
    const std::string token = login(kPhone);
    const std::string orderNo = buyNative(token, 2);
    expectError(getAs("/pay/sandbox/" + orderNo), 404, 4040, "接口不存在");
    expectError(post("/pay/sandbox/" + orderNo + "/confirm", ""), 404, 4040, "接口不存在");
    EXPECT_EQ(integral(token), 20);
}

} // namespace
} // namespace gequ::http::test
