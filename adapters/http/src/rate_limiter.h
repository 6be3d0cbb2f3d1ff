#pragma once

// A per-key token bucket (the key is the client IP): `burst` tokens, refilled at `rate` per second; one request takes
// one token. Thread-safe, sharded to keep lock contention low. Memory stays bounded: buckets that have refilled
// completely are indistinguishable from new ones and are swept when a shard grows.

#include <array>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>
#include <unordered_map>

namespace gequ::http {

class RateLimiter {
public:
    using Clock = std::chrono::steady_clock;

    /// A rate <= 0 disables limiting.
    RateLimiter(double ratePerSecond, double burst);

    /// Takes a token for key at `now`; false when its bucket is empty.
    bool allow(const std::string& key, Clock::time_point now);
    bool allow(const std::string& key) { return allow(key, Clock::now()); }
    /// The number of buckets held (for tests).
    std::size_t size();

private:
    struct Bucket {
        double tokens = 0;
        Clock::time_point last;
    };
    struct Shard {
        std::mutex mutex;
        std::unordered_map<std::string, Bucket> buckets;
        std::size_t insertsSinceSweep = 0;
    };
    static constexpr std::size_t kShards = 16;
    static constexpr std::size_t kSweepThreshold = 4096;

    void sweep(Shard& shard, Clock::time_point now);
    double refilled(const Bucket& bucket, Clock::time_point now) const;

    double _rate;
    double _burst;
    std::array<Shard, kShards> _shards;
};

} // namespace gequ::http
