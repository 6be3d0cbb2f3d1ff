#include "gequ/app/order_upkeep.h"

#include <Poco/Logger.h>
#include <exception>
#include <string>

namespace gequ::app {

OrderUpkeep::OrderUpkeep(domain::OrderService& orders, std::chrono::milliseconds interval)
    : _orders(orders), _interval(interval) {}

OrderUpkeep::~OrderUpkeep() {
    stop();
}

void OrderUpkeep::start() {
    std::lock_guard lock(_mutex);
    if (_thread.joinable() || _stopping) {
        return;
    }
    _thread = std::thread([this] { run(); });
}

void OrderUpkeep::stop() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wakeUp.notify_all();
    if (_thread.joinable()) {
        _thread.join();
    }
}

std::uint64_t OrderUpkeep::passes() const {
    std::lock_guard lock(_mutex);
    return _passes;
}

void OrderUpkeep::run() {
    Poco::Logger& log = Poco::Logger::get("gequ.orders");
    for (;;) {
        {
            std::unique_lock lock(_mutex);
            if (_wakeUp.wait_for(lock, _interval, [this] { return _stopping; })) {
                return;
            }
        }
        try {
            const auto report = _orders.reconcile();
            if (report.fulfilled > 0 || report.closed > 0 || report.failed > 0) {
                log.information("orders settled: %d asked, %d fulfilled, %d closed, %d failed", report.queried,
                                report.fulfilled, report.closed, report.failed);
            }
        } catch (const std::exception& e) {
            // The database is away, most likely: try again on the next pass.
            log.error("order upkeep failed: %s", std::string(e.what()));
        }
        std::lock_guard lock(_mutex);
        ++_passes;
    }
}

} // namespace gequ::app
