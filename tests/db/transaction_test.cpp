// Units of work: commit on true, roll back on false or an exception.

#include "gequ/db/db_exception.h"
#include "gequ/domain/model/result.h"
#include "test_support.h"

#include <stdexcept>

namespace gequ::db::test {
namespace {

using domain::Repositories;

bool exists(domain::Store& store, const std::string& id) {
    return reading(store, [&](Repositories& repos) { return repos.users().findById(id).has_value(); });
}

TEST_P(StoreTest, TransactionCommitsWhenTheFunctionReturnsTrue) {
    store().transact([](Repositories& repos) {
        repos.users().insert(makeUser("u1", "13800000001"));
        return true;
    });
    EXPECT_TRUE(exists(store(), "u1"));
    // Visible to another store (another pool, other connections) too.
    auto other = openAgain(1);
    EXPECT_TRUE(exists(*other, "u1"));
}

TEST_P(StoreTest, TransactionRollsBackWhenTheFunctionReturnsFalse) {
    addUser("u0", "13800000000", 50);
    store().transact([](Repositories& repos) {
        repos.users().insert(makeUser("u1", "13800000001"));
        repos.users().addPoints("u0", -20);
        EXPECT_TRUE(repos.users().findById("u1").has_value()); // its own writes are visible inside
        return false;
    });
    EXPECT_FALSE(exists(store(), "u1"));
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().findById("u0")->integral; }), 50);
}

TEST_P(StoreTest, TransactionRollsBackAndRethrowsWhenTheFunctionThrows) {
    EXPECT_THROW(store().transact([](Repositories& repos) -> bool {
        repos.users().insert(makeUser("u1", "13800000001"));
        throw std::runtime_error("boom");
    }),
                 std::runtime_error);
    EXPECT_FALSE(exists(store(), "u1"));
    // The connection went back to the pool in a clean state.
    for (int i = 0; i < 10; ++i) {
        addUser("v" + std::to_string(i), "1390000000" + std::to_string(i));
    }
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().count(); }), 10);
}

TEST_P(StoreTest, InTransactionCommitsOnlySuccessfulResults) {
    const auto failed = domain::inTransaction(store(), [](Repositories& repos) -> domain::Result<int> {
        repos.users().insert(makeUser("u1", "13800000001"));
        return domain::invalid("不行");
    });
    ASSERT_FALSE(failed.ok());
    EXPECT_EQ(failed.error().message, "不行");
    EXPECT_FALSE(exists(store(), "u1"));

    const auto succeeded = domain::inTransaction(store(), [](Repositories& repos) -> domain::Result<int> {
        repos.users().insert(makeUser("u2", "13800000002"));
        return 7;
    });
    ASSERT_TRUE(succeeded.ok());
    EXPECT_EQ(succeeded.value(), 7);
    EXPECT_TRUE(exists(store(), "u2"));
}

TEST_P(StoreTest, AUnitOfWorkWithAFailedStatementNeverCommits) {
    addUser("u1", "13800000001");
    // The function swallows the failure and asks to commit: the store refuses, the same way on both databases.
    EXPECT_THROW(store().transact([](Repositories& repos) {
        repos.users().insert(makeUser("u2", "13800000002"));
        try {
            repos.users().insert(makeUser("u3", "13800000001")); // phone taken
        } catch (const DbException&) {
        }
        return true;
    }),
                 DbException);
    EXPECT_FALSE(exists(store(), "u2"));
    EXPECT_FALSE(exists(store(), "u3"));
}

TEST_P(StoreTest, ReadSeesCommittedDataAndPingAnswers) {
    addUser("u1", "13800000001", 20);
    EXPECT_TRUE(store().ping());
    int calls = 0;
    store().read([&](Repositories& repos) {
        ++calls;
        EXPECT_EQ(repos.users().findById("u1")->integral, 20);
        EXPECT_EQ(repos.points().countByUser("u1"), 1);
    });
    EXPECT_EQ(calls, 1);
}

TEST_P(StoreTest, ReadRethrowsWhatTheFunctionThrows) {
    EXPECT_THROW(store().read([](Repositories&) { throw std::logic_error("bug"); }), std::logic_error);
    EXPECT_TRUE(store().ping());
}

TEST_P(StoreTest, RecoversWhenTheServerDropsItsConnections) {
    if (GetParam() != Backend::Postgresql) {
        GTEST_SKIP() << "SQLite has no server to drop connections";
    }
    auto victim = openStore(_url + "&application_name=gequ_victim", 4);
    writing(*victim, [](Repositories& repos) { repos.users().insert(makeUser("u1", "13800000001")); });
    Databases::instance().executeOnServer("SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity "
                                          "WHERE application_name = 'gequ_victim'");
    // The pooled connection is dead: the next unit of work notices at BEGIN and takes a fresh connection.
    writing(*victim, [](Repositories& repos) { repos.users().insert(makeUser("u2", "13800000002")); });
    EXPECT_TRUE(exists(*victim, "u1"));
    EXPECT_TRUE(exists(*victim, "u2"));
    EXPECT_TRUE(victim->ping());
}

} // namespace
} // namespace gequ::db::test
