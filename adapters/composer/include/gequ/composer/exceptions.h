#pragma once

// The one exception header of gequ_upstream.

#include <stdexcept>
#include <string>

namespace gequ::upstream {

/// The upstream could not do its work for a reason outside the request: the offline composer's soundfont cannot be
/// loaded, the synthesiser or encoder fails, a word list file cannot be read. `reason()` is the Chinese sentence
/// a task that fails this way reports to the user; what() carries the technical detail for the log.
class UpstreamError : public std::runtime_error {
public:
    UpstreamError(const std::string& detail, std::string reason)
        : std::runtime_error(detail), _reason(std::move(reason)) {}
    const std::string& reason() const { return _reason; }

private:
    std::string _reason;
};

} // namespace gequ::upstream
