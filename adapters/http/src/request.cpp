#include "request.h"

#include "gequ/domain/model/text.h"

#include <Poco/Net/NameValueCollection.h>
#include <Poco/URI.h>
#include <algorithm>

namespace gequ::http {

std::optional<std::string> Request::param(std::string_view name) const {
    for (const auto& [key, value] : query) {
        if (key == name) {
            return value;
        }
    }
    return std::nullopt;
}

std::string Request::header(const std::string& name) const {
    if (headers == nullptr) {
        return {};
    }
    return headers->get(name, std::string{});
}

const std::optional<std::string>& Request::viewerId() {
    if (!_viewerResolved) {
        _viewerResolved = true;
        if (_resolver) {
            _viewerId = _resolver();
        }
    }
    return _viewerId;
}

std::string bearerToken(const Request& request) {
    std::string token = request.header("Authorization");
    if (token.rfind("Bearer ", 0) == 0 || token.rfind("bearer ", 0) == 0) {
        token = token.substr(7);
    }
    return domain::trim(token, " ");
}

namespace {

/// '+' is a space in a query (Poco 1.11's URI::decode honours plusAsSpace only after a '?' in its input).
std::string plusToSpace(std::string_view text) {
    std::string out(text);
    std::replace(out.begin(), out.end(), '+', ' ');
    return out;
}

} // namespace

Request::Params parseQuery(std::string_view rawQuery) {
    Request::Params params;
    std::size_t pos = 0;
    while (pos <= rawQuery.size()) {
        std::size_t end = rawQuery.find('&', pos);
        if (end == std::string_view::npos) {
            end = rawQuery.size();
        }
        std::string_view pair = rawQuery.substr(pos, end - pos);
        if (!pair.empty()) {
            std::size_t eq = pair.find('=');
            std::string name;
            std::string value;
            Poco::URI::decode(plusToSpace(pair.substr(0, eq)), name);
            if (eq != std::string_view::npos) {
                Poco::URI::decode(plusToSpace(pair.substr(eq + 1)), value);
            }
            params.emplace_back(std::move(name), std::move(value));
        }
        pos = end + 1;
    }
    return params;
}

} // namespace gequ::http
