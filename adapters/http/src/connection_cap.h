#pragma once

// A cap on the connections one client holds open at once (docs/security.md, "Slow clients"). Each connection holds a
// worker thread while it is served, so one client with hundreds of slow connections could take every thread even
// though the request deadline cuts each one. The cap is applied at accept time, before any thread is spent: a client
// (an IPv4 address, or an IPv6 /64, as the rate limits count) past it has its new connection closed at once. The
// peers in http.trusted_proxies (loopback by default) are not capped: a reverse proxy carries many clients, and nginx
// buffers slow ones itself (docs/deploy.md).

#include "client_address.h"

#include <Poco/Net/StreamSocket.h>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace gequ::http {

class ConnectionCap {
public:
    /// perClient <= 0: no cap. `exempt` must outlive the cap.
    ConnectionCap(int perClient, const TrustedProxies& exempt);

    /// Called at accept time: whether the client of this new connection may have one more; when it may, the
    /// connection counts until release(socket).
    bool admit(const Poco::Net::StreamSocket& socket);
    /// Called when a connection admit() counted ends (unknown sockets are ignored).
    void release(const Poco::Net::StreamSocket& socket);
    /// The connections counted for a client bucket now (tests).
    int openFor(const std::string& bucket) const;
    /// How many connections were refused since start.
    std::size_t refused() const;

private:
    const int _perClient;
    const TrustedProxies& _exempt;
    mutable std::mutex _mutex;
    std::unordered_map<std::string, int> _open;            ///< bucket -> connections
    std::unordered_map<const void*, std::string> _buckets; ///< socket -> its bucket
    std::size_t _refused = 0;
};

} // namespace gequ::http
