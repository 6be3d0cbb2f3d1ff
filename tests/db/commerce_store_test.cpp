// The points ledger, orders and redeem codes.

#include "test_support.h"

#include <map>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::Repositories;

domain::PointsRecord record(const std::string& userId, std::int64_t delta, std::int64_t balance, const std::string& ref,
                            domain::TimePoint at) {
    domain::PointsRecord r;
    r.userId = userId;
    r.delta = delta;
    r.type = delta < 0 ? domain::PointsType::Decrease : domain::PointsType::Increase;
    r.balance = balance;
    r.remark = "创作歌曲《夜空》";
    r.ref = ref;
    r.createdAt = at;
    return r;
}

TEST_P(StoreTest, PointsRecordsAppendListAndRefs) {
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    bool a = false, b = false, duplicate = true;
    writing(store(), [&](Repositories& repos) {
        a = repos.points().append(record("u1", 20, 20, "signup:u1", kT0));
        b = repos.points().append(record("u1", -10, 10, "task:t1:charge", kT0 + 1min));
        duplicate = repos.points().append(record("u1", -10, 0, "task:t1:charge", kT0 + 2min));
        repos.points().append(record("u2", 5, 5, "signup:u2", kT0));
    });
    EXPECT_TRUE(a);
    EXPECT_TRUE(b);
    EXPECT_FALSE(duplicate);

    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.points().hasRef("task:t1:charge"); }));
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.points().hasRef("task:t2:charge"); }));
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.points().countByUser("u1"); }), 2);

    const auto newest = reading(store(), [](Repositories& repos) { return repos.points().listByUser("u1", {0, 1}); });
    ASSERT_EQ(newest.size(), 1u);
    EXPECT_EQ(newest[0].ref, "task:t1:charge");
    EXPECT_EQ(newest[0].delta, -10);
    EXPECT_EQ(newest[0].type, domain::PointsType::Decrease);
    EXPECT_EQ(newest[0].balance, 10);
    EXPECT_EQ(newest[0].remark, "创作歌曲《夜空》");
    EXPECT_EQ(newest[0].createdAt, kT0 + 1min);
    EXPECT_GT(newest[0].id, 0);
    const auto older = reading(store(), [](Repositories& repos) { return repos.points().listByUser("u1", {1, 10}); });
    ASSERT_EQ(older.size(), 1u);
    EXPECT_EQ(older[0].ref, "signup:u1");
    EXPECT_EQ(older[0].type, domain::PointsType::Increase);

    const auto all = reading(store(), [](Repositories& repos) { return repos.points().allByUser("u1"); });
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].ref, "signup:u1");
    EXPECT_EQ(all[1].ref, "task:t1:charge");
    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.points().duplicateRefs(); }).empty());
}

TEST_P(StoreTest, OrdersMoveThroughTheirStates) {
    addUser("u1", "13800000001");
    auto order = makeOrder("GQ001", "u1", kT0);
    order.channel = domain::PayChannel::H5;
    writing(store(), [&](Repositories& repos) {
        repos.orders().insert(order);
        repos.orders().insert(makeOrder("GQ002", "u1", kT0 + 1min));
        repos.orders().insert(makeOrder("GQ003", "u1", kT0 + 2min));
    });
    auto found = reading(store(), [](Repositories& repos) { return repos.orders().findByNo("GQ001"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->userId, "u1");
    EXPECT_EQ(found->planId, 3);
    EXPECT_EQ(found->amountFen, 990);
    EXPECT_EQ(found->channel, domain::PayChannel::H5);
    EXPECT_EQ(found->provider, "sandbox");
    EXPECT_EQ(found->state, domain::OrderState::Created);
    EXPECT_EQ(found->providerTxnId, "");
    EXPECT_EQ(found->paidAmountFen, std::nullopt);
    EXPECT_EQ(found->codeUrl, "weixin://wxpay/bizpayurl?pr=abc");
    EXPECT_EQ(found->createdAt, kT0);
    EXPECT_EQ(found->expiresAt, kT0 + 30min);
    EXPECT_EQ(found->paidAt, std::nullopt);
    EXPECT_EQ(found->notifyCount, 0);
    EXPECT_FALSE(found->anomaly);
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.orders().findByNo("GQ999"); }));

    bool paid = false, paidAgain = true, closed = false, closedAgain = true, closedPaid = true, paidClosed = false;
    writing(store(), [&](Repositories& repos) {
        paid = repos.orders().markPaid("GQ001", "wx-1", 990, kT0 + 5min);
        paidAgain = repos.orders().markPaid("GQ001", "wx-1b", 990, kT0 + 6min);
        closedPaid = repos.orders().markClosed("GQ001", kT0 + 7min);
        closed = repos.orders().markClosed("GQ002", kT0 + 31min);
        closedAgain = repos.orders().markClosed("GQ002", kT0 + 32min);
        // A payment that arrives after the order was closed still counts.
        paidClosed = repos.orders().markPaid("GQ002", "wx-2", 990, kT0 + 33min);
        repos.orders().markAnomaly("GQ003");
        repos.orders().addNotify("GQ001");
        repos.orders().addNotify("GQ001");
    });
    EXPECT_TRUE(paid);
    EXPECT_FALSE(paidAgain);
    EXPECT_FALSE(closedPaid);
    EXPECT_TRUE(closed);
    EXPECT_FALSE(closedAgain);
    EXPECT_TRUE(paidClosed);

    found = reading(store(), [](Repositories& repos) { return repos.orders().findByNo("GQ001"); });
    EXPECT_EQ(found->state, domain::OrderState::Paid);
    EXPECT_EQ(found->providerTxnId, "wx-1");
    EXPECT_EQ(found->paidAmountFen, 990);
    EXPECT_EQ(found->paidAt, kT0 + 5min);
    EXPECT_EQ(found->notifyCount, 2);
    found = reading(store(), [](Repositories& repos) { return repos.orders().findByNo("GQ002"); });
    EXPECT_EQ(found->state, domain::OrderState::Paid);
    EXPECT_EQ(found->closedAt, kT0 + 31min);
    found = reading(store(), [](Repositories& repos) { return repos.orders().findByNo("GQ003"); });
    EXPECT_TRUE(found->anomaly);
    EXPECT_EQ(found->state, domain::OrderState::Created);

    const auto paidOrders = reading(store(), [](Repositories& repos) {
        return repos.orders().listByState(domain::OrderState::Paid, {0, 10});
    });
    ASSERT_EQ(paidOrders.size(), 2u);
    EXPECT_EQ(paidOrders[0].orderNo, "GQ001"); // oldest first
    EXPECT_EQ(paidOrders[1].orderNo, "GQ002");
    const auto allOrders = reading(store(), [](Repositories& repos) {
        return repos.orders().listByState(std::nullopt, {1, 10});
    });
    ASSERT_EQ(allOrders.size(), 2u);
    EXPECT_EQ(allOrders[0].orderNo, "GQ002");

    const auto counts = reading(store(), [](Repositories& repos) { return repos.orders().countByState(); });
    std::map<domain::OrderState, std::int64_t> byState(counts.begin(), counts.end());
    EXPECT_EQ(byState[domain::OrderState::Paid], 2);
    EXPECT_EQ(byState[domain::OrderState::Created], 1);
    EXPECT_EQ(byState.count(domain::OrderState::Closed), 0u);
}

TEST_P(StoreTest, OrdersKeepWhatTheProviderStartGave) {
    addUser("u1", "13800000001");
    auto order = makeOrder("GQ010", "u1", kT0);
    order.codeUrl = "";
    writing(store(), [&](Repositories& repos) { repos.orders().insert(order); });
    writing(store(),
            [](Repositories& repos) { repos.orders().setCodeUrl("GQ010", "wx201410272009395522657a690389285100"); });
    auto found = reading(store(), [](Repositories& repos) { return repos.orders().findByNo("GQ010"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->codeUrl, "wx201410272009395522657a690389285100");
    EXPECT_EQ(found->state, domain::OrderState::Created);
}

TEST_P(StoreTest, RedeemCodesCountUsesAndRedemptions) {
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    addUser("u3", "13800000003");
    domain::RedeemCode code;
    code.id = "c1";
    code.codeHash = "hash-c1";
    code.points = 100;
    code.planId = 4;
    code.maxUses = 2;
    code.expiresAt = kT0 + 24h;
    code.createdAt = kT0;
    code.note = "活动兑换码";
    domain::RedeemCode later = code;
    later.id = "c2";
    later.codeHash = "hash-c2";
    later.planId = std::nullopt;
    later.expiresAt = std::nullopt;
    later.createdAt = kT0 + 1h;
    writing(store(), [&](Repositories& repos) {
        repos.redeemCodes().insert(code);
        repos.redeemCodes().insert(later);
    });
    auto found = reading(store(), [](Repositories& repos) { return repos.redeemCodes().findByHash("hash-c1"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, "c1");
    EXPECT_EQ(found->points, 100);
    EXPECT_EQ(found->planId, 4);
    EXPECT_EQ(found->maxUses, 2);
    EXPECT_EQ(found->usedCount, 0);
    EXPECT_EQ(found->expiresAt, kT0 + 24h);
    EXPECT_FALSE(found->disabled);
    EXPECT_EQ(found->createdAt, kT0);
    EXPECT_EQ(found->note, "活动兑换码");
    auto second = reading(store(), [](Repositories& repos) { return repos.redeemCodes().findById("c2"); });
    ASSERT_TRUE(second);
    EXPECT_EQ(second->planId, std::nullopt);
    EXPECT_EQ(second->expiresAt, std::nullopt);
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.redeemCodes().findByHash("nope"); }));

    std::vector<bool> uses, redemptions;
    writing(store(), [&](Repositories& repos) {
        redemptions.push_back(repos.redeemCodes().insertRedemption("c1", "u1", kT0));
        redemptions.push_back(repos.redeemCodes().insertRedemption("c1", "u1", kT0 + 1min));
        redemptions.push_back(repos.redeemCodes().insertRedemption("c1", "u2", kT0));
        for (int i = 0; i < 3; ++i) {
            uses.push_back(repos.redeemCodes().addUse("c1"));
        }
        repos.redeemCodes().setDisabled("c2", true);
    });
    EXPECT_EQ(redemptions, (std::vector<bool>{true, false, true}));
    EXPECT_EQ(uses, (std::vector<bool>{true, true, false}));
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.redeemCodes().findById("c1"); })->usedCount, 2);
    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.redeemCodes().findById("c2"); })->disabled);

    const auto list = reading(store(), [](Repositories& repos) { return repos.redeemCodes().list({0, 10}); });
    ASSERT_EQ(list.size(), 2u);
    EXPECT_EQ(list[0].id, "c2"); // newest first
    EXPECT_EQ(list[1].id, "c1");
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.redeemCodes().list({1, 10}); }).size(), 1u);

    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.redeemCodes().redeemersOf("c1"); }),
              (std::vector<std::string>{"u1", "u2"}));
    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.redeemCodes().redeemersOf("c2"); }).empty());
}

} // namespace
} // namespace gequ::db::test
