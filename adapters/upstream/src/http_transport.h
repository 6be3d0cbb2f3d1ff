#pragma once

// The HTTP client under the AceData client and the media fetcher: one exchange per connection, http or https
// (Poco NetSSL: the chain is verified against the system's CAs and the host name is checked, TLS 1.2 or later).

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gequ::upstream::detail {

/// An absolute http(s) URL taken apart.
struct Url {
    bool https = false;
    std::string host;
    std::uint16_t port = 0;
    std::string target; ///< path and query, "/" at least

    /// The Host header value (the port only when it is not the scheme's default).
    std::string hostHeader() const;
};

/// The URL when text is an absolute http:// or https:// URL with a host, else nullopt.
std::optional<Url> parseUrl(const std::string& text);

/// url resolved against base (for a Location header: absolute, or relative to the URL that answered).
std::optional<Url> resolveUrl(const Url& base, const std::string& reference);

struct HttpRequestSpec {
    std::string method = "GET";
    Url url;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string contentType; ///< set with the body
    std::string body;
};

struct HttpReply {
    int status = 0;
    std::string contentType; ///< as sent, parameters included
    std::string location;    ///< the Location header of a redirect
    std::string body;        ///< at most maxBytes
    bool tooLarge = false;   ///< the body (or its Content-Length) exceeded maxBytes; body is then incomplete
};

/// The exchange did not complete: the host is unreachable, TLS failed, the connection broke, or it timed out.
class TransportError : public std::runtime_error {
public:
    TransportError(const std::string& detail, bool timedOut) : std::runtime_error(detail), _timedOut(timedOut) {}
    bool timedOut() const { return _timedOut; }

private:
    bool _timedOut;
};

struct ExchangeLimits {
    std::chrono::seconds timeout{60};                    ///< connecting, and each send or receive
    std::chrono::steady_clock::time_point deadline = {}; ///< the whole exchange (default: none)
    std::size_t maxBytes = 1024 * 1024;                  ///< body bytes read before giving up (tooLarge)
};

/// Performs one request on a new connection (no keep-alive, no redirects followed). Throws TransportError.
HttpReply exchange(const HttpRequestSpec& request, const ExchangeLimits& limits);

/// The media type of a Content-Type value: lower-cased, without parameters ("image/jpeg; x=y" -> "image/jpeg").
std::string mediaType(const std::string& contentType);

} // namespace gequ::upstream::detail
