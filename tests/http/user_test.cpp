// The personal centre through HTTP: profile, points records, renaming and redeem codes.

#include "account_client.h"
#include "gequ/domain/services/ledger.h"

#include <atomic>
#include <barrier>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::http::test {
namespace {

constexpr const char* kPhone = "13800138000";

class UserTest : public AccountTest {
protected:
    void setMembership(const std::string& id, int level, std::optional<domain::TimePoint> expiresAt, bool lifetime) {
        store().transact([&](domain::Repositories& repos) {
            repos.users().updateMembership(id, level, expiresAt, lifetime);
            return true;
        });
    }
    void applyPoints(const std::string& id, std::int64_t delta, const std::string& remark, const std::string& ref,
                     domain::TimePoint at) {
        auto result = domain::inTransaction(store(), [&](domain::Repositories& repos) {
            return domain::applyPoints(repos, id, delta, remark, ref, at);
        });
        ASSERT_TRUE(result.ok()) << result.error().message;
    }
    /// One code with these settings; the plain code.
    std::string makeCode(std::int64_t points, std::optional<int> planId = std::nullopt, int maxUses = 1,
                         std::optional<domain::TimePoint> expiresAt = std::nullopt) {
        domain::RedeemCodeSpec spec;
        spec.points = points;
        spec.planId = planId;
        spec.maxUses = maxUses;
        spec.expiresAt = expiresAt;
        auto issued = server().runtime().redeem().createCodes(spec);
        EXPECT_TRUE(issued.ok());
        return issued.ok() ? issued->front().plain : std::string();
    }
    HttpAnswer redeem(const std::string& token, const std::string& code) {
        return post("/user/redeem", R"({"code":")" + code + R"("})", token);
    }
    std::int64_t integral(const std::string& token) {
        return data(getAs("/user/select", token))->getValue<std::int64_t>("integral");
    }
};

// --- GET /user/select

TEST_F(UserTest, SelectShowsTheProfileWithTheMaskedPhone) {
    const std::string token = login(kPhone);
    auto answer = getAs("/user/select", token);
    expectOk(answer);
    EXPECT_EQ(answer.text(), R"({"code":2000,"type":"ok","message":"成功","data":{"id":")" + userId(token) +
                                 R"(","nickname":"用户8000","integral":20,"avatarUrl":null,"membershipLevel":0,)"
                                 R"("expirationTime":null,"lifetime":false,"phone":"138****8000"}})");
}

TEST_F(UserTest, SelectShowsTheLevelInForceAndItsExpiryInShanghai) {
    const std::string token = login(kPhone);
    const std::string id = userId(token);

    // 17:00 UTC is already the next day in Asia/Shanghai.
    setMembership(id, 3, domain::fromEpochMillis(1796058000000) /* 2026-11-30T17:00:00Z */, false);
    auto profile = data(getAs("/user/select", token));
    EXPECT_EQ(profile->getValue<int>("membershipLevel"), 3);
    EXPECT_EQ(profile->getValue<std::string>("expirationTime"), "2026-12-01");
    EXPECT_FALSE(profile->getValue<bool>("lifetime"));

    // Expired: level 0 and no date.
    setMembership(id, 2, testNow() - 1ms, false);
    profile = data(getAs("/user/select", token));
    EXPECT_EQ(profile->getValue<int>("membershipLevel"), 0);
    EXPECT_TRUE(profile->isNull("expirationTime"));

    // Expiring exactly now counts as expired; a moment later than now does not.
    setMembership(id, 1, testNow(), false);
    EXPECT_EQ(data(getAs("/user/select", token))->getValue<int>("membershipLevel"), 0);
    setMembership(id, 1, testNow() + 1ms, false);
    EXPECT_EQ(data(getAs("/user/select", token))->getValue<int>("membershipLevel"), 1);

    // Lifetime: the level, no date, lifetime true.
    setMembership(id, 6, std::nullopt, true);
    profile = data(getAs("/user/select", token));
    EXPECT_EQ(profile->getValue<int>("membershipLevel"), 6);
    EXPECT_TRUE(profile->isNull("expirationTime"));
    EXPECT_TRUE(profile->getValue<bool>("lifetime"));
}

// --- GET /user/integralRecords

TEST_F(UserTest, IntegralRecordsArePagedNewestFirst) {
    const std::string token = login(kPhone);
    const std::string id = userId(token);
    const std::string other = login("13900139000");
    applyPoints(id, 100, "活动奖励", "admin:a1", testNow() + 1min);
    applyPoints(id, -10, "创作歌曲《海》", "task:t1:charge", testNow() + 2min);
    applyPoints(id, -10, "创作歌曲《山》", "task:t2:charge", testNow() + 3min);
    applyPoints(id, 10, "生成失败退还积分", "task:t2:refund", testNow() + 4min);
    applyPoints(id, -5, "系统调整", "admin:a2", testNow() + 5min);

    auto all = data(getAs("/user/integralRecords", token));
    EXPECT_EQ(all->getValue<int>("total"), 6);
    auto items = all->getArray("items");
    ASSERT_EQ(items->size(), 6u);
    const std::vector<std::tuple<int, int, int, std::string>> expected = {
        {5, 2, 105, "系统调整"},        {10, 1, 110, "生成失败退还积分"}, {10, 2, 100, "创作歌曲《山》"},
        {10, 2, 110, "创作歌曲《海》"}, {100, 1, 120, "活动奖励"},        {20, 1, 20, "新用户注册赠送"},
    };
    for (std::size_t i = 0; i < expected.size(); ++i) {
        auto record = items->getObject(static_cast<unsigned>(i));
        EXPECT_EQ(record->getValue<int>("integral"), std::get<0>(expected[i])) << i;
        EXPECT_EQ(record->getValue<int>("type"), std::get<1>(expected[i])) << i;
        EXPECT_EQ(record->getValue<int>("balance"), std::get<2>(expected[i])) << i;
        EXPECT_EQ(record->getValue<std::string>("remark"), std::get<3>(expected[i])) << i;
    }
    EXPECT_EQ(items->getObject(0)->getValue<std::string>("createdAt"), "2026-11-21T10:05:00.000Z");

    auto second = data(getAs("/user/integralRecords?page=2&size=4", token));
    EXPECT_EQ(second->getValue<int>("total"), 6);
    ASSERT_EQ(second->getArray("items")->size(), 2u);
    EXPECT_EQ(second->getArray("items")->getObject(1)->getValue<std::string>("remark"), "新用户注册赠送");
    auto beyond = data(getAs("/user/integralRecords?page=3&size=4", token));
    EXPECT_EQ(beyond->getArray("items")->size(), 0u);
    EXPECT_EQ(beyond->getValue<int>("total"), 6);
    EXPECT_EQ(data(getAs("/user/integralRecords?size=100", token))->getArray("items")->size(), 6u);

    expectError(getAs("/user/integralRecords?size=101", token), 400, 4000, "每页数量必须是1到100之间的整数");
    expectError(getAs("/user/integralRecords?size=0", token), 400, 4000, "每页数量必须是1到100之间的整数");
    expectError(getAs("/user/integralRecords?page=0", token), 400, 4000, "页码必须是1到100000之间的整数");
    expectError(getAs("/user/integralRecords?page=x", token), 400, 4000, "页码必须是1到100000之间的整数");

    // Only one's own records.
    auto theirs = data(getAs("/user/integralRecords", other));
    EXPECT_EQ(theirs->getValue<int>("total"), 1);
}

TEST_F(UserTest, IntegralRecordsDefaultToFiftyAPage) {
    const std::string token = login(kPhone);
    const std::string id = userId(token);
    for (int i = 0; i < 55; ++i) {
        applyPoints(id, 1, "活动奖励", "admin:r" + std::to_string(i), testNow() + std::chrono::seconds(i + 1));
    }
    auto first = data(getAs("/user/integralRecords", token));
    EXPECT_EQ(first->getValue<int>("total"), 56);
    EXPECT_EQ(first->getArray("items")->size(), 50u);
    EXPECT_EQ(first->getArray("items")->getObject(0)->getValue<int>("balance"), 75);
    EXPECT_EQ(data(getAs("/user/integralRecords?page=2", token))->getArray("items")->size(), 6u);
}

// --- POST /user/updateUserName

TEST_F(UserTest, RenameFollowsTheUsernameRules) {
    const std::string token = login(kPhone);
    const std::string id = userId(token);
    auto rename = [&](const std::string& nickname) {
        return post("/user/updateUserName", R"({"id":")" + id + R"(","nickname":")" + nickname + R"("})", token);
    };
    expectError(rename(""), 400, 4000, "请输入用户名");
    expectError(rename("   "), 400, 4000, "请输入用户名");
    expectError(post("/user/updateUserName", R"({"id":")" + id + R"("})", token), 400, 4000, "请输入用户名");
    expectError(rename("一二三四五六七八九十壹"), 400, 4000, "用户名不能超过10个字符");
    expectError(rename("abcdefghijk"), 400, 4000, "用户名不能超过10个字符");
    expectError(post("/user/updateUserName", R"({"id":")" + id + R"(","nickname":42})", token), 400, 4000,
                "参数 nickname 应为字符串");
    // Issue 31: invisible bidi and zero-width characters would disguise a public name.
    for (const char* hidden : {"\\u202eabc", "a\\u200bb", "\\u2066小明", "小\\ufeff明", "a\\u200db"}) {
        SCOPED_TRACE(hidden);
        expectError(rename(hidden), 400, 4000, "用户名包含不可见的格式字符");
    }
    EXPECT_EQ(data(getAs("/user/select", token))->getValue<std::string>("nickname"), "用户8000");

    auto answer = rename("一二三四五六七八九十");
    expectOk(answer, "修改成功");
    EXPECT_EQ(data(answer)->getValue<std::string>("nickname"), "一二三四五六七八九十");
    EXPECT_EQ(data(answer)->getValue<std::string>("phone"), "138****8000");
    EXPECT_EQ(data(answer)->getValue<std::int64_t>("integral"), 20);
    expectOk(rename("abcdefghij"));
    expectOk(rename("  小明 "));
    EXPECT_EQ(data(getAs("/user/select", token))->getValue<std::string>("nickname"), "小明");
    // Unchanged: fine, nothing to write.
    auto same = rename("小明");
    expectOk(same);
    EXPECT_EQ(data(same)->getValue<std::string>("nickname"), "小明");
}

TEST_F(UserTest, RenameRefusesAnotherUsersId) {
    const std::string token = login(kPhone);
    const std::string other = login("13900139000");
    const std::string otherId = userId(other);
    expectError(post("/user/updateUserName", R"({"id":")" + otherId + R"(","nickname":"冒名"})", token), 403, 4030,
                "无权修改他人信息");
    expectError(post("/user/updateUserName", R"({"id":"no-such-user","nickname":"冒名"})", token), 403, 4030,
                "无权修改他人信息");
    expectError(post("/user/updateUserName", R"({"nickname":"冒名"})", token), 400, 4000, "缺少用户ID");
    EXPECT_EQ(data(getAs("/user/select", other))->getValue<std::string>("nickname"), "用户9000");
}

// --- POST /user/redeem

TEST_F(UserTest, RedeemAddsPointsOnceWithALedgerRecord) {
    const std::string token = login(kPhone);
    const std::string code = makeCode(100);
    auto answer = redeem(token, code);
    expectOk(answer, "兑换成功");
    EXPECT_EQ(answer.text(), R"({"code":2000,"type":"ok","message":"兑换成功","data":{"integral":120,)"
                             R"("membershipLevel":0,"expirationTime":null}})");
    auto newest = data(getAs("/user/integralRecords?size=1", token))->getArray("items")->getObject(0);
    EXPECT_EQ(newest->getValue<std::string>("remark"), "兑换码兑换");
    EXPECT_EQ(newest->getValue<int>("integral"), 100);
    EXPECT_EQ(newest->getValue<int>("balance"), 120);

    // Twice by one user: refused, nothing changes.
    expectError(redeem(token, code), 400, 4000, "兑换码无效");
    EXPECT_EQ(integral(token), 120);
    EXPECT_EQ(data(getAs("/user/integralRecords", token))->getValue<int>("total"), 2);
}

TEST_F(UserTest, RedeemRefusesEveryUnusableCodeWithOneMessage) {
    const std::string token = login(kPhone);
    expectError(redeem(token, ""), 400, 4000, "请输入兑换码");
    expectError(redeem(token, " - "), 400, 4000, "请输入兑换码");
    expectError(post("/user/redeem", "{}", token), 400, 4000, "请输入兑换码");
    expectError(redeem(token, "ABCD-EFGH-JKLM-NPQR"), 400, 4000, "兑换码无效");
    expectError(redeem(token, std::string(1000, 'A')), 400, 4000, "兑换码无效");

    const std::string expiring = makeCode(10, std::nullopt, 1, testNow() + 1h);
    const std::string disabled = makeCode(10);
    auto codes = server().runtime().redeem().list({0, 10});
    ASSERT_EQ(codes.size(), 2u);
    for (const auto& code : codes) {
        if (code.expiresAt) {
            continue;
        }
        ASSERT_TRUE(server().runtime().redeem().disable(code.id).ok());
    }
    expectError(redeem(token, disabled), 400, 4000, "兑换码无效");
    clock().advance(1h);
    expectError(redeem(token, expiring), 400, 4000, "兑换码无效");
    EXPECT_EQ(integral(token), 20);
}

TEST_F(UserTest, RedeemAcceptsTheCodeAsTyped) {
    const std::string token = login(kPhone);
    std::string code = makeCode(5);
    std::string typed;
    for (char c : code) {
        if (c != '-') {
            typed += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    typed.insert(8, " ");
    expectOk(redeem(token, "  " + typed + " "));
    EXPECT_EQ(integral(token), 25);
}

TEST_F(UserTest, ACodeWithTwoUsesServesTwoUsers) {
    const std::string a = login("13800000001");
    const std::string b = login("13800000002");
    const std::string c = login("13800000003");
    const std::string code = makeCode(30, std::nullopt, 2);
    expectOk(redeem(a, code));
    expectError(redeem(a, code), 400, 4000, "兑换码无效");
    expectOk(redeem(b, code));
    expectError(redeem(c, code), 400, 4000, "兑换码无效");
    EXPECT_EQ(integral(a), 50);
    EXPECT_EQ(integral(b), 50);
    EXPECT_EQ(integral(c), 20);
    auto codes = server().runtime().redeem().list({0, 10});
    ASSERT_EQ(codes.size(), 1u);
    EXPECT_EQ(codes[0].usedCount, 2);
}

TEST_F(UserTest, RedeemingAPlanGrantsItsMembership) {
    const std::string token = login(kPhone);
    // Plan 4 (高级月卡): level 3 for 30 days; the code's own points only (the plan's are not added).
    auto answer = redeem(token, makeCode(0, 4));
    expectOk(answer);
    auto result = data(answer);
    EXPECT_EQ(result->getValue<std::int64_t>("integral"), 20);
    EXPECT_EQ(result->getValue<int>("membershipLevel"), 3);
    EXPECT_EQ(result->getValue<std::string>("expirationTime"), "2026-12-21");          // 2026-12-21T10:00Z + 8 h
    EXPECT_EQ(data(getAs("/user/integralRecords", token))->getValue<int>("total"), 1); // no record for 0 points

    // Another month on top, from the current expiry.
    clock().advance(std::chrono::days{10});
    result = data(redeem(token, makeCode(470, 4)));
    EXPECT_EQ(result->getValue<std::int64_t>("integral"), 490);
    EXPECT_EQ(result->getValue<int>("membershipLevel"), 3);
    EXPECT_EQ(result->getValue<std::string>("expirationTime"), "2027-01-20");

    // A lifetime plan: level 6, no date.
    result = data(redeem(token, makeCode(0, 7)));
    EXPECT_EQ(result->getValue<int>("membershipLevel"), 6);
    EXPECT_TRUE(result->isNull("expirationTime"));
    auto profile = data(getAs("/user/select", token));
    EXPECT_TRUE(profile->getValue<bool>("lifetime"));
    EXPECT_EQ(profile->getValue<int>("membershipLevel"), 6);
}

TEST_F(UserTest, ConcurrentRedeemsOfAOneUseCodeHaveOneWinner) {
    constexpr int kUsers = 8;
    std::vector<std::string> tokens;
    for (int i = 0; i < kUsers; ++i) {
        tokens.push_back(login("1380000100" + std::to_string(i)));
    }
    const std::string code = makeCode(50);
    std::barrier start(kUsers);
    std::atomic<int> won{0}, refused{0}, other{0};
    std::vector<std::thread> clients;
    for (int i = 0; i < kUsers; ++i) {
        clients.emplace_back([&, i] {
            start.arrive_and_wait();
            auto answer = redeem(tokens[static_cast<std::size_t>(i)], code);
            const int envelope = answer.json()->getValue<int>("code");
            if (envelope == 2000) {
                ++won;
            } else if (envelope == 4000 && answer.json()->getValue<std::string>("message") == "兑换码无效") {
                ++refused;
            } else {
                ++other;
            }
        });
    }
    for (auto& client : clients) {
        client.join();
    }
    EXPECT_EQ(won.load(), 1);
    EXPECT_EQ(refused.load(), kUsers - 1);
    EXPECT_EQ(other.load(), 0);
    std::int64_t total = 0;
    for (const auto& token : tokens) {
        total += integral(token);
    }
    EXPECT_EQ(total, kUsers * 20 + 50);
    EXPECT_EQ(server().runtime().redeem().list({0, 1}).front().usedCount, 1);
}

} // namespace
} // namespace gequ::http::test
