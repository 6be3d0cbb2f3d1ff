// The order service on a real store (SQLite and PostgreSQL): creation, the exactly-once fulfilment (also from two
// "instances" racing), anomalies, status queries, expiry and reconciliation, and the order invariants of check().

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/ledger.h"
#include "gequ/domain/services/order_service.h"
#include "test_support.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>
#include <regex>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::ErrorCode;
using domain::Fulfilment;
using domain::Order;
using domain::OrderState;
using domain::PayChannel;
using domain::PaymentResult;
using domain::PaymentSource;
using domain::PaymentStatus;
using domain::Repositories;

constexpr const char* kAppId = "wx-app";
constexpr const char* kMchId = "1900000001";

/// A provider whose answers the test scripts; thread-safe.
class ScriptedGateway : public domain::PaymentGateway {
public:
    domain::Result<domain::PaymentStart> start(const domain::PaymentRequest& request) override {
        std::lock_guard lock(_mutex);
        if (failStart) {
            return domain::DomainError{ErrorCode::Upstream, "支付服务繁忙，请稍后再试"};
        }
        started.push_back(request);
        domain::PaymentStart start;
        start.codeUrl = "weixin://wxpay/bizpayurl?pr=" + request.orderNo;
        return start;
    }
    domain::Result<PaymentResult> query(const std::string& orderNo) override {
        std::lock_guard lock(_mutex);
        ++queries[orderNo];
        if (failQuery) {
            return domain::DomainError{ErrorCode::Upstream, "支付服务繁忙，请稍后再试"};
        }
        auto it = answers.find(orderNo);
        if (it == answers.end()) {
            PaymentResult waiting;
            waiting.orderNo = orderNo;
            return waiting;
        }
        return it->second;
    }
    domain::Status close(const std::string& orderNo) override {
        std::lock_guard lock(_mutex);
        closes.push_back(orderNo);
        return domain::success();
    }
    std::string name() const override { return "wechat"; }
    domain::MerchantIdentity merchant() const override { return {kAppId, kMchId}; }

    /// The provider now says the order was paid with this amount.
    void pay(const std::string& orderNo, std::int64_t amountFen, domain::TimePoint at) {
        std::lock_guard lock(_mutex);
        answers[orderNo] = paid(orderNo, amountFen, at);
    }
    int queryCount(const std::string& orderNo) {
        std::lock_guard lock(_mutex);
        return queries[orderNo];
    }

    static PaymentResult paid(const std::string& orderNo, std::int64_t amountFen, domain::TimePoint at) {
        PaymentResult result;
        result.orderNo = orderNo;
        result.paid = true;
        result.providerTxnId = "4200000000" + orderNo.substr(orderNo.size() - 6);
        result.paidAmountFen = amountFen;
        result.appId = kAppId;
        result.mchId = kMchId;
        result.paidAt = at;
        return result;
    }

    bool failStart = false;
    bool failQuery = false;
    std::vector<domain::PaymentRequest> started;
    std::map<std::string, PaymentResult> answers;
    std::map<std::string, int> queries;
    std::vector<std::string> closes;

private:
    std::mutex _mutex;
};

class OrderServiceTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        _orders = std::make_unique<domain::OrderService>(store(), _clock, _random, _gateway, nullptr, nullptr);
        addUser("u1", "13800000001");
        addUser("u2", "13800000002");
    }

    Order create(int planId, PayChannel channel = PayChannel::Native, const std::string& userId = "u1") {
        auto created = _orders->create({userId, planId, channel, "203.0.113.9", ""});
        EXPECT_TRUE(created.ok()) << (created.ok() ? "" : created.error().message);
        return created.ok() ? created->order : Order{};
    }
    Order stored(const std::string& orderNo) {
        return *reading(store(), [&](Repositories& repos) { return repos.orders().findByNo(orderNo); });
    }
    domain::User user(const std::string& id) {
        return *reading(store(), [&](Repositories& repos) { return repos.users().findById(id); });
    }
    /// Pays the order in full now and fulfils it as a notification would.
    domain::Result<Fulfilment> payAndFulfil(const Order& order) {
        return _orders->fulfil(ScriptedGateway::paid(order.orderNo, order.amountFen, _clock.now()),
                               PaymentSource::Notification);
    }

    FixedClock _clock{kT0};
    TestRandom _random;
    ScriptedGateway _gateway;
    std::unique_ptr<domain::OrderService> _orders;
};

TEST_P(OrderServiceTest, CreatesAnOrderPerChannel) {
    const Order native = create(4);
    EXPECT_TRUE(std::regex_match(native.orderNo, std::regex("GQ20251121045320[0-9A-Z]{12}"))) << native.orderNo;
    const Order saved = stored(native.orderNo);
    EXPECT_EQ(saved.state, OrderState::Created);
    EXPECT_EQ(saved.amountFen, 1990);
    EXPECT_EQ(saved.planId, 4);
    EXPECT_EQ(saved.provider, "wechat");
    EXPECT_EQ(saved.expiresAt, kT0 + 5min);
    EXPECT_EQ(saved.codeUrl, "weixin://wxpay/bizpayurl?pr=" + native.orderNo);
    ASSERT_EQ(_gateway.started.size(), 1u);
    EXPECT_EQ(_gateway.started[0].description, "高级月卡");
    EXPECT_EQ(_gateway.started[0].amountFen, 1990);

    const Order h5 = create(2, PayChannel::H5);
    EXPECT_EQ(stored(h5.orderNo).expiresAt, kT0 + 15min);
    EXPECT_EQ(_gateway.started.back().clientIp, "203.0.113.9");
    EXPECT_NE(h5.orderNo, native.orderNo);

    auto unknown = _orders->create({"u1", 1, PayChannel::Native, "", ""});
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error(), (domain::DomainError{ErrorCode::InvalidInput, "套餐不存在"}));
}

TEST_P(OrderServiceTest, AProviderRefusalClosesTheOrder) {
    _gateway.failStart = true;
    auto created = _orders->create({"u1", 3, PayChannel::Native, "", ""});
    ASSERT_FALSE(created.ok());
    EXPECT_EQ(created.error().code, ErrorCode::Upstream);
    const auto orders = reading(store(), [](Repositories& repos) { return repos.orders().listByState({}, {0, 10}); });
    ASSERT_EQ(orders.size(), 1u);
    EXPECT_EQ(orders[0].state, OrderState::Closed);
}

TEST_P(OrderServiceTest, FulfilsOnceWithPointsAndMembership) {
    const Order order = create(4);
    _clock.advance(1min);
    auto first = payAndFulfil(order);
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(*first, Fulfilment::Fulfilled);
    for (int i = 0; i < 3; ++i) {
        auto again = payAndFulfil(order);
        ASSERT_TRUE(again.ok());
        EXPECT_EQ(*again, Fulfilment::AlreadyFulfilled);
    }
    const Order paid = stored(order.orderNo);
    EXPECT_EQ(paid.state, OrderState::Paid);
    EXPECT_EQ(paid.paidAmountFen, 1990);
    EXPECT_EQ(paid.paidAt, kT0 + 1min);
    EXPECT_EQ(paid.notifyCount, 4);
    const auto u = user("u1");
    EXPECT_EQ(u.integral, 470);
    EXPECT_EQ(u.membershipLevel, 3);
    EXPECT_EQ(u.membershipExpiresAt, kT0 + 1min + std::chrono::days{30});
    const auto records = reading(store(), [](Repositories& repos) { return repos.points().allByUser("u1"); });
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].ref, "order:" + order.orderNo);
    EXPECT_EQ(records[0].remark, "购买《高级月卡》");
    EXPECT_EQ(records[0].delta, 470);

    auto unknown =
        _orders->fulfil(ScriptedGateway::paid("GQ20250101000000AAAAAAAAAAAA", 1990, kT0), PaymentSource::Notification);
    ASSERT_TRUE(unknown.ok());
    EXPECT_EQ(*unknown, Fulfilment::UnknownOrder);
    PaymentResult notPaid;
    notPaid.orderNo = order.orderNo;
    EXPECT_EQ(*_orders->fulfil(notPaid, PaymentSource::Notification), Fulfilment::NotPaid);
}

TEST_P(OrderServiceTest, TwoInstancesRacingFulfilOnce) {
    const Order order = create(5);
    auto otherStore = openAgain(8);
    ScriptedGateway otherGateway;
    domain::OrderService other(*otherStore, _clock, _random, otherGateway, nullptr, nullptr);
    const auto result = ScriptedGateway::paid(order.orderNo, order.amountFen, kT0 + 30s);
    std::atomic<int> fulfilled{0}, repeats{0}, failures{0};
    std::vector<std::thread> threads;
    for (int i = 0; i < 16; ++i) {
        threads.emplace_back([&, i] {
            auto outcome = (i % 2 == 0 ? *_orders : other)
                               .fulfil(result, i % 3 == 0 ? PaymentSource::Query : PaymentSource::Notification);
            if (!outcome.ok()) {
                ++failures;
            } else if (*outcome == Fulfilment::Fulfilled) {
                ++fulfilled;
            } else if (*outcome == Fulfilment::AlreadyFulfilled) {
                ++repeats;
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(fulfilled.load(), 1);
    EXPECT_EQ(repeats.load(), 15);
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(user("u1").integral, 2680);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.points().countByUser("u1"); }), 1);
    CountingIds ids;
    domain::AdminService admin(store(), _clock, ids);
    EXPECT_TRUE(admin.check().empty());
}

TEST_P(OrderServiceTest, AMismatchIsAnAnomalyAndGrantsNothing) {
    const Order order = create(3);
    auto cheap = ScriptedGateway::paid(order.orderNo, 1, kT0);
    EXPECT_EQ(*_orders->fulfil(cheap, PaymentSource::Notification), Fulfilment::Anomaly);
    auto elsewhere = ScriptedGateway::paid(order.orderNo, order.amountFen, kT0);
    elsewhere.mchId = "1900009999";
    EXPECT_EQ(*_orders->fulfil(elsewhere, PaymentSource::Notification), Fulfilment::Anomaly);
    auto otherApp = ScriptedGateway::paid(order.orderNo, order.amountFen, kT0);
    otherApp.appId = "wx-other";
    EXPECT_EQ(*_orders->fulfil(otherApp, PaymentSource::Reconcile), Fulfilment::Anomaly);

    const Order flagged = stored(order.orderNo);
    EXPECT_TRUE(flagged.anomaly);
    EXPECT_EQ(flagged.state, OrderState::Created);
    EXPECT_EQ(user("u1").integral, 0);
    EXPECT_EQ(user("u1").membershipLevel, 0);
    domain::OrderFilter onlyAnomalies;
    onlyAnomalies.anomaliesOnly = true;
    const auto anomalies = _orders->list(onlyAnomalies, {0, 10});
    ASSERT_EQ(anomalies.size(), 1u);
    EXPECT_EQ(anomalies[0].orderNo, order.orderNo);
    domain::OrderFilter paidAnomalies = onlyAnomalies;
    paidAnomalies.state = OrderState::Paid;
    EXPECT_TRUE(_orders->list(paidAnomalies, {0, 10}).empty());
}

TEST_P(OrderServiceTest, MembershipFollowsThePurchaseRules) {
    // A week card, then a month card while it runs: the expiry extends from the later date, the level rises.
    const Order week = create(3);
    ASSERT_EQ(*payAndFulfil(week), Fulfilment::Fulfilled);
    EXPECT_EQ(user("u1").membershipExpiresAt, kT0 + std::chrono::days{7});
    _clock.advance(std::chrono::days{2});
    const Order month = create(4);
    ASSERT_EQ(*payAndFulfil(month), Fulfilment::Fulfilled);
    EXPECT_EQ(user("u1").membershipLevel, 3);
    EXPECT_EQ(user("u1").membershipExpiresAt, kT0 + std::chrono::days{37});
    // A day card (lower level) while level 3 is in force: the level stays, the expiry grows by a day.
    const Order day = create(2);
    ASSERT_EQ(*payAndFulfil(day), Fulfilment::Fulfilled);
    EXPECT_EQ(user("u1").membershipLevel, 3);
    EXPECT_EQ(user("u1").membershipExpiresAt, kT0 + std::chrono::days{38});
    // A lifetime card: lifetime from now on; a month card after it changes only the points.
    const Order lifetime = create(6);
    ASSERT_EQ(*payAndFulfil(lifetime), Fulfilment::Fulfilled);
    EXPECT_TRUE(user("u1").lifetime);
    EXPECT_EQ(user("u1").membershipLevel, 5);
    const Order after = create(4);
    ASSERT_EQ(*payAndFulfil(after), Fulfilment::Fulfilled);
    EXPECT_TRUE(user("u1").lifetime);
    EXPECT_EQ(user("u1").membershipLevel, 5);
    EXPECT_EQ(user("u1").integral, 220 + 470 + 20 + 5680 + 470);
}

TEST_P(OrderServiceTest, StatusAsksTheProviderAboutALostNotification) {
    const Order order = create(4);
    EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Waiting);
    EXPECT_EQ(_orders->status("u2", order.orderNo), PaymentStatus::None); // another user's order
    EXPECT_EQ(_orders->status("u1", "GQ20990101000000NOSUCHORDER0"), PaymentStatus::None);
    EXPECT_EQ(_orders->status("u1", ""), PaymentStatus::None);
    EXPECT_EQ(_gateway.queryCount(order.orderNo), 0); // younger than 10 s: the database answers alone

    _gateway.pay(order.orderNo, order.amountFen, kT0 + 5s);
    _clock.advance(9s);
    EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Waiting);
    EXPECT_EQ(_gateway.queryCount(order.orderNo), 0);
    _clock.advance(1s);
    EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Paid);
    EXPECT_EQ(_gateway.queryCount(order.orderNo), 1);
    EXPECT_EQ(stored(order.orderNo).paidAt, kT0 + 5s);
    EXPECT_EQ(user("u1").integral, 470);
    EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Paid);
    EXPECT_EQ(_gateway.queryCount(order.orderNo), 1);
}

TEST_P(OrderServiceTest, StatusQueriesAtMostOncePerFiveSeconds) {
    const Order order = create(2);
    _clock.advance(10s);
    for (int i = 0; i < 4; ++i) {
        EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Waiting);
    }
    EXPECT_EQ(_gateway.queryCount(order.orderNo), 1);
    _clock.advance(5s);
    EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Waiting);
    EXPECT_EQ(_gateway.queryCount(order.orderNo), 2);
    _gateway.failQuery = true; // a failing provider leaves the answer waiting
    _clock.advance(5s);
    EXPECT_EQ(_orders->status("u1", order.orderNo), PaymentStatus::Waiting);
}

TEST_P(OrderServiceTest, ExpiryClosesUnpaidOrdersAndAPaymentAfterwardsIsHonoured) {
    const Order unpaid = create(2);
    const Order paidLate = create(3);
    const Order fresh = create(4, PayChannel::H5);
    _clock.advance(5min);
    _gateway.pay(paidLate.orderNo, paidLate.amountFen, kT0 + 4min);
    EXPECT_EQ(_orders->expire(), 1);
    EXPECT_EQ(stored(unpaid.orderNo).state, OrderState::Closed);
    EXPECT_EQ(stored(unpaid.orderNo).closedAt, kT0 + 5min);
    EXPECT_EQ(stored(paidLate.orderNo).state, OrderState::Paid); // asked first, and paid
    EXPECT_EQ(stored(fresh.orderNo).state, OrderState::Created); // 15 minutes for H5
    EXPECT_EQ(_gateway.closes, std::vector<std::string>{unpaid.orderNo});

    // The money arrived after all: a paid notification for the closed order is honoured.
    ASSERT_EQ(*payAndFulfil(unpaid), Fulfilment::Fulfilled);
    EXPECT_EQ(stored(unpaid.orderNo).state, OrderState::Paid);
    EXPECT_EQ(user("u1").integral, 220 + 20);
}

TEST_P(OrderServiceTest, ReconcileAppliesWhatTheProviderSays) {
    const Order paid = create(4);
    const Order closedThere = create(3, PayChannel::H5);
    const Order waiting = create(2, PayChannel::H5);
    const Order expired = create(5);
    _gateway.pay(paid.orderNo, paid.amountFen, kT0 + 1min);
    PaymentResult closed;
    closed.orderNo = closedThere.orderNo;
    closed.closed = true;
    _gateway.answers[closedThere.orderNo] = closed;
    _clock.advance(6min);

    const auto report = _orders->reconcile();
    EXPECT_EQ(report.queried, 4);
    EXPECT_EQ(report.fulfilled, 1);
    EXPECT_EQ(report.closed, 2);
    EXPECT_EQ(report.failed, 0);
    EXPECT_EQ(stored(paid.orderNo).state, OrderState::Paid);
    EXPECT_EQ(stored(closedThere.orderNo).state, OrderState::Closed);
    EXPECT_EQ(stored(waiting.orderNo).state, OrderState::Created);
    EXPECT_EQ(stored(expired.orderNo).state, OrderState::Closed);
    EXPECT_EQ(user("u1").integral, 470);

    const auto again = _orders->reconcile(); // the waiting order was asked less than 5 s ago
    EXPECT_EQ(again.queried, 0);
}

TEST_P(OrderServiceTest, CheckFindsOrdersWithoutTheirGrant) {
    const Order paid = create(4);
    ASSERT_EQ(*payAndFulfil(paid), Fulfilment::Fulfilled);
    const Order unpaid = create(2);
    CountingIds ids;
    domain::AdminService admin(store(), _clock, ids);
    EXPECT_TRUE(admin.check().empty());

    // A paid order without its ledger record, and a grant for an unpaid order.
    const Order lost = create(3);
    writing(store(), [&](Repositories& repos) { repos.orders().markPaid(lost.orderNo, "tx", lost.amountFen, kT0); });
    ASSERT_TRUE(domain::inTransaction(store(), [&](Repositories& repos) {
                    return domain::applyPoints(repos, "u1", 20, "购买《体验日卡》", domain::orderRef(unpaid.orderNo),
                                               kT0);
                }).ok());
    const auto problems = admin.check();
    ASSERT_EQ(problems.size(), 2u) << ::testing::PrintToString(problems);
    const auto mentions = [&](const std::string& orderNo, const std::string& text) {
        return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) {
            return p.find(orderNo) != std::string::npos && p.find(text) != std::string::npos;
        });
    };
    EXPECT_TRUE(mentions(lost.orderNo, "已支付，但有 0 条积分记录")) << ::testing::PrintToString(problems);
    EXPECT_TRUE(mentions(unpaid.orderNo, "未支付（created），却有积分记录")) << ::testing::PrintToString(problems);
}

INSTANTIATE_TEST_SUITE_P(Backends, OrderServiceTest, testing::Values(Backend::Sqlite, Backend::Postgresql),
                         backendName);

} // namespace
} // namespace gequ::db::test
