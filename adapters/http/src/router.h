#pragma once

// The route table: method + exact path, or method + path prefix (longest prefix wins). HEAD is served by the GET
// handler (the writer drops the body).

#include "request.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace gequ::http {

using Handler = std::function<Response(Request&)>;

struct RouteOptions {
    bool rateLimited = true; ///< counted by the per-IP token bucket
};

class Router {
public:
    struct Match {
        enum class Kind { Found, WrongMethod, None };
        Kind kind = Kind::None;
        const Handler* handler = nullptr;
        std::string label; ///< the route's path or prefix (a bounded label for metrics)
        RouteOptions options;
        std::string rest;  ///< for prefix routes: the path after the prefix
        std::string allow; ///< for WrongMethod: the methods the path accepts, e.g. "GET, HEAD"
    };

    /// Adds an exact route. Adding the same method and path twice replaces the handler.
    void add(const std::string& method, const std::string& path, Handler handler, RouteOptions options = {});
    /// Adds a prefix route (the prefix ends with '/').
    void addPrefix(const std::string& method, const std::string& prefix, Handler handler, RouteOptions options = {});
    /// Finds the route for a request.
    Match find(const std::string& method, const std::string& path) const;

private:
    struct Entry {
        Handler handler;
        RouteOptions options;
    };
    using Methods = std::map<std::string, Entry>;

    static Match select(const Methods& methods, const std::string& method, const std::string& label);

    std::map<std::string, Methods> _exact;
    std::vector<std::pair<std::string, Methods>> _prefixes; ///< longest first
};

} // namespace gequ::http
