// gequ-admin as an operator runs it: the built binary in a subprocess, against a temp data dir.

#include "app_steps.h"
#include "gequ/db/database.h"
#include "gequ/domain/model/entities.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>

using namespace gequ::apps::test;
using gequ::test::TempDir;

namespace {

class AdminCliTest : public DataDirTest {
protected:
    // A user inserted straight through the store, as the login flow would have made it (with an empty ledger).
    void insertUser(const std::string& id, const std::string& phone) {
        auto store = gequ::db::openStore(dbUrl(), 1, false);
        store->transact([&](gequ::domain::Repositories& repos) {
            gequ::domain::User user;
            user.id = id;
            user.phone = phone;
            user.nickname = "用户" + phone.substr(7);
            user.createdAt = gequ::domain::fromEpochMillis(1763700000000);
            repos.users().insert(user);
            return true;
        });
    }
};

} // namespace

TEST_F(AdminCliTest, HelpListsEveryCommand) {
    RunResult r = admin({"--help"});
    EXPECT_EQ(r.status, 0) << r.err;
    for (const char* part :
         {"Usage: gequ-admin", "migrate", "check", "stats", "points grant", "--config FILE", "--json"}) {
        EXPECT_TRUE(contains(r.out, part)) << part << "\n" << r.out;
    }

    RunResult grant = admin({"points", "grant", "--help"});
    EXPECT_EQ(grant.status, 0);
    EXPECT_TRUE(
        contains(grant.out, "gequ-admin [--config FILE] [--json] points grant <phone|id> <amount> --remark TEXT"))
        << grant.out;

    RunResult group = admin({"points", "--help"});
    EXPECT_EQ(group.status, 0);
    EXPECT_TRUE(contains(group.out, "points grant")) << group.out;
}

TEST_F(AdminCliTest, UsageErrorsExitTwo) {
    for (const auto& args : std::vector<std::vector<std::string>>{
             {},
             {"bogus"},
             {"stats", "--bogus"},
             {"--bogus", "stats"},
             {"stats", "extra"},
             {"points"},
             {"points", "take"},
             {"points", "grant", "13800138000", "5"},
             {"points", "grant", "13800138000", "five", "--remark", "r"},
             {"points", "grant", "13800138000", "0", "--remark", "r"},
             {"points", "grant", "13800138000", "5", "--remark"},
             {"--config"},
         }) {
        RunResult r = admin(args);
        std::string joined;
        for (const auto& a : args) {
            joined += a + " ";
        }
        EXPECT_EQ(r.status, 2) << joined << "\n" << r.err;
        EXPECT_TRUE(contains(r.err, "Usage: gequ-admin")) << joined << "\n" << r.err;
        EXPECT_TRUE(r.out.empty()) << joined << "\n" << r.out;
    }
}

TEST_F(AdminCliTest, BadConfigurationNamesTheKey) {
    RunResult r = admin({"stats"}, {{"http.port", "eighty"}});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "http.port")) << r.err;
    EXPECT_TRUE(contains(r.err, "GEQU_HTTP_PORT")) << r.err;

    RunResult asJson = admin({"stats", "--json"}, {{"db.pool_size", "0"}});
    EXPECT_EQ(asJson.status, 1);
    EXPECT_TRUE(contains(json(asJson)->getObject("error")->getValue<std::string>("message"), "db.pool_size"))
        << asJson.out;

    RunResult missing = admin({"--config", _dir / "missing.properties", "stats"});
    EXPECT_EQ(missing.status, 1);
    EXPECT_TRUE(contains(missing.err, "missing.properties")) << missing.err;
}

TEST_F(AdminCliTest, ConfigFileChoosesTheDatabase) {
    std::ofstream(_dir / "gequ.properties") << "data.dir = " << _dir.str() << "/elsewhere\n";
    RunResult r = runProgram(GEQU_ADMIN_BIN, {"--config", _dir / "gequ.properties", "migrate", "--json"}, _dir.str(),
                             isolatedEnv({}, {"data.dir", "db.url"}));
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_GE(json(r)->getValue<int>("applied"), 1);
    EXPECT_TRUE(std::filesystem::exists(_dir.str() + "/elsewhere/gequ.db"));
    EXPECT_FALSE(std::filesystem::exists(_dir.str() + "/var"));
}

TEST_F(AdminCliTest, CommandsRefuseAnUnmigratedDatabase) {
    RunResult r = admin({"stats", "--json"});
    EXPECT_EQ(r.status, 1);
    EXPECT_TRUE(contains(r.err, "gequ-admin migrate")) << r.err;
    EXPECT_TRUE(json(r)->has("error")) << r.out;
}

TEST_F(AdminCliTest, MigrateStatsGrantAndCheck) {
    RunResult migrate = admin({"migrate"});
    ASSERT_EQ(migrate.status, 0) << migrate.err;
    EXPECT_TRUE(contains(migrate.out, "applied ")) << migrate.out;
    EXPECT_FALSE(contains(migrate.out, "applied 0 ")) << migrate.out;

    RunResult again = admin({"migrate", "--json"});
    ASSERT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(json(again)->getValue<int>("applied"), 0);
    EXPECT_EQ(json(again)->getValue<int>("version"), gequ::db::latestSchemaVersion());

    RunResult empty = admin({"--json", "stats"});
    ASSERT_EQ(empty.status, 0) << empty.err;
    auto stats = json(empty);
    EXPECT_EQ(stats->getValue<int>("users"), 0);
    EXPECT_EQ(stats->getObject("songs")->getValue<int>("total"), 0);
    EXPECT_EQ(stats->getObject("tasks")->getValue<int>("queued"), 0);
    EXPECT_EQ(stats->getObject("orders")->getValue<int>("paid"), 0);

    insertUser("u-1", "13800138000");
    RunResult grant = admin({"points", "grant", "13800138000", "50", "--remark", "运营赠送", "--json"});
    ASSERT_EQ(grant.status, 0) << grant.err << grant.out;
    auto record = json(grant);
    EXPECT_EQ(record->getValue<std::string>("userId"), "u-1");
    EXPECT_EQ(record->getValue<int>("delta"), 50);
    EXPECT_EQ(record->getValue<int>("balance"), 50);
    EXPECT_EQ(record->getValue<std::string>("remark"), "运营赠送");
    EXPECT_EQ(record->getValue<std::string>("ref").rfind("admin:", 0), 0u);

    RunResult byId = admin({"points", "grant", "u-1", "-20", "--remark=扣除"});
    ASSERT_EQ(byId.status, 0) << byId.err;
    EXPECT_TRUE(contains(byId.out, "balance now 30")) << byId.out;

    RunResult overdraw = admin({"points", "grant", "u-1", "-31", "--remark", "扣除", "--json"});
    EXPECT_EQ(overdraw.status, 1);
    EXPECT_EQ(json(overdraw)->getObject("error")->getValue<int>("code"), 4020) << overdraw.out;

    RunResult nobody = admin({"points", "grant", "13900000000", "5", "--remark", "x"});
    EXPECT_EQ(nobody.status, 1);
    EXPECT_FALSE(nobody.err.empty());

    RunResult check = admin({"check"});
    EXPECT_EQ(check.status, 0) << check.out << check.err;
    EXPECT_TRUE(contains(check.out, "all invariants hold")) << check.out;
    RunResult checkJson = admin({"check", "--json"});
    EXPECT_EQ(checkJson.status, 0);
    EXPECT_TRUE(json(checkJson)->getValue<bool>("ok"));

    RunResult after = admin({"stats", "--json"});
    EXPECT_EQ(json(after)->getValue<int>("users"), 1);

    // A ledger row the balance does not account for.
    {
        auto store = gequ::db::openStore(dbUrl(), 1, false);
        store->transact([](gequ::domain::Repositories& repos) {
            gequ::domain::PointsRecord bad;
            bad.userId = "u-1";
            bad.delta = 7;
            bad.type = gequ::domain::PointsType::Increase;
            bad.balance = 37;
            bad.remark = "篡改";
            bad.ref = "test:corrupt";
            bad.createdAt = gequ::domain::fromEpochMillis(1763800000000);
            return repos.points().append(bad);
        });
    }
    RunResult broken = admin({"check"});
    EXPECT_EQ(broken.status, 1) << broken.out << broken.err;
    EXPECT_TRUE(contains(broken.out, "BROKEN: ")) << broken.out;
    RunResult brokenJson = admin({"check", "--json"});
    EXPECT_EQ(brokenJson.status, 1);
    auto report = json(brokenJson);
    EXPECT_FALSE(report->getValue<bool>("ok"));
    EXPECT_GE(report->getArray("problems")->size(), 1u);
}
