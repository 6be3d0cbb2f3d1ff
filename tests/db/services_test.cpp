// The ledger and admin services on a real store.

#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/ledger.h"
#include "test_support.h"

#include <algorithm>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::ErrorCode;
using domain::Repositories;

class ServiceTest : public StoreTest {
protected:
    domain::Result<domain::PointsRecord> apply(const std::string& userId, std::int64_t delta, const std::string& ref) {
        return domain::inTransaction(store(), [&](Repositories& repos) {
            return domain::applyPoints(repos, userId, delta, "备注", ref, kT0 + 1min);
        });
    }
    std::int64_t integral(const std::string& id) {
        return reading(store(), [&](Repositories& repos) { return repos.users().findById(id)->integral; });
    }
    std::int64_t records(const std::string& id) {
        return reading(store(), [&](Repositories& repos) { return repos.points().countByUser(id); });
    }
    /// Whether any problem sentence names `userId` and contains `text`.
    static bool mentions(const std::vector<std::string>& problems, const std::string& userId, const std::string& text) {
        return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) {
            return p.find(userId) != std::string::npos && p.find(text) != std::string::npos;
        });
    }

    FixedClock _clock{kT0};
    CountingIds _ids;
};

TEST_P(ServiceTest, ApplyPointsWritesTheChangeAndItsRecord) {
    addUser("u1", "13800000001", 20);
    const auto charged = apply("u1", -10, "task:t1:charge");
    ASSERT_TRUE(charged.ok());
    EXPECT_EQ(charged->userId, "u1");
    EXPECT_EQ(charged->delta, -10);
    EXPECT_EQ(charged->type, domain::PointsType::Decrease);
    EXPECT_EQ(charged->balance, 10);
    EXPECT_EQ(charged->remark, "备注");
    EXPECT_EQ(charged->ref, "task:t1:charge");
    EXPECT_EQ(charged->createdAt, kT0 + 1min);
    EXPECT_EQ(integral("u1"), 10);

    const auto refunded = apply("u1", 10, "task:t1:refund");
    ASSERT_TRUE(refunded.ok());
    EXPECT_EQ(refunded->type, domain::PointsType::Increase);
    EXPECT_EQ(refunded->balance, 20);
    const auto newest = reading(store(), [](Repositories& repos) { return repos.points().listByUser("u1", {0, 1}); });
    ASSERT_EQ(newest.size(), 1u);
    EXPECT_EQ(newest[0].ref, "task:t1:refund");
    EXPECT_EQ(newest[0].balance, 20);
}

TEST_P(ServiceTest, ApplyPointsRefusesWithoutWriting) {
    addUser("u1", "13800000001", 10);
    const auto insufficient = apply("u1", -11, "task:t1:charge");
    ASSERT_FALSE(insufficient.ok());
    EXPECT_EQ(insufficient.error().code, ErrorCode::InsufficientPoints);
    EXPECT_EQ(insufficient.error().message, "积分不足，请充值或开通会员");

    const auto duplicate = apply("u1", 5, "test:u1"); // the ref addUser used
    ASSERT_FALSE(duplicate.ok());
    EXPECT_EQ(duplicate.error().code, ErrorCode::Conflict);
    EXPECT_EQ(duplicate.error().message, "重复的积分操作");

    const auto unknown = apply("nobody", 5, "admin:x");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code, ErrorCode::NotFound);
    EXPECT_EQ(unknown.error().message, "用户不存在");

    EXPECT_EQ(integral("u1"), 10);
    EXPECT_EQ(records("u1"), 1);
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.points().hasRef("task:t1:charge"); }));
}

TEST_P(ServiceTest, AFailedApplyWritesNothingEvenIfTheCallerCommits) {
    // (The race where the ref arrives between the check and the append is covered by the concurrency tests.)
    addUser("u1", "13800000001", 10);
    store().transact([](Repositories& repos) {
        const auto result = domain::applyPoints(repos, "u1", -5, "备注", "test:u1", kT0);
        EXPECT_FALSE(result.ok());
        return true; // commits anyway: nothing may have been written
    });
    EXPECT_EQ(integral("u1"), 10);
    EXPECT_EQ(records("u1"), 1);
}

TEST_P(ServiceTest, CheckPassesOnAConsistentDatabase) {
    addUser("u1", "13800000001", 20);
    addUser("u2", "13800000002", 0);
    ASSERT_TRUE(apply("u1", -10, "task:t1:charge").ok());
    writing(store(), [](Repositories& repos) { repos.users().updateMembership("u2", 5, std::nullopt, true); });
    domain::AdminService admin(store(), _clock, _ids);
    EXPECT_EQ(admin.check(), std::vector<std::string>{});
}

TEST_P(ServiceTest, CheckFindsACorruptedLedger) {
    addUser("u1", "13800000001", 20);
    addUser("u2", "13800000002", 20);
    addUser("u3", "13800000003", 20);
    writing(store(), [](Repositories& repos) {
        // u1: a record whose balance does not follow from the previous one (and an integral that no longer matches).
        domain::PointsRecord bad;
        bad.userId = "u1";
        bad.delta = -5;
        bad.type = domain::PointsType::Decrease;
        bad.balance = 99;
        bad.ref = "corrupt:u1";
        bad.createdAt = kT0;
        repos.points().append(bad);
        // u2: points changed without a record.
        repos.users().addPoints("u2", 7);
    });
    domain::AdminService admin(store(), _clock, _ids);
    const auto problems = admin.check();
    EXPECT_TRUE(mentions(problems, "u1", "余额")) << problems.size();
    EXPECT_TRUE(mentions(problems, "u2", "积分"));
    EXPECT_FALSE(mentions(problems, "u3", ""));
}

TEST_P(ServiceTest, CheckFindsBrokenMemberships) {
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    addUser("u3", "13800000003");
    addUser("u4", "13800000004");
    writing(store(), [](Repositories& repos) {
        repos.users().updateMembership("u1", 7, kT0 + 24h, false);      // level out of range
        repos.users().updateMembership("u2", 3, std::nullopt, false);   // a level with neither expiry nor lifetime
        repos.users().updateMembership("u3", 2, std::nullopt, true);    // lifetime below level 5
        repos.users().updateMembership("u4", 3, kT0 + 30 * 24h, false); // fine
    });
    domain::AdminService admin(store(), _clock, _ids);
    const auto problems = admin.check();
    EXPECT_TRUE(mentions(problems, "u1", "会员等级"));
    EXPECT_TRUE(mentions(problems, "u2", "到期时间"));
    EXPECT_TRUE(mentions(problems, "u3", "永久会员"));
    EXPECT_FALSE(mentions(problems, "u4", ""));
    EXPECT_EQ(problems.size(), 3u);
}

TEST_P(ServiceTest, GrantPoints) {
    addUser("u1", "13800000001", 20);
    domain::AdminService admin(store(), _clock, _ids);

    const auto granted = admin.grantPoints("u1", 100, "活动奖励");
    ASSERT_TRUE(granted.ok());
    EXPECT_EQ(granted->balance, 120);
    EXPECT_EQ(granted->remark, "活动奖励");
    EXPECT_EQ(granted->ref, "admin:id-1");
    EXPECT_EQ(granted->createdAt, kT0);

    const auto byPhone = admin.grantPoints("+86 13800000001", 5, "  ");
    ASSERT_TRUE(byPhone.ok()) << byPhone.error().message;
    EXPECT_EQ(byPhone->userId, "u1");
    EXPECT_EQ(byPhone->remark, "系统调整");
    EXPECT_EQ(byPhone->balance, 125);

    const auto toZero = admin.grantPoints("13800000001", -125, "");
    ASSERT_TRUE(toZero.ok());
    EXPECT_EQ(toZero->balance, 0);
    EXPECT_EQ(toZero->type, domain::PointsType::Decrease);

    const auto belowZero = admin.grantPoints("u1", -1, "");
    ASSERT_FALSE(belowZero.ok());
    EXPECT_EQ(belowZero.error().code, ErrorCode::InsufficientPoints);

    const auto unknown = admin.grantPoints("13900000000", 5, "");
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code, ErrorCode::NotFound);
    EXPECT_EQ(unknown.error().message, "用户不存在");

    const auto zero = admin.grantPoints("u1", 0, "");
    ASSERT_FALSE(zero.ok());
    EXPECT_EQ(zero.error().code, ErrorCode::InvalidInput);

    EXPECT_EQ(integral("u1"), 0);
    EXPECT_EQ(records("u1"), 4);
    EXPECT_EQ(admin.check(), std::vector<std::string>{});
}

TEST_P(ServiceTest, Stats) {
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    writing(store(), [](Repositories& repos) {
        auto song = makeSong("s1", "u1", kT0);
        repos.songs().insert(song);
        song = makeSong("s2", "u1", kT0);
        song.complete = domain::SongStatus::Generating;
        repos.songs().insert(song);
        repos.tasks().insert(makeTask("t1", "u1", kT0));
        repos.orders().insert(makeOrder("GQ1", "u2", kT0));
    });
    domain::AdminService admin(store(), _clock, _ids);
    const auto stats = admin.stats();
    EXPECT_EQ(stats.users, 2);
    EXPECT_EQ(stats.songsByStatus, (std::vector<std::pair<domain::SongStatus, std::int64_t>>{
                                       {domain::SongStatus::Generating, 1}, {domain::SongStatus::Done, 1}}));
    EXPECT_EQ(stats.tasksByState,
              (std::vector<std::pair<domain::TaskState, std::int64_t>>{{domain::TaskState::Queued, 1}}));
    EXPECT_EQ(stats.ordersByState,
              (std::vector<std::pair<domain::OrderState, std::int64_t>>{{domain::OrderState::Created, 1}}));
}

INSTANTIATE_TEST_SUITE_P(Backends, ServiceTest, testing::Values(Backend::Sqlite, Backend::Postgresql), backendName);

} // namespace
} // namespace gequ::db::test
