#include "session_cache.h"

#include <algorithm>

namespace gequ::http {

SessionCache::SessionCache(std::chrono::milliseconds ttl, std::size_t maxEntries)
    : _ttl(ttl), _maxEntries(maxEntries < 1 ? 1 : maxEntries) {}

std::optional<std::string> SessionCache::userOf(const std::string& token, domain::TimePoint now, const Lookup& lookup) {
    if (_ttl.count() <= 0) {
        auto signedIn = lookup(token);
        return signedIn ? std::optional<std::string>(std::move(signedIn->userId)) : std::nullopt;
    }
    std::uint64_t forgets = 0;
    {
        std::lock_guard lock(_mutex);
        auto it = _entries.find(token);
        if (it != _entries.end()) {
            if (now < it->second.until) {
                return it->second.userId;
            }
            _entries.erase(it);
        }
        forgets = _forgets;
    }
    auto signedIn = lookup(token);
    if (!signedIn) {
        return std::nullopt;
    }
    std::lock_guard lock(_mutex);
    if (forgets != _forgets) {
        return std::move(
            signedIn->userId); // a logout happened meanwhile (perhaps of this token): keep nothing read before it
    }
    if (_entries.size() >= _maxEntries) {
        std::erase_if(_entries, [&](const auto& entry) { return entry.second.until <= now; });
        if (_entries.size() >= _maxEntries) {
            _entries.clear();
        }
    }
    const domain::TimePoint until = std::min(now + _ttl, signedIn->expiresAt);
    if (now < until) {
        _entries[token] = Entry{signedIn->userId, until};
    }
    return std::move(signedIn->userId);
}

void SessionCache::forget(const std::string& token) {
    std::lock_guard lock(_mutex);
    ++_forgets;
    _entries.erase(token);
}

std::size_t SessionCache::size() const {
    std::lock_guard lock(_mutex);
    return _entries.size();
}

} // namespace gequ::http
