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

void GenerationRunner::push(const domain::TaskStatus& status) {
    {
        std::lock_guard lock(_mutex);
        _pushed.push_back({status, 0});
        ++_wakes;
    }
    _wakeUp.notify_one();
}

std::uint64_t GenerationRunner::pushesApplied() const {
    std::lock_guard lock(_mutex);
    return _pushesApplied;
}

void GenerationRunner::applyPushes(Poco::Logger& log) {
    // A push that overtook its submit's commit: retried after that many more passes, then left to polling.
    constexpr int kMaxTries = 5;
    std::deque<Pushed> batch;
    {
        std::lock_guard lock(_mutex);
        batch.swap(_pushed);
    }
    std::deque<Pushed> again;
    std::uint64_t applied = 0;
    for (auto& pushed : batch) {
        try {
            const auto result = _worker.applyPushed(pushed.status);
            if (result) {
                ++applied;
            } else if (result.error().code == domain::ErrorCode::NotFound && ++pushed.tries < kMaxTries) {
                again.push_back(std::move(pushed));
            }
        } catch (const std::exception& e) {
            log.error("applying the pushed status of %s failed (polling will catch up): %s", pushed.status.id,
                      std::string(e.what()));
        }
    }
    std::lock_guard lock(_mutex);
    _pushesApplied += applied;
    for (auto& pushed : again) {
        _pushed.push_back(std::move(pushed));
    }
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
        applyPushes(log);
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
        if (!_pushed.empty()) {
            // Pushes that found no task yet: try again shortly (the submit that made it commits in milliseconds).
            _wakeUp.wait_for(lock, std::chrono::milliseconds{100}, [&] { return _stopping; });
            seen = _wakes;
            continue;
        }
        _wakeUp.wait_for(lock, _idle, [&] { return _stopping || _wakes != seen; });
        seen = _wakes;
    }
}

} // namespace gequ::server
