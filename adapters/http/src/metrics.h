#pragma once

// Request counters and latency sums by route, method and status, rendered in the Prometheus text format.
// Route labels come from the route table (bounded), never from raw request paths.

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace gequ::http {

class Metrics {
public:
    /// Counts one answered request.
    void record(const std::string& route, const std::string& method, int status, double seconds);
    /// gequ_http_requests_total and gequ_http_request_duration_seconds (sum and count), with HELP and TYPE lines.
    std::string render() const;

private:
    struct Series {
        std::uint64_t count = 0;
        double secondsSum = 0;
    };
    using Key = std::tuple<std::string, std::string, int>;

    mutable std::mutex _mutex;
    std::map<Key, Series> _series;
};

/// A Prometheus label value with \, " and newlines escaped.
std::string escapeLabel(const std::string& value);

} // namespace gequ::http
