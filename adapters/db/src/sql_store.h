#pragma once

#include "connection.h"
#include "gequ/db/database.h"
#include "gequ/domain/ports/store.h"
#include "read_batcher.h"
#include "repositories.h"
#include "search_cache.h"
#include "works_cache.h"

#include <mutex>
#include <string>
#include <vector>

namespace gequ::db::detail {

/// The Store of both dialects: a pool of connections; units of work are transactions on one of them.
class SqlStore final : public domain::Store {
public:
    /// worksCacheMillis: see openStore.
    SqlStore(ConnectionTarget target, int poolSize, int worksCacheMillis = 0);

    void transact(const std::function<bool(domain::Repositories&)>& fn) override;
    void read(const std::function<void(domain::Repositories&)>& fn) override;
    /// PostgreSQL: calls made at the same time are answered by one statement (ReadBatcher).
    std::vector<std::string> likedAmong(const std::string& userId, const std::vector<std::string>& songIds) override;
    /// PostgreSQL: calls made at the same time are answered by one statement (ReadBatcher).
    std::optional<domain::SongView> songAsSeenBy(const std::string& id, const std::string& viewerId) override;
    /// From the works cache while the owner's works version is unchanged; else read (PostgreSQL: calls made at the same
    /// time are answered by one statement, ReadBatcher, each page read once).
    std::vector<domain::OwnSong> worksOf(const std::string& userId, domain::Page page) override;
    /// PostgreSQL: calls made at the same time are answered by one statement (ReadBatcher).
    std::int64_t worksCount(const std::string& userId, bool generating) override;
    /// From the search index once it is built (startSearchIndex), rows included, without reading the database;
    /// before, from the database's own indexes.
    std::vector<domain::Song> searchText(const std::string& text, domain::Page page) override;
    bool ping() override;
    std::string dialect() const override;

    int migrate();
    int schemaVersion();
    std::vector<ColumnInfo> describeSchema();
    void bulkInsert(const std::vector<domain::User>& users, const std::vector<domain::Song>& songs);
    void analyze();
    /// See db::tidySearchIndex.
    int tidySearchIndex();
    /// See db::startSearchIndex.
    void startSearchIndex(std::chrono::milliseconds pollEvery) { _search.start(pollEvery); }
    /// See db::waitForSearchIndex.
    bool waitForSearchIndex(std::chrono::milliseconds timeout) const { return _search.waitUntilBuilt(timeout); }

private:
    /// One caller's likedAmong.
    struct LikesAsk {
        const std::string& userId;
        const std::vector<std::string>& songIds;
        std::vector<std::string> liked;
    };

    /// One caller's songAsSeenBy.
    struct SongAsk {
        const std::string& id;
        const std::string& viewerId;
        std::optional<domain::SongView> song;
    };

    /// One caller's worksOf.
    struct WorksAsk {
        const std::string& userId;
        domain::Page page;
        std::vector<domain::OwnSong> works;
    };

    /// One caller's worksCount or works version.
    struct CountAsk {
        const std::string& userId;
        WorkTally tally;
        std::int64_t count;
    };

    std::unique_ptr<Connection> connect();
    /// The page from the database.
    std::vector<domain::OwnSong> readWorks(const std::string& userId, domain::Page page);
    /// The owner's works version (worksVersion; batched on PostgreSQL).
    std::int64_t worksVersionOf(const std::string& userId);
    /// A count of countWorks (batched on PostgreSQL).
    std::int64_t tally(const std::string& userId, WorkTally tally);
    void answerLikes(const std::vector<LikesAsk*>& asks);
    void answerSongs(const std::vector<SongAsk*>& asks);
    void answerWorks(const std::vector<WorksAsk*>& asks);
    void answerCounts(const std::vector<CountAsk*>& asks);

    /// The Poco::Data::SessionPool the connections' sessions come from (declared before _pool, which it outlives).
    SessionSource _sessions;
    ConnectionPool _pool;
    /// SQLite: one writer at a time inside this process, so transactions queue here instead of spinning on
    /// SQLITE_BUSY. Other processes are waited for by busy_timeout. Unused with PostgreSQL.
    std::mutex _writeMutex;
    ReadBatcher<LikesAsk> _likes;
    ReadBatcher<SongAsk> _songs;
    ReadBatcher<WorksAsk> _works;
    ReadBatcher<CountAsk> _counts;
    WorksCache _worksCache;
    /// The search index in memory, when started (declared after _pool: its thread stops before the pool goes).
    SearchCache _search;
};

} // namespace gequ::db::detail
