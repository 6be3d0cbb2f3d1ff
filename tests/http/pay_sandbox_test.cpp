// Buying plans through the sandbox provider (the default): the order answers per channel, the checkout page, the
// confirm action on the one fulfilment path, the result queries, and the membership arithmetic of docs/product.md.

#include "gequ/crypto/encoding.h"
#include "pay_client.h"

#include <atomic>
#include <regex>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::http::test {
namespace {

using SandboxPayTest = PayTest<PayProvider::Sandbox>;

constexpr const char* kPhone = "13800138000";
constexpr const char* kOtherPhone = "13900139000";

std::string checkoutUrl(const std::string& orderNo) {
    return std::string(kPublicBaseUrl) + "/pay/sandbox/" + orderNo;
}

std::string base64Decode(const std::string& text) {
    return crypto::base64Decode(text).value_or("");
}

/// The Asia/Shanghai date `offset` after testNow().
std::string dateAfter(std::chrono::hours offset) {
    return domain::formatShanghaiDate(testNow() + offset);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

TEST_F(SandboxPayTest, NativeOrderAnswersAQrCodeAndTheOrderNumberAtTopLevel) {
    const std::string token = login(kPhone);
    auto answer = post("/pay/jsapiPc", "4", token);
    ASSERT_EQ(answer.status, 200) << answer.text();
    auto json = answer.json();
    EXPECT_EQ(json->getValue<int>("code"), 2000);
    EXPECT_EQ(json->getValue<std::string>("type"), "ok");
    const std::string orderNo = json->getValue<std::string>("request_id");
    EXPECT_TRUE(std::regex_match(orderNo, std::regex("GQ20261121100000[0-9A-Z]{12}"))) << orderNo;
    const std::string qr = json->getObject("data")->getValue<std::string>("QRcode_url");
    const std::string prefix = "data:image/svg+xml;base64,";
    ASSERT_EQ(qr.rfind(prefix, 0), 0u) << qr.substr(0, 40);
    EXPECT_TRUE(contains(base64Decode(qr.substr(prefix.size())), "<svg"));
    // The QR encodes the sandbox checkout page of the order.
    EXPECT_EQ(qr, payment::qrSvgDataUri(checkoutUrl(orderNo)));
    // request_id is a member of the envelope, not of data.
    EXPECT_FALSE(json->getObject("data")->has("request_id"));

    const domain::Order stored = order(orderNo);
    EXPECT_EQ(stored.planId, 4);
    EXPECT_EQ(stored.amountFen, 1990);
    EXPECT_EQ(stored.channel, domain::PayChannel::Native);
    EXPECT_EQ(stored.provider, "sandbox");
    EXPECT_EQ(stored.state, domain::OrderState::Created);
    EXPECT_EQ(stored.expiresAt, testNow() + 5min);

    // {id} is accepted as well as a bare number (and a string of digits).
    auto object = post("/pay/jsapiPc", R"({"id":2})", token);
    EXPECT_EQ(object.status, 200) << object.text();
    EXPECT_EQ(order(object.json()->getValue<std::string>("request_id")).planId, 2);
    auto text = post("/pay/jsapiPc", R"("7")", token);
    EXPECT_EQ(text.status, 200) << text.text();
    EXPECT_EQ(order(text.json()->getValue<std::string>("request_id")).amountFen, 36800);
}

TEST_F(SandboxPayTest, H5AndJsapiSendThePayerToTheCheckoutPage) {
    const std::string token = login(kPhone);
    auto h5 = post("/pay/h5", "3", token, "198.51.100.20");
    ASSERT_EQ(h5.status, 200) << h5.text();
    const std::string url = h5.json()->getValue<std::string>("data");
    const std::string prefix = checkoutUrl("");
    ASSERT_EQ(url.rfind(prefix, 0), 0u) << url;
    const domain::Order h5Order = order(url.substr(prefix.size()));
    EXPECT_EQ(h5Order.channel, domain::PayChannel::H5);
    EXPECT_EQ(h5Order.expiresAt, testNow() + 15min);

    auto jsapi = post("/pay/jsapi", R"({"id":5})", token);
    ASSERT_EQ(jsapi.status, 200) << jsapi.text();
    const std::string orderUrl = data(jsapi)->getValue<std::string>("order_url");
    const std::string jsapiPrefix = std::string(kPublicBaseUrl) + "/pay/wechat/jsapi?order=";
    ASSERT_EQ(orderUrl.rfind(jsapiPrefix, 0), 0u) << orderUrl;
    const std::string orderNo = orderUrl.substr(jsapiPrefix.size());
    EXPECT_EQ(order(orderNo).channel, domain::PayChannel::Jsapi);
    EXPECT_EQ(order(orderNo).amountFen, 9900);
    // Inside WeChat the page would start the JSAPI payment; the sandbox sends it to its checkout page.
    auto page = getAs("/pay/wechat/jsapi?order=" + orderNo);
    EXPECT_EQ(page.status, 302) << page.text();
    EXPECT_EQ(page.header("Location"), checkoutUrl(orderNo));
}

TEST_F(SandboxPayTest, RefusesUnknownPlansBadBodiesAndVisitors) {
    const std::string token = login(kPhone);
    for (const char* path : {"/pay/jsapiPc", "/pay/h5", "/pay/jsapi"}) {
        expectError(post(path, "1", token), 400, 4000, "套餐不存在");
        expectError(post(path, R"({"id":99})", token), 400, 4000, "套餐不存在");
        expectError(post(path, "", token), 400, 4000, "请选择套餐");
        expectError(post(path, R"({"plan":4})", token), 400, 4000, "请选择套餐");
        expectError(post(path, "4.5", token), 400, 4000, "请选择套餐");
        expectError(post(path, "{", token), 400, 4000, "请选择套餐");
        expectError(post(path, "4"), 401, 4010, "请先登录");
        expectError(post(path, "4", "not-a-token"), 401, 4010, "请先登录");
    }
    expectError(getAs("/pay/resultQuery?taskId=GQ1"), 401, 4010, "请先登录");
    expectError(getAs("/pay/resultQuery", token), 400, 4000, "缺少参数 taskId");
    const auto orders = domain::readOnly(store(), [](domain::Repositories& repos) {
        return repos.orders().listByState({}, {0, 10});
    });
    EXPECT_TRUE(orders.empty());
}

TEST_F(SandboxPayTest, ConfirmingPaysOnceAndTheResultQueriesSeeIt) {
    const std::string token = login(kPhone);
    const std::string orderNo = buyNative(token, 2);
    EXPECT_EQ(resultQuery(token, orderNo), 0);
    EXPECT_EQ(resultQuery(token, orderNo, "/pay/resultTaskId"), 0);

    auto page = getAs("/pay/sandbox/" + orderNo);
    ASSERT_EQ(page.status, 200) << page.text();
    EXPECT_EQ(page.header("Content-Type"), "text/html; charset=utf-8");
    const std::string html = page.text();
    for (const char* part :
         {"沙箱支付 · 不会产生真实扣款", "体验日卡", "1.00", "确认支付", "取消", "action=\"/pay/sandbox/"}) {
        EXPECT_TRUE(contains(html, part)) << part;
    }
    EXPECT_TRUE(contains(html, orderNo));
    EXPECT_FALSE(contains(html, "<script")); // the Content-Security-Policy allows no inline scripts
    EXPECT_TRUE(contains(page.header("Content-Security-Policy"), "script-src 'self'"));

    auto confirmed = post("/pay/sandbox/" + orderNo + "/confirm", "");
    ASSERT_EQ(confirmed.status, 200) << confirmed.text();
    EXPECT_TRUE(contains(confirmed.text(), "支付成功"));
    EXPECT_EQ(resultQuery(token, orderNo), 1);
    EXPECT_EQ(resultQuery(token, orderNo, "/pay/resultTaskId"), 1);

    auto me = profile(token);
    EXPECT_EQ(me->getValue<int>("integral"), 20 + 20); // the sign-up gift and the plan's points
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 1);
    EXPECT_EQ(me->getValue<std::string>("expirationTime"), dateAfter(24h));
    EXPECT_FALSE(me->getValue<bool>("lifetime"));

    // Confirming again (a double tap, a reload) grants nothing more.
    for (int i = 0; i < 3; ++i) {
        auto again = post("/pay/sandbox/" + orderNo + "/confirm", "");
        EXPECT_EQ(again.status, 200) << again.text();
    }
    EXPECT_EQ(profile(token)->getValue<int>("integral"), 40);
    const auto ledger = records(token);
    ASSERT_EQ(ledger.size(), 2u);
    EXPECT_EQ(ledger[1].ref, "order:" + orderNo);
    EXPECT_EQ(ledger[1].remark, "购买《体验日卡》");
    auto listed = data(getAs("/user/integralRecords", token));
    EXPECT_EQ(listed->getValue<int>("total"), 2);
    EXPECT_EQ(order(orderNo).state, domain::OrderState::Paid);
    EXPECT_EQ(order(orderNo).paidAmountFen, 100);
    EXPECT_TRUE(check().empty());

    // The paid order's page says so instead of offering to pay.
    auto paidPage = getAs("/pay/sandbox/" + orderNo);
    EXPECT_TRUE(contains(paidPage.text(), "该订单已支付"));
    EXPECT_FALSE(contains(paidPage.text(), "确认支付"));
}

TEST_F(SandboxPayTest, ParallelConfirmsFulfilOnce) {
    const std::string token = login(kPhone);
    const std::string orderNo = buyNative(token, 4);
    std::vector<std::thread> threads;
    std::atomic<int> ok{0};
    for (int i = 0; i < 8; ++i) {
        threads.emplace_back([&] {
            if (post("/pay/sandbox/" + orderNo + "/confirm", "").status == 200) {
                ++ok;
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(ok.load(), 8);
    EXPECT_EQ(profile(token)->getValue<int>("integral"), 20 + 470);
    EXPECT_EQ(records(token).size(), 2u);
    EXPECT_TRUE(check().empty());
}

TEST_F(SandboxPayTest, H5AndJsapiConfirmsReturnToThePaymentResultPage) {
    const std::string token = login(kPhone);
    auto h5 = post("/pay/h5", "3", token);
    const std::string url = h5.json()->getValue<std::string>("data");
    const std::string orderNo = url.substr(checkoutUrl("").size());
    auto confirmed = post("/pay/sandbox/" + orderNo + "/confirm", "");
    EXPECT_EQ(confirmed.status, 303) << confirmed.text();
    EXPECT_EQ(confirmed.header("Location"), "/payment?taskId=" + orderNo);
    EXPECT_EQ(resultQuery(token, orderNo), 1);
    EXPECT_EQ(profile(token)->getValue<int>("membershipLevel"), 2);
}

TEST_F(SandboxPayTest, AnotherUsersOrderOrAnUnknownOneIsNone) {
    const std::string token = login(kPhone);
    const std::string other = login(kOtherPhone);
    const std::string orderNo = buyNative(token, 2);
    EXPECT_EQ(resultQuery(other, orderNo), -1);
    EXPECT_EQ(resultQuery(other, orderNo, "/pay/resultTaskId"), -1);
    ASSERT_EQ(post("/pay/sandbox/" + orderNo + "/confirm", "").status, 200);
    EXPECT_EQ(resultQuery(other, orderNo), -1);
    EXPECT_EQ(resultQuery(token, orderNo), 1);
    EXPECT_EQ(resultQuery(token, "GQ20261121100000ZZZZZZZZZZZZ"), -1);
    EXPECT_EQ(resultQuery(token, "nonsense"), -1);

    auto unknownPage = getAs("/pay/sandbox/GQ20261121100000ZZZZZZZZZZZZ");
    EXPECT_EQ(unknownPage.status, 404);
    EXPECT_TRUE(contains(unknownPage.text(), "订单不存在"));
    EXPECT_EQ(post("/pay/sandbox/GQ20261121100000ZZZZZZZZZZZZ/confirm", "").status, 404);
    EXPECT_EQ(post("/pay/sandbox/" + orderNo + "/other", "").status, 404);
    EXPECT_EQ(profile(other)->getValue<int>("integral"), 20);
}

TEST_F(SandboxPayTest, AnExpiredOrderCannotBePaid) {
    const std::string token = login(kPhone);
    const std::string orderNo = buyNative(token, 4);
    clock().advance(5min);
    auto late = post("/pay/sandbox/" + orderNo + "/confirm", "");
    EXPECT_EQ(late.status, 409) << late.text();
    EXPECT_TRUE(contains(late.text(), "订单已关闭，请重新下单"));
    EXPECT_EQ(order(orderNo).state, domain::OrderState::Closed);
    EXPECT_EQ(resultQuery(token, orderNo), 0);
    EXPECT_EQ(profile(token)->getValue<int>("integral"), 20);

    // The background expiry closes the others.
    const std::string another = buyNative(token, 2);
    clock().advance(5min);
    EXPECT_EQ(orders().expire(), 1);
    EXPECT_EQ(order(another).state, domain::OrderState::Closed);
    EXPECT_TRUE(check().empty());
}

TEST_F(SandboxPayTest, ALifetimePlanNeverExpires) {
    const std::string token = login(kPhone);
    const std::string month = buyNative(token, 4);
    ASSERT_EQ(post("/pay/sandbox/" + month + "/confirm", "").status, 200);
    const std::string lifetime = buyNative(token, 6);
    ASSERT_EQ(post("/pay/sandbox/" + lifetime + "/confirm", "").status, 200);
    auto me = profile(token);
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 5);
    EXPECT_TRUE(me->getValue<bool>("lifetime"));
    EXPECT_TRUE(me->isNull("expirationTime"));
    EXPECT_EQ(me->getValue<int>("integral"), 20 + 470 + 5680);
    // Long after any time-limited plan would have ended.
    clock().advance(std::chrono::hours(24 * 800));
    me = profile(login(kPhone)); // (the session lasted 30 days)
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 5);
    EXPECT_TRUE(me->getValue<bool>("lifetime"));
}

TEST_F(SandboxPayTest, ARenewalExtendsFromTheLaterExpiry) {
    const std::string token = login(kPhone);
    const std::string month = buyNative(token, 4);
    ASSERT_EQ(post("/pay/sandbox/" + month + "/confirm", "").status, 200);
    EXPECT_EQ(profile(token)->getValue<std::string>("expirationTime"), dateAfter(24h * 30));
    clock().advance(std::chrono::hours(24 * 10));
    const std::string week = buyNative(token, 3);
    ASSERT_EQ(post("/pay/sandbox/" + week + "/confirm", "").status, 200);
    auto me = profile(token);
    EXPECT_EQ(me->getValue<std::string>("expirationTime"), dateAfter(24h * 37)); // 30 + 7 days from the first buy
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 3);                          // max(3, 2)
    EXPECT_EQ(me->getValue<int>("integral"), 20 + 470 + 220);

    // After it lapsed, a plan starts from the time of purchase.
    clock().advance(std::chrono::hours(24 * 40));
    const std::string again = login(kPhone); // (the session lasted 30 days)
    EXPECT_EQ(profile(again)->getValue<int>("membershipLevel"), 0);
    const std::string day = buyNative(again, 2);
    ASSERT_EQ(post("/pay/sandbox/" + day + "/confirm", "").status, 200);
    me = profile(again);
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 1);
    EXPECT_EQ(me->getValue<std::string>("expirationTime"), dateAfter(24h * 51));
}

TEST_F(SandboxPayTest, ALowerPlanKeepsTheHigherLevelAndAddsItsTime) {
    const std::string token = login(kPhone);
    const std::string year = buyNative(token, 5);
    ASSERT_EQ(post("/pay/sandbox/" + year + "/confirm", "").status, 200);
    const std::string day = buyNative(token, 2);
    ASSERT_EQ(post("/pay/sandbox/" + day + "/confirm", "").status, 200);
    auto me = profile(token);
    EXPECT_EQ(me->getValue<int>("membershipLevel"), 5);
    EXPECT_EQ(me->getValue<std::string>("expirationTime"), dateAfter(24h * 366));
    EXPECT_EQ(me->getValue<int>("integral"), 20 + 2680 + 20);
    EXPECT_TRUE(check().empty());
}

} // namespace
} // namespace gequ::http::test
