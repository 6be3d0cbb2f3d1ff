#include "metrics.h"

#include <cstdio>
#include <sstream>

namespace gequ::http {

std::string metricMethod(const std::string& method) {
    for (const char* known : kMetricMethods) {
        if (method == known) {
            return method;
        }
    }
    return "other";
}

void Metrics::record(const std::string& route, const std::string& method, int status, double seconds) {
    Key key{route, metricMethod(method), status >= 100 && status <= 599 ? status : 0};
    std::lock_guard lock(_mutex);
    Series& series = _series[key];
    ++series.count;
    series.secondsSum += seconds;
}

std::size_t Metrics::seriesCount() const {
    std::lock_guard lock(_mutex);
    return _series.size();
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
