#pragma once

// The HTTP adapter's public face: the composition root builds an HttpConfig and the services, then runs a Server.
// Poco stays out of this header (gequ_http links Poco PRIVATE).

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/square_service.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gequ::http {

struct HttpConfig {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080; ///< 0 picks a free port (tests); Server::port() tells which
    std::string publicBaseUrl = "http://127.0.0.1:8080";
    std::string webRoot = "web/dist";  ///< the built web app; missing is allowed (API only)
    std::string mediaDir = "var/media"; ///< served under /media/
    std::size_t maxBodyBytes = 64 * 1024;
    int threads = 16;
    int readTimeoutSeconds = 30;
    double ratePerIp = 20;   ///< requests per second per client IP on API routes
    double burstPerIp = 60;  ///< bucket size
    bool trustProxy = false; ///< take the client IP from X-Forwarded-For
    std::vector<std::string> corsOrigins;
    std::vector<std::string> mediaHosts; ///< extra hosts allowed by the Content-Security-Policy
};

/// What the handlers call. Everything is owned by the composition root and outlives the Server.
struct Services {
    domain::Store& store;
    const domain::Clock& clock;
    domain::SquareService& square;
};

class Server {
public:
    Server(HttpConfig config, Services services);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// Starts listening and serving on background threads.
    void start();
    /// Stops accepting, finishes the requests in flight, and returns.
    void stop();
    /// The bound port (useful when the config asked for 0).
    std::uint16_t port() const;

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::http
