#include "gequ/http/server.h"

#include "client_address.h"
#include "connection_cap.h"
#include "envelope.h"
#include "files.h"
#include "metrics.h"
#include "rate_limiter.h"
#include "request_deadline.h"
#include "response_writer.h"
#include "router.h"
#include "routes.h"
#include "share_page.h"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/IPAddress.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/String.h>
#include <Poco/ThreadPool.h>
#include <Poco/URI.h>
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <random>

namespace gequ::http {

namespace {

constexpr std::size_t kMaxRequestIdLength = 64;
constexpr std::size_t kDrainLimit = 1024 * 1024;
constexpr const char* kApiPrefixes[] = {"/music/", "/user/", "/pay/", "/login/", "/api/"};

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && text.compare(0, prefix.size(), prefix) == 0;
}

/// Whether a path belongs to the API (so an unknown one is a 404 envelope, never the web page).
bool isApiPath(std::string_view path) {
    for (const char* prefix : kApiPrefixes) {
        std::string_view p(prefix);
        if (startsWith(path, p) || path == p.substr(0, p.size() - 1)) {
            return true;
        }
    }
    return false;
}

/// An incoming X-Request-Id is kept only when short and made of safe characters (it ends up in logs and headers).
bool isSafeRequestId(const std::string& id) {
    return !id.empty() && id.size() <= kMaxRequestIdLength && std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_' ||
               c == '.' || c == ':';
    });
}

std::string newRequestId() {
    thread_local std::mt19937_64 engine{[] {
        std::random_device device;
        return (static_cast<std::uint64_t>(device()) << 32) ^ device();
    }()};
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(engine()));
    return text;
}

/// Removes characters that could break a CSP header out of a configured host.
std::string cspSource(const std::string& host) {
    std::string out;
    for (char c : host) {
        if (c != ';' && c != ',' && c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\'') {
            out += c;
        }
    }
    return out;
}

std::string contentSecurityPolicy(const std::vector<std::string>& mediaHosts) {
    std::string hosts;
    for (const auto& host : mediaHosts) {
        std::string source = cspSource(host);
        if (!source.empty()) {
            hosts += ' ' + source;
        }
    }
    return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:" +
           hosts + "; media-src 'self' blob:" + hosts + "; connect-src 'self'" + hosts +
           "; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
}

/// The announced body length: nullopt when there is no Content-Length, -1 when it is malformed.
std::optional<Poco::Int64> contentLength(const Poco::Net::HTTPServerRequest& request) {
    if (!request.hasContentLength()) {
        return std::nullopt;
    }
    try {
        Poco::Int64 length = request.getContentLength64();
        return length < 0 ? -1 : length;
    } catch (const Poco::Exception&) {
        return -1;
    }
}

/// The most header bytes a request may carry (names, values and their separators; docs/security.md).
constexpr std::size_t kMaxHeaderBytes = 16 * 1024;

/// What is wrong with how a request frames its body, or nullptr (docs/security.md, "Request framing"). A proxy in
/// front and this server must agree where a request ends, so anything two parsers could read two ways is refused:
/// Transfer-Encoding together with Content-Length, Content-Length twice, a Content-Length that is not plain digits,
/// and any Transfer-Encoding other than exactly `chunked` (and only once).
const char* framingError(const Poco::Net::HTTPServerRequest& request) {
    int lengths = 0;
    int encodings = 0;
    std::string length;
    std::string encoding;
    for (const auto& [name, value] : request) {
        if (Poco::icompare(name, "Content-Length") == 0) {
            ++lengths;
            length = value;
        } else if (Poco::icompare(name, "Transfer-Encoding") == 0) {
            ++encodings;
            encoding = value;
        }
    }
    if (encodings > 0 && lengths > 0) {
        return "请求不能同时带 Transfer-Encoding 和 Content-Length";
    }
    if (lengths > 1) {
        return "请求头 Content-Length 重复";
    }
    if (lengths == 1 && (length.empty() || length.size() > 18 ||
                         !std::all_of(length.begin(), length.end(), [](char c) { return c >= '0' && c <= '9'; }))) {
        return "请求头 Content-Length 无效";
    }
    if (encodings > 1 || (encodings == 1 && encoding != "chunked")) {
        return "不支持该 Transfer-Encoding";
    }
    return nullptr;
}

/// Whether the request's header fields together are over kMaxHeaderBytes.
bool headersTooLarge(const Poco::Net::HTTPServerRequest& request) {
    std::size_t bytes = 0;
    for (const auto& [name, value] : request) {
        bytes += name.size() + value.size() + 4; // "name: value\r\n"
    }
    return bytes > kMaxHeaderBytes;
}

enum class BodyStatus { Ok, TooLarge, Incomplete };

/// Reads the request body into out, never more than limit bytes. A request with neither Content-Length nor chunked
/// encoding has no body (reading it would wait for the client to close).
BodyStatus readBody(Poco::Net::HTTPServerRequest& request, std::size_t limit, std::string& out) {
    if (request.getChunkedTransferEncoding()) {
        std::istream& in = request.stream();
        char buffer[8192];
        while (in) {
            std::size_t room = limit + 1 - out.size();
            in.read(buffer, static_cast<std::streamsize>(std::min(room, sizeof buffer)));
            out.append(buffer, static_cast<std::size_t>(in.gcount()));
            if (out.size() > limit) {
                return BodyStatus::TooLarge;
            }
        }
        return in.bad() ? BodyStatus::Incomplete : BodyStatus::Ok;
    }
    auto announced = contentLength(request);
    if (!announced) {
        return BodyStatus::Ok;
    }
    Poco::Int64 length = *announced;
    if (length < 0) {
        return BodyStatus::Incomplete;
    }
    if (static_cast<std::uint64_t>(length) > limit) {
        return BodyStatus::TooLarge;
    }
    if (length == 0) {
        return BodyStatus::Ok;
    }
    out.resize(static_cast<std::size_t>(length));
    request.stream().read(out.data(), length);
    if (request.stream().gcount() != length) {
        out.clear();
        return BodyStatus::Incomplete;
    }
    return BodyStatus::Ok;
}

/// Reads and discards what is left of a request body, at most limit bytes. Closing a socket with unread data makes
/// the kernel send a reset, which can destroy the answer before the client reads it; so the rest of a refused body
/// is drained (never stored) before the connection is closed.
void drainBody(Poco::Net::HTTPServerRequest& request, std::size_t limit) {
    std::istream& in = request.stream();
    char buffer[8192];
    std::size_t drained = 0;
    while (in && drained < limit) {
        in.read(buffer, sizeof buffer);
        drained += static_cast<std::size_t>(in.gcount());
    }
}

bool hasBody(const Poco::Net::HTTPServerRequest& request) {
    return request.getChunkedTransferEncoding() || contentLength(request).value_or(0) > 0;
}

/// The request target as logged: the path only (at most 200 bytes, percent-encoded as received, so no line breaks).
/// Query strings are never logged: they may carry secrets (the upstream callback key, signed media URLs) or what a
/// user searched for.
std::string loggedTarget(const std::string& uri) {
    std::size_t question = uri.find('?');
    std::string path = uri.substr(0, std::min<std::size_t>(question, 200));
    return question == std::string::npos ? path : path + "?(query omitted)";
}

} // namespace

struct Server::Impl {
    HttpConfig config;
    Services services;
    Router router;
    Metrics metrics;
    ListCache listCache;
    SessionCache sessionCache;
    RateLimiter limiter;
    ResponseWriter writer;
    TrustedProxies proxies;
    ConnectionCap connectionCap;
    RouteContext routeContext;
    Poco::Logger& logger = Poco::Logger::get("gequ.http");

    std::unique_ptr<Poco::ThreadPool> pool;
    std::unique_ptr<DeadlineHttpServer> server;
    std::uint16_t boundPort = 0;
    std::mutex lifecycle;

    Impl(HttpConfig c, Services s)
        : config(std::move(c)), services(std::move(s)), listCache(std::chrono::milliseconds(config.listCacheMillis)),
          sessionCache(std::chrono::milliseconds(config.sessionCacheMillis)),
          limiter(config.ratePerIp, config.burstPerIp),
          writer(ResponseWriter::Headers{{"X-Content-Type-Options", "nosniff"}},
                 ResponseWriter::Headers{
                     {"Referrer-Policy", "strict-origin-when-cross-origin"},
                     {"X-Frame-Options", "DENY"},
                     {"Content-Security-Policy", contentSecurityPolicy(config.mediaHosts)},
                 }),
          proxies(config.trustedProxies),
          connectionCap(config.maxConnectionsPerClient, proxies), routeContext{config, services, metrics, listCache,
                                                                               sessionCache} {
        addAllRoutes(router, routeContext);
    }

    std::string clientIp(const Poco::Net::HTTPServerRequest& request) const {
        return resolveClientIp(request.clientAddress().host().toString(), request.get("X-Forwarded-For", ""),
                               config.trustProxy, proxies);
    }

    bool corsAllowed(const std::string& origin) const {
        return !origin.empty() &&
               std::find(config.corsOrigins.begin(), config.corsOrigins.end(), origin) != config.corsOrigins.end();
    }

    /// Turns a Poco request into a Response. Expected failures are envelopes; exceptions escape to handle().
    Response dispatch(Poco::Net::HTTPServerRequest& raw, Request& request, std::string& label) {
        request.method = raw.getMethod();
        request.headers = &raw;
        request.clientIp = clientIp(raw);
        request.clientKey = clientBucket(request.clientIp);
        request.clientNetwork = networkBucket(request.clientIp);

        // The request target: origin-form "/path?query"; an absolute-form URI is reduced to its path.
        std::string target = raw.getURI();
        if (startsWith(target, "http://") || startsWith(target, "https://")) {
            std::size_t slash = target.find('/', target.find("//") + 2);
            target = slash == std::string::npos ? "/" : target.substr(slash);
        }
        if (!startsWith(target, "/")) {
            return withClose(raw, errorResponse(domain::ErrorCode::InvalidInput, "请求地址格式错误"));
        }
        std::size_t question = target.find('?');
        try {
            Poco::URI::decode(target.substr(0, question), request.path);
            if (question != std::string::npos) {
                request.query = parseQuery(std::string_view(target).substr(question + 1));
            }
        } catch (const Poco::SyntaxException&) {
            return withClose(raw, errorResponse(domain::ErrorCode::InvalidInput, "请求地址格式错误"));
        }
        if (request.path.find('\0') != std::string::npos) {
            return withClose(raw, errorResponse(domain::ErrorCode::InvalidInput, "请求地址格式错误"));
        }

        std::string origin = raw.get("Origin", "");
        bool cors = corsAllowed(origin);
        if (cors && request.method == "OPTIONS" && raw.has("Access-Control-Request-Method")) {
            label = "preflight";
            Response response;
            response.status = 204;
            response.contentType.clear();
            response.set("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
            response.set("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Request-Id");
            response.set("Access-Control-Max-Age", "600");
            addCors(response, origin);
            return withClose(raw, std::move(response));
        }

        Response response = route(raw, request, label);
        if (cors) {
            addCors(response, origin);
        }
        return response;
    }

    Response route(Poco::Net::HTTPServerRequest& raw, Request& request, std::string& label) {
        Router::Match match = router.find(request.method, request.path);
        bool api = match.kind != Router::Match::Kind::None || isApiPath(request.path);
        if (!api) {
            if (request.method == "GET" || request.method == "HEAD") {
                label = "static";
                if (request.path == "/musicPlayer") {
                    // A shared song link: the player page with the song's title and cover in its tags.
                    if (auto page = songSharePage(request, config, services.square)) {
                        return withClose(raw, std::move(*page));
                    }
                }
                return withClose(raw, serveWebApp(request, config.webRoot));
            }
            label = "unmatched";
            return withClose(raw, errorResponse(domain::ErrorCode::NotFound, kMessageNoSuchApi));
        }
        label = match.kind == Router::Match::Kind::None ? "unmatched" : match.label;
        bool limited = match.kind == Router::Match::Kind::None || match.options.rateLimited;
        if (limited && !limiter.allow(request.clientKey)) {
            return apiAnswer(withClose(raw, errorResponse(domain::ErrorCode::TooManyRequests, kMessageTooMany)));
        }
        auto announced = contentLength(raw);
        if (announced && *announced < 0) {
            Response response = errorResponse(domain::ErrorCode::InvalidInput, "请求头 Content-Length 无效");
            response.closeConnection = true;
            return apiAnswer(std::move(response));
        }
        if (announced && *announced > static_cast<Poco::Int64>(config.maxBodyBytes)) {
            // Refused unread, whatever the route: the announced body is too large.
            Response response = errorResponse(domain::ErrorCode::PayloadTooLarge, kMessageTooLarge);
            response.closeConnection = true;
            return apiAnswer(std::move(response));
        }
        if (match.kind == Router::Match::Kind::None) {
            return apiAnswer(withClose(raw, errorResponse(domain::ErrorCode::NotFound, kMessageNoSuchApi)));
        }
        if (match.kind == Router::Match::Kind::WrongMethod) {
            // Decided: a known path with the wrong method is bad input (4000, HTTP 400) with an Allow header; the
            // envelope code keeps its HTTP status class.
            // Only a method we know is echoed (the message must stay valid, readable UTF-8).
            const bool known = metricMethod(request.method) != "other";
            Response response = errorResponse(domain::ErrorCode::InvalidInput,
                                              known ? "该接口不支持 " + request.method + " 请求" : "不支持该请求方法");
            response.set("Allow", match.allow);
            return apiAnswer(withClose(raw, std::move(response)));
        }

        switch (readBody(raw, config.maxBodyBytes, request.body)) {
        case BodyStatus::TooLarge: {
            Response response = errorResponse(domain::ErrorCode::PayloadTooLarge, kMessageTooLarge);
            response.closeConnection = true; // the rest of the body was not read
            return apiAnswer(std::move(response));
        }
        case BodyStatus::Incomplete: {
            Response response = errorResponse(domain::ErrorCode::InvalidInput, "请求内容不完整");
            response.closeConnection = true;
            return apiAnswer(std::move(response));
        }
        case BodyStatus::Ok:
            break;
        }
        DeadlineHttpServer::requestReceived();

        request.pathRest = match.rest;
        if (services.authenticate) {
            request.setViewerResolver([this, &request]() -> std::optional<std::string> {
                std::string token = bearerToken(request);
                if (token.empty()) {
                    return std::nullopt;
                }
                return sessionCache.userOf(token, services.clock.now(), services.authenticate);
            });
        }
        Response response = (*match.handler)(request);
        return match.label == "/media/" ? std::move(response) : apiAnswer(std::move(response));
    }

    /// API answers are never cached unless the handler says otherwise.
    static Response apiAnswer(Response response) {
        bool hasCacheControl = std::any_of(response.headers.begin(), response.headers.end(),
                                           [](const auto& h) { return Poco::icompare(h.first, "Cache-Control") == 0; });
        if (!hasCacheControl) {
            response.set("Cache-Control", "no-store");
        }
        return response;
    }

    /// When the request has a body that will not be read, the connection cannot be reused.
    static Response withClose(const Poco::Net::HTTPServerRequest& raw, Response response) {
        if (hasBody(raw)) {
            response.closeConnection = true;
        }
        return response;
    }

    static void addCors(Response& response, const std::string& origin) {
        response.set("Access-Control-Allow-Origin", origin);
        response.set("Access-Control-Expose-Headers", "X-Request-Id");
        response.set("Vary", "Origin");
    }

    void handle(Poco::Net::HTTPServerRequest& raw, Poco::Net::HTTPServerResponse& out) {
        auto started = std::chrono::steady_clock::now();
        Request request;
        // The raw target (percent-encoded, so no line breaks) for the logs; the query may hold search text only.
        const std::string target = loggedTarget(raw.getURI());
        std::string incomingId = raw.get("X-Request-Id", "");
        request.requestId = isSafeRequestId(incomingId) ? incomingId : newRequestId();
        std::string label = "unmatched";
        Response response;
        // A request whose framing is ambiguous or whose headers are too large is refused before anything else, and
        // its connection closed without reading on: where its body ends cannot be trusted.
        bool refused = false;
        if (const char* framing = framingError(raw)) {
            response = errorResponse(domain::ErrorCode::InvalidInput, framing);
            refused = true;
        } else if (headersTooLarge(raw)) {
            response = errorResponse(domain::ErrorCode::InvalidInput, "请求头过大");
            response.status = 431;
            refused = true;
        }
        if (refused) {
            response.closeConnection = true;
            response.set("Cache-Control", "no-store");
        } else if (!hasBody(raw)) {
            DeadlineHttpServer::requestReceived(); // the headers were all there is
        }
        try {
            if (!refused) {
                response = dispatch(raw, request, label);
            }
        } catch (const std::exception& e) {
            logger.error("request %s %s %s failed: %s", request.requestId, raw.getMethod(), target,
                         std::string(e.what()));
            response = errorResponse(domain::ErrorCode::Internal, kMessageInternal);
            response.closeConnection = true;
        } catch (...) {
            logger.error("request %s %s %s failed with an unknown exception", request.requestId, raw.getMethod(),
                         target);
            response = errorResponse(domain::ErrorCode::Internal, kMessageInternal);
            response.closeConnection = true;
        }
        try {
            writer.write(raw, out, response, request.requestId);
        } catch (const std::exception& e) {
            // Usually the client went away; the answer may be cut short.
            logger.warning("request %s: writing the answer failed: %s", request.requestId, std::string(e.what()));
        }
        DeadlineHttpServer::answerSent();
        if (!refused && response.closeConnection && hasBody(raw) && !raw.getExpectContinue()) {
            // (With "Expect: 100-continue" refused, the client does not send the body: nothing to drain.)
            try {
                drainBody(raw, kDrainLimit);
            } catch (const std::exception&) {
                // the client is gone or too slow: the connection closes anyway
            }
        }
        std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started;
        metrics.record(label, raw.getMethod(), response.status, elapsed.count());
        if (logger.debug()) {
            logger.debug("%s %s %s %d %.1fms", request.requestId, raw.getMethod(), target, response.status,
                         elapsed.count() * 1000.0);
        }
    }

    class RequestHandler final : public Poco::Net::HTTPRequestHandler {
    public:
        explicit RequestHandler(Impl& impl) : _impl(impl) {}
        void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
            _impl.handle(request, response);
        }

    private:
        Impl& _impl;
    };

    class RequestHandlerFactory final : public StoppableHandlerFactory {
    public:
        explicit RequestHandlerFactory(Impl& impl) : _impl(impl) {}
        Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest& request) override {
            // Poco answers "Expect: 100-continue" before calling the handler unless the status is no longer 200:
            // refuse an announced oversized body here so the client does not send it.
            if (request.getExpectContinue() && (framingError(request) || headersTooLarge(request))) {
                request.response().setStatus(Poco::Net::HTTPResponse::HTTP_BAD_REQUEST);
            } else if (request.getExpectContinue() &&
                       contentLength(request).value_or(0) > static_cast<Poco::Int64>(_impl.config.maxBodyBytes)) {
                request.response().setStatus(Poco::Net::HTTPResponse::HTTP_REQUEST_ENTITY_TOO_LARGE);
            }
            return new RequestHandler(_impl);
        }

    private:
        Impl& _impl;
    };
};

Server::Server(HttpConfig config, Services services)
    : _impl(std::make_unique<Impl>(std::move(config), std::move(services))) {}

Server::~Server() {
    stop();
}

void Server::start() {
    std::lock_guard lock(_impl->lifecycle);
    if (_impl->server) {
        return;
    }
    const HttpConfig& config = _impl->config;
    Poco::Net::ServerSocket socket;
    socket.bind(Poco::Net::SocketAddress(config.host, config.port), true);
    socket.listen(std::max(64, config.maxQueued));

    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(std::max(1, config.threads));
    params->setMaxQueued(std::max(1, config.maxQueued));
    params->setKeepAlive(true);
    params->setKeepAliveTimeout(Poco::Timespan(std::max(1, config.keepAliveSeconds), 0));
    params->setMaxKeepAliveRequests(std::max(1, config.maxKeepAliveRequests));
    params->setTimeout(Poco::Timespan(std::max(1, config.readTimeoutSeconds), 0));
    // A dispatcher thread that starts waiting for work just after stop() woke the others sleeps a whole idle time
    // (a race in Poco 1.11's TCPServerDispatcher; the default is 10 s), and stop() waits for it.
    params->setThreadIdleTime(Poco::Timespan(0, 500 * 1000));

    // The default Poco thread pool holds 16 threads whatever maxThreads says: the server gets its own.
    _impl->pool = std::make_unique<Poco::ThreadPool>("gequ-http", 2, std::max(2, config.threads), 60);
    _impl->server =
        std::make_unique<DeadlineHttpServer>(new Impl::RequestHandlerFactory(*_impl), *_impl->pool, socket, params,
                                             std::chrono::seconds(std::max(1, config.requestDeadlineSeconds)),
                                             std::chrono::seconds(std::max(1, config.keepAliveSeconds)),
                                             config.maxConnectionsPerClient > 0 ? &_impl->connectionCap : nullptr);
    _impl->server->start();
    _impl->boundPort = socket.address().port();
}

void Server::stop() {
    std::lock_guard lock(_impl->lifecycle);
    if (!_impl->server) {
        return;
    }
    // Graceful: the connections finish the request in hand, idle keep-alive connections are closed.
    _impl->server->stopAll(false);
    _impl->pool->joinAll();
    _impl->server.reset();
    _impl->pool.reset();
}

std::uint16_t Server::port() const {
    return _impl->boundPort;
}

} // namespace gequ::http
