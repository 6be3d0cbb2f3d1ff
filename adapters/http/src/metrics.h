#pragma once

// Request counters and latency sums by route, method and status, rendered in the Prometheus text format.
// Every label value comes from a closed set, so the number of series is bounded whatever clients send
// (docs/security.md): routes from the route table (or "static", "preflight", "unmatched"), methods from
// kMetricMethods (anything else is "other"), statuses from the server's own answers.

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

namespace gequ::http {

/// The request methods counted by name; any other method is counted as "other".
inline constexpr const char* kMetricMethods[] = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"};

/// The method's label: itself when it is one of kMetricMethods, else "other".
std::string metricMethod(const std::string& method);

class Metrics {
public:
    /// Counts one answered request (the method is reduced to metricMethod; status outside 100..599 counts as 0).
    void record(const std::string& route, const std::string& method, int status, double seconds);
    /// gequ_http_requests_total and gequ_http_request_duration_seconds (sum and count), with HELP and TYPE lines.
    std::string render() const;
    /// The number of series held (for tests).
    std::size_t seriesCount() const;

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
