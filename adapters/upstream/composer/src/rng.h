#pragma once

// Deterministic hashing and pseudo-random numbers for the composer. Hand-written (not <random>'s distributions) so
// that a seed gives the same song with every standard library.

#include <cstdint>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

/// FNV-1a over bytes, continuing from `hash`.
inline std::uint64_t fnv1a(std::string_view bytes, std::uint64_t hash = 1469598103934665603ULL) {
    for (const unsigned char c : bytes) {
        hash ^= c;
        hash *= 1099511628211ULL;
    }
    return hash;
}

/// The SplitMix64 finaliser: spreads the bits of x.
inline std::uint64_t mix64(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

/// xoshiro256** seeded through SplitMix64.
class Rng {
public:
    explicit Rng(std::uint64_t seed) {
        for (auto& s : _s) {
            seed = mix64(seed);
            s = seed;
        }
    }

    std::uint64_t next() {
        const std::uint64_t result = rotl(_s[1] * 5, 7) * 9;
        const std::uint64_t t = _s[1] << 17;
        _s[2] ^= _s[0];
        _s[3] ^= _s[1];
        _s[1] ^= _s[2];
        _s[0] ^= _s[3];
        _s[2] ^= t;
        _s[3] = rotl(_s[3], 45);
        return result;
    }
    /// 0 <= x < n (n > 0).
    int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
    /// lo <= x <= hi.
    int range(int lo, int hi) { return lo + below(hi - lo + 1); }
    /// 0 <= x < 1.
    double unit() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
    double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
    bool chance(double p) { return unit() < p; }
    template <class T> const T& pick(const std::vector<T>& items) {
        return items[below(static_cast<int>(items.size()))];
    }
    /// An independent generator for a named purpose, so that adding draws to one part never changes another.
    Rng fork(std::string_view label) const { return Rng(fnv1a(label, _s[0] ^ rotl(_s[2], 13))); }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t _s[4]{};
};

} // namespace gequ::composer::detail
