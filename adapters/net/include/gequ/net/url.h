#pragma once

// Absolute http(s) URLs as the outbound client uses them (docs/architecture.md, "The one exception: gequ_net").

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gequ::net {

/// An absolute http:// or https:// URL taken apart.
struct Url {
    bool https = false;
    std::string host;         ///< a name, or an IP literal (IPv6 without brackets)
    std::uint16_t port = 0;   ///< explicit or the scheme's default
    std::string target = "/"; ///< path and query, "/" at least; never a fragment

    /// The Host header value: the host (IPv6 in brackets), plus ":port" when it is not the scheme's default.
    std::string hostHeader() const;
    /// scheme://hostHeader()
    std::string origin() const;
    /// origin() + target: the URL as text.
    std::string text() const;
    /// text() without the query (for log lines: signed query tokens stay out of logs).
    std::string withoutQuery() const;
};

/// The URL when text is an absolute http:// or https:// URL with a host (the scheme in any case), else nullopt.
std::optional<Url> parseUrl(std::string_view text);

/// reference (a Location header: absolute, or relative) resolved against base; nullopt unless the result is http(s).
std::optional<Url> resolveUrl(const Url& base, std::string_view reference);

/// What a configured URL may contain besides scheme, host and port.
enum class UrlShape {
    WithPath,   ///< a path, but no query or fragment (an API endpoint)
    OriginOnly, ///< nothing but an optional "/" (a base URL that paths are appended to)
};

/// A URL from the configuration: std::invalid_argument "<key>: '<text>' …" when it is not an http(s) URL with a host
/// of the given shape.
Url parseConfiguredUrl(std::string_view text, std::string_view key, UrlShape shape);

} // namespace gequ::net
