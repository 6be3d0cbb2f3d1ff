// The orders' background upkeep in gequ-server: makeOrderUpkeep's job runs OrderService::reconcile() every interval
// (expired orders closed, a payment the provider reports fulfilled) and stops promptly.

#include "gequ/db/database.h"
#include "gequ/server/upkeep.h"
#include "temp_dir.h"
#include "test_clock.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <mutex>
#include <set>
#include <thread>

namespace gequ::server::test {
namespace {

using gequ::test::TempDir;

using namespace std::chrono_literals;

const domain::TimePoint kNow = domain::fromEpochMillis(1795255200000);

class CountingRandom : public domain::Random {
public:
    std::string bytes(std::size_t n) override { return std::string(n, 'x'); }
    std::int64_t uniform(std::int64_t low, std::int64_t) override { return low; }
};

/// A provider that reports one order paid and knows nothing of the others.
class OnePaidGateway : public domain::PaymentGateway {
public:
    domain::Result<domain::PaymentStart> start(const domain::PaymentRequest&) override {
        return domain::PaymentStart{};
    }
    domain::Result<domain::PaymentResult> query(const std::string& orderNo) override {
        domain::PaymentResult result;
        result.orderNo = orderNo;
        if (orderNo == "GQPAID") {
            result.paid = true;
            result.paidAmountFen = 100;
            result.appId = result.mchId = "m";
            result.paidAt = kNow - 1min;
        }
        return result;
    }
    domain::Status close(const std::string& orderNo) override {
        std::lock_guard lock(_mutex);
        closed.insert(orderNo);
        return domain::success();
    }
    std::string name() const override { return "test"; }
    domain::MerchantIdentity merchant() const override { return {"m", "m"}; }

    std::set<std::string> closed;

private:
    std::mutex _mutex;
};

domain::Order order(const std::string& no) {
    domain::Order order;
    order.orderNo = no;
    order.userId = "u1";
    order.planId = 2;
    order.amountFen = 100;
    order.provider = "test";
    order.createdAt = kNow - 10min;
    order.expiresAt = kNow - 5min;
    return order;
}

domain::OrderState stateOf(domain::Store& store, const std::string& no) {
    return domain::readOnly(store, [&](domain::Repositories& repos) { return repos.orders().findByNo(no)->state; });
}

TEST(OrderUpkeepTest, SettlesOpenOrdersOnEveryIntervalAndStopsPromptly) {
    TempDir dir;
    auto store = db::openStore("sqlite:" + (dir / "gequ.db"), 2);
    store->transact([](domain::Repositories& repos) {
        domain::User user;
        user.id = "u1";
        user.phone = "13800000001";
        user.createdAt = kNow - 24h;
        repos.users().insert(user);
        repos.orders().insert(order("GQPAID"));
        repos.orders().insert(order("GQLATE"));
        return true;
    });
    gequ::test::TestClock clock{kNow};
    CountingRandom random;
    OnePaidGateway gateway;
    domain::OrderService orders(*store, clock, random, gateway, nullptr, nullptr);

    const auto upkeep = makeOrderUpkeep(orders, 20ms);
    upkeep->start();
    for (int i = 0; i < 500 && upkeep->passes() < 2; ++i) {
        std::this_thread::sleep_for(10ms);
    }
    upkeep->stop();
    EXPECT_GE(upkeep->passes(), 2u);
    EXPECT_EQ(stateOf(*store, "GQPAID"), domain::OrderState::Paid);
    EXPECT_EQ(stateOf(*store, "GQLATE"), domain::OrderState::Closed);
    EXPECT_EQ(gateway.closed, std::set<std::string>{"GQLATE"});
    const auto user =
        domain::readOnly(*store, [](domain::Repositories& repos) { return repos.users().findById("u1"); });
    EXPECT_EQ(user->integral, 20);
    EXPECT_EQ(user->membershipLevel, 1);
    upkeep->stop(); // idempotent
}

TEST(OrderUpkeepTest, StopsBeforeItsFirstPass) {
    TempDir dir;
    auto store = db::openStore("sqlite:" + (dir / "gequ.db"), 1);
    gequ::test::TestClock clock{kNow};
    CountingRandom random;
    OnePaidGateway gateway;
    domain::OrderService orders(*store, clock, random, gateway, nullptr, nullptr);
    const auto upkeep = makeOrderUpkeep(orders, std::chrono::hours{1});
    upkeep->start();
    upkeep->stop(); // returns at once, without waiting for the hour
    EXPECT_EQ(upkeep->passes(), 0u);
}

} // namespace
} // namespace gequ::server::test
