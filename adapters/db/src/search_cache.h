#pragma once

// The search index of one store (search_index.h), kept in step with the database (docs/performance.md, "Search").
// start() builds it on a thread of its own, reading every public song; until then searches go to the database's own
// indexes. Afterwards the thread reads every pollEvery the songs whose songs.text_seq (migration 0010; every write of
// what a list row shows takes the next number: SqlSongRepository) grew since it last looked, so changes made through
// any gequ-server show within that time; a unit of work of this store that wrote
// songs has them read again as soon as it commits (refresh), so this instance's own changes show at once. When the
// changes held beside the index built at start grow past kRebuildAfter, the thread builds it again and swaps it in.

#include "connection.h"
#include "gequ/domain/ports/store.h"
#include "search_index.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace gequ::db::detail {

class SearchCache {
public:
    /// Songs changed since the index was built past which it is built again.
    static constexpr std::size_t kRebuildAfter = 50000;
    /// Public songs read per statement while building.
    static constexpr int kBuildChunk = 20000;
    /// PostgreSQL hands out text_seq numbers before their transactions commit, so a number can become visible after a
    /// larger one: each poll reads again the numbers above what the poll before it had seen, and at least the last
    /// kLateNumbers below what it has seen.
    static constexpr std::int64_t kLateNumbers = 256;

    explicit SearchCache(ConnectionPool& pool) : _pool(pool) {}
    ~SearchCache();
    SearchCache(const SearchCache&) = delete;
    SearchCache& operator=(const SearchCache&) = delete;

    /// Starts building and following (once; later calls do nothing).
    void start(std::chrono::milliseconds pollEvery);
    /// The index, or null while none is built.
    std::shared_ptr<const SearchIndex> current() const;
    /// Waits until an index is built (or `timeout` passes); whether one is.
    bool waitUntilBuilt(std::chrono::milliseconds timeout) const;
    /// Reads the songs `ids` again on `connection` (just committed by this store) into the index. Never throws: a
    /// failure leaves them to the next poll.
    void refresh(Connection& connection, const std::set<std::string>& ids) noexcept;

private:
    void run();
    /// A new index of every public song, and the text_seq read before it was read.
    std::pair<std::shared_ptr<SearchIndex>, std::int64_t> build(Connection& connection);
    /// Applies the songs changed since `from`; the highest number seen, at least `seen`.
    std::int64_t follow(Connection& connection, SearchIndex& index, std::int64_t from, std::int64_t seen);

    ConnectionPool& _pool;
    mutable std::mutex _mutex;
    mutable std::condition_variable _wake;
    bool _stopping = false;
    std::shared_ptr<SearchIndex> _index;
    std::chrono::milliseconds _pollEvery{0};
    std::thread _thread;
};

/// A page of a keyword's matches (SongRepository::searchText), newest first, from the index alone.
std::vector<domain::Song> searchPage(const SearchIndex& index, const std::string& text, domain::Page page);

} // namespace gequ::db::detail
