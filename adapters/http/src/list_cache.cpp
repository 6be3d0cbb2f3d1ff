#include "list_cache.h"

namespace gequ::http {

ListCache::ListCache(std::chrono::milliseconds ttl, std::size_t maxEntries) : _ttl(ttl), _maxEntries(maxEntries) {}

Response ListCache::get(const std::string& key, const std::function<Response()>& make) {
    if (_ttl.count() <= 0) {
        return make();
    }
    std::shared_ptr<Flight> flight;
    std::uint64_t generation = 0;
    {
        std::unique_lock lock(_mutex);
        auto it = _entries.find(key);
        if (it != _entries.end() && it->second.expires > Clock::now()) {
            return it->second.response;
        }
        if (auto inFlight = _flights.find(key); inFlight != _flights.end()) {
            if (it != _entries.end()) {
                return it->second.response; // just expired; its successor is being made
            }
            auto other = inFlight->second;
            _landed.wait(lock, [&] { return other->done; });
            if (other->stored) {
                return other->response;
            }
            lock.unlock();
            return make(); // the other caller's answer was an error: ask for ours
        }
        flight = std::make_shared<Flight>();
        _flights.emplace(key, flight);
        generation = _generation;
    }
    // Made outside the lock; `flight` tells the callers of the same key to wait or take the expired answer.
    const auto land = [&](const Response* stored) {
        flight->done = true;
        if (stored != nullptr) {
            flight->stored = true;
            flight->response = *stored;
        }
        if (auto it = _flights.find(key); it != _flights.end() && it->second == flight) {
            _flights.erase(it);
        }
        _landed.notify_all();
    };
    Response response;
    try {
        response = make();
    } catch (...) {
        std::lock_guard lock(_mutex);
        land(nullptr);
        throw;
    }
    std::lock_guard lock(_mutex);
    if (response.status != 200 || response.file || generation != _generation) {
        // Not cacheable, or cleared meanwhile (this answer may predate the change): nothing stored.
        land(nullptr);
        return response;
    }
    const auto now = Clock::now();
    if (_entries.size() >= _maxEntries) {
        std::erase_if(_entries, [&](const auto& entry) { return entry.second.expires <= now; });
        if (_entries.size() >= _maxEntries) {
            _entries.clear();
        }
    }
    _entries[key] = Entry{response, now + _ttl};
    land(&response);
    return response;
}

void ListCache::clear() {
    std::lock_guard lock(_mutex);
    ++_generation;
    _entries.clear(); // answers being made now are not stored (their generation is older)
}

std::size_t ListCache::size() const {
    std::lock_guard lock(_mutex);
    return _entries.size();
}

} // namespace gequ::http
