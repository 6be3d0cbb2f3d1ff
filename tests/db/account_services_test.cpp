// The account services (login, sessions, redeem codes, user administration) on both databases, races included.

#include "connection.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/redeem_service.h"
#include "gequ/domain/services/user_service.h"
#include "test_support.h"
#include "url.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::ErrorCode;
using domain::Repositories;

constexpr const char* kPhone = "13800138000";
constexpr const char* kSecret = "a-test-secret-of-at-least-32-characters";
/// A code is good only for the network that asked for it: the owner and a guesser on one network (a /24).
const domain::LoginOrigin kOwner{"10.0.0.1", "10.0.0.0/24"};
const domain::LoginOrigin kGuesser{"10.0.0.66", "10.0.0.0/24"};

class AccountServiceTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        domain::AuthSettings settings;
        settings.secret = "a-test-secret-of-at-least-32-characters";
        settings.challengeMaxNumber = 1000;
        _auth = std::make_unique<domain::AuthService>(store(), _clock, _random, _ids, _hasher, _sms, settings);
        _users = std::make_unique<domain::UserService>(store(), _clock);
        _redeem = std::make_unique<domain::RedeemService>(store(), _clock, _random, _ids, _hasher, settings.secret);
        _admin = std::make_unique<domain::AdminService>(store(), _clock, _ids);
    }
    void TearDown() override {
        _admin.reset();
        _redeem.reset();
        _users.reset();
        _auth.reset();
        StoreTest::TearDown();
    }

    /// Requests a code and logs in with it; the token.
    std::string login(const std::string& phone, const std::string& ip = "10.0.0.1") {
        auto sent = _auth->requestCode(phone, ip);
        EXPECT_TRUE(sent.ok()) << (sent.ok() ? "" : sent.error().message);
        auto result = _auth->login(phone, _sms.lastCode(phone), ip);
        EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
        return result.ok() ? result->token : std::string();
    }
    std::string oneCode(std::int64_t points, std::optional<int> planId = std::nullopt, int maxUses = 1) {
        domain::RedeemCodeSpec spec;
        spec.points = points;
        spec.planId = planId;
        spec.maxUses = maxUses;
        auto issued = _redeem->createCodes(spec);
        EXPECT_TRUE(issued.ok());
        return issued.ok() ? issued->front().plain : std::string();
    }
    /// Solves a challenge by brute force, as the altcha widget does.
    domain::ChallengeSolution solve(const domain::LoginChallenge& challenge) {
        for (std::int64_t n = 0; n <= challenge.maxNumber; ++n) {
            if (_hasher.sha256Hex(challenge.salt + std::to_string(n)) == challenge.challenge) {
                return {challenge.algorithm, challenge.challenge, n, challenge.salt, challenge.signature};
            }
        }
        ADD_FAILURE() << "no solution";
        return {};
    }
    std::int64_t codeRows(const std::string& phone) {
        return reading(store(), [&](Repositories& repos) {
            return repos.smsCodes().countForPhoneSince(phone, domain::fromEpochMillis(0));
        });
    }

    FixedClock _clock{kT0};
    CountingIds _ids;
    PocoHasher _hasher;
    TestRandom _random;
    RecordingSms _sms;
    std::unique_ptr<domain::AuthService> _auth;
    std::unique_ptr<domain::UserService> _users;
    std::unique_ptr<domain::RedeemService> _redeem;
    std::unique_ptr<domain::AdminService> _admin;
};

TEST_P(AccountServiceTest, FirstLoginRegistersWithTheGiftAndASession) {
    ASSERT_TRUE(_auth->requestCode("+86 13800138000", kOwner).ok());
    auto result = _auth->login(kPhone, _sms.lastCode(kPhone), {"10.0.0.2", kOwner.network}); // the same network
    ASSERT_TRUE(result.ok());
    EXPECT_TRUE(result->isNew);
    EXPECT_EQ(result->token.size(), 43u);
    ASSERT_TRUE(_auth->authenticate(result->token));
    EXPECT_EQ(_auth->authenticate(result->token)->userId, result->userId);
    EXPECT_EQ(_auth->authenticate(result->token)->expiresAt, _clock.now() + std::chrono::days{30});

    auto user = reading(store(), [&](Repositories& repos) { return repos.users().findById(result->userId); });
    ASSERT_TRUE(user);
    EXPECT_EQ(user->phone, kPhone);
    EXPECT_EQ(user->nickname, "用户8000");
    EXPECT_EQ(user->integral, 20);
    EXPECT_EQ(user->createdAt, kT0);
    auto records = reading(store(), [&](Repositories& repos) { return repos.points().allByUser(result->userId); });
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].ref, "signup:" + result->userId);
    EXPECT_EQ(records[0].remark, "新用户注册赠送");
    auto session = reading(store(), [&](Repositories& repos) {
        return repos.sessions().findByTokenHash(_hasher.sha256Hex(result->token));
    });
    ASSERT_TRUE(session);
    EXPECT_EQ(session->lastIp, "10.0.0.2");
    EXPECT_EQ(session->expiresAt, kT0 + std::chrono::days{30});
    EXPECT_TRUE(_admin->check().empty());

    _auth->logout(result->token);
    EXPECT_FALSE(_auth->authenticate(result->token));
    EXPECT_FALSE(_auth->authenticate(""));
    EXPECT_FALSE(_auth->authenticate("unknown"));
}

TEST_P(AccountServiceTest, NoGiftWhenTheBonusIsZero) {
    domain::AuthSettings settings;
    settings.secret = "another-test-secret-of-32-characters!";
    settings.signupBonus = 0;
    settings.sessionDays = 2;
    domain::AuthService auth(store(), _clock, _random, _ids, _hasher, _sms, settings);
    ASSERT_TRUE(auth.requestCode(kPhone, "10.0.0.1").ok());
    auto result = auth.login(kPhone, _sms.lastCode(kPhone), "10.0.0.1");
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(reading(store(), [&](Repositories& repos) { return repos.points().countByUser(result->userId); }), 0);
    _clock.advance(std::chrono::days{2} - 1ms);
    EXPECT_TRUE(auth.authenticate(result->token));
    _clock.advance(1ms);
    EXPECT_FALSE(auth.authenticate(result->token));
}

TEST_P(AccountServiceTest, AProviderFailureLeavesNoCodeAndKeepsTheOldOne) {
    ASSERT_TRUE(_auth->requestCode(kPhone, "10.0.0.1").ok());
    const std::string first = _sms.lastCode(kPhone);
    _clock.advance(61s);
    _sms.setFailing(true);
    auto failed = _auth->requestCode(kPhone, "10.0.0.1");
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.error().code, ErrorCode::Upstream);
    EXPECT_EQ(codeRows(kPhone), 1);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.smsCodes().countForIpSince("10.0.0.1", kT0); }), 1);
    _sms.setFailing(false);
    EXPECT_TRUE(_auth->login(kPhone, first, "10.0.0.1").ok());
}

TEST_P(AccountServiceTest, ConcurrentLoginsWithOneCodeOpenOneSession) {
    ASSERT_TRUE(_auth->requestCode(kPhone, "10.0.0.1").ok());
    const std::string code = _sms.lastCode(kPhone);
    constexpr int kThreads = 12;
    std::atomic<int> succeeded{0}, refused{0}, other{0};
    inParallel(kThreads, [&](int) {
        auto result = _auth->login(kPhone, code, "10.0.0.1");
        if (result.ok()) {
            ++succeeded;
        } else if (result.error().message == "请先获取验证码") {
            ++refused;
        } else {
            ++other;
        }
    });
    EXPECT_EQ(succeeded.load(), 1);
    EXPECT_EQ(refused.load(), kThreads - 1);
    EXPECT_EQ(other.load(), 0);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().count(); }), 1);
    EXPECT_TRUE(_admin->check().empty());
}

TEST_P(AccountServiceTest, ConcurrentCodeRequestsForOnePhoneSendOne) {
    constexpr int kThreads = 12;
    std::atomic<int> sent{0}, limited{0};
    inParallel(kThreads, [&](int i) {
        // Twelve clients of one network: its one code per 60 s holds under concurrency.
        auto result = _auth->requestCode(kPhone, {"10.0.0." + std::to_string(i), "10.0.0.0/24"});
        if (result.ok()) {
            ++sent;
        } else if (result.error().code == ErrorCode::TooManyRequests) {
            ++limited;
        }
    });
    EXPECT_EQ(sent.load(), 1);
    EXPECT_EQ(limited.load(), kThreads - 1);
    EXPECT_EQ(_sms.sentCount(), 1u);
    EXPECT_EQ(codeRows(kPhone), 1);
}

TEST_P(AccountServiceTest, ConcurrentCodeRequestsFromOneIpStopAtTwenty) {
    constexpr int kThreads = 30;
    std::atomic<int> sent{0}, limited{0};
    // Past five codes the client's network needs solved challenges: each request brings its own.
    std::vector<domain::ChallengeSolution> proofs;
    for (int i = 0; i < kThreads; ++i) {
        proofs.push_back(solve(_auth->issueChallenge()));
    }
    inParallel(kThreads, [&](int i) {
        auto result = _auth->requestCode("1380000" + std::to_string(1000 + i), {"10.0.0.9", {}},
                                         proofs[static_cast<std::size_t>(i)]);
        if (result.ok()) {
            ++sent;
        } else if (result.error().message == "操作过于频繁，请稍后再试") {
            ++limited;
        }
    });
    EXPECT_EQ(sent.load(), 20);
    EXPECT_EQ(limited.load(), 10);
}

TEST_P(AccountServiceTest, ParallelWrongGuessesFromOneClientCountFiveAndLockOnlyThatClient) {
    ASSERT_TRUE(_auth->requestCode(kPhone, kOwner).ok());
    const std::string code = _sms.lastCode(kPhone);
    const std::string wrong = code == "000000" ? "000001" : "000000";
    constexpr int kThreads = 12;
    std::atomic<int> wrongAnswers{0}, locked{0};
    inParallel(kThreads, [&](int) {
        auto result = _auth->login(kPhone, wrong, kGuesser);
        ASSERT_FALSE(result.ok());
        if (result.error().code == ErrorCode::TooManyRequests) {
            ++locked;
        } else if (result.error().message == "验证码错误") {
            ++wrongAnswers;
        }
    });
    EXPECT_EQ(wrongAnswers.load(), 5);
    EXPECT_EQ(locked.load(), kThreads - 5);
    auto row = reading(store(), [](Repositories& repos) { return repos.smsCodes().findLatestActive(kPhone); });
    ASSERT_TRUE(row);
    EXPECT_EQ(row->attempts, 5);
    auto guesser = _auth->login(kPhone, code, kGuesser);
    ASSERT_FALSE(guesser.ok());
    EXPECT_EQ(guesser.error().code, ErrorCode::TooManyRequests);
    EXPECT_TRUE(_auth->login(kPhone, code, kOwner).ok()) << "the owner's code still works";
}

TEST_P(AccountServiceTest, AnyNumberOfWrongGuessesFromOneClientNeverStopTheOwner) {
    const std::string guesser = "2001:db8:6:6::/64";
    for (int round = 0; round < 3; ++round) {
        ASSERT_TRUE(_auth->requestCode(kPhone, "10.0.0.1").ok());
        const std::string code = _sms.lastCode(kPhone);
        const std::string wrong = code == "000000" ? "000001" : "000000";
        for (int i = 0; i < 40; ++i) {
            EXPECT_FALSE(_auth->login(kPhone, wrong, guesser).ok());
        }
        auto owner = _auth->login(kPhone, code, "10.0.0.1");
        EXPECT_TRUE(owner.ok()) << (owner.ok() ? "" : owner.error().message);
        _clock.advance(61s);
    }
}

TEST_P(AccountServiceTest, TheGuesserLockEndsWithinACodesLifetime) {
    ASSERT_TRUE(_auth->requestCode(kPhone, kOwner).ok());
    const std::string wrong = _sms.lastCode(kPhone) == "000000" ? "000001" : "000000";
    for (int i = 0; i < 5; ++i) {
        EXPECT_EQ(_auth->login(kPhone, wrong, kGuesser).error().code, ErrorCode::InvalidInput);
    }
    EXPECT_EQ(_auth->login(kPhone, wrong, kGuesser).error().code, ErrorCode::TooManyRequests);
    _clock.advance(domain::kCodeLifetime - 1s);
    EXPECT_EQ(_auth->login(kPhone, wrong, kGuesser).error().code, ErrorCode::TooManyRequests);
    _clock.advance(2s); // the oldest guess is a code's lifetime old: the lock is over
    ASSERT_TRUE(_auth->requestCode(kPhone, kGuesser).ok());
    EXPECT_TRUE(_auth->login(kPhone, _sms.lastCode(kPhone), kGuesser).ok());
}

TEST_P(AccountServiceTest, OneClientGuessingAcrossPhonesIsLockedAfterTwenty) {
    for (int p = 0; p < 5; ++p) {
        const std::string phone = "1380000" + std::to_string(2000 + p);
        // Each phone's code asked for from a network of its own, which the guessing client is on too.
        const std::string network = "10." + std::to_string(p) + ".0.0/24";
        ASSERT_TRUE(_auth->requestCode(phone, {"10.0.0." + std::to_string(10 + p), network}).ok());
        const std::string wrong = _sms.lastCode(phone) == "000000" ? "000001" : "000000";
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(_auth->login(phone, wrong, {kGuesser.client, network}).error().code, ErrorCode::InvalidInput)
                << p << " " << i;
        }
    }
    const std::string sixth = "13800002005";
    const domain::LoginOrigin sixthOwner{"10.0.0.20", "10.6.0.0/24"};
    ASSERT_TRUE(_auth->requestCode(sixth, sixthOwner).ok());
    auto locked = _auth->login(sixth, _sms.lastCode(sixth), {kGuesser.client, sixthOwner.network});
    ASSERT_FALSE(locked.ok());
    EXPECT_EQ(locked.error().code, ErrorCode::TooManyRequests);
    EXPECT_TRUE(_auth->login(sixth, _sms.lastCode(sixth), sixthOwner).ok());
}

TEST_P(AccountServiceTest, TheSiteWideHourlySmsBudgetRefusesWithAClearMessage) {
    domain::AuthSettings settings;
    settings.secret = "a-test-secret-of-at-least-32-characters";
    settings.smsHourlyBudget = 3;
    domain::AuthService auth(store(), _clock, _random, _ids, _hasher, _sms, settings);
    for (int i = 0; i < 3; ++i) {
        ASSERT_TRUE(auth.requestCode("1380000" + std::to_string(3000 + i), "10.0.3." + std::to_string(i)).ok());
    }
    auto spent = auth.requestCode("13800003009", "10.0.3.9");
    ASSERT_FALSE(spent.ok());
    EXPECT_EQ(spent.error().code, ErrorCode::TooManyRequests);
    EXPECT_EQ(spent.error().message, "本小时验证码发送量已达上限，请稍后再试");
    EXPECT_EQ(_sms.sentCount(), 3u);
    _clock.advance(1h + 1ms);
    EXPECT_TRUE(auth.requestCode("13800003009", "10.0.3.9").ok());
}

TEST_P(AccountServiceTest, InsertIfPhoneFreeUnderARaceInsertsOne) {
    constexpr int kThreads = 8;
    std::atomic<int> inserted{0};
    inParallel(kThreads, [&](int i) {
        store().transact([&](Repositories& repos) {
            if (repos.users().insertIfPhoneFree(makeUser("u" + std::to_string(i), kPhone))) {
                ++inserted;
            }
            return true;
        });
    });
    EXPECT_EQ(inserted.load(), 1);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().count(); }), 1);
}

TEST_P(AccountServiceTest, ConcurrentRedeemsOfAOneUseCodeHaveOneWinner) {
    constexpr int kUsers = 12;
    std::vector<std::string> ids;
    for (int i = 0; i < kUsers; ++i) {
        const std::string token = login("1380000" + std::to_string(2000 + i), "10.0.1." + std::to_string(i));
        ids.push_back(_auth->authenticate(token)->userId);
    }
    const std::string code = oneCode(50, 3);
    std::atomic<int> won{0}, refused{0};
    inParallel(kUsers, [&](int i) {
        auto result = _redeem->redeem(ids[static_cast<std::size_t>(i)], code);
        if (result.ok()) {
            ++won;
            EXPECT_EQ(result->user.integral, 70);
            EXPECT_EQ(result->level, 2);
        } else if (result.error().message == "兑换码无效") {
            ++refused;
        }
    });
    EXPECT_EQ(won.load(), 1);
    EXPECT_EQ(refused.load(), kUsers - 1);
    EXPECT_EQ(_redeem->list({0, 1}).front().usedCount, 1);
    EXPECT_TRUE(_admin->check().empty());
}

TEST_P(AccountServiceTest, ConcurrentRedeemsByOneUserCountOnce) {
    const std::string id = _auth->authenticate(login(kPhone))->userId;
    const std::string code = oneCode(50, std::nullopt, 100);
    std::atomic<int> won{0};
    inParallel(8, [&](int) {
        if (_redeem->redeem(id, code).ok()) {
            ++won;
        }
    });
    EXPECT_EQ(won.load(), 1);
    EXPECT_EQ(reading(store(), [&](Repositories& repos) { return repos.users().findById(id)->integral; }), 70);
    EXPECT_EQ(_redeem->list({0, 1}).front().usedCount, 1);
    EXPECT_TRUE(_admin->check().empty());
}

TEST_P(AccountServiceTest, RedeemCodesAreStoredHashedAndNormalised) {
    domain::RedeemCodeSpec spec;
    spec.points = 10;
    spec.count = 3;
    spec.note = " 春节活动 ";
    auto issued = _redeem->createCodes(spec);
    ASSERT_TRUE(issued.ok());
    ASSERT_EQ(issued->size(), 3u);
    for (const auto& each : *issued) {
        EXPECT_EQ(each.plain.size(), 19u);
        EXPECT_EQ(each.plain.find_first_of("01IO"), std::string::npos) << each.plain;
        // Issue 31: an HMAC under a key derived from the server secret, as docs/accounts.md says (not a plain SHA-256).
        const std::string sha = _hasher.sha256Hex(domain::normalizeRedeemCode(each.plain));
        EXPECT_NE(each.code.codeHash, sha);
        EXPECT_EQ(each.code.codeHash, _hasher.hmacSha256Hex(_hasher.hmacSha256Hex(kSecret, "gequ redeem codes"), sha));
        EXPECT_EQ(each.code.note, "春节活动");
        auto stored =
            reading(store(), [&](Repositories& repos) { return repos.redeemCodes().findByHash(each.code.codeHash); });
        ASSERT_TRUE(stored);
        EXPECT_EQ(stored->id, each.code.id);
    }
    EXPECT_NE((*issued)[0].plain, (*issued)[1].plain);
    EXPECT_EQ(domain::normalizeRedeemCode(" abcd-efgh ijkl\tmnpq "), "ABCDEFGHIJKLMNPQ");
}

TEST_P(AccountServiceTest, CodesStoredAsPlainSha256BeforeSchemaEightAreUpgradedAndStillRedeem) {
    // A code as versions before 8 stored it: the plain SHA-256 of the normalised code, marked as such.
    const std::string plain = "ABCD-EFGH-JKLM-NPQR";
    writing(store(), [&](Repositories& repos) {
        domain::RedeemCode legacy;
        legacy.id = "legacy-1";
        legacy.codeHash = _hasher.sha256Hex(domain::normalizeRedeemCode(plain));
        legacy.points = 7;
        legacy.createdAt = _clock.now();
        repos.redeemCodes().insert(legacy);
    });
    {
        detail::Connection raw(detail::parseUrl(_url));
        detail::Query(raw, "UPDATE redeem_codes SET plain_sha256 = 1 WHERE id = 'legacy-1'").execute();
    }
    EXPECT_EQ(_redeem->upgradeStoredHashes(), 1);
    EXPECT_EQ(_redeem->upgradeStoredHashes(), 0) << "once";
    auto stored = reading(store(), [](Repositories& repos) { return repos.redeemCodes().findById("legacy-1"); });
    ASSERT_TRUE(stored);
    EXPECT_NE(stored->codeHash, _hasher.sha256Hex(domain::normalizeRedeemCode(plain))) << "no plain SHA-256 at rest";
    const std::string token = login(kPhone);
    ASSERT_FALSE(token.empty());
    const auto userId = reading(store(), [](Repositories& repos) { return repos.users().findByPhone(kPhone)->id; });
    auto redeemed = _redeem->redeem(userId, "abcd efgh jklm npqr");
    ASSERT_TRUE(redeemed.ok()) << redeemed.error().message;
    EXPECT_EQ(redeemed->user.integral, 20 + 7);
}

TEST_P(AccountServiceTest, CreateCodesValidatesItsSettings) {
    auto message = [&](domain::RedeemCodeSpec spec) {
        auto result = _redeem->createCodes(spec);
        return result.ok() ? std::string("ok") : result.error().message;
    };
    domain::RedeemCodeSpec base;
    base.points = 10;
    EXPECT_EQ(message(base), "ok");
    auto spec = base;
    spec.points = -1;
    EXPECT_EQ(message(spec), "积分必须是0到10000000之间的整数");
    spec = base;
    spec.points = 0;
    EXPECT_EQ(message(spec), "兑换码至少要包含积分或会员套餐");
    spec.planId = 6;
    EXPECT_EQ(message(spec), "ok");
    spec.planId = 1;
    EXPECT_EQ(message(spec), "套餐不存在：1");
    spec = base;
    spec.count = 0;
    EXPECT_EQ(message(spec), "数量必须是1到1000之间的整数");
    spec.count = 1001;
    EXPECT_EQ(message(spec), "数量必须是1到1000之间的整数");
    spec = base;
    spec.maxUses = 0;
    EXPECT_EQ(message(spec), "可用次数必须是1到1000000之间的整数");
    spec = base;
    spec.expiresAt = kT0;
    EXPECT_EQ(message(spec), "到期时间必须晚于现在");
    spec = base;
    spec.note = std::string(201, 'n');
    EXPECT_EQ(message(spec), "备注不能超过200个字符");
    EXPECT_EQ(_redeem->list({0, 100}).size(), 2u);
}

TEST_P(AccountServiceTest, DisablingAUserRevokesEverySessionAndEnablingAllowsLoginAgain) {
    const std::string first = login(kPhone);
    _clock.advance(61s);
    const std::string second = login(kPhone);
    const std::string other = login("13900139000");
    auto disabled = _admin->setUserDisabled(kPhone, true);
    ASSERT_TRUE(disabled.ok());
    EXPECT_TRUE(disabled->disabled);
    EXPECT_FALSE(_auth->authenticate(first));
    EXPECT_FALSE(_auth->authenticate(second));
    EXPECT_TRUE(_auth->authenticate(other));
    auto session = reading(
        store(), [&](Repositories& repos) { return repos.sessions().findByTokenHash(_hasher.sha256Hex(first)); });
    ASSERT_TRUE(session);
    EXPECT_EQ(session->revokedAt, _clock.now());

    _clock.advance(61s);
    ASSERT_TRUE(_auth->requestCode(kPhone, "10.0.0.1").ok());
    auto refused = _auth->login(kPhone, _sms.lastCode(kPhone), "10.0.0.1");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Forbidden);
    EXPECT_EQ(refused.error().message, "账号已被停用，请联系客服");

    ASSERT_TRUE(_admin->setUserDisabled(disabled->id, false).ok());
    EXPECT_FALSE(_auth->authenticate(first));
    EXPECT_TRUE(_auth->login(kPhone, _sms.lastCode(kPhone), "10.0.0.1").ok());

    auto unknown = _admin->setUserDisabled("13700000000", true);
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().code, ErrorCode::NotFound);
}

TEST_P(AccountServiceTest, ShowAndListUsers) {
    const std::string id = _auth->authenticate(login(kPhone))->userId;
    _clock.advance(1s);
    login("13900139000");
    const std::string code = oneCode(30);
    ASSERT_TRUE(_redeem->redeem(id, code).ok());

    auto detail = _admin->showUser("+86 " + std::string(kPhone), 1);
    ASSERT_TRUE(detail.ok());
    EXPECT_EQ(detail->user.id, id);
    EXPECT_EQ(detail->recordCount, 2);
    ASSERT_EQ(detail->recentRecords.size(), 1u);
    EXPECT_EQ(detail->recentRecords[0].remark, "兑换码兑换");
    EXPECT_TRUE(_admin->showUser(id, 20).ok());
    EXPECT_EQ(_admin->showUser("nobody", 20).error().code, ErrorCode::NotFound);

    auto users = _admin->listUsers({0, 10});
    ASSERT_EQ(users.size(), 2u);
    EXPECT_EQ(users[0].id, id);
    EXPECT_EQ(_admin->listUsers({1, 10}).size(), 1u);
}

TEST_P(AccountServiceTest, CheckFindsBrokenRedemptions) {
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    domain::RedeemCode code;
    code.id = "c1";
    code.codeHash = "hash-c1";
    code.points = 10;
    code.maxUses = 5;
    code.createdAt = kT0;
    domain::RedeemCode plain = code;
    plain.id = "c2";
    plain.codeHash = "hash-c2";
    writing(store(), [&](Repositories& repos) {
        repos.redeemCodes().insert(code);
        repos.redeemCodes().insert(plain);
        repos.redeemCodes().addUse("c1");                      // a use without a redemption
        repos.redeemCodes().insertRedemption("c2", "u2", kT0); // a redemption without its points
        repos.redeemCodes().addUse("c2");
    });
    const auto problems = _admin->check();
    auto mentions = [&](const std::string& a, const std::string& b) {
        return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) {
            return p.find(a) != std::string::npos && p.find(b) != std::string::npos;
        });
    };
    EXPECT_TRUE(mentions("c1", "不一致")) << problems.size();
    EXPECT_TRUE(mentions("c2", "u2"));
    EXPECT_EQ(problems.size(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Backends, AccountServiceTest, testing::Values(Backend::Sqlite, Backend::Postgresql),
                         backendName);

} // namespace
} // namespace gequ::db::test
