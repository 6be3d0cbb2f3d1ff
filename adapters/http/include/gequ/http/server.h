#pragma once

// The HTTP adapter's public face: the composition root builds an HttpConfig and the services, then runs a Server.
// Poco stays out of this header (gequ_http links Poco PRIVATE).

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/generation_worker.h"
#include "gequ/domain/services/media_service.h"
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
    /// Local media behind nginx: when set (an internal location such as "/_media/"), a /media/<key> request that
    /// passes the access check is answered with X-Accel-Redirect: <location><key> and no body, and nginx sends the
    /// file (Range included). Empty: the server sends the file itself.
    std::string mediaAccelRedirect;
    std::size_t maxBodyBytes = 64 * 1024;
    int threads = 256;           ///< worker threads; each serves one connection at a time (keep-alive included)
    int maxQueued = 256;         ///< accepted connections waiting for a worker
    int readTimeoutSeconds = 30; ///< socket receive/send timeout for slow clients
    /// The whole time a client may take to send one request, headers and body (and, on a kept-alive connection, to
    /// start the next one within keepAliveSeconds): past it the connection is cut, however slowly bytes still trickle.
    int requestDeadlineSeconds = 30;
    int keepAliveSeconds = 5;        ///< how long an idle keep-alive connection holds its worker
    /// Connections one client (an IPv4 address or an IPv6 /64, by the peer address) may hold open at once; more are
    /// closed at accept time. Peers in trustedProxies (loopback by default) are exempt. <= 0: no cap.
    int maxConnectionsPerClient = 32;
    int maxKeepAliveRequests = 1000; ///< requests per connection before it is closed (fairness between clients)
    int listCacheMillis = 2000;      ///< how long an anonymous public list answer may be reused; 0 never
    int sessionCacheMillis = 1000;   ///< how long a token's user may be remembered after it was read; 0 never
    double ratePerIp = 20;           ///< requests per second per client IP on API routes; <= 0 disables the limit
    double burstPerIp = 60;          ///< bucket size
    /// Take the client IP from X-Forwarded-For, and only when the connection comes from one of trustedProxies.
    bool trustProxy = false;
    /// Addresses or CIDR ranges (10.0.0.0/8, fd00::/8) of the reverse proxies whose X-Forwarded-For is believed;
    /// empty means loopback only.
    std::vector<std::string> trustedProxies;
    std::string metricsToken; ///< a bearer token that opens GET /metrics to non-loopback clients (empty: none)
    std::vector<std::string> corsOrigins;
    std::vector<std::string> mediaHosts; ///< extra hosts allowed by the Content-Security-Policy
};

/// Resolves the signed-in user from an Authorization token ("Bearer " already removed): the user and when the
/// session expires, or nullopt for an unknown, expired or revoked token. Called from the worker threads, at most once
/// per request, and less often when http.session_cache_ms remembers the answer.
using Authenticator = std::function<std::optional<domain::SignedIn>(const std::string& token)>;

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

/// The presigned URL of a stored media key (media on S3; the composition root hands in the S3 store's); a non-empty
/// disposition becomes the answer's Content-Disposition (downloads).
using MediaRedirect = std::function<std::string(const std::string& key, const std::string& disposition)>;

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
    domain::MediaService* media = nullptr;   ///< who may fetch /media/<key> (null: no media file is served)
    /// When set (media on S3), /media/<key> and downloads that pass the access check answer 302 to this URL.
    MediaRedirect mediaRedirect = {};
    UpstreamCallback callback = {};
    PaymentServices payments = {};
    /// The key that signs the short-lived /media/ URLs of songs only their owner may play (private, unfinished or
    /// hidden songs; docs/security.md). Empty: a random key for this process (tests; several instances need one).
    std::string mediaUrlKey = {};
};

class Server {
public:
    /// Throws std::invalid_argument when config.trustedProxies holds an entry that is neither an address nor a range.
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
