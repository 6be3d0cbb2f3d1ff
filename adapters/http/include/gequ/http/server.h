#pragma once

// The HTTP adapter's public face: the composition root builds an HttpConfig and the services, then runs a Server.
// Poco stays out of this header (gequ_http links Poco PRIVATE).

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/generation_worker.h"
#include "gequ/domain/services/order_service.h"
#include "gequ/domain/services/redeem_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"
#include "gequ/domain/services/works_service.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace gequ::http {

struct HttpConfig {
    std::string host = "127.0.0.1";
    std::uint16_t port = 8080; ///< 0 picks a free port (tests); Server::port() tells which
    std::string publicBaseUrl = "http://127.0.0.1:8080";
    std::string webRoot = "web/dist";   ///< the built web app; missing is allowed (API only)
    std::string mediaDir = "var/media"; ///< served under /media/
    std::size_t maxBodyBytes = 64 * 1024;
    int threads = 16;               ///< worker threads; each serves one connection at a time (keep-alive included)
    int maxQueued = 256;            ///< accepted connections waiting for a worker
    int readTimeoutSeconds = 30;    ///< socket receive/send timeout for slow clients
    int keepAliveSeconds = 5;       ///< how long an idle keep-alive connection holds its worker
    int maxKeepAliveRequests = 100; ///< requests per connection before it is closed (fairness between clients)
    double ratePerIp = 20;          ///< requests per second per client IP on API routes; <= 0 disables the limit
    double burstPerIp = 60;         ///< bucket size
    bool trustProxy = false;        ///< take the client IP from X-Forwarded-For (its last entry)
    std::vector<std::string> corsOrigins;
    std::vector<std::string> mediaHosts; ///< extra hosts allowed by the Content-Security-Policy
};

/// Resolves the signed-in user from an Authorization token ("Bearer " already removed): the user id, or nullopt for
/// an unknown, expired or revoked token. Called from the worker threads, at most once per request.
using Authenticator = std::function<std::optional<std::string>(const std::string& token)>;

/// Reads the body upstream posts to the callback URL into a task status (for AceData: AceClient::parseCallback);
/// an InvalidInput error for a body that is not one.
using CallbackParser = std::function<domain::Result<domain::TaskStatus>(const std::string& body)>;

/// The upstream's callback endpoint, POST /music/api/callback/ace?key=KEY (docs/generation.md): served only when
/// `key` is set (the composition root takes it from upstream.ace.callback_url's own key parameter).
struct UpstreamCallback {
    std::string key;
    CallbackParser parse;
    domain::GenerationWorker* worker = nullptr; ///< applies the parsed status
};

/// Draws a text as a QR code, a data:image/svg+xml;base64,… URI (the payment adapter's qrSvgDataUri, handed in by
/// the composition root: adapters do not depend on each other).
using QrCodeMaker = std::function<std::string(const std::string& text)>;

/// The payment side (docs/payments.md). The /pay routes other than /pay/plans are served only when `orders` is
/// set; the sandbox checkout only when its provider is the sandbox.
struct PaymentServices {
    domain::OrderService* orders = nullptr;
    QrCodeMaker qrCode; ///< for POST /pay/jsapiPc
};

/// What the handlers call. Everything is owned by the composition root and outlives the Server.
struct Services {
    domain::Store& store;
    const domain::Clock& clock;
    domain::SquareService& square;
    domain::AuthService& auth;
    domain::UserService& users;
    domain::RedeemService& redeem;
    Authenticator authenticate = {};         ///< empty: every request is a visitor's (usually auth.authenticate)
    domain::CreateService* create = nullptr; ///< POST /music/api/create/ace (not served when null)
    domain::WorksService* works = nullptr;   ///< my works, AI lyrics and downloads (not served when null)
    UpstreamCallback callback = {};
    PaymentServices payments = {};
};

class Server {
public:
    Server(HttpConfig config, Services services);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// Starts listening and serving on background threads. Throws when the address cannot be bound.
    void start();
    /// Stops accepting, finishes the requests in flight, closes idle connections, and returns. Idempotent.
    void stop();
    /// The bound port (useful when the config asked for 0).
    std::uint16_t port() const;

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::http
