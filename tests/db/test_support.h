#pragma once

// The fixture every db contract test uses: a fresh, migrated database per test, on SQLite or PostgreSQL.

#include "gequ/db/database.h"
#include "gequ/domain/model/entities.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/store.h"
#include "system_doubles.h"
#include "test_clock.h"

#include <atomic>
#include <barrier>
#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace gequ::db::test {

enum class Backend { Sqlite, Postgresql };

std::string backendName(const testing::TestParamInfo<Backend>& info);

/// Temp SQLite files and the PostgreSQL server of the run (started on first use, stopped at the end).
class Databases {
public:
    static Databases& instance();

    /// A URL of a new, empty database (PostgreSQL: a new schema, first on the search path; the server at
    /// GEQU_TEST_PG_URL must take an `options` parameter then, so that URL must not have one).
    std::string create(Backend backend);
    /// Removes a database made by create().
    void drop(const std::string& url);
    /// Runs one statement on the PostgreSQL server (as its administrator).
    void executeOnServer(const std::string& sql);
    /// Stops the server (if this run started it) and removes the temp files.
    void shutdown();

private:
    Databases() = default;
    std::string root();
    std::string postgresBaseUrl();

    std::string _root;
    std::string _pgDir;
    std::string _pgBaseUrl;
    std::string _pgError;
    bool _pgPrepared = false;
    int _next = 0;
};

/// A clock the test moves by hand.
using FixedClock = gequ::test::TestClock;

// The system doubles of tests/support (ids id-1, id-2, ...; seeded randomness; Poco's hasher; a recording SMS).
using gequ::test::CountingIds;
using gequ::test::PocoHasher;
using gequ::test::RecordingSms;
using gequ::test::TestRandom;

/// 2025-11-21T04:53:20Z, a fixed "now" for the tests.
inline const domain::TimePoint kT0 = domain::fromEpochMillis(1'763'700'800'000);

domain::User makeUser(const std::string& id, const std::string& phone, std::int64_t integral = 0);
domain::Song makeSong(const std::string& id, const std::string& userId, domain::TimePoint createdAt);
domain::GenerationTask makeTask(const std::string& id, const std::string& userId, domain::TimePoint createdAt);
domain::Order makeOrder(const std::string& orderNo, const std::string& userId, domain::TimePoint createdAt);

/// Runs body(i) on n threads released together.
template <class F> void inParallel(int n, F body) {
    std::barrier start(n);
    std::vector<std::thread> threads;
    for (int i = 0; i < n; ++i) {
        threads.emplace_back([&, i] {
            start.arrive_and_wait();
            body(i);
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
}

/// Runs f for reading and returns what it returns.
template <class F> auto reading(domain::Store& store, F&& f) {
    return domain::readOnly(store, std::forward<F>(f));
}

/// Runs f in a transaction that commits.
template <class F> void writing(domain::Store& store, F&& f) {
    store.transact([&](domain::Repositories& repos) {
        f(repos);
        return true;
    });
}

/// A fresh migrated database per test; GetParam() picks the backend.
class StoreTest : public testing::TestWithParam<Backend> {
protected:
    void SetUp() override;
    void TearDown() override;

    domain::Store& store() { return *_store; }
    /// Opens another store (its own pool) on the same database.
    std::unique_ptr<domain::Store> openAgain(int poolSize = 8);
    /// Inserts a user with `points` granted through the ledger (so the invariants hold).
    void addUser(const std::string& id, const std::string& phone, std::int64_t points = 0);

    std::string _url;
    std::unique_ptr<domain::Store> _store;
};

} // namespace gequ::db::test
