#pragma once

// A short-lived, in-process cache of anonymous public list answers (docs/performance.md, "Caching"): the hot and
// new lists and search, as a visitor sees them. Answers for a signed-in viewer carry per-viewer fields (liked) and
// are never cached. Publishing, unpublishing or deleting a song through this instance empties it; changes made
// elsewhere (another instance, gequ-admin, a song that just finished) show within the time to live.
// One request per key asks the database when an answer expires: the others meanwhile get the answer that just expired
// (or, when there is none, wait for the one being made), so an expiry under load is one query, not one per client.

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

class ListCache {
public:
    /// ttl 0 turns the cache off; at most maxEntries answers are held (when full, expired ones are dropped first,
    /// then everything).
    explicit ListCache(std::chrono::milliseconds ttl, std::size_t maxEntries = 4096);

    /// The answer for key: a fresh cached one, else make()'s (cached when it is a 200). While one caller makes a key's
    /// answer, other callers of that key get the expired answer, or wait for the new one when none is held.
    Response get(const std::string& key, const std::function<Response()>& make);
    /// Forgets every answer (a song's visibility changed).
    void clear();
    /// How many answers it holds now.
    std::size_t size() const;

private:
    using Clock = std::chrono::steady_clock;
    struct Entry {
        Response response;
        Clock::time_point expires;
    };
    /// An answer being made.
    struct Flight {
        bool done = false;
        bool stored = false; ///< done with a cacheable answer, in `response`
        Response response;
    };

    std::chrono::milliseconds _ttl;
    std::size_t _maxEntries;
    mutable std::mutex _mutex;
    std::unordered_map<std::string, Entry> _entries;
    std::unordered_map<std::string, std::shared_ptr<Flight>> _flights;
    std::condition_variable _landed;
    std::uint64_t _generation = 0; ///< bumped by clear(), so an answer computed before it is not stored after it
};

} // namespace gequ::http
