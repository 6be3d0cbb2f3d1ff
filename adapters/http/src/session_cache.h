#pragma once

// Who a bearer token signs in, remembered for a moment (docs/accounts.md, "Sessions"; docs/performance.md,
// "Caching"). Every signed-in request needs its session; reading it from the database costs a round trip per request,
// as much as the rest of a list request on PostgreSQL. A token's user is kept for `ttl` (http.session_cache_ms, 1 s
// by default) after it was read, and never past the session's own expiry: logging out through this instance forgets
// the token at once; a logout through another instance, a session revoked or an account disabled by gequ-admin takes
// effect here within the time to live. Only tokens that signed someone in are kept (an unknown token is asked again
// every time), and the token itself is the key, so two tokens never share an entry. Times are the server's clock
// (domain::Clock), so tests that move the clock move the cache too.

#include "gequ/domain/model/time.h"
#include "gequ/domain/services/auth_service.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace gequ::http {

class SessionCache {
public:
    using Lookup = std::function<std::optional<domain::SignedIn>(const std::string& token)>;

    /// ttl 0 turns it off; at most maxEntries tokens are held (when full, expired ones are dropped first, then all).
    explicit SessionCache(std::chrono::milliseconds ttl, std::size_t maxEntries = 100000);

    /// The user the token signs in at `now`: remembered when it was read less than ttl ago and the session has not
    /// expired, else lookup's answer (kept when it names a user).
    std::optional<std::string> userOf(const std::string& token, domain::TimePoint now, const Lookup& lookup);
    /// Forgets the token (it was logged out through this instance).
    void forget(const std::string& token);
    /// How many tokens it holds now.
    std::size_t size() const;

private:
    struct Entry {
        std::string userId;
        domain::TimePoint until; ///< the earlier of read time + ttl and the session's expiry
    };

    std::chrono::milliseconds _ttl;
    std::size_t _maxEntries;
    mutable std::mutex _mutex;
    std::unordered_map<std::string, Entry> _entries;
    std::uint64_t _forgets = 0; ///< bumped by forget(), so a lookup that raced a logout is not stored after it
};

} // namespace gequ::http
