// gequ_db's connection layer on both databases: prepared statements reused with fresh parameters, a failed run that
// leaves its cached statement usable, more distinct statements than the cache holds, and NULLs both ways.

#include "connection.h"
#include "test_support.h"
#include "url.h"

#include <filesystem>
#include <optional>

namespace gequ::db::test {
namespace {

using detail::Connection;
using detail::Query;

class ConnectionTest : public testing::TestWithParam<Backend> {
protected:
    void SetUp() override {
        _url = Databases::instance().create(GetParam());
        const auto target = detail::parseUrl(_url);
        if (target.dialect == detail::Dialect::Sqlite) {
            std::filesystem::create_directories(std::filesystem::path(target.connectionString).parent_path());
        }
        _connection = std::make_unique<Connection>(detail::parseUrl(_url));
        _connection->execute("CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c REAL)");
    }
    void TearDown() override {
        _connection.reset();
        Databases::instance().drop(_url);
    }

    void insert(std::int64_t a, const std::optional<std::int64_t>& b, double c) {
        // The same text every time: the second run reuses the first run's prepared statement.
        Query query(*_connection, "INSERT INTO t (a, b, c) VALUES (?, ?, ?)");
        query.bind(a);
        if (b) {
            query.bind(std::to_string(*b));
        } else {
            query.bind(std::optional<std::int64_t>());
        }
        query.bind(c).execute();
    }

    Connection& connection() { return *_connection; }

private:
    std::string _url;
    std::unique_ptr<Connection> _connection;
};

TEST_P(ConnectionTest, ReusedStatementsTakeFreshParametersAndNulls) {
    insert(1, 10, 1.5);
    insert(2, std::nullopt, 0.1);
    insert(3, 30, -2);
    std::vector<std::int64_t> a;
    std::vector<std::string> b;
    std::vector<double> c;
    EXPECT_EQ(Query(connection(), "SELECT a, b, c FROM t ORDER BY a").into(a).into(b).into(c).execute(), 3u);
    EXPECT_EQ(a, (std::vector<std::int64_t>{1, 2, 3}));
    EXPECT_EQ(b, (std::vector<std::string>{"10", "", "30"})); // NULL reads as ""
    EXPECT_EQ(c, (std::vector<double>{1.5, 0.1, -2}));
    std::vector<std::int64_t> nulls;
    Query(connection(), "SELECT COUNT(*) FROM t WHERE b IS NULL").into(nulls).execute();
    EXPECT_EQ(nulls, (std::vector<std::int64_t>{1}));
}

TEST_P(ConnectionTest, AFailedRunLeavesItsStatementUsable) {
    insert(1, 1, 0);
    EXPECT_THROW(insert(1, 2, 0), DbException); // the key is taken
    EXPECT_TRUE(connection().failed);
    insert(2, 2, 0);
    std::vector<std::int64_t> count;
    Query(connection(), "SELECT COUNT(*) FROM t").into(count).execute();
    EXPECT_EQ(count, (std::vector<std::int64_t>{2}));
}

TEST_P(ConnectionTest, ChangedRowCountsAndMoreStatementsThanTheCacheHolds) {
    for (int i = 0; i < 5; ++i) {
        insert(i, i, 0);
    }
    EXPECT_EQ(Query(connection(), "UPDATE t SET c = 1 WHERE a >= ?").bind(2).execute(), 3u);
    // 600 distinct texts, each run twice: the cache starts again on the way and every answer stays right.
    for (int round = 0; round < 2; ++round) {
        for (int i = 0; i < 600; ++i) {
            std::vector<std::int64_t> value;
            Query(connection(), "SELECT " + std::to_string(i) + " + a FROM t WHERE a = ?")
                .bind(1)
                .into(value)
                .execute();
            ASSERT_EQ(value, (std::vector<std::int64_t>{i + 1}));
        }
    }
}

TEST_P(ConnectionTest, TransactionsCommitAndRollBack) {
    connection().begin();
    insert(1, 1, 0);
    connection().rollback();
    connection().begin();
    insert(2, 2, 0);
    connection().commit();
    std::vector<std::int64_t> a;
    Query(connection(), "SELECT a FROM t").into(a).execute();
    EXPECT_EQ(a, (std::vector<std::int64_t>{2}));
}

INSTANTIATE_TEST_SUITE_P(Backends, ConnectionTest, testing::Values(Backend::Sqlite, Backend::Postgresql), backendName);

} // namespace
} // namespace gequ::db::test
