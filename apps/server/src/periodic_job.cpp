#include "gequ/server/periodic_job.h"

#include <Poco/Logger.h>
#include <exception>

namespace gequ::server {

PeriodicJob::PeriodicJob(std::string name, std::chrono::milliseconds interval, std::function<void()> job,
                         FirstPass first)
    : _name(std::move(name)), _interval(interval), _job(std::move(job)), _first(first) {}

PeriodicJob::~PeriodicJob() {
    stop();
}

void PeriodicJob::start() {
    std::lock_guard lock(_mutex);
    if (_thread.joinable() || _stopping) {
        return;
    }
    _thread = std::thread([this] { run(); });
}

void PeriodicJob::stop() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wakeUp.notify_all();
    if (_thread.joinable()) {
        _thread.join();
    }
}

std::uint64_t PeriodicJob::passes() const {
    std::lock_guard lock(_mutex);
    return _passes;
}

void PeriodicJob::run() {
    bool waitFirst = _first == FirstPass::AfterInterval;
    for (;;) {
        if (waitFirst) {
            std::unique_lock lock(_mutex);
            if (_wakeUp.wait_for(lock, _interval, [this] { return _stopping; })) {
                return;
            }
        }
        waitFirst = true;
        runOnce();
        std::lock_guard lock(_mutex);
        ++_passes;
        if (_stopping) {
            return;
        }
    }
}

void PeriodicJob::runOnce() {
    try {
        _job();
    } catch (const std::exception& e) {
        // The database (or the disk, or the provider) is away, most likely: try again on the next pass.
        Poco::Logger::get("gequ." + _name).error("%s upkeep failed: %s", _name, std::string(e.what()));
    } catch (...) {
        Poco::Logger::get("gequ." + _name).error("%s upkeep failed: an unknown exception", _name);
    }
}

} // namespace gequ::server
