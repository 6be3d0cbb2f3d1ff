#pragma once

// Keeps the music square fresh in the background (docs/product.md "Lists and engagement", docs/data.md play_events,
// docs/performance.md): one thread runs SquareService::maintain() (old play notes forgotten, in bounded batches) at
// start and then every `interval`,
// until stopped. Harmless to run on several instances at once: both steps are idempotent.

#include "gequ/domain/services/square_service.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace gequ::app {

/// How often gequ-server refreshes the hot list.
inline constexpr std::chrono::milliseconds kSquareUpkeepInterval = std::chrono::minutes{3};

class SquareUpkeep {
public:
    /// `square` must outlive the runner.
    explicit SquareUpkeep(domain::SquareService& square, std::chrono::milliseconds interval = kSquareUpkeepInterval);
    ~SquareUpkeep();
    SquareUpkeep(const SquareUpkeep&) = delete;
    SquareUpkeep& operator=(const SquareUpkeep&) = delete;

    /// Starts the thread (its first pass runs at once). Once.
    void start();
    /// Lets a pass in progress finish and joins the thread. Idempotent.
    void stop();
    /// How many passes have finished (successful or not); for tests.
    std::uint64_t passes() const;

private:
    void run();

    domain::SquareService& _square;
    std::chrono::milliseconds _interval;
    mutable std::mutex _mutex;
    std::condition_variable _wakeUp;
    bool _stopping = false;
    std::uint64_t _passes = 0;
    std::thread _thread;
};

} // namespace gequ::app
