// gequ_db's connection layer on both databases: prepared statements reused with fresh parameters (each run counting
// its own rows), a failed run that leaves its cached statement usable, more distinct statements than the cache holds,
// and NULLs both ways; the pool serves waiting writers before waiting readers and never leaves a waiter asleep beside
// a free connection.

#include "connection.h"
#include "test_support.h"
#include "url.h"

#include <atomic>
#include <chrono>
#include <filesystem>
#include <future>
#include <mutex>
#include <optional>
#include <thread>

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
    std::unique_ptr<Connection> connect() const { return std::make_unique<Connection>(detail::parseUrl(_url)); }

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

TEST_P(ConnectionTest, AReusedStatementCountsTheRowsOfItsOwnRun) {
    for (int i = 0; i < 5; ++i) {
        insert(i, i, 0);
    }
    // The same text each time (kept, on SQLite prepared once): each run answers its own changed rows.
    const auto update = [&](int from) {
        return Query(connection(), "UPDATE t SET c = c + 1 WHERE a >= ?").bind(from).execute();
    };
    EXPECT_EQ(update(2), 3u);
    EXPECT_EQ(update(4), 1u);
    EXPECT_EQ(update(9), 0u);
    EXPECT_EQ(update(0), 5u);
    std::vector<double> c;
    Query(connection(), "SELECT c FROM t ORDER BY a").into(c).execute();
    EXPECT_EQ(c, (std::vector<double>{1, 1, 2, 2, 3}));
    std::vector<std::int64_t> none;
    EXPECT_EQ(Query(connection(), "SELECT a FROM t WHERE a > ?").bind(9).into(none).execute(), 0u);
    EXPECT_EQ(Query(connection(), "SELECT a FROM t WHERE a > ?").bind(2).into(none).execute(), 2u);
    EXPECT_EQ(none, (std::vector<std::int64_t>{3, 4}));
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

TEST_P(ConnectionTest, AGenericPlanStatementRunsWithItsSettingAndTheOthersWithTheServers) {
    // Query::genericPlan on PostgreSQL: plan_cache_mode is force_generic_plan while such a statement runs and the
    // server's own setting for the others, also after a transaction that changed it rolled back.
    if (!connection().postgres()) {
        GTEST_SKIP() << "SQLite plans each statement once anyway";
    }
    const auto mode = [&](bool generic) {
        std::vector<std::string> value;
        Query query(connection(), "SELECT current_setting('plan_cache_mode') FROM t WHERE a >= ? LIMIT 1");
        query.bind(0).into(value);
        if (generic) {
            query.genericPlan();
        }
        query.execute();
        return value.empty() ? std::string("?") : value.front();
    };
    insert(1, 1, 0);
    EXPECT_EQ(mode(false), "auto");
    EXPECT_EQ(mode(true), "force_generic_plan");
    EXPECT_EQ(mode(true), "force_generic_plan");
    EXPECT_EQ(mode(false), "auto");
    connection().begin();
    EXPECT_EQ(mode(true), "force_generic_plan");
    connection().rollback(); // undoes the SET made inside it
    EXPECT_EQ(mode(true), "force_generic_plan");
    EXPECT_EQ(mode(false), "auto");
    connection().begin();
    EXPECT_EQ(mode(true), "force_generic_plan");
    connection().rollback();
    EXPECT_EQ(mode(false), "auto");
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

TEST_P(ConnectionTest, ThePoolServesAWaitingWriterBeforeEarlierReaders) {
    using Pool = detail::ConnectionPool;
    Pool pool([this] { return connect(); }, 1);
    std::mutex mutex;
    std::vector<std::string> order;
    auto held = std::make_optional(pool.acquire());
    const auto take = [&](Pool::Use use, std::string name) {
        auto lease = pool.acquire(use);
        std::lock_guard lock(mutex);
        order.push_back(std::move(name));
    };
    std::thread reader1(take, Pool::Use::Read, "reader1");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::thread reader2(take, Pool::Use::Read, "reader2");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::thread writer(take, Pool::Use::Write, "writer");
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    held.reset();
    reader1.join();
    reader2.join();
    writer.join();
    ASSERT_EQ(order.size(), 3u);
    EXPECT_EQ(order.front(), "writer");
}

TEST_P(ConnectionTest, ThePoolLeavesNoWaiterAsleepBesideAFreeConnection) {
    // Readers and writers crowd a pool of two; a lost wake-up would leave a reader waiting for the 60 s timeout.
    using Pool = detail::ConnectionPool;
    Pool pool([this] { return connect(); }, 2);
    std::atomic<int> done{0};
    auto all = std::async(std::launch::async, [&] {
        std::vector<std::thread> threads;
        for (int t = 0; t < 12; ++t) {
            threads.emplace_back([&, t] {
                for (int i = 0; i < 200; ++i) {
                    auto lease = pool.acquire(t % 3 == 0 ? Pool::Use::Write : Pool::Use::Read);
                    std::this_thread::yield();
                }
                ++done;
            });
        }
        for (auto& thread : threads) {
            thread.join();
        }
    });
    ASSERT_EQ(all.wait_for(std::chrono::seconds(30)), std::future_status::ready) << done << " of 12 threads finished";
}

INSTANTIATE_TEST_SUITE_P(Backends, ConnectionTest, testing::Values(Backend::Sqlite, Backend::Postgresql), backendName);

} // namespace
} // namespace gequ::db::test
