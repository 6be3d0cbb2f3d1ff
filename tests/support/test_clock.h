#pragma once

// The one fake clock of the C++ suites (docs/testing.md): time stands still until the test moves it. Safe to read
// from several threads while the test moves it.

#include "gequ/domain/model/time.h"
#include "gequ/domain/ports/clock.h"

#include <atomic>
#include <cstdint>

namespace gequ::test {

class TestClock : public domain::Clock {
public:
    explicit TestClock(domain::TimePoint now) : _ms(domain::toEpochMillis(now)) {}

    domain::TimePoint now() const override { return domain::fromEpochMillis(_ms.load()); }
    void set(domain::TimePoint now) { _ms = domain::toEpochMillis(now); }
    void advance(domain::Millis by) { _ms += by.count(); }

    /// Unix seconds, for tests that speak in them (signatures, certificates).
    std::int64_t seconds() const { return _ms.load() / 1000; }
    void setSeconds(std::int64_t epochSeconds) { _ms = epochSeconds * 1000; }
    void advanceSeconds(std::int64_t delta) { _ms += delta * 1000; }

private:
    std::atomic<std::int64_t> _ms;
};

} // namespace gequ::test
