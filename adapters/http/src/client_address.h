#pragma once

// Who a request comes from (docs/security.md, "Clients"): the address that X-Forwarded-For names when, and only when,
// the connection comes from a trusted reverse proxy; and the bucket that rate limits and login limits count by, so
// that one IPv6 host (which owns a whole /64) is one client, not 2^64 of them.

#include <string>
#include <string_view>
#include <vector>

namespace gequ::http {

/// The reverse proxies whose X-Forwarded-For is believed: addresses and CIDR ranges.
class TrustedProxies {
public:
    /// Each entry an address ("10.0.0.5", "::1") or a range ("10.0.0.0/8", "fd00::/8"); an empty list means loopback
    /// (127.0.0.0/8 and ::1). Throws std::invalid_argument naming a malformed entry.
    explicit TrustedProxies(const std::vector<std::string>& entries = {});

    /// Whether address (text) is one of them; false for text that is not an address.
    bool contains(std::string_view address) const;

private:
    struct Range {
        std::string bytes; ///< network order, 4 or 16 bytes (IPv4-mapped IPv6 is kept as IPv4)
        int prefix = 0;
    };
    std::vector<Range> _ranges;
};

/// The client's address: the peer, unless trustProxy is on and the peer is a trusted proxy; then X-Forwarded-For is
/// read from its right end, skipping trusted proxies, and the first other address is the client (entries further
/// left were written by the client and are not believed). A malformed entry stops the walk at the last good one.
std::string resolveClientIp(const std::string& peer, const std::string& forwardedFor, bool trustProxy,
                            const TrustedProxies& proxies);

/// The bucket limits count by: an IPv4 address as it is ("203.0.113.7"; IPv4-mapped IPv6 becomes IPv4), an IPv6
/// address as its /64 ("2001:db8:1:2::/64"); anything that is not an address as it is.
std::string clientBucket(const std::string& ip);

/// The network around a client, one level above clientBucket (docs/security.md, "Login abuse"): an IPv4 address's
/// /24 ("203.0.113.0/24"), an IPv6 address's /56 ("2001:db8:1:200::/56"); anything that is not an address as it is.
std::string networkBucket(const std::string& ip);

} // namespace gequ::http
