#pragma once

// The one outbound HTTP(S) client of Gequ (docs/architecture.md, "The one exception: gequ_net"). The AceData client
// and the media fetcher, WeChat Pay and the SMS providers all call out through it, so there is one TLS policy:
// TLS 1.2 or later, the chain verified against the system's CAs (plus an optional extra CA file, for tests' own
// certificate authority), and the host name always checked. There is no relaxed mode.

#include "gequ/net/url.h"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gequ::net {

using Headers = std::vector<std::pair<std::string, std::string>>;

/// The value of the first header called name (ASCII case-insensitive), or nullopt.
std::optional<std::string> findHeader(const Headers& headers, std::string_view name);

/// The media type of a Content-Type value: lower-cased, without parameters ("Image/JPEG; q=1" -> "image/jpeg").
std::string mediaType(std::string_view contentType);

struct Request {
    std::string method = "GET";
    Url url;
    Headers headers;  ///< sent as given; Host comes from url
    std::string body; ///< sent with a Content-Length when not empty, and for POST, PUT and PATCH
    /// When set, the IP address to connect to instead of resolving url.host: the Host header, TLS server name and
    /// certificate check still use url.host. The media fetcher connects to exactly the address it has checked.
    std::string connectAddress;
};

struct Response {
    int status = 0;
    std::string reason;
    Headers headers;
    std::string body;            ///< at most Limits::maxBytes; empty when a sink took the body
    std::uint64_t bodyBytes = 0; ///< body bytes received (also when a sink took them)
    bool tooLarge = false;       ///< the body (or its Content-Length) exceeded maxBytes; reading stopped there

    /// The value of the header called name, or "".
    std::string header(std::string_view name) const;
};

/// The exchange did not complete: the name did not resolve, the host was unreachable, TLS failed (an untrusted
/// certificate, another host's certificate, an old protocol), the connection broke, or a time limit passed.
class TransportError : public std::runtime_error {
public:
    TransportError(const std::string& detail, bool timedOut) : std::runtime_error(detail), _timedOut(timedOut) {}
    bool timedOut() const { return _timedOut; }

private:
    bool _timedOut;
};

struct Limits {
    std::chrono::milliseconds timeout{std::chrono::seconds{60}}; ///< connecting, and each send or receive
    std::chrono::steady_clock::time_point deadline = {};         ///< the whole exchange (default: none)
    std::size_t maxBytes = 1024 * 1024;                          ///< body bytes read at most (tooLarge past it)
};

/// Receives the body in pieces instead of Response::body (the media fetcher streams into a file).
using BodySink = std::function<void(std::string_view chunk)>;

/// Sends requests, one per connection (no keep-alive, no redirects followed). Thread-safe: each exchange opens its
/// own session.
class HttpClient {
public:
    /// caFile: a PEM file of extra trusted CAs (tests' own CA); the system's CAs are always trusted.
    explicit HttpClient(const std::string& caFile = {});
    ~HttpClient();
    HttpClient(const HttpClient&) = delete;
    HttpClient& operator=(const HttpClient&) = delete;
    HttpClient(HttpClient&&) noexcept;

    /// The response, whatever its status. Throws TransportError when there is none, or when the body broke off
    /// before its announced length.
    Response send(const Request& request, const Limits& limits = {}) const;
    /// The same, with the body handed to sink piece by piece (never more than maxBytes in all).
    Response send(const Request& request, const Limits& limits, const BodySink& sink) const;

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::net
