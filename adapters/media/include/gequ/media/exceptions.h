#pragma once

// The one exception header of gequ_media.

#include <stdexcept>
#include <string>

namespace gequ::media {

/// Stored media could not be written, read or removed (an I/O failure, not a bad key).
class MediaError : public std::runtime_error {
public:
    explicit MediaError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace gequ::media
