#include "gequ/server/generation_runner.h"

#include <Poco/Environment.h>
#include <Poco/Logger.h>
#include <Poco/Process.h>
#include <Poco/UUIDGenerator.h>
#include <exception>

namespace gequ::server {

std::string instanceOwnerId() {
    std::string host;
    try {
        host = Poco::Environment::nodeName();
    } catch (const std::exception&) {
        host = "unknown";
    }
    return host + ":" + std::to_string(Poco::Process::id()) + ":" +
           Poco::UUIDGenerator::defaultGenerator().createRandom().toString();
}

GenerationRunner::GenerationRunner(domain::GenerationWorker& worker, int threads, std::string owner,
                                   std::chrono::milliseconds idle)
    : _worker(worker), _threadCount(threads < 0 ? 0 : threads), _owner(std::move(owner)), _idle(idle) {}

GenerationRunner::~GenerationRunner() {
    stop();
}

void GenerationRunner::start() {
    std::lock_guard lock(_mutex);
    if (!_threads.empty() || _stopping) {
        return;
    }
    for (int i = 0; i < _threadCount; ++i) {
        _threads.emplace_back([this, i] { run(i); });
    }
    Poco::Logger::get("gequ.generation").information("%d generation worker(s) started as %s", _threadCount, _owner);
}

void GenerationRunner::wake() {
    {
        std::lock_guard lock(_mutex);
        ++_wakes;
    }
    _wakeUp.notify_all();
}

void GenerationRunner::stop() {
    {
        std::lock_guard lock(_mutex);
        if (_stopping) {
            return;
        }
        _stopping = true;
    }
    _wakeUp.notify_all();
    for (auto& thread : _threads) {
        if (thread.joinable()) {
            thread.join();
        }
    }
}

void GenerationRunner::run(int index) {
    const std::string owner = _owner + ":" + std::to_string(index);
    Poco::Logger& log = Poco::Logger::get("gequ.generation");
    std::uint64_t seen = 0;
    {
        std::lock_guard lock(_mutex);
        seen = _wakes;
    }
    for (;;) {
        {
            std::lock_guard lock(_mutex);
            if (_stopping) {
                return;
            }
        }
        bool busy = false;
        try {
            busy = _worker.tick(owner).busy();
        } catch (const std::exception& e) {
            // The database is away, most likely: try again after the idle wait.
            log.error("generation tick failed: %s", std::string(e.what()));
        }
        std::unique_lock lock(_mutex);
        if (busy && !_stopping) {
            continue; // more may be due at once (e.g. a batch was full)
        }
        _wakeUp.wait_for(lock, _idle, [&] { return _stopping || _wakes != seen; });
        seen = _wakes;
    }
}

} // namespace gequ::server
