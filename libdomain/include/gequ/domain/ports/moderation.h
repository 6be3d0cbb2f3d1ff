#pragma once

#include <optional>
#include <string>

namespace gequ::domain {

/// Decides whether user text may be charged for and sent upstream.
class Moderation {
public:
    virtual ~Moderation() = default;
    /// The refused term found in text, or nullopt when the text may pass.
    virtual std::optional<std::string> findRefused(const std::string& text) const = 0;
};

} // namespace gequ::domain
