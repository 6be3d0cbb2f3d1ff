// gequ-admin orders list|show|reconcile and the order invariants of check, run as an operator runs them: the built
// binary in a subprocess against a temp data dir whose orders the test writes through the store.

#include "app_steps.h"
#include "gequ/db/database.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/services/ledger.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <chrono>
#include <gtest/gtest.h>

using namespace gequ::apps::test;
using gequ::test::TempDir;
using namespace std::chrono_literals;

namespace {

namespace domain = gequ::domain;

const domain::TimePoint kCreated = domain::fromEpochMillis(1763700000000); // 2025-11-21T04:40:00Z
constexpr const char* kPaid = "GQ20251121044000PAID00000001";
constexpr const char* kOpen = "GQ20251121044000OPEN00000002";
constexpr const char* kOdd = "GQ20251121044000ODD000000003";

class OrdersCliTest : public DataDirTest {
protected:
    void SetUp() override {
        RunResult migrate = admin({"migrate"});
        ASSERT_EQ(migrate.status, 0) << migrate.err;
        auto store = gequ::db::openStore(dbUrl(), 1, false);
        store->transact([&](domain::Repositories& repos) {
            domain::User user;
            user.id = "u1";
            user.phone = "13800000001";
            user.nickname = "用户0001";
            user.createdAt = kCreated;
            repos.users().insert(user);
            repos.orders().insert(order(kPaid, 4, 1990));
            repos.orders().insert(order(kOpen, 2, 100));
            repos.orders().insert(order(kOdd, 3, 990));
            // Paid and granted, as the fulfilment writes it.
            repos.orders().markPaid(kPaid, "4200000001", 1990, kCreated + 1min);
            EXPECT_TRUE(
                domain::applyPoints(repos, "u1", 470, "购买《高级月卡》", domain::orderRef(kPaid), kCreated + 1min)
                    .ok());
            repos.orders().markAnomaly(kOdd);
            return true;
        });
    }

    static domain::Order order(const std::string& no, int planId, std::int64_t amount) {
        domain::Order order;
        order.orderNo = no;
        order.userId = "u1";
        order.planId = planId;
        order.amountFen = amount;
        order.channel = domain::PayChannel::Native;
        order.provider = "sandbox";
        order.createdAt = kCreated;
        order.expiresAt = kCreated + 5min;
        return order;
    }

    domain::Order stored(const std::string& no) {
        auto store = gequ::db::openStore(dbUrl(), 1, false);
        return *domain::readOnly(*store, [&](domain::Repositories& repos) { return repos.orders().findByNo(no); });
    }
};

TEST_F(OrdersCliTest, ListsOrdersByStateAndAnomalies) {
    RunResult all = admin({"orders", "list"});
    ASSERT_EQ(all.status, 0) << all.err;
    EXPECT_TRUE(contains(all.out, kPaid)) << all.out;
    EXPECT_TRUE(contains(all.out, kOpen)) << all.out;
    EXPECT_TRUE(contains(all.out, "3 orders")) << all.out;
    EXPECT_TRUE(contains(all.out, "高级月卡  ¥19.90")) << all.out;

    RunResult paid = admin({"orders", "list", "--state", "paid"});
    ASSERT_EQ(paid.status, 0) << paid.err;
    EXPECT_TRUE(contains(paid.out, kPaid));
    EXPECT_FALSE(contains(paid.out, kOpen));
    EXPECT_TRUE(contains(paid.out, "1 order\n")) << paid.out;

    RunResult anomalies = admin({"--json", "orders", "list", "--anomalies"});
    ASSERT_EQ(anomalies.status, 0) << anomalies.err;
    auto list = json(anomalies)->getArray("orders");
    ASSERT_EQ(list->size(), 1u) << anomalies.out;
    auto odd = list->getObject(0);
    EXPECT_EQ(odd->getValue<std::string>("orderNo"), kOdd);
    EXPECT_TRUE(odd->getValue<bool>("anomaly"));
    EXPECT_EQ(odd->getValue<std::string>("state"), "created");
    EXPECT_EQ(odd->getValue<int>("amountFen"), 990);

    RunResult byUser = admin({"--json", "orders", "list", "--user", "nobody"});
    ASSERT_EQ(byUser.status, 0) << byUser.err;
    EXPECT_EQ(json(byUser)->getArray("orders")->size(), 0u);

    // --since: the Shanghai day the orders were made keeps them; the next day has none.
    const std::string day = domain::formatShanghaiDate(kCreated);
    EXPECT_EQ(json(admin({"--json", "orders", "list", "--since", day}))->getArray("orders")->size(), 3u);
    const std::string nextDay = domain::formatShanghaiDate(kCreated + std::chrono::hours{24});
    EXPECT_EQ(json(admin({"--json", "orders", "list", "--since", nextDay}))->getArray("orders")->size(), 0u);
    EXPECT_EQ(admin({"orders", "list", "--since", "2024-13-01"}).status, 2);

    EXPECT_EQ(admin({"orders", "list", "--state", "refunded"}).status, 2);
    EXPECT_EQ(admin({"orders", "list", "--size", "0"}).status, 2);
}

TEST_F(OrdersCliTest, StatsSumTheRevenueOfPaidOrders) {
    RunResult text = admin({"stats"});
    ASSERT_EQ(text.status, 0) << text.err;
    EXPECT_TRUE(contains(text.out, "orders: 3 (created 2, paid 1, closed 0)")) << text.out;
    EXPECT_TRUE(contains(text.out, "revenue: ¥19.90")) << text.out;
    RunResult asJson = admin({"--json", "stats"});
    ASSERT_EQ(asJson.status, 0) << asJson.err;
    EXPECT_EQ(json(asJson)->getValue<int>("revenueFen"), 1990);
}

TEST_F(OrdersCliTest, ShowsOneOrder) {
    RunResult shown = admin({"orders", "show", kPaid});
    ASSERT_EQ(shown.status, 0) << shown.err;
    for (const char* part : {"state:     paid", "plan:      4 高级月卡", "amount:    ¥19.90 (1990 fen)",
                             "provider transaction: 4200000001", "channel:   native via sandbox"}) {
        EXPECT_TRUE(contains(shown.out, part)) << part << "\n" << shown.out;
    }
    RunResult asJson = admin({"--json", "orders", "show", kPaid});
    ASSERT_EQ(asJson.status, 0) << asJson.err;
    EXPECT_EQ(json(asJson)->getValue<int>("paidAmountFen"), 1990);
    EXPECT_EQ(json(asJson)->getValue<std::string>("planName"), "高级月卡");

    RunResult unknown = admin({"orders", "show", "GQ20990101000000NOSUCHORDER0"});
    EXPECT_EQ(unknown.status, 1);
    EXPECT_TRUE(contains(unknown.err, "订单不存在")) << unknown.err;
    EXPECT_EQ(admin({"orders", "show"}).status, 2);
}

TEST_F(OrdersCliTest, ReconcileClosesExpiredOrders) {
    // The sandbox of a fresh process knows no order: the open ones, long expired, are closed (the anomaly too).
    RunResult reconciled = admin({"orders", "reconcile"});
    ASSERT_EQ(reconciled.status, 0) << reconciled.err;
    EXPECT_TRUE(contains(reconciled.out, "asked sandbox about 1 open order(s): 0 fulfilled, 2 closed, 0 failed"))
        << reconciled.out;
    EXPECT_EQ(stored(kOpen).state, domain::OrderState::Closed);
    EXPECT_EQ(stored(kOdd).state, domain::OrderState::Closed);
    EXPECT_EQ(stored(kPaid).state, domain::OrderState::Paid);

    RunResult again = admin({"--json", "orders", "reconcile"});
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(json(again)->getValue<int>("queried"), 0);
    EXPECT_EQ(json(again)->getValue<int>("closed"), 0);
}

TEST_F(OrdersCliTest, ReconcileNeedsACompleteWechatConfiguration) {
    RunResult refused = admin({"orders", "reconcile"}, {{"payment.provider", "wechat"}});
    EXPECT_EQ(refused.status, 1);
    EXPECT_TRUE(contains(refused.err, "WeChat Pay")) << refused.err;
    EXPECT_TRUE(contains(refused.err, "wechat.")) << refused.err;
}

TEST_F(OrdersCliTest, CheckHoldsOrdersToTheirGrants) {
    RunResult clean = admin({"check"});
    EXPECT_EQ(clean.status, 0) << clean.out << clean.err;

    // A paid order without its points, and points for an order nobody paid.
    auto store = gequ::db::openStore(dbUrl(), 1, false);
    store->transact([&](domain::Repositories& repos) {
        repos.orders().markPaid(kOpen, "4200000002", 100, kCreated + 2min);
        EXPECT_TRUE(domain::applyPoints(repos, "u1", 220, "购买《高级周卡》", domain::orderRef(kOdd), kCreated).ok());
        return true;
    });
    RunResult broken = admin({"check"});
    EXPECT_EQ(broken.status, 1) << broken.out;
    const std::string report = broken.out + broken.err;
    EXPECT_TRUE(contains(report, std::string("订单 ") + kOpen + " 已支付，但有 0 条积分记录")) << report;
    EXPECT_TRUE(contains(report, std::string("订单 ") + kOdd + " 未支付（created），却有积分记录")) << report;
}

} // namespace
