// Migrations: applied once, idempotent, and the two dialects move in step.

#include "connection.h"
#include "gequ/db/db_exception.h"
#include "migrations.h"
#include "test_support.h"
#include "url.h"

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
    const std::set<std::string> expected{"users",
                                         "sessions",
                                         "sms_codes",
                                         "points_records",
                                         "generation_tasks",
                                         "songs",
                                         "song_likes",
                                         "play_events",
                                         "orders",
                                         "redeem_codes",
                                         "redemptions",
                                         "schema_migrations",
                                         "song_tags",
                                         "login_failures",
                                         "song_title_grams",
                                         "user_song_counts",
                                         "song_timelines",
                                         "login_challenges_spent"};
    EXPECT_EQ(tables, expected);
}

TEST_P(StoreTest, MigrationFourFillsTitlePiecesAndWorkCountsFromTheSongsThere) {
    // What migration 0004 computes in SQL for songs stored before it must equal what the song repository keeps
    // (song_repositories.cpp): the same pieces of the same titles, the same counts.
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    const std::vector<std::string> titles{"夏夜 Summer", "晚风AB", "啦啦啦", "  空 格  ", "", "Ünï 夜"};
    store().transact([&](domain::Repositories& repos) {
        for (std::size_t i = 0; i < titles.size() * 2; ++i) {
            auto song = makeSong("m" + std::to_string(i), i % 3 ? "u1" : "u2", kT0 + std::chrono::minutes(i));
            song.title = titles[i % titles.size()];
            song.open = i != 4;
            if (i == 7) {
                song.deletedAt = kT0 + std::chrono::hours(1);
            }
            repos.songs().insert(song);
        }
        return true;
    });
    detail::Connection raw(detail::parseUrl(_url));
    const auto snapshot = [&] {
        std::vector<std::string> grams, gramSongs, users;
        std::vector<std::int64_t> counts;
        detail::Query(raw, "SELECT gram, song_id FROM song_title_grams ORDER BY gram, song_id")
            .into(grams)
            .into(gramSongs)
            .execute();
        detail::Query(raw, "SELECT user_id, live FROM user_song_counts ORDER BY user_id")
            .into(users)
            .into(counts)
            .execute();
        std::vector<std::string> out;
        for (std::size_t i = 0; i < grams.size(); ++i) {
            out.push_back(grams[i] + "|" + gramSongs[i]);
        }
        for (std::size_t i = 0; i < users.size(); ++i) {
            out.push_back(users[i] + "=" + std::to_string(counts[i]));
        }
        return out;
    };
    const auto kept = snapshot();
    EXPECT_GT(kept.size(), 40u);
    EXPECT_NE(std::find(kept.begin(), kept.end(), "u1=7"), kept.end()); // 8 of the 12, one deleted

    raw.execute("DROP TABLE song_title_grams");
    raw.execute("DROP TABLE user_song_counts");
    raw.execute("DELETE FROM schema_migrations WHERE version = 4");
    EXPECT_EQ(migrate(store()), 1);
    EXPECT_EQ(snapshot(), kept);
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
