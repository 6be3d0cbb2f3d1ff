#pragma once

// Runs the generation worker on background threads (docs/generation.md: generation.workers, default 2): each thread
// ticks, then sleeps about a second or until woken (a create wakes them), until stopped.

#include "gequ/domain/services/generation_worker.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

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
    /// Lets each thread finish its tick and joins them. Idempotent.
    void stop();

private:
    void run(int index);

    domain::GenerationWorker& _worker;
    int _threadCount;
    std::string _owner;
    std::chrono::milliseconds _idle;
    std::mutex _mutex;
    std::condition_variable _wakeUp;
    bool _stopping = false;
    std::uint64_t _wakes = 0;
    std::vector<std::thread> _threads;
};

} // namespace gequ::server
