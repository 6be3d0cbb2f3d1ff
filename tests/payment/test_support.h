#pragma once

// Shared pieces of the payment suite: a settable clock, seeded randomness, and the fixtures.

#include "test_clock.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/random.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace gequ::payment::testing {

/// A clock the test moves by hand; thread-safe.
class FakeClock : public gequ::test::TestClock {
public:
    explicit FakeClock(std::int64_t epochSeconds) : gequ::test::TestClock(domain::fromEpochMillis(epochSeconds * 1000)) {}
};

/// Deterministic randomness (a seeded Mersenne twister); good enough for nonces in tests. Thread-safe.
class SeededRandom : public domain::Random {
public:
    explicit SeededRandom(std::uint32_t seed = 7) : _engine(seed) {}
    std::string bytes(std::size_t n) override;
    std::int64_t uniform(std::int64_t low, std::int64_t high) override;

private:
    std::mutex _mutex;
    std::mt19937_64 _engine;
};

/// Randomness that makes the adapter's next nonces exactly the given 32-character strings (each character of
/// [0-9A-Za-z] is one uniform(0, 61) draw), then falls back to SeededRandom.
class ScriptedNonces : public domain::Random {
public:
    explicit ScriptedNonces(std::vector<std::string> nonces);
    std::string bytes(std::size_t n) override { return _fallback.bytes(n); }
    std::int64_t uniform(std::int64_t low, std::int64_t high) override;

private:
    std::mutex _mutex;
    std::string _script;
    std::size_t _next = 0;
    SeededRandom _fallback;
};

/// The system time in epoch seconds.
std::int64_t systemSeconds();

/// The text of tests/payment/fixtures/<name>.
std::string readFixture(const std::string& name);
/// fixtures/wechat_vectors.txt as NAME → value.
const std::map<std::string, std::string>& vectors();
/// One vector; fails the test when it is missing.
std::string vector(const std::string& name);

} // namespace gequ::payment::testing
