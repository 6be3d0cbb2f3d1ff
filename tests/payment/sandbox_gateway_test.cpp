// The sandbox provider: the simulated checkout's lifecycle, and results shaped exactly like WeChat's so fulfilment is
// the same path.

#include "gequ/payment/sandbox_gateway.h"
#include "test_support.h"

#include <gtest/gtest.h>
#include <thread>

namespace gequ::payment::testing {
namespace {

using domain::ErrorCode;
using domain::PayChannel;

class Sandbox : public ::testing::Test {
protected:
    FakeClock clock{1767225600}; // 2026-01-01T00:00:00Z
    SandboxGateway sandbox{"http://127.0.0.1:8080/", clock};

    domain::PaymentRequest request(const std::string& orderNo, PayChannel channel = PayChannel::Native) const {
        domain::PaymentRequest r;
        r.orderNo = orderNo;
        r.description = "歌曲 高级会员 月卡";
        r.amountFen = 4900;
        r.channel = channel;
        r.expiresAt = clock.now() + std::chrono::minutes(5);
        return r;
    }
};

/// What the order service checks before it fulfils, for any provider.
bool fulfillable(const domain::PaymentResult& result, const domain::PaymentGateway& gateway,
                 std::int64_t orderAmountFen) {
    return result.paid && !result.providerTxnId.empty() && result.paidAmountFen == orderAmountFen &&
           result.appId == gateway.merchant().appId && result.mchId == gateway.merchant().mchId && result.paidAt;
}

TEST_F(Sandbox, EveryChannelGoesToTheCheckoutPage) {
    for (const auto channel : {PayChannel::Native, PayChannel::H5, PayChannel::Jsapi}) {
        const auto started = sandbox.start(request("GQ20260101000000SANDBOX1", channel));
        ASSERT_TRUE(started.ok());
        EXPECT_EQ(started->codeUrl, "http://127.0.0.1:8080/pay/sandbox/GQ20260101000000SANDBOX1");
        EXPECT_EQ(started->redirectUrl, started->codeUrl);
        EXPECT_EQ(started->prepayId, "");
    }
    EXPECT_EQ(sandbox.checkoutUrl("GQ1"), "http://127.0.0.1:8080/pay/sandbox/GQ1");
    EXPECT_EQ(sandbox.name(), "sandbox");
    EXPECT_EQ(sandbox.merchant().appId, "sandbox");
    EXPECT_EQ(sandbox.merchant().mchId, "sandbox");
}

TEST_F(Sandbox, ConfirmPaysAndQueryReportsIt) {
    const std::string no = "GQ20260101000000SANDBOX2";
    ASSERT_TRUE(sandbox.start(request(no)).ok());
    auto waiting = sandbox.query(no);
    ASSERT_TRUE(waiting.ok());
    EXPECT_FALSE(waiting->paid);
    EXPECT_FALSE(waiting->closed);

    clock.advanceSeconds(42);
    const auto confirmed = sandbox.confirm(no, 4900);
    ASSERT_TRUE(confirmed.ok()) << confirmed.error().message;
    EXPECT_EQ(confirmed->orderNo, no);
    EXPECT_TRUE(confirmed->paid);
    EXPECT_FALSE(confirmed->closed);
    EXPECT_EQ(confirmed->providerTxnId, "SANDBOX" + no);
    EXPECT_EQ(confirmed->paidAmountFen, 4900);
    EXPECT_EQ(confirmed->paidAt, clock.now());
    EXPECT_TRUE(fulfillable(*confirmed, sandbox, 4900));

    const auto queried = sandbox.query(no);
    ASSERT_TRUE(queried.ok());
    EXPECT_TRUE(queried->paid);
    EXPECT_EQ(queried->providerTxnId, confirmed->providerTxnId);
    EXPECT_EQ(queried->paidAt, confirmed->paidAt);
    EXPECT_TRUE(fulfillable(*queried, sandbox, 4900));
}

TEST_F(Sandbox, ASecondConfirmGivesTheFirstResult) {
    const std::string no = "GQ20260101000000SANDBOX3";
    ASSERT_TRUE(sandbox.start(request(no)).ok());
    const auto first = sandbox.confirm(no, 4900);
    clock.advanceSeconds(10);
    const auto second = sandbox.confirm(no, 1);
    ASSERT_TRUE(first.ok() && second.ok());
    EXPECT_EQ(second->paidAt, first->paidAt);
    EXPECT_EQ(second->paidAmountFen, 4900);
}

TEST_F(Sandbox, ClosedOrdersCannotBePaidAndPaidOrdersCannotBeClosed) {
    const std::string open = "GQ20260101000000SANDBOX4";
    ASSERT_TRUE(sandbox.start(request(open)).ok());
    ASSERT_TRUE(sandbox.close(open).ok());
    const auto closed = sandbox.query(open);
    ASSERT_TRUE(closed.ok());
    EXPECT_TRUE(closed->closed);
    EXPECT_FALSE(closed->paid);
    const auto refused = sandbox.confirm(open, 4900);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Conflict);
    EXPECT_EQ(refused.error().message, "订单已关闭，请重新下单");

    const std::string paid = "GQ20260101000000SANDBOX5";
    ASSERT_TRUE(sandbox.start(request(paid)).ok());
    ASSERT_TRUE(sandbox.confirm(paid, 4900).ok());
    const auto notClosed = sandbox.close(paid);
    ASSERT_FALSE(notClosed.ok());
    EXPECT_EQ(notClosed.error().code, ErrorCode::Conflict);
    EXPECT_TRUE(sandbox.query(paid)->paid);
}

TEST_F(Sandbox, AfterARestartOrdersAreWaitingAndCanStillBeConfirmed) {
    SandboxGateway restarted("http://127.0.0.1:8080", clock);
    const auto unknown = restarted.query("GQ20260101000000SANDBOX6");
    ASSERT_TRUE(unknown.ok());
    EXPECT_FALSE(unknown->paid);
    EXPECT_FALSE(unknown->closed);
    const auto confirmed = restarted.confirm("GQ20260101000000SANDBOX6", 4900);
    ASSERT_TRUE(confirmed.ok());
    EXPECT_TRUE(fulfillable(*confirmed, restarted, 4900));
}

TEST_F(Sandbox, RecordsOlderThanADayAreDropped) {
    ASSERT_TRUE(sandbox.start(request("GQ20260101000000SANDBOX7")).ok());
    ASSERT_TRUE(sandbox.confirm("GQ20260101000000SANDBOX7", 4900).ok());
    clock.advanceSeconds(25 * 3600);
    ASSERT_TRUE(sandbox.start(request("GQ20260102000000SANDBOX8")).ok());
    EXPECT_FALSE(sandbox.query("GQ20260101000000SANDBOX7")->paid);
}

TEST_F(Sandbox, InvalidInputAndNoNotifications) {
    EXPECT_EQ(sandbox.start(request("")).error().code, ErrorCode::InvalidInput);
    auto free = request("GQ20260101000000SANDBOX9");
    free.amountFen = 0;
    EXPECT_EQ(sandbox.start(free).error().code, ErrorCode::InvalidInput);
    EXPECT_EQ(sandbox.confirm("GQ20260101000000SANDBOX9", 0).error().code, ErrorCode::InvalidInput);
    domain::PaymentGateway& gateway = sandbox;
    EXPECT_EQ(gateway.parseNotification({{}, "{}"}).error().code, ErrorCode::InvalidInput);
}

TEST_F(Sandbox, ConcurrentConfirmsAgree) {
    const std::string no = "GQ20260101000000SANDBOXC";
    ASSERT_TRUE(sandbox.start(request(no)).ok());
    std::vector<std::thread> threads;
    std::vector<std::string> txns(8);
    for (std::size_t i = 0; i < txns.size(); ++i) {
        threads.emplace_back([&, i] {
            const auto r = sandbox.confirm(no, 4900);
            txns[i] = r.ok() ? r->providerTxnId + "@" + std::to_string(domain::toEpochMillis(*r->paidAt)) : "error";
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    for (const auto& t : txns) {
        EXPECT_EQ(t, txns[0]);
    }
}

} // namespace
} // namespace gequ::payment::testing
