#include "connection_cap.h"

#include <Poco/Logger.h>
#include <Poco/Net/SocketAddress.h>

namespace gequ::http {

ConnectionCap::ConnectionCap(int perClient, const TrustedProxies& exempt) : _perClient(perClient), _exempt(exempt) {}

bool ConnectionCap::admit(const Poco::Net::StreamSocket& socket) {
    if (_perClient <= 0) {
        return true;
    }
    std::string peer;
    try {
        peer = socket.peerAddress().host().toString();
    } catch (const Poco::Exception&) {
        return false; // already gone
    }
    if (_exempt.contains(peer)) {
        return true;
    }
    std::string bucket = clientBucket(peer);
    std::lock_guard lock(_mutex);
    int& open = _open[bucket];
    if (open >= _perClient) {
        ++_refused;
        if (_refused % 1000 == 1) {
            Poco::Logger::get("gequ.http")
                .warning("refused a connection: a client already holds %d (http.max_connections_per_client)",
                         _perClient);
        }
        return false;
    }
    ++open;
    _buckets.emplace(socket.impl(), std::move(bucket));
    return true;
}

void ConnectionCap::release(const Poco::Net::StreamSocket& socket) {
    std::lock_guard lock(_mutex);
    auto found = _buckets.find(socket.impl());
    if (found == _buckets.end()) {
        return;
    }
    auto open = _open.find(found->second);
    if (open != _open.end() && --open->second <= 0) {
        _open.erase(open);
    }
    _buckets.erase(found);
}

int ConnectionCap::openFor(const std::string& bucket) const {
    std::lock_guard lock(_mutex);
    auto found = _open.find(bucket);
    return found == _open.end() ? 0 : found->second;
}

std::size_t ConnectionCap::refused() const {
    std::lock_guard lock(_mutex);
    return _refused;
}

} // namespace gequ::http
