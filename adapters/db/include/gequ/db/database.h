#pragma once

// Opening the database: the Store port of libdomain (ports/store.h) on SQLite or PostgreSQL (docs/data.md).

#include "gequ/domain/ports/store.h"

#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace gequ::db {

/// Opens the database at `url` and, unless `applyMigrations` is false, brings its schema up to date first.
/// `sqlite:<path>`: a file (parent directories created), WAL, busy_timeout, foreign keys; writers serialised.
/// `postgresql://user:pass@host:port/dbname[?key=value&...]`: a connection pool of up to `poolSize` connections.
/// `worksCacheMillis` > 0: a works page (Store::worksOf) read is kept and served again for up to that long while its
/// owner's works are unchanged, checked with one small read each time (docs/performance.md, "My works").
/// Throws DbException when the URL is malformed or the database cannot be opened or migrated.
std::unique_ptr<domain::Store> openStore(const std::string& url, int poolSize = 8, bool applyMigrations = true,
                                         int worksCacheMillis = 0);

/// Applies the pending migrations of a store made by openStore, each in its own transaction; how many it applied.
/// Safe to run from several processes at once.
int migrate(domain::Store& store);

/// The highest applied migration version (0 for an empty database).
int schemaVersion(domain::Store& store);

/// The newest migration version this build knows.
int latestSchemaVersion();

/// Bulk-inserts new users and songs in one transaction with multi-row statements (far fewer round trips than the
/// repositories' one row at a time): for seeding a database to benchmark size (gequ-admin seed). Songs get their
/// derived columns (hotness, genre rows) exactly as SongRepository::insert gives them. Throws DbException on a
/// conflict (an id or phone taken), writing nothing.
void bulkInsert(domain::Store& store, const std::vector<domain::User>& users, const std::vector<domain::Song>& songs);

/// Refreshes the planner's statistics after a bulk load (ANALYZE; PostgreSQL also VACUUMs, so index-only scans apply;
/// SQLite also merges the full-text index into one segment).
void analyze(domain::Store& store);

/// SQLite's full-text index is left alone while it has at most this many segments (a live site's inserts add small
/// ones, which FTS5's automerge folds together); past it, tidySearchIndex merges them back into one.
inline constexpr int kSearchSegmentsKept = 6;
/// Pages of merge work one tidySearchIndex call does (about 0.1 s at a million songs).
inline constexpr int kSearchMergePages = 200;

/// A little of the search index's upkeep, safe while serving (gequ-server calls it every few seconds): on SQLite, when
/// the full-text index has more than a few segments, one bounded step of merging them into one (searches seek in every
/// segment). Returns the segments found before the step; PostgreSQL: nothing to do, 0.
int tidySearchIndex(domain::Store& store);

/// Keeps an index of the public songs' texts in memory for searches (docs/performance.md, "Search"): built on a
/// thread of the store's own (until then searches use the database's indexes), then following the changes made
/// through any instance every `pollEvery`, and this store's own as soon as they commit. Once per store.
void startSearchIndex(domain::Store& store, std::chrono::milliseconds pollEvery);
/// Waits until the search index started by startSearchIndex is built or `timeout` passes; whether it is.
bool waitForSearchIndex(domain::Store& store, std::chrono::milliseconds timeout);

/// One column of the schema, for comparing the two dialects.
struct ColumnInfo {
    std::string table;
    std::string column;
    std::string type; ///< normalised: "integer", "text" or "real"
    bool notNull = false;

    bool operator==(const ColumnInfo&) const = default;
};

/// The application's tables and columns (SQLite internals and the FTS5 shadow tables excluded), sorted.
std::vector<ColumnInfo> describeSchema(domain::Store& store);

} // namespace gequ::db
