#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace gequ::domain {

/// Randomness from a cryptographically secure source.
class Random {
public:
    virtual ~Random() = default;
    /// n random bytes.
    virtual std::string bytes(std::size_t n) = 0;
    /// A uniformly distributed integer in [low, high].
    virtual std::int64_t uniform(std::int64_t low, std::int64_t high) = 0;
};

} // namespace gequ::domain
