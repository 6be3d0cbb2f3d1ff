#include "rate_limiter.h"

#include <algorithm>
#include <functional>

namespace gequ::http {

RateLimiter::RateLimiter(double ratePerSecond, double burst) : _rate(ratePerSecond), _burst(std::max(1.0, burst)) {}

double RateLimiter::refilled(const Bucket& bucket, Clock::time_point now) const {
    std::chrono::duration<double> elapsed = now - bucket.last;
    return std::min(_burst, bucket.tokens + std::max(0.0, elapsed.count()) * _rate);
}

void RateLimiter::sweep(Shard& shard, Clock::time_point now) {
    std::erase_if(shard.buckets, [&](const auto& entry) { return refilled(entry.second, now) >= _burst; });
    shard.insertsSinceSweep = 0;
}

bool RateLimiter::allow(const std::string& key, Clock::time_point now) {
    if (_rate <= 0) {
        return true;
    }
    Shard& shard = _shards[std::hash<std::string>{}(key) % kShards];
    std::lock_guard lock(shard.mutex);
    auto it = shard.buckets.find(key);
    if (it == shard.buckets.end()) {
        if (shard.buckets.size() >= kSweepThreshold && shard.insertsSinceSweep >= kSweepThreshold / 4) {
            sweep(shard, now);
        }
        ++shard.insertsSinceSweep;
        it = shard.buckets.emplace(key, Bucket{_burst, now}).first;
    }
    Bucket& bucket = it->second;
    bucket.tokens = refilled(bucket, now);
    bucket.last = now;
    if (bucket.tokens < 1.0) {
        return false;
    }
    bucket.tokens -= 1.0;
    return true;
}

std::size_t RateLimiter::size() {
    std::size_t total = 0;
    for (auto& shard : _shards) {
        std::lock_guard lock(shard.mutex);
        total += shard.buckets.size();
    }
    return total;
}

} // namespace gequ::http
