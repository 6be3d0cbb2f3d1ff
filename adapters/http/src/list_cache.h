#pragma once

// A short-lived, in-process cache of public list answers (docs/performance.md, "Caching"): the hot and new lists and
// search. Visitors get the cached bytes. Signed-in viewers get the cached songs of the same page with their own
// `liked` fields read fresh (SquareService::asSeenBy), so nothing of one viewer reaches another. Publishing,
// unpublishing or deleting a song through this instance empties it; changes made elsewhere (another instance,
// gequ-admin, a song that just finished) show within the time to live.
// One request per key asks the database when an answer expires: the others meanwhile get the answer that just expired
// (or, when there is none, wait for the one being made), so an expiry under load is one query, not one per client.

#include "gequ/domain/services/square_service.h"
#include "request.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

namespace gequ::http {

/// Values of type T by key for a time to live, made once per key and expiry (see above); `cacheable` says which
/// made values are kept.
template <class T> class ShortLivedCache {
public:
    ShortLivedCache(std::chrono::milliseconds ttl, std::size_t maxEntries, std::function<bool(const T&)> cacheable)
        : _ttl(ttl), _maxEntries(maxEntries), _cacheable(std::move(cacheable)) {}

    /// The value for key: a fresh cached one, else make()'s (kept when cacheable). While one caller makes a key's
    /// value, other callers of that key get the expired value, or wait for the new one when none is held.
    T get(const std::string& key, const std::function<T()>& make);
    /// Forgets every value.
    void clear() {
        std::lock_guard lock(_mutex);
        ++_generation;
        _entries.clear(); // values being made now are not stored (their generation is older)
    }
    /// How many values it holds now.
    std::size_t size() const {
        std::lock_guard lock(_mutex);
        return _entries.size();
    }

private:
    using Clock = std::chrono::steady_clock;
    struct Entry {
        T value;
        Clock::time_point expires;
    };
    /// A value being made.
    struct Flight {
        bool done = false;
        bool stored = false; ///< done with a cacheable value, in `value`
        T value;
    };

    std::chrono::milliseconds _ttl;
    std::size_t _maxEntries;
    std::function<bool(const T&)> _cacheable;
    mutable std::mutex _mutex;
    std::unordered_map<std::string, Entry> _entries;
    std::unordered_map<std::string, std::shared_ptr<Flight>> _flights;
    std::condition_variable _landed;
    std::uint64_t _generation = 0; ///< bumped by clear(), so a value made before it is not stored after it
};

/// The songs of one public list page as everyone sees them (liked false), shared by the signed-in viewers.
using SharedSongs = std::shared_ptr<const std::vector<domain::SongView>>;

class ListCache {
public:
    /// ttl 0 turns the cache off; at most maxEntries answers (and as many song pages) are held (when full, expired
    /// ones are dropped first, then everything).
    explicit ListCache(std::chrono::milliseconds ttl, std::size_t maxEntries = 4096);

    /// A visitor's answer for key: a fresh cached one, else make()'s (cached when it is a 200).
    Response get(const std::string& key, const std::function<Response()>& make);
    /// The songs of a page for key, shared by signed-in viewers: a fresh cached list, else make()'s (cached unless
    /// null; make returns null when the list failed).
    SharedSongs songs(const std::string& key, const std::function<SharedSongs()>& make);
    /// Forgets every answer and list (a song's visibility changed).
    void clear();
    /// How many visitor answers it holds now.
    std::size_t size() const;

private:
    ShortLivedCache<Response> _answers;
    ShortLivedCache<SharedSongs> _songs;
};

template <class T> T ShortLivedCache<T>::get(const std::string& key, const std::function<T()>& make) {
    if (_ttl.count() <= 0) {
        return make();
    }
    std::shared_ptr<Flight> flight;
    std::uint64_t generation = 0;
    {
        std::unique_lock lock(_mutex);
        auto it = _entries.find(key);
        if (it != _entries.end() && it->second.expires > Clock::now()) {
            return it->second.value;
        }
        if (auto inFlight = _flights.find(key); inFlight != _flights.end()) {
            if (it != _entries.end()) {
                return it->second.value; // just expired; its successor is being made
            }
            auto other = inFlight->second;
            _landed.wait(lock, [&] { return other->done; });
            if (other->stored) {
                return other->value;
            }
            lock.unlock();
            return make(); // the other caller's value was not cacheable (an error): make ours
        }
        flight = std::make_shared<Flight>();
        _flights.emplace(key, flight);
        generation = _generation;
    }
    // Made outside the lock; `flight` tells the callers of the same key to wait or take the expired value.
    const auto land = [&](const T* stored) {
        flight->done = true;
        if (stored != nullptr) {
            flight->stored = true;
            flight->value = *stored;
        }
        if (auto it = _flights.find(key); it != _flights.end() && it->second == flight) {
            _flights.erase(it);
        }
        _landed.notify_all();
    };
    T value;
    try {
        value = make();
    } catch (...) {
        std::lock_guard lock(_mutex);
        land(nullptr);
        throw;
    }
    std::lock_guard lock(_mutex);
    if (!_cacheable(value) || generation != _generation) {
        // Not cacheable, or cleared meanwhile (this value may predate the change): nothing stored.
        land(nullptr);
        return value;
    }
    const auto now = Clock::now();
    if (_entries.size() >= _maxEntries) {
        std::erase_if(_entries, [&](const auto& entry) { return entry.second.expires <= now; });
        if (_entries.size() >= _maxEntries) {
            _entries.clear();
        }
    }
    _entries[key] = Entry{value, now + _ttl};
    land(&value);
    return value;
}

} // namespace gequ::http
