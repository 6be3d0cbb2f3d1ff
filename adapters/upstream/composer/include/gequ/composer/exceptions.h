#pragma once

// The one exception header of gequ_composer.

#include <stdexcept>
#include <string>

namespace gequ::composer {

/// The composer could not do its work for a reason outside the request: the soundfont cannot be loaded, the
/// synthesiser or encoder fails. `reason()` is the Chinese sentence a task that fails this way reports to the user;
/// what() carries the technical detail for the log.
class ComposerError : public std::runtime_error {
public:
    ComposerError(const std::string& detail, std::string reason)
        : std::runtime_error(detail), _reason(std::move(reason)) {}
    const std::string& reason() const { return _reason; }

private:
    std::string _reason;
};

} // namespace gequ::composer
