// The account wiring of the composition roots: gequ-admin's user and redeem commands as subprocesses, logins through
// the real Runtime (generated secret, console SMS outbox), gequ-server's login endpoints, and the hasher.

#include "app_steps.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"
#include "gequ/wiring/system.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <csignal>
#include <fstream>
#include <gtest/gtest.h>
#include <regex>
#include <set>
#include <sstream>

using namespace gequ::apps::test;
using gequ::test::TempDir;

namespace {

const std::regex kCodePattern("[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}");

Poco::Dynamic::Var parse(const std::string& text) {
    Poco::JSON::Parser parser;
    return parser.parse(text);
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        out.push_back(line);
    }
    return out;
}

class AccountsCliTest : public DataDirTest {
protected:
    void SetUp() override { ASSERT_EQ(admin({"migrate"}).status, 0); }
};

TEST_F(AccountsCliTest, HelpListsTheAccountCommands) {
    RunResult help = admin({"--help"});
    EXPECT_EQ(help.status, 0);
    for (const char* part : {"user list", "user show <phone|id>", "user disable <phone|id>", "user enable <phone|id>",
                             "redeem create --points N", "redeem list", "redeem disable <id>"}) {
        EXPECT_TRUE(contains(help.out, part)) << part << "\n" << help.out;
    }
    RunResult create = admin({"redeem", "create", "--help"});
    EXPECT_EQ(create.status, 0);
    EXPECT_TRUE(contains(create.out, "--max-uses N")) << create.out;
    EXPECT_TRUE(contains(create.out, "--expires YYYY-MM-DD")) << create.out;
}

TEST_F(AccountsCliTest, RedeemCreatePrintsCodesThatWork) {
    RunResult created =
        admin({"redeem", "create", "--points", "50", "--count", "3", "--max-uses", "2", "--note", "春节活动"});
    ASSERT_EQ(created.status, 0) << created.err;
    const auto codes = lines(created.out);
    ASSERT_EQ(codes.size(), 3u) << created.out;
    for (const auto& code : codes) {
        EXPECT_TRUE(std::regex_match(code, kCodePattern)) << code;
    }

    const auto a = login("13800138000");
    ASSERT_FALSE(a.userId.empty());
    auto redeemed = runtime().redeem().redeem(a.userId, codes[0]);
    ASSERT_TRUE(redeemed.ok()) << redeemed.error().message;
    EXPECT_EQ(redeemed->user.integral, 70);
    EXPECT_FALSE(runtime().redeem().redeem(a.userId, codes[0]).ok());

    RunResult list = admin({"--json", "redeem", "list"});
    ASSERT_EQ(list.status, 0) << list.err;
    auto array = parse(list.out).extract<Poco::JSON::Array::Ptr>();
    ASSERT_EQ(array->size(), 3u);
    int used = 0;
    for (unsigned i = 0; i < array->size(); ++i) {
        auto code = array->getObject(i);
        EXPECT_EQ(code->getValue<int>("points"), 50);
        EXPECT_EQ(code->getValue<int>("maxUses"), 2);
        EXPECT_EQ(code->getValue<std::string>("note"), "春节活动");
        EXPECT_FALSE(code->has("code")) << "only hashes are stored";
        used += code->getValue<int>("usedCount");
    }
    EXPECT_EQ(used, 1);
    RunResult text = admin({"redeem", "list"});
    EXPECT_TRUE(contains(text.out, "50 points  used 1/2")) << text.out;
    EXPECT_TRUE(contains(text.out, "3 codes")) << text.out;

    RunResult check = admin({"check"});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
}

TEST_F(AccountsCliTest, RedeemCreateJsonAndDisable) {
    RunResult created =
        admin({"--json", "redeem", "create", "--points", "0", "--plan", "7", "--expires", "2099-12-31"});
    ASSERT_EQ(created.status, 0) << created.err;
    auto array = parse(created.out).extract<Poco::JSON::Array::Ptr>();
    ASSERT_EQ(array->size(), 1u);
    auto code = array->getObject(0);
    const std::string plain = code->getValue<std::string>("code");
    const std::string id = code->getValue<std::string>("id");
    EXPECT_TRUE(std::regex_match(plain, kCodePattern)) << plain;
    EXPECT_EQ(code->getValue<int>("planId"), 7);
    EXPECT_EQ(code->getValue<std::string>("expiresAt"), "2099-12-31T16:00:00.000Z"); // the end of the day in Shanghai

    RunResult disabled = admin({"redeem", "disable", id});
    ASSERT_EQ(disabled.status, 0) << disabled.err;
    EXPECT_TRUE(contains(disabled.out, "disabled redeem code " + id)) << disabled.out;
    const auto user = login("13800138000");
    auto refused = runtime().redeem().redeem(user.userId, plain);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().message, "兑换码无效");

    RunResult unknown = admin({"redeem", "disable", "no-such-code"});
    EXPECT_EQ(unknown.status, 1);
    EXPECT_TRUE(contains(unknown.err, "兑换码不存在")) << unknown.err;
}

TEST_F(AccountsCliTest, RedeemCreateRefusesBadOptions) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {"redeem", "create"},
             {"redeem", "create", "--points", "ten"},
             {"redeem", "create", "--points", "10", "--count", "x"},
             {"redeem", "create", "--points", "10", "--expires", "2099-02-30"},
             {"redeem", "create", "--points", "10", "--expires", "31/12/2099"},
             {"redeem", "create", "--points", "10", "--bogus"},
         }) {
        RunResult r = admin(args);
        EXPECT_EQ(r.status, 2) << args.back() << "\n" << r.err;
        EXPECT_TRUE(r.out.empty()) << r.out;
    }
    RunResult plan = admin({"redeem", "create", "--points", "10", "--plan", "1"});
    EXPECT_EQ(plan.status, 1);
    EXPECT_TRUE(contains(plan.err, "套餐不存在")) << plan.err;
    RunResult past = admin({"redeem", "create", "--points", "10", "--expires", "2000-01-01"});
    EXPECT_EQ(past.status, 1);
    EXPECT_TRUE(contains(past.err, "到期时间必须晚于现在")) << past.err;
    RunResult empty = admin({"redeem", "create", "--points", "0"});
    EXPECT_EQ(empty.status, 1);
    EXPECT_TRUE(admin({"--json", "redeem", "list"}).out.find("[]") == 0);
}

TEST_F(AccountsCliTest, UserListShowDisableEnable) {
    const auto a = login("13800138000");
    const auto b = login("13900139000");
    ASSERT_FALSE(a.token.empty());

    RunResult list = admin({"user", "list"});
    ASSERT_EQ(list.status, 0) << list.err;
    // Issue 31: phones are masked unless the operator asks for --full.
    EXPECT_TRUE(contains(list.out, a.userId + "  138****8000  用户8000  points 20  level 0 普通用户")) << list.out;
    EXPECT_TRUE(contains(list.out, "139****9000")) << list.out;
    EXPECT_FALSE(contains(list.out, "13800138000")) << list.out;
    EXPECT_FALSE(contains(admin({"--json", "user", "list"}).out, "13900139000"));
    RunResult full = admin({"user", "list", "--full"});
    EXPECT_TRUE(contains(full.out, a.userId + "  13800138000  用户8000")) << full.out;
    EXPECT_TRUE(contains(admin({"--json", "user", "list", "--full"}).out, "13900139000"));
    EXPECT_TRUE(contains(list.out, "2 of 2 users")) << list.out;
    // Pages of one: the two users, one per page (both may share a creation millisecond, so either order is right).
    std::set<std::string> paged;
    for (const char* number : {"1", "2"}) {
        RunResult page = admin({"--json", "user", "list", "--page", number, "--size", "1"});
        ASSERT_EQ(page.status, 0) << page.err;
        auto listed = parse(page.out).extract<Poco::JSON::Object::Ptr>();
        EXPECT_EQ(listed->getValue<int>("total"), 2);
        ASSERT_EQ(listed->getArray("users")->size(), 1u);
        paged.insert(listed->getArray("users")->getObject(0)->getValue<std::string>("id"));
    }
    EXPECT_EQ(paged, (std::set<std::string>{a.userId, b.userId}));
    EXPECT_EQ(admin({"user", "list", "--size", "0"}).status, 2);

    RunResult show = admin({"--json", "user", "show", "13800138000"});
    ASSERT_EQ(show.status, 0) << show.err;
    auto shown = parse(show.out).extract<Poco::JSON::Object::Ptr>();
    EXPECT_EQ(shown->getValue<std::string>("id"), a.userId);
    EXPECT_EQ(shown->getValue<int>("integral"), 20);
    EXPECT_EQ(shown->getValue<int>("recordCount"), 1);
    EXPECT_EQ(shown->getArray("recentRecords")->getObject(0)->getValue<std::string>("remark"), "新用户注册赠送");
    RunResult showText = admin({"user", "show", a.userId});
    EXPECT_TRUE(contains(showText.out, "新用户注册赠送")) << showText.out;
    RunResult missing = admin({"user", "show", "13700000000"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_TRUE(contains(missing.err, "用户不存在")) << missing.err;

    // Disabling revokes every session at once; logging in is refused until enabled.
    EXPECT_TRUE(runtime().auth().authenticate(a.token));
    RunResult disable = admin({"user", "disable", "13800138000"});
    ASSERT_EQ(disable.status, 0) << disable.err;
    EXPECT_TRUE(contains(disable.out, "disabled user " + a.userId)) << disable.out;
    EXPECT_FALSE(runtime().auth().authenticate(a.token));
    EXPECT_TRUE(runtime().auth().authenticate(b.token));
    EXPECT_TRUE(contains(admin({"user", "list"}).out, "DISABLED"));

    RunResult enable = admin({"--json", "user", "enable", a.userId});
    ASSERT_EQ(enable.status, 0) << enable.err;
    EXPECT_FALSE(parse(enable.out).extract<Poco::JSON::Object::Ptr>()->getValue<bool>("disabled"));
    EXPECT_FALSE(runtime().auth().authenticate(a.token)) << "revoked sessions stay revoked";
    EXPECT_EQ(admin({"check"}).status, 0);
}

TEST(ServerLoginTest, ACodeFromTheOutboxLogsIn) {
    TempDir dir;
    const std::string data = dir / "var";
    ServerProcess server(dir.str(), {{"data.dir", data}, {"http.port", "0"}});
    const auto port = server.port();
    ASSERT_NE(port, 0) << server.firstLine();

    Answer sent = call(port, "POST", "/login/code", R"({"phoneNumber":"13800138000"})");
    EXPECT_EQ(sent.status, 200) << sent.body;
    EXPECT_TRUE(contains(sent.body, "验证码发送成功，10分钟内有效")) << sent.body;
    const std::string code = lastOutboxCode(data + "/sms-outbox.jsonl");
    ASSERT_EQ(code.size(), 6u);

    Answer login = call(port, "POST", "/login/phone", R"({"phoneNumber":"13800138000","code":")" + code + R"("})");
    ASSERT_EQ(login.status, 200) << login.body;
    auto result = parse(login.body).extract<Poco::JSON::Object::Ptr>()->getObject("data");
    EXPECT_TRUE(result->getValue<bool>("isNew"));
    const std::string token = result->getValue<std::string>("token");

    Answer profile = call(port, "GET", "/user/select", {}, token);
    EXPECT_EQ(profile.status, 200) << profile.body;
    EXPECT_TRUE(contains(profile.body, R"("integral":20)")) << profile.body;
    EXPECT_TRUE(contains(profile.body, R"("phone":"138****8000")")) << profile.body;
    EXPECT_EQ(call(port, "POST", "/login/logout", {}, token).status, 200);
    EXPECT_EQ(call(port, "GET", "/user/select", {}, token).status, 401);

    EXPECT_EQ(server.stop(), 0) << server.err();
    EXPECT_FALSE(contains(server.err(), code)) << "the code is never logged";
    EXPECT_FALSE(contains(server.err(), token)) << "the token is never logged";
    EXPECT_FALSE(contains(server.err(), "13800138000")) << "phones are logged masked";
}

TEST(ServerLoginTest, AnIncompleteSmsProviderStopsTheStart) {
    TempDir dir;
    auto r = runProgram(GEQU_SERVER_BIN, {}, dir.str(),
                        isolatedEnv({{"data.dir", dir / "var"},
                                     {"http.port", "0"},
                                     {"sms.provider", "aliyun"},
                                     {"auth.secret", std::string(40, 's')}}));
    EXPECT_NE(r.status, 0);
    EXPECT_TRUE(contains(r.err, "sms.aliyun.")) << r.err;
}

TEST(CryptoHasherTest, KnownVectors) {
    gequ::wiring::CryptoHasher hasher;
    EXPECT_EQ(hasher.sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(hasher.sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    // RFC 4231, test case 2.
    EXPECT_EQ(hasher.hmacSha256Hex("Jefe", "what do ya want for nothing?"),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    EXPECT_EQ(hasher.base64Url("\xfb\xff"), "-_8"); // RFC 4648 section 5, no padding
}

} // namespace
