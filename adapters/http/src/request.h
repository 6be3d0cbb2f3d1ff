#pragma once

// The plain request and response values the route handlers see. The server adapts Poco's request into a Request,
// calls the handler, and writes the Response (headers, gzip, files) in one place (response_writer.h).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace Poco::Net {
class NameValueCollection;
}

namespace gequ::http {

class Request {
public:
    using Params = std::vector<std::pair<std::string, std::string>>;
    using ViewerResolver = std::function<std::optional<std::string>()>;

    std::string method;   ///< GET, POST, ... (HEAD is served by GET handlers)
    std::string path;     ///< percent-decoded, without the query
    std::string pathRest; ///< for prefix routes: what follows the prefix
    Params query;         ///< decoded name/value pairs, '+' as space
    std::string body;     ///< at most HttpConfig::maxBodyBytes
    std::string requestId;
    std::string clientIp;  ///< the client's address (X-Forwarded-For only from trusted proxies)
    std::string clientKey; ///< what limits count by: clientIp, or its /64 for IPv6 (clientBucket)
    std::string clientNetwork; ///< the /24 or /56 around clientIp (networkBucket): the login limits' second level
    const Poco::Net::NameValueCollection* headers = nullptr; ///< the request headers (null in unit tests)

    /// The first value of a query parameter, or nullopt when absent.
    std::optional<std::string> param(std::string_view name) const;
    /// A request header, empty when absent.
    std::string header(const std::string& name) const;
    /// The signed-in user's id, or nullopt for a visitor; resolved once, on first use.
    const std::optional<std::string>& viewerId();
    /// Installs how viewerId() is resolved (the server does this when an Authenticator is configured).
    void setViewerResolver(ViewerResolver resolver) { _resolver = std::move(resolver); }

private:
    ViewerResolver _resolver;
    bool _viewerResolved = false;
    std::optional<std::string> _viewerId;
};

/// A byte range of a file sent as the body.
struct FileBody {
    std::filesystem::path path;
    std::uint64_t offset = 0;
    std::uint64_t length = 0;
};

struct Response {
    int status = 200;
    std::string contentType = "application/json; charset=utf-8";
    std::string body;
    std::optional<FileBody> file;                             ///< when set, sent instead of body
    std::vector<std::pair<std::string, std::string>> headers; ///< extra headers
    bool compressible = true;                                 ///< may be gzipped when the client accepts it
    bool closeConnection = false;                             ///< e.g. when the request body was not read
    int envelopeCode = 0;                                     ///< the envelope code for the access log (0: not JSON)

    void set(std::string name, std::string value) { headers.emplace_back(std::move(name), std::move(value)); }
};

/// The session token of the Authorization header ("<token>" or "Bearer <token>"), empty when there is none.
std::string bearerToken(const Request& request);

/// Parses a raw query string (a=1&b=x+y) into decoded pairs; '+' is a space. Throws Poco::SyntaxException on a bad
/// percent escape.
Request::Params parseQuery(std::string_view rawQuery);

} // namespace gequ::http
