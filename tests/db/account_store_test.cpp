// Users, sessions and SMS codes.

#include "gequ/db/db_exception.h"
#include "test_support.h"

#include <atomic>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::Repositories;

TEST_P(StoreTest, UserRoundTripsEveryField) {
    domain::User user = makeUser("u1", "13800000001", 0);
    user.nickname = "小明😀";
    user.avatarUrl = "/media/a.png";
    user.membershipLevel = 5;
    user.membershipExpiresAt = kT0 + 24h;
    user.lifetime = true;
    user.disabled = true;
    writing(store(), [&](Repositories& repos) { repos.users().insert(user); });

    const auto found = reading(store(), [](Repositories& repos) { return repos.users().findById("u1"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, "u1");
    EXPECT_EQ(found->phone, "13800000001");
    EXPECT_EQ(found->nickname, "小明😀");
    EXPECT_EQ(found->avatarUrl, "/media/a.png");
    EXPECT_EQ(found->integral, 0);
    EXPECT_EQ(found->membershipLevel, 5);
    EXPECT_EQ(found->membershipExpiresAt, kT0 + 24h);
    EXPECT_TRUE(found->lifetime);
    EXPECT_EQ(found->createdAt, kT0);
    EXPECT_TRUE(found->disabled);

    const auto byPhone = reading(store(), [](Repositories& repos) { return repos.users().findByPhone("13800000001"); });
    ASSERT_TRUE(byPhone);
    EXPECT_EQ(byPhone->id, "u1");
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.users().findById("nobody"); }));
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.users().findByPhone("13900000000"); }));
}

TEST_P(StoreTest, UserWithTheSamePhoneIsRefused) {
    addUser("u1", "13800000001");
    EXPECT_THROW(writing(store(), [](Repositories& repos) { repos.users().insert(makeUser("u2", "13800000001")); }),
                 DbException);
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.users().findById("u2"); }));
    // The store is still usable afterwards.
    addUser("u3", "13800000003");
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().count(); }), 2);
}

TEST_P(StoreTest, InsertIfPhoneFreeLeavesATakenPhoneAlone) {
    addUser("u1", "13800000001");
    bool taken = true, free = false;
    std::optional<domain::User> afterwards;
    writing(store(), [&](Repositories& repos) {
        taken = repos.users().insertIfPhoneFree(makeUser("u2", "13800000001"));
        // The unit of work goes on (a PostgreSQL transaction would be unusable after a failed statement).
        free = repos.users().insertIfPhoneFree(makeUser("u3", "13800000003"));
        afterwards = repos.users().findByPhone("13800000001");
    });
    EXPECT_FALSE(taken);
    EXPECT_TRUE(free);
    ASSERT_TRUE(afterwards);
    EXPECT_EQ(afterwards->id, "u1");
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.users().findById("u2"); }));
    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.users().findById("u3"); }));
}

TEST_P(StoreTest, AddPointsIsConditional) {
    addUser("u1", "13800000001");
    std::optional<std::int64_t> a, b, c, d, e;
    writing(store(), [&](Repositories& repos) {
        a = repos.users().addPoints("u1", 30);
        b = repos.users().addPoints("u1", -31);
        c = repos.users().addPoints("u1", -30);
        d = repos.users().addPoints("u1", -1);
        e = repos.users().addPoints("nobody", 5);
    });
    EXPECT_EQ(a, 30);
    EXPECT_EQ(b, std::nullopt);
    EXPECT_EQ(c, 0);
    EXPECT_EQ(d, std::nullopt);
    EXPECT_EQ(e, std::nullopt);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().findById("u1")->integral; }), 0);
}

TEST_P(StoreTest, UserUpdates) {
    addUser("u1", "13800000001");
    writing(store(), [](Repositories& repos) {
        repos.users().updateNickname("u1", "新名字");
        repos.users().updateMembership("u1", 3, kT0 + 30 * 24h, false);
        repos.users().setDisabled("u1", true);
    });
    auto user = reading(store(), [](Repositories& repos) { return repos.users().findById("u1"); });
    ASSERT_TRUE(user);
    EXPECT_EQ(user->nickname, "新名字");
    EXPECT_EQ(user->membershipLevel, 3);
    EXPECT_EQ(user->membershipExpiresAt, kT0 + 30 * 24h);
    EXPECT_FALSE(user->lifetime);
    EXPECT_TRUE(user->disabled);

    writing(store(), [](Repositories& repos) {
        repos.users().updateMembership("u1", 6, std::nullopt, true);
        repos.users().setDisabled("u1", false);
    });
    user = reading(store(), [](Repositories& repos) { return repos.users().findById("u1"); });
    EXPECT_EQ(user->membershipLevel, 6);
    EXPECT_EQ(user->membershipExpiresAt, std::nullopt);
    EXPECT_TRUE(user->lifetime);
    EXPECT_FALSE(user->disabled);
}

TEST_P(StoreTest, UsersListOldestFirstInPages) {
    writing(store(), [](Repositories& repos) {
        for (int i = 0; i < 5; ++i) {
            auto user = makeUser("u" + std::to_string(i), "1380000000" + std::to_string(i));
            user.createdAt = kT0 + std::chrono::minutes(5 - i); // u4 is the oldest
            repos.users().insert(user);
        }
    });
    const auto first = reading(store(), [](Repositories& repos) { return repos.users().list({0, 2}); });
    const auto rest = reading(store(), [](Repositories& repos) { return repos.users().list({2, 10}); });
    ASSERT_EQ(first.size(), 2u);
    ASSERT_EQ(rest.size(), 3u);
    EXPECT_EQ(first[0].id, "u4");
    EXPECT_EQ(first[1].id, "u3");
    EXPECT_EQ(rest[2].id, "u0");
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().count(); }), 5);
}

TEST_P(StoreTest, Sessions) {
    addUser("u1", "13800000001");
    domain::Session session{"hash-a", "u1", kT0, kT0 + 30 * 24h, std::nullopt, "203.0.113.7"};
    domain::Session other{"hash-b", "u1", kT0, kT0 + 30 * 24h, std::nullopt, "::1"};
    writing(store(), [&](Repositories& repos) {
        repos.sessions().insert(session);
        repos.sessions().insert(other);
    });
    auto found = reading(store(), [](Repositories& repos) { return repos.sessions().findByTokenHash("hash-a"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->userId, "u1");
    EXPECT_EQ(found->createdAt, kT0);
    EXPECT_EQ(found->expiresAt, kT0 + 30 * 24h);
    EXPECT_EQ(found->revokedAt, std::nullopt);
    EXPECT_EQ(found->lastIp, "203.0.113.7");
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.sessions().findByTokenHash("nope"); }));

    // Authentication's one read: the session with its owner's flag.
    const auto owner = [&](const std::string& hash) {
        return reading(store(), [&](Repositories& repos) { return repos.sessions().findWithOwner(hash); });
    };
    ASSERT_TRUE(owner("hash-a"));
    EXPECT_EQ(owner("hash-a")->session.userId, "u1");
    EXPECT_EQ(owner("hash-a")->session.lastIp, "203.0.113.7");
    EXPECT_EQ(owner("hash-a")->session.expiresAt, kT0 + 30 * 24h);
    EXPECT_FALSE(owner("hash-a")->ownerDisabled);
    EXPECT_FALSE(owner("nope"));
    writing(store(), [](Repositories& repos) { repos.users().setDisabled("u1", true); });
    EXPECT_TRUE(owner("hash-a")->ownerDisabled);
    writing(store(), [](Repositories& repos) { repos.users().setDisabled("u1", false); });
    EXPECT_FALSE(owner("hash-b")->ownerDisabled);

    writing(store(), [](Repositories& repos) { repos.sessions().revoke("hash-a", kT0 + 1h); });
    writing(store(), [](Repositories& repos) { repos.sessions().revoke("hash-a", kT0 + 2h); }); // no-op
    found = reading(store(), [](Repositories& repos) { return repos.sessions().findByTokenHash("hash-a"); });
    EXPECT_EQ(found->revokedAt, kT0 + 1h);

    writing(store(), [](Repositories& repos) { repos.sessions().revokeAllForUser("u1", kT0 + 3h); });
    EXPECT_EQ(
        reading(store(), [](Repositories& repos) { return repos.sessions().findByTokenHash("hash-a"); })->revokedAt,
        kT0 + 1h);
    EXPECT_EQ(
        reading(store(), [](Repositories& repos) { return repos.sessions().findByTokenHash("hash-b"); })->revokedAt,
        kT0 + 3h);
}

domain::SmsCode code(const std::string& phone, const std::string& hash, domain::TimePoint at, const std::string& ip) {
    domain::SmsCode c;
    c.phone = phone;
    c.codeHash = hash;
    c.createdAt = at;
    c.expiresAt = at + 5min;
    c.ip = ip;
    return c;
}

TEST_P(StoreTest, SmsCodes) {
    std::int64_t first = 0, second = 0, third = 0;
    writing(store(), [&](Repositories& repos) {
        first = repos.smsCodes().insert(code("13800000001", "h1", kT0, "1.1.1.1"));
        second = repos.smsCodes().insert(code("13800000001", "h2", kT0 + 1min, "1.1.1.1"));
        third = repos.smsCodes().insert(code("13800000002", "h3", kT0 + 2min, "2.2.2.2"));
    });
    EXPECT_GT(first, 0);
    EXPECT_GT(second, first);
    EXPECT_GT(third, second);

    auto latest =
        reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatestActive("13800000001"); });
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->id, second);
    EXPECT_EQ(latest->codeHash, "h2");
    EXPECT_EQ(latest->createdAt, kT0 + 1min);
    EXPECT_EQ(latest->expiresAt, kT0 + 6min);
    EXPECT_EQ(latest->attempts, 0);
    EXPECT_EQ(latest->consumedAt, std::nullopt);
    EXPECT_EQ(latest->ip, "1.1.1.1");

    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForPhoneSince("13800000001", kT0); }), 2);
    EXPECT_EQ(
        reading(store(), [](Repositories& r) { return r.smsCodes().countForPhoneSince("13800000001", kT0 + 1min); }),
        1);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForIpSince("1.1.1.1", kT0); }), 2);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForIpSince("2.2.2.2", kT0 + 3min); }), 0);

    int attempts1 = 0, attempts2 = 0;
    bool consumed1 = false, consumed2 = true;
    writing(store(), [&](Repositories& repos) {
        attempts1 = repos.smsCodes().addAttempt(second);
        attempts2 = repos.smsCodes().addAttempt(second);
        consumed1 = repos.smsCodes().consume(second, kT0 + 2min);
        consumed2 = repos.smsCodes().consume(second, kT0 + 3min);
    });
    EXPECT_EQ(attempts1, 1);
    EXPECT_EQ(attempts2, 2);
    EXPECT_TRUE(consumed1);
    EXPECT_FALSE(consumed2);

    // The newest code is consumed: the newest active one is the older code now; findLatest still sees the newest.
    latest = reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatestActive("13800000001"); });
    ASSERT_TRUE(latest);
    EXPECT_EQ(latest->id, first);
    auto newest = reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatest("13800000001"); });
    ASSERT_TRUE(newest);
    EXPECT_EQ(newest->id, second);
    EXPECT_EQ(newest->attempts, 2);
    EXPECT_EQ(newest->consumedAt, kT0 + 2min);

    writing(store(), [](Repositories& repos) { repos.smsCodes().consumeAllForPhone("13800000001", kT0 + 4min); });
    EXPECT_FALSE(
        reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatestActive("13800000001"); }));
    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatestActive("13800000002"); }));
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatest("13800000009"); }));
}

TEST_P(StoreTest, ReservedSmsCodesCountButCannotBeUsedUntilActivated) {
    std::int64_t active = 0, reserved = 0;
    writing(store(), [&](Repositories& repos) {
        active = repos.smsCodes().insert(code("13800000001", "h1", kT0, "1.1.1.1"));
        auto pending = code("13800000001", "h2", kT0 + 1min, "1.1.1.1");
        pending.consumedAt = pending.createdAt;
        reserved = repos.smsCodes().insert(pending);
    });
    auto latestActive = [&] {
        return reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatestActive("13800000001"); });
    };
    ASSERT_TRUE(latestActive());
    EXPECT_EQ(latestActive()->id, active);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().findLatest("13800000001")->id; }), reserved);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForPhoneSince("13800000001", kT0); }), 2);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForIpSince("1.1.1.1", kT0); }), 2);

    // Sent: the older code is invalidated and the reserved one becomes the active one.
    writing(store(), [&](Repositories& repos) {
        repos.smsCodes().consumeAllForPhone("13800000001", kT0 + 1min);
        repos.smsCodes().activate(reserved);
    });
    ASSERT_TRUE(latestActive());
    EXPECT_EQ(latestActive()->id, reserved);
    EXPECT_EQ(latestActive()->consumedAt, std::nullopt);

    // Not sent: the reservation goes, and counts no more.
    writing(store(), [&](Repositories& repos) { repos.smsCodes().remove(reserved); });
    EXPECT_FALSE(latestActive());
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().findLatest("13800000001")->id; }), active);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForPhoneSince("13800000001", kT0); }), 1);
    writing(store(), [](Repositories& repos) { repos.smsCodes().remove(424242); }); // unknown: no-op
}

TEST_P(StoreTest, LockSerialisesUnitsOfWorkOnTheSameKey) {
    addUser("u1", "13800000001");
    auto other = openAgain(2);
    std::atomic<bool> locked{false};
    std::optional<domain::User> seen;
    std::thread second;
    writing(store(), [&](Repositories& repos) {
        repos.smsCodes().lock("sms:phone:13800000001");
        second = std::thread([&] {
            while (!locked) {
                std::this_thread::yield();
            }
            writing(*other, [&](Repositories& r) {
                r.smsCodes().lock("sms:phone:13800000001");
                seen = r.users().findById("u1"); // runs only once the first unit of work has committed
            });
        });
        locked = true;
        std::this_thread::sleep_for(100ms);
        repos.users().updateNickname("u1", "先到");
    });
    second.join();
    ASSERT_TRUE(seen);
    EXPECT_EQ(seen->nickname, "先到");
    // Another key does not wait (and locks are released at the end of the unit of work).
    writing(*other, [](Repositories& r) { r.smsCodes().lock("sms:ip:10.0.0.1"); });
}

} // namespace
} // namespace gequ::db::test
