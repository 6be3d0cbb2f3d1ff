#include "gequ/net/url.h"

#include "gequ/domain/model/text.h"

#include <Poco/Exception.h>
#include <Poco/URI.h>
#include <stdexcept>

namespace gequ::net {

namespace {

std::optional<Url> fromUri(const Poco::URI& uri) {
    const std::string scheme = domain::toLowerAscii(uri.getScheme());
    if ((scheme != "http" && scheme != "https") || uri.getHost().empty()) {
        return std::nullopt;
    }
    Url url;
    url.https = scheme == "https";
    url.host = uri.getHost();
    url.port = uri.getPort();
    url.target = uri.getPathAndQuery();
    if (url.target.empty()) {
        url.target = "/";
    }
    return url;
}

} // namespace

std::string Url::hostHeader() const {
    const std::uint16_t defaultPort = https ? 443 : 80;
    const std::string name = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return port == defaultPort ? name : name + ":" + std::to_string(port);
}

std::string Url::origin() const {
    return std::string(https ? "https://" : "http://") + hostHeader();
}

std::string Url::text() const {
    return origin() + target;
}

std::string Url::withoutQuery() const {
    return origin() + target.substr(0, target.find('?'));
}

std::optional<Url> parseUrl(std::string_view text) {
    try {
        return fromUri(Poco::URI(std::string(text)));
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

std::optional<Url> resolveUrl(const Url& base, std::string_view reference) {
    try {
        Poco::URI uri(base.text());
        uri.resolve(std::string(reference));
        return fromUri(uri);
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

Url parseConfiguredUrl(std::string_view text, std::string_view key, UrlShape shape) {
    const std::string quoted = std::string(key) + ": '" + std::string(text) + "'";
    Poco::URI uri;
    try {
        uri = Poco::URI(std::string(text));
    } catch (const Poco::Exception& e) {
        throw std::invalid_argument(quoted + " is not a URL (" + e.message() + ")");
    }
    const std::string scheme = domain::toLowerAscii(uri.getScheme());
    if (scheme != "http" && scheme != "https") {
        throw std::invalid_argument(quoted + " must start with https:// (or http://)");
    }
    if (uri.getHost().empty()) {
        throw std::invalid_argument(quoted + " has no host");
    }
    if (!uri.getQuery().empty() || !uri.getFragment().empty()) {
        throw std::invalid_argument(quoted + " must not have a query or fragment");
    }
    if (shape == UrlShape::OriginOnly && !uri.getPath().empty() && uri.getPath() != "/") {
        throw std::invalid_argument(quoted + " must be only scheme, host and port");
    }
    return *fromUri(uri);
}

} // namespace gequ::net
