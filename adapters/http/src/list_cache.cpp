#include "list_cache.h"

namespace gequ::http {

ListCache::ListCache(std::chrono::milliseconds ttl, std::size_t maxEntries) : _ttl(ttl), _maxEntries(maxEntries) {}

Response ListCache::get(const std::string& key, const std::function<Response()>& make) {
    if (_ttl.count() <= 0) {
        return make();
    }
    std::uint64_t generation = 0;
    {
        std::lock_guard lock(_mutex);
        auto it = _entries.find(key);
        if (it != _entries.end() && it->second.expires > Clock::now()) {
            return it->second.response;
        }
        generation = _generation;
    }
    // Computed outside the lock: concurrent misses of one key may each ask the database once, which beats
    // serialising every list behind one mutex.
    Response response = make();
    if (response.status != 200 || response.file) {
        return response;
    }
    std::lock_guard lock(_mutex);
    if (generation != _generation) {
        return response; // cleared meanwhile: this answer may predate the change
    }
    const auto now = Clock::now();
    if (_entries.size() >= _maxEntries) {
        std::erase_if(_entries, [&](const auto& entry) { return entry.second.expires <= now; });
        if (_entries.size() >= _maxEntries) {
            _entries.clear();
        }
    }
    _entries[key] = Entry{response, now + _ttl};
    return response;
}

void ListCache::clear() {
    std::lock_guard lock(_mutex);
    ++_generation;
    _entries.clear();
}

std::size_t ListCache::size() const {
    std::lock_guard lock(_mutex);
    return _entries.size();
}

} // namespace gequ::http
