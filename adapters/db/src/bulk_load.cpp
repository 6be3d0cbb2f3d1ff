// Bulk inserts for seeding (gequ-admin seed): multi-row INSERTs in one transaction.

#include "binder.h"
#include "gequ/db/db_exception.h"
#include "gequ/domain/model/hotness.h"
#include "repositories.h"
#include "sql_store.h"

#include <algorithm>
#include <map>

namespace gequ::db::detail {

namespace {

/// Rows per statement: well under SQLite's 32766 parameters at 25 columns. On PostgreSQL statements hold 1,000
/// parameters at most (Poco's connector, used before, lost step with the server at 10,000; libpq allows 65,535, but
/// larger statements bring nothing measurable).
constexpr std::size_t kRowsPerStatement = 400;
constexpr std::size_t kPostgresParameters = 1000;

/// "(?, ?), (?, ?)" for `rows` rows of `columns` parameters.
std::string valueRows(std::size_t rows, std::size_t columns) {
    const std::string row = "(" + placeholders(columns) + ")";
    std::string out;
    for (std::size_t i = 0; i < rows; ++i) {
        out += (i ? ", " : "") + row;
    }
    return out;
}

/// Inserts `items` in statements of kRowsPerStatement rows; bind(query, item) binds one row's `columns` values.
template <class T, class Bind>
void insertRows(Connection& c, const std::string& head, std::size_t columns, const std::vector<T>& items, Bind bind,
                const std::string& tail = "") {
    const std::size_t rows = c.postgres() ? std::max<std::size_t>(1, kPostgresParameters / columns) : kRowsPerStatement;
    for (std::size_t start = 0; start < items.size(); start += rows) {
        const std::size_t n = std::min(rows, items.size() - start);
        Query query(c, head + " VALUES " + valueRows(n, columns) + tail);
        for (std::size_t i = start; i < start + n; ++i) {
            bind(query, items[i]);
        }
        query.execute();
    }
}

/// A row of song_tags or song_title_grams: (key, created_at, song_id).
struct TagRow {
    std::string tag;
    domain::TimePoint createdAt;
    std::string songId;
};

} // namespace

void SqlStore::bulkInsert(const std::vector<domain::User>& users, const std::vector<domain::Song>& songs) {
    std::vector<domain::Song> stored = songs;
    std::vector<TagRow> tags, grams;
    std::map<std::string, std::int64_t> workCounts;
    for (auto& song : stored) {
        song.hotness = domain::hotRank(song.playCount, song.likeCount, song.forwardCount, song.createdAt);
        if (!song.deletedAt) {
            ++workCounts[song.userId];
        }
        if (isPublicSong(song)) {
            for (auto& tag : songTagKeys(song.tags)) {
                tags.push_back({std::move(tag), song.createdAt, song.id});
            }
            for (auto& gram : titleGramKeys(song.title)) {
                grams.push_back({std::move(gram), song.createdAt, song.id});
            }
        }
    }
    const std::vector<std::pair<std::string, std::int64_t>> counts(workCounts.begin(), workCounts.end());
    transact([&](domain::Repositories& repos) {
        Connection& c = static_cast<SqlRepositories&>(repos).connection();
        insertRows(c, std::string("INSERT INTO users (") + RowMapping<domain::User>::kColumns + ")",
                   columnCount<domain::User>(), users, [](Query& q, const domain::User& u) { bindColumns(q, u); });
        const std::size_t songColumns = columnCount<domain::Song>() - 1; // userName is joined, not stored
        insertRows(c, std::string("INSERT INTO songs (") + kSongInsertColumns + ")", songColumns, stored,
                   [&](Query& q, const domain::Song& s) { bindColumns(q, s, songColumns); });
        insertRows(c, "INSERT INTO song_tags (tag, created_at, song_id)", 3, tags,
                   [](Query& q, const TagRow& t) { q.bind(t.tag).bind(t.createdAt).bind(t.songId); });
        insertRows(c, "INSERT INTO song_title_grams (gram, created_at, song_id)", 3, grams,
                   [](Query& q, const TagRow& t) { q.bind(t.tag).bind(t.createdAt).bind(t.songId); });
        // One row per user in each statement, so a user met again in a later call adds to their count.
        insertRows(
            c, "INSERT INTO user_song_counts (user_id, live)", 2, counts,
            [](Query& q, const std::pair<std::string, std::int64_t>& row) { q.bind(row.first).bind(row.second); },
            " ON CONFLICT (user_id) DO UPDATE SET live = user_song_counts.live + excluded.live");
        return true;
    });
}

void SqlStore::analyze() {
    auto lease = _pool.acquire(ConnectionPool::Use::Write);
    Connection& c = *lease;
    if (c.postgres()) {
        c.execute("VACUUM ANALYZE"); // outside a transaction; sets the visibility map for index-only scans
    } else {
        // A bulk load leaves the full-text index in many segments, and a search seeks in every one of them: merge them
        // into one (at a million songs: 12 segments, 36 s here, searches 2.3 times cheaper; docs/performance.md).
        std::lock_guard writer(_writeMutex);
        c.execute("INSERT INTO songs_fts (songs_fts) VALUES ('optimize')");
        c.execute("ANALYZE");
        c.execute("PRAGMA optimize");
    }
}

int SqlStore::tidySearchIndex() {
    auto lease = _pool.acquire(ConnectionPool::Use::Write);
    Connection& c = *lease;
    if (c.postgres()) {
        return 0; // autovacuum keeps PostgreSQL's GIN indexes (and their pending lists) in shape
    }
    std::vector<std::int64_t> segments;
    Query(c, "SELECT COUNT(DISTINCT segid) FROM songs_fts_idx").into(segments).execute();
    const int found = segments.empty() ? 0 : static_cast<int>(segments.front());
    if (found <= kSearchSegmentsKept) {
        return found;
    }
    // A negative page count puts every segment on one level and merges them, about that many pages a call: the
    // write lock is held for tens of milliseconds, and an optimize's work is spread over many calls.
    std::lock_guard writer(_writeMutex);
    c.execute("INSERT INTO songs_fts (songs_fts, rank) VALUES ('merge', -" + std::to_string(kSearchMergePages) + ")");
    return found;
}

} // namespace gequ::db::detail
