#pragma once

// Runs the generation worker on background threads (docs/generation.md: generation.workers, default 2): each thread
// applies the statuses the upstream pushed (push completion: the offline composer tells the moment a clip is
// stored), ticks, then sleeps about a second or until woken (a create or a push wakes them), until stopped.

#include "gequ/domain/services/generation_worker.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace Poco {
class Logger;
}

namespace gequ::server {

/// A lease owner unique to this process: host:pid:uuid.
std::string instanceOwnerId();

class GenerationRunner {
public:
    /// `threads` may be 0 (this instance generates nothing). `worker` must outlive the runner.
    GenerationRunner(domain::GenerationWorker& worker, int threads, std::string owner = instanceOwnerId(),
                     std::chrono::milliseconds idle = std::chrono::seconds{1});
    ~GenerationRunner();
    GenerationRunner(const GenerationRunner&) = delete;
    GenerationRunner& operator=(const GenerationRunner&) = delete;

    /// Starts the threads; each leases as "<owner>:<n>". Once.
    void start();
    /// Ends the idle wait of every thread now (new work is there).
    void wake();
    /// Queues a status the upstream pushed and wakes a thread to apply it (GenerationWorker::applyPushed). Quick and
    /// safe from any thread (it is the SongGenerator's status listener). A status whose task is not yet known as
    /// submitted (the push overtook the submit's commit) is tried again after the next ticks, a few times, and is
    /// otherwise left to polling.
    void push(const domain::TaskStatus& status);
    /// How many pushed statuses were applied (for tests and logs).
    std::uint64_t pushesApplied() const;
    /// Lets each thread finish its tick and joins them. Idempotent.
    void stop();

private:
    struct Pushed {
        domain::TaskStatus status;
        int tries = 0;
    };
    void run(int index);
    /// Applies the queued pushes; those not found yet go back to the queue (with one more try counted).
    void applyPushes(Poco::Logger& log);

    domain::GenerationWorker& _worker;
    int _threadCount;
    std::string _owner;
    std::chrono::milliseconds _idle;
    mutable std::mutex _mutex;
    std::condition_variable _wakeUp;
    bool _stopping = false;
    std::uint64_t _wakes = 0;
    std::deque<Pushed> _pushed;
    std::uint64_t _pushesApplied = 0;
    std::vector<std::thread> _threads;
};

} // namespace gequ::server
