#pragma once

// One background thread that runs a job every interval until stopped: gequ-server's upkeep (orders, the square,
// deleted media; upkeep.h) is three of these. A job that throws is logged to gequ.<name> and tried again on the next
// pass; stop() ends the wait at once, so it returns as soon as a pass in progress finishes.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace gequ::server {

class PeriodicJob {
public:
    /// When the first pass runs.
    enum class FirstPass {
        AtStart,       ///< at once, then every interval
        AfterInterval, ///< after one interval, then every interval
    };

    /// `name` names the job in logs (logger gequ.<name>, "<name> upkeep failed: ..."). `job` runs on the job's thread.
    PeriodicJob(std::string name, std::chrono::milliseconds interval, std::function<void()> job,
                FirstPass first = FirstPass::AtStart);
    ~PeriodicJob();
    PeriodicJob(const PeriodicJob&) = delete;
    PeriodicJob& operator=(const PeriodicJob&) = delete;

    /// Starts the thread. Once; a second call, or a call after stop(), does nothing.
    void start();
    /// Lets a pass in progress finish and joins the thread. Idempotent.
    void stop();
    /// How many passes have finished (successful or not).
    std::uint64_t passes() const;
    const std::string& name() const { return _name; }

private:
    void run();
    void runOnce();

    std::string _name;
    std::chrono::milliseconds _interval;
    std::function<void()> _job;
    FirstPass _first;
    mutable std::mutex _mutex;
    std::condition_variable _wakeUp;
    bool _stopping = false;
    std::uint64_t _passes = 0;
    std::thread _thread;
};

} // namespace gequ::server
