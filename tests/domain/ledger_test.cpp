#include "gequ/domain/model/ledger.h"

#include <gtest/gtest.h>

using namespace gequ::domain;

namespace {

PointsRecord record(std::int64_t delta, std::int64_t balance, std::string ref) {
    PointsRecord r;
    r.userId = "u1";
    r.delta = delta;
    r.type = pointsTypeOf(delta);
    r.balance = balance;
    r.ref = std::move(ref);
    return r;
}

User userWith(std::int64_t integral) {
    User user;
    user.id = "u1";
    user.integral = integral;
    return user;
}

/// A consistent history: sign-up, two creations, one refunded, a plan.
std::vector<PointsRecord> history() {
    return {record(20, 20, "signup:u1"), record(-10, 10, "task:t1:charge"), record(-10, 0, "task:t2:charge"),
            record(10, 10, "task:t2:refund"), record(220, 230, "order:N1")};
}

bool mentions(const std::vector<std::string>& violations, std::string_view words) {
    for (const std::string& v : violations) {
        if (v.find(words) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

TEST(Ledger, Constants) {
    EXPECT_EQ(kSignupBonus, 20);
    EXPECT_EQ(kCreateCost, 10);
    EXPECT_EQ(kSignupRemark, "新用户注册赠送");
    EXPECT_EQ(kRefundRemark, "生成失败退还积分");
    EXPECT_EQ(createRemark("夏天"), "创作歌曲《夏天》");
}

TEST(Ledger, Refs) {
    EXPECT_EQ(signupRef("u1"), "signup:u1");
    EXPECT_EQ(taskChargeRef("t9"), "task:t9:charge");
    EXPECT_EQ(taskRefundRef("t9"), "task:t9:refund");
    EXPECT_EQ(orderRef("GQ2025"), "order:GQ2025");
    EXPECT_EQ(redeemRef("c1", "u1"), "redeem:c1:u1");
    EXPECT_EQ(adminRef("0b1c"), "admin:0b1c");
}

TEST(Ledger, TypeFollowsTheSign) {
    EXPECT_EQ(pointsTypeOf(20), PointsType::Increase);
    EXPECT_EQ(pointsTypeOf(-10), PointsType::Decrease);
}

TEST(Ledger, ConsistentHistoryHasNoViolations) {
    auto records = history();
    EXPECT_TRUE(checkLedger(userWith(230), records).empty());
    EXPECT_TRUE(checkLedger(userWith(0), {}).empty());
    EXPECT_TRUE(duplicateRefs(records).empty());
}

TEST(Ledger, IntegralDiffersFromTheSum) {
    auto violations = checkLedger(userWith(240), history());
    ASSERT_EQ(violations.size(), 1u);
    EXPECT_TRUE(mentions(violations, "用户 u1 的积分 240 与积分记录合计 230 不符")) << violations[0];
    EXPECT_EQ(checkLedger(userWith(5), {}).size(), 1u);
}

TEST(Ledger, BalanceDiffersFromTheRunningSum) {
    auto records = history();
    records[1].balance = 15;
    auto violations = checkLedger(userWith(230), records);
    ASSERT_EQ(violations.size(), 1u);
    EXPECT_TRUE(mentions(violations, "第2条积分记录（task:t1:charge）的余额 15 与累计值 10 不符")) << violations[0];
}

TEST(Ledger, NegativeBalance) {
    std::vector<PointsRecord> records = {record(-10, -10, "task:t1:charge")};
    auto violations = checkLedger(userWith(-10), records);
    ASSERT_EQ(violations.size(), 1u);
    EXPECT_TRUE(mentions(violations, "余额为负数：-10")) << violations[0];
}

TEST(Ledger, TypeInconsistentWithDelta) {
    auto records = history();
    records[2].type = PointsType::Increase;
    records[3].type = PointsType::Decrease;
    auto violations = checkLedger(userWith(230), records);
    ASSERT_EQ(violations.size(), 2u);
    EXPECT_TRUE(mentions(violations, "第3条积分记录（task:t2:charge）的类型与变动 -10 的方向不符"));
    EXPECT_TRUE(mentions(violations, "第4条积分记录（task:t2:refund）的类型与变动 10 的方向不符"));
}

TEST(Ledger, DuplicateRefs) {
    auto records = history();
    records.push_back(record(10, 240, "task:t2:refund"));
    records.push_back(record(10, 250, "task:t2:refund"));
    records.push_back(record(20, 270, "signup:u1"));
    EXPECT_EQ(duplicateRefs(records), (std::vector<std::string>{"task:t2:refund", "signup:u1"}));
}
