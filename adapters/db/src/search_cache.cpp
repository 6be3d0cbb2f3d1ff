#include "search_cache.h"

#include "repositories.h"

#include <Poco/Logger.h>
#include <algorithm>
#include <exception>

namespace gequ::db::detail {

namespace {

/// Changed songs read per statement while following.
constexpr int kFollowChunk = 5000;
/// How long the thread waits before trying again after a failed build or poll.
constexpr std::chrono::seconds kRetryAfter{5};

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.db");
}

} // namespace

SearchCache::~SearchCache() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wake.notify_all();
    if (_thread.joinable()) {
        _thread.join();
    }
}

void SearchCache::start(std::chrono::milliseconds pollEvery) {
    std::lock_guard lock(_mutex);
    if (_thread.joinable()) {
        return;
    }
    _pollEvery = std::max(pollEvery, std::chrono::milliseconds{1});
    _thread = std::thread([this] { run(); });
}

std::shared_ptr<const SearchIndex> SearchCache::current() const {
    std::lock_guard lock(_mutex);
    return _index;
}

bool SearchCache::waitUntilBuilt(std::chrono::milliseconds timeout) const {
    std::unique_lock lock(_mutex);
    return _wake.wait_for(lock, timeout, [this] { return _index != nullptr || _stopping; }) && _index != nullptr;
}

void SearchCache::refresh(Connection& connection, const std::set<std::string>& ids) noexcept {
    std::shared_ptr<SearchIndex> index;
    {
        std::lock_guard lock(_mutex);
        index = _index;
    }
    if (!index || ids.empty()) {
        return;
    }
    try {
        for (const auto& song : readSongsById(connection, ids)) {
            index->apply(song);
        }
    } catch (const std::exception& e) {
        logger().warning(std::string("search index: reading changed songs failed, left to the next poll: ") + e.what());
    }
}

std::pair<std::shared_ptr<SearchIndex>, std::int64_t> SearchCache::build(Connection& connection) {
    const auto began = std::chrono::steady_clock::now();
    const std::int64_t seen = highestTextSeq(connection);
    auto index = std::make_shared<SearchIndex>();
    std::int64_t createdAt = -1;
    std::string id;
    for (;;) {
        const auto songs = readPublicSongs(connection, createdAt, id, kBuildChunk);
        for (const auto& song : songs) {
            index->build(song);
        }
        if (songs.size() < static_cast<std::size_t>(kBuildChunk)) {
            break;
        }
        createdAt = domain::toEpochMillis(songs.back().song.createdAt);
        id = songs.back().song.id;
        std::lock_guard lock(_mutex);
        if (_stopping) {
            return {nullptr, 0};
        }
    }
    index->finishBuilding();
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - began).count();
    logger().notice("search index built: " + std::to_string(index->size()) + " public songs in " +
                    std::to_string(took) + " ms");
    return {index, seen};
}

std::int64_t SearchCache::follow(Connection& connection, SearchIndex& index, std::int64_t from, std::int64_t seen) {
    for (;;) {
        const auto songs = readChangedSongs(connection, from, kFollowChunk);
        for (const auto& song : songs) {
            index.apply(song);
            seen = std::max(seen, song.textSeq);
            from = std::max(from, song.textSeq);
        }
        if (songs.size() < static_cast<std::size_t>(kFollowChunk)) {
            return seen;
        }
    }
}

void SearchCache::run() {
    std::int64_t seen = 0;
    std::int64_t seenBefore = 0; // what the poll before the last one had seen
    for (;;) {
        std::chrono::milliseconds pause = _pollEvery;
        try {
            auto lease = _pool.acquire();
            std::shared_ptr<SearchIndex> index;
            {
                std::lock_guard lock(_mutex);
                index = _index;
            }
            if (!index || index->changedSince() > kRebuildAfter) {
                auto [built, from] = build(*lease);
                if (!built) {
                    return; // stopping
                }
                seen = follow(*lease, *built, std::max<std::int64_t>(0, from - kLateNumbers), from);
                seenBefore = from;
                {
                    std::lock_guard lock(_mutex);
                    _index = std::move(built);
                }
                _wake.notify_all();
            } else {
                const std::int64_t last = seen;
                seen =
                    follow(*lease, *index, std::max<std::int64_t>(0, std::min(seen - kLateNumbers, seenBefore)), seen);
                seenBefore = last;
            }
        } catch (const std::exception& e) {
            logger().warning(std::string("search index: ") + e.what() + "; trying again shortly");
            pause = kRetryAfter;
        }
        std::unique_lock lock(_mutex);
        if (_wake.wait_for(lock, pause, [this] { return _stopping; })) {
            return;
        }
    }
}

std::vector<domain::Song> searchPage(const SearchIndex& index, const std::string& text, domain::Page page) {
    auto walk = SearchIndex::walk(text);
    const auto offset = static_cast<std::size_t>(std::max(0, page.offset));
    const auto limit = static_cast<std::size_t>(std::max(0, page.limit));
    if (offset > 0 && index.skip(walk, offset) < offset) {
        return {};
    }
    return index.next(walk, limit);
}

} // namespace gequ::db::detail
