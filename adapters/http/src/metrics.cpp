#include "metrics.h"

#include <cstdio>
#include <sstream>

namespace gequ::http {

void Metrics::record(const std::string& route, const std::string& method, int status, double seconds) {
    std::lock_guard lock(_mutex);
    Series& series = _series[Key{route, method, status}];
    ++series.count;
    series.secondsSum += seconds;
}

std::string escapeLabel(const std::string& value) {
    std::string out;
    out.reserve(value.size());
    for (char c : value) {
        if (c == '\\' || c == '"') {
            out += '\\';
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else {
            out += c;
        }
    }
    return out;
}

std::string Metrics::render() const {
    std::map<Key, Series> copy;
    {
        std::lock_guard lock(_mutex);
        copy = _series;
    }
    auto labels = [](const Key& key) {
        return "{route=\"" + escapeLabel(std::get<0>(key)) + "\",method=\"" + escapeLabel(std::get<1>(key)) +
               "\",status=\"" + std::to_string(std::get<2>(key)) + "\"}";
    };
    std::ostringstream out;
    out << "# HELP gequ_http_requests_total HTTP requests answered, by route, method and status.\n"
        << "# TYPE gequ_http_requests_total counter\n";
    for (const auto& [key, series] : copy) {
        out << "gequ_http_requests_total" << labels(key) << ' ' << series.count << '\n';
    }
    out << "# HELP gequ_http_request_duration_seconds Time spent answering HTTP requests.\n"
        << "# TYPE gequ_http_request_duration_seconds summary\n";
    char number[64];
    for (const auto& [key, series] : copy) {
        std::snprintf(number, sizeof number, "%.6f", series.secondsSum);
        out << "gequ_http_request_duration_seconds_sum" << labels(key) << ' ' << number << '\n';
        out << "gequ_http_request_duration_seconds_count" << labels(key) << ' ' << series.count << '\n';
    }
    return std::move(out).str();
}

} // namespace gequ::http
