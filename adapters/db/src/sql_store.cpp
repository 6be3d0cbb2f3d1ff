#include "sql_store.h"

#include "migrations.h"
#include "repositories.h"
#include "sql_text.h"
#include "url.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

namespace gequ::db::detail {

namespace {

/// How long an SQLite connection waits for another process's write lock before it gives up.
constexpr int kBusyTimeoutMillis = 30000;
/// How many times transact() takes another connection when BEGIN fails on a dropped one.
constexpr int kBeginRetries = 16;

std::string upper(std::string text) {
    for (char& c : text) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
    return text;
}

std::string normalisedType(const std::string& declared) {
    const std::string t = upper(declared);
    if (t.find("INT") != std::string::npos) {
        return "integer";
    }
    if (t.find("CHAR") != std::string::npos || t.find("TEXT") != std::string::npos ||
        t.find("CLOB") != std::string::npos) {
        return "text";
    }
    if (t.find("REAL") != std::string::npos || t.find("FLOA") != std::string::npos ||
        t.find("DOUB") != std::string::npos || t.find("NUMERIC") != std::string::npos) {
        return "real";
    }
    return t;
}

/// Batches of reads running at once per store: enough to keep the database busy while the next batch gathers.
constexpr int kReadBatchesRunning = 2;

/// Rolls back, marking the connection unusable when even that fails.
void rollbackQuietly(Connection& connection) {
    try {
        connection.rollback();
    } catch (...) {
        connection.broken = true;
    }
}

} // namespace

SqlStore::SqlStore(ConnectionTarget target, int poolSize, int worksCacheMillis)
    : _sessions(std::move(target), poolSize), _pool([this] { return connect(); }, poolSize),
      _likes(kReadBatchesRunning), _songs(kReadBatchesRunning), _works(kReadBatchesRunning),
      _counts(kReadBatchesRunning), _worksCache(std::chrono::milliseconds(std::max(0, worksCacheMillis))),
      _search(_pool) {}

std::unique_ptr<Connection> SqlStore::connect() {
    auto connection = _sessions.connect();
    if (connection->postgres()) {
        // libpq prints NOTICEs (CREATE ... IF NOT EXISTS) to stderr; they are not news.
        connection->execute("SET client_min_messages = warning");
    } else {
        std::vector<std::string> mode;
        Query(*connection, "PRAGMA journal_mode = WAL").into(mode).execute();
        std::vector<std::int64_t> timeout;
        Query(*connection, "PRAGMA busy_timeout = " + std::to_string(kBusyTimeoutMillis)).into(timeout).execute();
        connection->execute("PRAGMA foreign_keys = ON");
        connection->execute("PRAGMA synchronous = NORMAL");
        // Pages are read into the connection's own cache, never mapped: in WAL mode a connection that sees another
        // one's commit unmaps and maps again its whole mapping at its next read, and at a million songs tearing down
        // the page tables of 2 GiB stalled every thread of the process behind writes (docs/performance.md, "Per-
        // request cost").
        std::vector<std::int64_t> mapped;
        Query(*connection, "PRAGMA mmap_size = 0").into(mapped).execute();
    }
    return connection;
}

void SqlStore::transact(const std::function<bool(domain::Repositories&)>& fn) {
    for (int attempt = 1;; ++attempt) {
        auto lease = _pool.acquire(ConnectionPool::Use::Write);
        Connection& connection = *lease;
        std::unique_lock writer(_writeMutex, std::defer_lock);
        if (!connection.postgres()) {
            writer.lock();
        }
        try {
            connection.begin();
        } catch (const DbException&) {
            // A connection the server dropped fails at BEGIN, before anything ran: try another one.
            if (connection.broken && attempt <= kBeginRetries) {
                continue;
            }
            throw;
        }
        bool commit = false;
        try {
            SqlRepositories repositories(connection);
            commit = fn(repositories);
        } catch (...) {
            rollbackQuietly(connection);
            throw;
        }
        if (!commit) {
            connection.rollback();
            return;
        }
        if (connection.failed) {
            rollbackQuietly(connection);
            throw DbException("a statement of the unit of work failed, so it was rolled back instead of committed");
        }
        try {
            // The works versions last, in order (noteWorksChanged): a unit of work holding one never waits for
            // another row, so two units of work cannot wait for each other through them.
            for (const std::string& user : connection.worksChanged) {
                bumpWorksVersion(connection, user);
            }
            connection.commit();
        } catch (...) {
            rollbackQuietly(connection);
            throw;
        }
        // The songs written show in this instance's searches at once (the others see them at their next poll).
        _search.refresh(connection, connection.searchChanged);
        return;
    }
}

void SqlStore::read(const std::function<void(domain::Repositories&)>& fn) {
    auto lease = _pool.acquire();
    SqlRepositories repositories(*lease);
    fn(repositories);
}

std::vector<std::string> SqlStore::likedAmong(const std::string& userId, const std::vector<std::string>& songIds) {
    if (_sessions.target().dialect != Dialect::Postgresql || songIds.empty()) {
        return domain::Store::likedAmong(userId, songIds); // SQLite: no round trip to save
    }
    LikesAsk ask{userId, songIds, {}};
    _likes.answer(ask, [this](const std::vector<LikesAsk*>& asks) { answerLikes(asks); });
    return std::move(ask.liked);
}

void SqlStore::answerLikes(const std::vector<LikesAsk*>& asks) {
    // Every (user, song) pair of the batch in two parallel arrays; song_likes' primary key answers each pair.
    std::vector<const std::string*> users;
    std::vector<const std::string*> songs;
    for (const LikesAsk* ask : asks) {
        for (const auto& id : ask->songIds) {
            users.push_back(&ask->userId);
            songs.push_back(&id);
        }
    }
    std::vector<std::string> likedUsers;
    std::vector<std::string> likedSongs;
    {
        auto lease = _pool.acquire();
        Query(*lease, "SELECT l.user_id, l.song_id FROM unnest(?::text[], ?::text[]) AS q(u, s) "
                      "JOIN song_likes l ON l.user_id = q.u AND l.song_id = q.s")
            .bind(textArray(users))
            .bind(textArray(songs))
            .genericPlan()
            .into(likedUsers)
            .into(likedSongs)
            .execute();
    }
    std::unordered_set<std::string> liked;
    for (std::size_t i = 0; i < likedUsers.size() && i < likedSongs.size(); ++i) {
        liked.insert(likedUsers[i] + '\n' + likedSongs[i]);
    }
    for (LikesAsk* ask : asks) {
        for (const auto& id : ask->songIds) {
            if (!liked.empty() && liked.contains(ask->userId + '\n' + id)) {
                ask->liked.push_back(id);
            }
        }
    }
}

std::optional<domain::SongView> SqlStore::songAsSeenBy(const std::string& id, const std::string& viewerId) {
    if (_sessions.target().dialect != Dialect::Postgresql) {
        return domain::Store::songAsSeenBy(id, viewerId);
    }
    SongAsk ask{id, viewerId, std::nullopt};
    _songs.answer(ask, [this](const std::vector<SongAsk*>& asks) { answerSongs(asks); });
    return std::move(ask.song);
}

void SqlStore::answerSongs(const std::vector<SongAsk*>& asks) {
    std::vector<const std::string*> ids;
    std::vector<const std::string*> viewers;
    for (const SongAsk* ask : asks) {
        ids.push_back(&ask->id);
        viewers.push_back(&ask->viewerId);
    }
    auto lease = _pool.acquire();
    auto found = findSongsAsSeenBy(*lease, ids, viewers);
    for (std::size_t i = 0; i < asks.size() && i < found.size(); ++i) {
        asks[i]->song = std::move(found[i]);
    }
}

std::vector<domain::OwnSong> SqlStore::worksOf(const std::string& userId, domain::Page page) {
    if (!_worksCache.enabled()) {
        return readWorks(userId, page);
    }
    // The version is read before the page: a change committed in between moves it again, so a page is never kept
    // under a version newer than what it shows.
    const std::int64_t version = worksVersionOf(userId);
    if (auto held = _worksCache.find(userId, page); held && held->version == version) {
        return *held->songs;
    }
    auto songs = readWorks(userId, page);
    _worksCache.put(userId, page, version, songs);
    return songs;
}

std::int64_t SqlStore::worksVersionOf(const std::string& userId) {
    return tally(userId, WorkTally::Version);
}

std::vector<domain::OwnSong> SqlStore::readWorks(const std::string& userId, domain::Page page) {
    if (_sessions.target().dialect != Dialect::Postgresql) {
        return domain::Store::worksOf(userId, page);
    }
    WorksAsk ask{userId, page, {}};
    _works.answer(ask, [this](const std::vector<WorksAsk*>& asks) { answerWorks(asks); });
    return std::move(ask.works);
}

void SqlStore::answerWorks(const std::vector<WorksAsk*>& asks) {
    // The same page asked for by several callers of the batch is read once (every one of them asked before the
    // statement started, so each sees what was committed before its call).
    std::vector<WorksPageAsk> pages;
    std::vector<std::size_t> pageOf(asks.size());
    std::unordered_map<std::string, std::size_t> seen;
    for (std::size_t i = 0; i < asks.size(); ++i) {
        const WorksAsk& ask = *asks[i];
        std::string key = ask.userId + '\n' + std::to_string(ask.page.offset) + '\n' + std::to_string(ask.page.limit);
        auto [it, added] = seen.try_emplace(std::move(key), pages.size());
        if (added) {
            pages.push_back({&ask.userId, ask.page});
        }
        pageOf[i] = it->second;
    }
    std::vector<std::vector<domain::OwnSong>> found;
    {
        auto lease = _pool.acquire();
        found = findWorksPages(*lease, pages);
    }
    std::vector<std::size_t> left(pages.size(), 0); // callers still to answer from each page
    for (std::size_t page : pageOf) {
        ++left[page];
    }
    for (std::size_t i = 0; i < asks.size(); ++i) {
        const std::size_t page = pageOf[i];
        if (page < found.size()) {
            // The last caller of a page takes it; the others get copies.
            asks[i]->works = --left[page] == 0 ? std::move(found[page]) : found[page];
        }
    }
}

std::int64_t SqlStore::worksCount(const std::string& userId, bool generating) {
    return tally(userId, generating ? WorkTally::Generating : WorkTally::Live);
}

std::int64_t SqlStore::tally(const std::string& userId, WorkTally tally) {
    if (_sessions.target().dialect != Dialect::Postgresql) {
        auto lease = _pool.acquire();
        if (tally == WorkTally::Version) {
            return worksVersion(*lease, userId);
        }
        SqlSongRepository songs(*lease);
        return tally == WorkTally::Generating ? songs.countGeneratingByUser(userId) : songs.countByUser(userId);
    }
    CountAsk ask{userId, tally, 0};
    _counts.answer(ask, [this](const std::vector<CountAsk*>& asks) { answerCounts(asks); });
    return ask.count;
}

void SqlStore::answerCounts(const std::vector<CountAsk*>& asks) {
    std::vector<const std::string*> users;
    std::vector<WorkTally> tallies;
    for (const CountAsk* ask : asks) {
        users.push_back(&ask->userId);
        tallies.push_back(ask->tally);
    }
    std::vector<std::int64_t> counts;
    {
        auto lease = _pool.acquire();
        counts = countWorks(*lease, users, tallies);
    }
    for (std::size_t i = 0; i < asks.size() && i < counts.size(); ++i) {
        asks[i]->count = counts[i];
    }
}

std::vector<domain::Song> SqlStore::searchText(const std::string& text, domain::Page page) {
    auto index = _search.current();
    if (!index) {
        return domain::Store::searchText(text, page); // the database's own indexes while the index is built
    }
    return searchPage(*index, text, page);
}

bool SqlStore::ping() {
    try {
        auto lease = _pool.acquire();
        std::vector<std::int64_t> one;
        Query(*lease, "SELECT 1").into(one).execute();
        return one.size() == 1 && one.front() == 1;
    } catch (const std::exception&) {
        return false;
    }
}

std::string SqlStore::dialect() const {
    return _sessions.target().dialect == Dialect::Postgresql ? "postgresql" : "sqlite";
}

int SqlStore::migrate() {
    auto lease = _pool.acquire();
    std::unique_lock writer(_writeMutex, std::defer_lock);
    if (!lease->postgres()) {
        writer.lock();
    }
    return applyMigrations(*lease);
}

int SqlStore::schemaVersion() {
    auto lease = _pool.acquire();
    return appliedVersion(*lease);
}

std::vector<ColumnInfo> SqlStore::describeSchema() {
    auto lease = _pool.acquire();
    Connection& connection = *lease;
    std::vector<std::string> tables, columns, types;
    std::vector<std::int64_t> notNull;
    if (connection.postgres()) {
        std::vector<std::string> nullable;
        Query(connection, "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns "
                          "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position")
            .into(tables)
            .into(columns)
            .into(types)
            .into(nullable)
            .execute();
        for (const auto& n : nullable) {
            notNull.push_back(n == "NO" ? 1 : 0);
        }
    } else {
        // Virtual tables and their shadow tables (songs_fts*) are the full-text index, not data.
        Query(connection,
              "SELECT m.name, p.name, p.type, CASE WHEN p.\"notnull\" = 1 OR p.pk > 0 THEN 1 ELSE 0 END "
              "FROM sqlite_master m JOIN pragma_table_info(m.name) p "
              "WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' "
              "AND m.sql NOT LIKE 'CREATE VIRTUAL TABLE%' "
              "AND m.name NOT IN (SELECT v.name || s.suffix FROM sqlite_master v, (SELECT '_data' AS suffix "
              "UNION SELECT '_idx' UNION SELECT '_content' UNION SELECT '_docsize' UNION SELECT '_config') s "
              "WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%') "
              "ORDER BY m.name, p.cid")
            .into(tables)
            .into(columns)
            .into(types)
            .into(notNull)
            .execute();
    }
    std::vector<ColumnInfo> out;
    for (std::size_t i = 0; i < tables.size(); ++i) {
        out.push_back({tables[i], columns[i], normalisedType(types[i]), notNull[i] != 0});
    }
    std::sort(out.begin(), out.end(), [](const ColumnInfo& a, const ColumnInfo& b) {
        return a.table != b.table ? a.table < b.table : a.column < b.column;
    });
    return out;
}

} // namespace gequ::db::detail

namespace gequ::db {

namespace {

detail::SqlStore& sqlStore(domain::Store& store) {
    auto* sql = dynamic_cast<detail::SqlStore*>(&store);
    if (sql == nullptr) {
        throw DbException("not a store made by gequ::db::openStore");
    }
    return *sql;
}

} // namespace

std::unique_ptr<domain::Store> openStore(const std::string& url, int poolSize, bool applyMigrations,
                                         int worksCacheMillis) {
    auto target = detail::parseUrl(url);
    if (target.dialect == detail::Dialect::Sqlite) {
        const std::filesystem::path parent = std::filesystem::path(target.connectionString).parent_path();
        std::error_code error;
        if (!parent.empty()) {
            std::filesystem::create_directories(parent, error);
            if (error) {
                throw DbException("cannot create " + parent.string() + ": " + error.message());
            }
        }
    }
    auto store = std::make_unique<detail::SqlStore>(std::move(target), poolSize, worksCacheMillis);
    if (applyMigrations) {
        store->migrate();
    } else {
        store->schemaVersion(); // connects, or throws with the reason
    }
    return store;
}

int migrate(domain::Store& store) {
    return sqlStore(store).migrate();
}

int schemaVersion(domain::Store& store) {
    return sqlStore(store).schemaVersion();
}

int latestSchemaVersion() {
    int latest = 0;
    for (auto dialect : {detail::Dialect::Sqlite, detail::Dialect::Postgresql}) {
        for (const auto& migration : detail::migrationsFor(dialect)) {
            latest = std::max(latest, migration.version);
        }
    }
    return latest;
}

std::vector<ColumnInfo> describeSchema(domain::Store& store) {
    return sqlStore(store).describeSchema();
}

void bulkInsert(domain::Store& store, const std::vector<domain::User>& users, const std::vector<domain::Song>& songs) {
    sqlStore(store).bulkInsert(users, songs);
}

void analyze(domain::Store& store) {
    sqlStore(store).analyze();
}

int tidySearchIndex(domain::Store& store) {
    return sqlStore(store).tidySearchIndex();
}

void startSearchIndex(domain::Store& store, std::chrono::milliseconds pollEvery) {
    sqlStore(store).startSearchIndex(pollEvery);
}

bool waitForSearchIndex(domain::Store& store, std::chrono::milliseconds timeout) {
    return sqlStore(store).waitForSearchIndex(timeout);
}

} // namespace gequ::db
