// Migrations: applied once, idempotent, and the two dialects move in step.

#include "gequ/db/db_exception.h"
#include "migrations.h"
#include "test_support.h"

#include <algorithm>
#include <set>
#include <thread>

namespace gequ::db::test {
namespace {

/// How many migrations this build applies to an empty database (versions may skip numbers between branches).
int migrationCount(Backend backend) {
    return static_cast<int>(
        detail::migrationsFor(backend == Backend::Sqlite ? detail::Dialect::Sqlite : detail::Dialect::Postgresql)
            .size());
}

TEST_P(StoreTest, OpenAppliesEveryMigration) {
    EXPECT_GE(latestSchemaVersion(), 1);
    EXPECT_EQ(schemaVersion(store()), latestSchemaVersion());
    EXPECT_TRUE(store().ping());
    EXPECT_EQ(store().dialect(), GetParam() == Backend::Sqlite ? "sqlite" : "postgresql");
}

TEST_P(StoreTest, MigrateAgainAppliesNothing) {
    EXPECT_EQ(migrate(store()), 0);
    auto again = openAgain();
    EXPECT_EQ(migrate(*again), 0);
    EXPECT_EQ(schemaVersion(*again), latestSchemaVersion());
}

TEST_P(StoreTest, MigrateOnAnEmptyDatabaseCountsWhatItApplied) {
    const std::string url = Databases::instance().create(GetParam());
    {
        auto empty = openStore(url, 2, /*applyMigrations=*/false);
        EXPECT_EQ(schemaVersion(*empty), 0);
        EXPECT_EQ(migrate(*empty), migrationCount(GetParam()));
        EXPECT_EQ(schemaVersion(*empty), latestSchemaVersion());
        EXPECT_EQ(migrate(*empty), 0);
    }
    Databases::instance().drop(url);
}

TEST_P(StoreTest, ConcurrentMigrationsApplyEachVersionOnce) {
    const std::string url = Databases::instance().create(GetParam());
    {
        auto a = openStore(url, 2, false);
        auto b = openStore(url, 2, false);
        int appliedA = 0, appliedB = 0;
        std::thread other([&] { appliedB = migrate(*b); });
        appliedA = migrate(*a);
        other.join();
        EXPECT_EQ(appliedA + appliedB, migrationCount(GetParam()));
        EXPECT_EQ(schemaVersion(*a), latestSchemaVersion());
    }
    Databases::instance().drop(url);
}

TEST_P(StoreTest, SchemaHasEveryTableOfTheDesign) {
    std::set<std::string> tables;
    for (const auto& column : describeSchema(store())) {
        tables.insert(column.table);
    }
    const std::set<std::string> expected{
        "users",       "sessions", "sms_codes",    "points_records", "generation_tasks",  "songs",    "song_likes",
        "play_events", "orders",   "redeem_codes", "redemptions",    "schema_migrations", "song_tags",
        "login_failures"};
    EXPECT_EQ(tables, expected);
}

TEST(SchemaParity, SqliteAndPostgresqlHaveTheSameTablesAndColumns) {
    const std::string sqliteUrl = Databases::instance().create(Backend::Sqlite);
    const std::string pgUrl = Databases::instance().create(Backend::Postgresql);
    std::vector<ColumnInfo> sqlite, postgres;
    {
        auto a = openStore(sqliteUrl, 1);
        auto b = openStore(pgUrl, 1);
        sqlite = describeSchema(*a);
        postgres = describeSchema(*b);
    }
    Databases::instance().drop(sqliteUrl);
    Databases::instance().drop(pgUrl);
    // The one deliberate difference: SQLite's songs.seq, the stable rowid its FTS5 index refers to.
    std::erase_if(sqlite, [](const ColumnInfo& c) { return c.table == "songs" && c.column == "seq"; });
    ASSERT_FALSE(sqlite.empty());
    EXPECT_EQ(sqlite.size(), postgres.size());
    for (std::size_t i = 0; i < std::min(sqlite.size(), postgres.size()); ++i) {
        EXPECT_EQ(sqlite[i], postgres[i])
            << "sqlite " << sqlite[i].table << "." << sqlite[i].column << " " << sqlite[i].type
            << (sqlite[i].notNull ? " not null" : "") << " vs postgresql " << postgres[i].table << "."
            << postgres[i].column << " " << postgres[i].type << (postgres[i].notNull ? " not null" : "");
    }
}

TEST(OpenStore, RejectsUnsupportedUrls) {
    EXPECT_THROW(openStore("mysql://localhost/x"), DbException);
    EXPECT_THROW(openStore("sqlite:"), DbException);
    EXPECT_THROW(openStore("sqlite::memory:"), DbException);
}

TEST(OpenStore, ReportsAnUnreachableServer) {
    // Port 1 on loopback: nothing listens there.
    EXPECT_THROW(openStore("postgresql://nobody@127.0.0.1:1/none?connect_timeout=2"), DbException);
}

} // namespace
} // namespace gequ::db::test
