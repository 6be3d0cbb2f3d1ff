#include "gequ/app/square_upkeep.h"

#include <Poco/Logger.h>
#include <exception>
#include <string>

namespace gequ::app {

SquareUpkeep::SquareUpkeep(domain::SquareService& square, std::chrono::milliseconds interval)
    : _square(square), _interval(interval) {}

SquareUpkeep::~SquareUpkeep() {
    stop();
}

void SquareUpkeep::start() {
    std::lock_guard lock(_mutex);
    if (_thread.joinable() || _stopping) {
        return;
    }
    _thread = std::thread([this] { run(); });
}

void SquareUpkeep::stop() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wakeUp.notify_all();
    if (_thread.joinable()) {
        _thread.join();
    }
}

std::uint64_t SquareUpkeep::passes() const {
    std::lock_guard lock(_mutex);
    return _passes;
}

void SquareUpkeep::run() {
    Poco::Logger& log = Poco::Logger::get("gequ.square");
    for (;;) {
        try {
            _square.maintain();
        } catch (const std::exception& e) {
            // The database is away, most likely: try again on the next pass.
            log.error("square upkeep failed: %s", std::string(e.what()));
        }
        std::unique_lock lock(_mutex);
        ++_passes;
        _wakeUp.notify_all();
        if (_wakeUp.wait_for(lock, _interval, [this] { return _stopping; })) {
            return;
        }
    }
}

} // namespace gequ::app
