#pragma once

// Fakes of the domain's ports, a log capture and fixture loading for the SMS suite.

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/random.h"
#include "log_capture.h"
#include "temp_dir.h"
#include "test_clock.h"

#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/JSON/Object.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

namespace gequ::sms::test {

/// A clock that stands still at a settable instant.
using FixedClock = gequ::test::TestClock;
using gequ::test::TempDir;

/// Deterministic "randomness": a counter spread over the requested bytes, so every call differs unless repeat is
/// set, in which case every call gives the same bytes (to provoke a reused nonce).
class CountingRandom : public domain::Random {
public:
    std::string bytes(std::size_t n) override;
    std::int64_t uniform(std::int64_t low, std::int64_t high) override { return low + (_counter++ % (high - low + 1)); }

    bool repeat = false;

private:
    std::atomic<std::int64_t> _counter{1};
};

/// Captures what the gequ.sms logger writes, at every level, while alive (the suites' one log capture).
class LogCapture : public gequ::test::LogCapture {
public:
    LogCapture() : gequ::test::LogCapture("gequ.sms", Poco::Message::PRIO_TRACE) {}
};

/// tests/sms/fixtures/<name>, parsed.
Poco::JSON::Object::Ptr loadFixture(const std::string& name);

/// 2023-11-14T22:13:20Z (Unix 1700000000), the instant most tests run at.
domain::TimePoint testInstant();

} // namespace gequ::sms::test
