#include "migrations.h"

#include "sql_text.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>

namespace gequ::db::detail {

namespace {

/// The PostgreSQL advisory lock that serialises migrations across processes ("gequ" in ASCII).
constexpr const char* kLockMigrations = "SELECT pg_advisory_xact_lock(1734702453)";

constexpr const char* kCreateMigrationsTable =
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER NOT NULL PRIMARY KEY, applied_at BIGINT NOT NULL)";

std::int64_t nowMillis() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

/// Runs fn in a transaction on the connection (the Store's write lock is the caller's business).
template <class F> void inTransaction(Connection& connection, F&& fn) {
    connection.begin();
    try {
        fn();
    } catch (...) {
        try {
            connection.rollback();
        } catch (...) {
        }
        throw;
    }
    connection.commit();
}

void lock(Connection& connection) {
    if (connection.postgres()) {
        std::vector<std::string> ignored;
        Query(connection, std::string("SELECT CAST(1 AS TEXT) FROM (") + kLockMigrations + ") AS l")
            .into(ignored)
            .execute();
    }
}

bool isApplied(Connection& connection, int version) {
    Query query(connection, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?");
    std::vector<std::int64_t> count;
    query.bind(version).into(count).execute();
    return !count.empty() && count.front() > 0;
}

} // namespace

std::vector<Migration> migrationsFor(Dialect dialect) {
    const std::string wanted = dialect == Dialect::Postgresql ? "postgresql" : "sqlite";
    std::vector<Migration> out;
    for (const auto& embedded : embeddedMigrations()) {
        if (wanted != embedded.dialect) {
            continue;
        }
        const int version = std::atoi(embedded.name);
        if (version <= 0) {
            throw DbException(std::string("migration without a version number: ") + embedded.name);
        }
        out.push_back({version, embedded.name, embedded.sql});
    }
    std::sort(out.begin(), out.end(), [](const Migration& a, const Migration& b) { return a.version < b.version; });
    for (std::size_t i = 1; i < out.size(); ++i) {
        if (out[i].version == out[i - 1].version) {
            throw DbException("two migrations share version " + std::to_string(out[i].version));
        }
    }
    return out;
}

int applyMigrations(Connection& connection) {
    inTransaction(connection, [&] {
        lock(connection);
        connection.execute(kCreateMigrationsTable);
    });
    int applied = 0;
    for (const auto& migration : migrationsFor(connection.dialect())) {
        bool ran = false;
        inTransaction(connection, [&] {
            lock(connection);
            if (isApplied(connection, migration.version)) {
                return;
            }
            for (const auto& statement : splitStatements(migration.sql)) {
                try {
                    connection.execute(statement);
                } catch (const DbException& e) {
                    throw DbException("migration " + migration.name + " failed: " + e.what());
                }
            }
            Query(connection, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)")
                .bind(migration.version)
                .bind(static_cast<std::int64_t>(nowMillis()))
                .execute();
            ran = true;
        });
        if (ran) {
            ++applied;
        }
    }
    return applied;
}

int appliedVersion(Connection& connection) {
    std::vector<std::string> tables;
    if (connection.postgres()) {
        Query(connection, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                          "AND table_name = 'schema_migrations'")
            .into(tables)
            .execute();
    } else {
        Query(connection, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
            .into(tables)
            .execute();
    }
    if (tables.empty()) {
        return 0;
    }
    std::vector<std::int64_t> version;
    Query(connection, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").into(version).execute();
    return version.empty() ? 0 : static_cast<int>(version.front());
}

} // namespace gequ::db::detail
