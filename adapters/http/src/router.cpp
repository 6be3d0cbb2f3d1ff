#include "router.h"

#include <algorithm>

namespace gequ::http {

void Router::add(const std::string& method, const std::string& path, Handler handler, RouteOptions options) {
    _exact[path][method] = Entry{std::move(handler), options};
}

void Router::addPrefix(const std::string& method, const std::string& prefix, Handler handler, RouteOptions options) {
    auto it = std::find_if(_prefixes.begin(), _prefixes.end(), [&](const auto& p) { return p.first == prefix; });
    if (it == _prefixes.end()) {
        _prefixes.emplace_back(prefix, Methods{});
        it = std::prev(_prefixes.end());
    }
    it->second[method] = Entry{std::move(handler), options};
    std::stable_sort(_prefixes.begin(), _prefixes.end(),
                     [](const auto& a, const auto& b) { return a.first.size() > b.first.size(); });
}

Router::Match Router::select(const Methods& methods, const std::string& method, const std::string& label) {
    Match match;
    match.label = label;
    auto it = methods.find(method);
    if (it == methods.end() && method == "HEAD") {
        it = methods.find("GET");
    }
    if (it != methods.end()) {
        match.kind = Match::Kind::Found;
        match.handler = &it->second.handler;
        match.options = it->second.options;
        return match;
    }
    match.kind = Match::Kind::WrongMethod;
    for (const auto& [name, entry] : methods) {
        if (!match.allow.empty()) {
            match.allow += ", ";
        }
        match.allow += name;
        if (name == "GET") {
            match.allow += ", HEAD";
        }
    }
    return match;
}

Router::Match Router::find(const std::string& method, const std::string& path) const {
    if (auto it = _exact.find(path); it != _exact.end()) {
        return select(it->second, method, path);
    }
    for (const auto& [prefix, methods] : _prefixes) {
        if (path.size() > prefix.size() && path.compare(0, prefix.size(), prefix) == 0) {
            Match match = select(methods, method, prefix);
            match.rest = path.substr(prefix.size());
            return match;
        }
    }
    return Match{};
}

} // namespace gequ::http
