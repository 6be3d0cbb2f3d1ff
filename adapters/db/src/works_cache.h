#pragma once

// My works' pages as last read, each with the owner's works version it was read under (docs/performance.md, "My
// works"). SqlStore::worksOf serves a held page again only while that version is still the owner's (one small read
// instead of the page's) and for at most a time to live; a change through any gequ-server moves the version, so it
// shows at once everywhere.

#include "gequ/domain/ports/store.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace gequ::db::detail {

class WorksCache {
public:
    using Songs = std::shared_ptr<const std::vector<domain::OwnSong>>;
    struct Held {
        std::int64_t version = 0;
        Songs songs;
    };

    /// ttl 0 turns it off; at most maxSongs songs are held (when full, pages past their time are dropped, then all).
    explicit WorksCache(std::chrono::milliseconds ttl, std::size_t maxSongs = 50000) : _ttl(ttl), _maxSongs(maxSongs) {}

    bool enabled() const { return _ttl.count() > 0; }

    /// The page held for (user, page) if it was read less than the time to live ago.
    std::optional<Held> find(const std::string& userId, domain::Page page) const {
        std::lock_guard lock(_mutex);
        auto it = _pages.find(keyOf(userId, page));
        if (it == _pages.end() || Clock::now() - it->second.readAt >= _ttl) {
            return std::nullopt;
        }
        return it->second.held;
    }

    /// Keeps a page read under `version` (read before the page, so the page is never older than its version says).
    void put(const std::string& userId, domain::Page page, std::int64_t version, std::vector<domain::OwnSong> songs) {
        auto held = std::make_shared<const std::vector<domain::OwnSong>>(std::move(songs));
        const auto now = Clock::now();
        std::lock_guard lock(_mutex);
        const std::string key = keyOf(userId, page);
        if (auto it = _pages.find(key); it != _pages.end()) {
            _songs -= it->second.held.songs->size();
            _pages.erase(it);
        }
        if (_songs + held->size() > _maxSongs) {
            dropOld(now);
        }
        _songs += held->size();
        _pages.insert_or_assign(key, Entry{Held{version, std::move(held)}, now});
    }

    /// How many pages it holds.
    std::size_t size() const {
        std::lock_guard lock(_mutex);
        return _pages.size();
    }

private:
    using Clock = std::chrono::steady_clock;
    struct Entry {
        Held held;
        Clock::time_point readAt;
    };

    static std::string keyOf(const std::string& userId, domain::Page page) {
        return userId + '\n' + std::to_string(page.offset) + '\n' + std::to_string(page.limit);
    }

    /// Drops the pages past their time; everything when that is not enough. Called with _mutex held.
    void dropOld(Clock::time_point now) {
        for (auto it = _pages.begin(); it != _pages.end();) {
            if (now - it->second.readAt >= _ttl) {
                _songs -= it->second.held.songs->size();
                it = _pages.erase(it);
            } else {
                ++it;
            }
        }
        if (_songs >= _maxSongs / 2) {
            _pages.clear();
            _songs = 0;
        }
    }

    std::chrono::milliseconds _ttl;
    std::size_t _maxSongs;
    mutable std::mutex _mutex;
    std::unordered_map<std::string, Entry> _pages;
    std::size_t _songs = 0;
};

} // namespace gequ::db::detail
