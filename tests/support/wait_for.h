#pragma once

// Waiting with a deadline for something a background thread does (docs/testing.md).

#include <chrono>
#include <functional>
#include <thread>

namespace gequ::test {

/// Whether `done` becomes true within `limit` (it is asked every 10 ms, and once more at the end).
inline bool waitFor(const std::function<bool()>& done, std::chrono::milliseconds limit = std::chrono::seconds{5}) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) {
            return true;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds{10});
    }
    return done();
}

} // namespace gequ::test
