#pragma once

// Settles orders in the background (docs/payments.md): one thread runs OrderService::reconcile() (expired orders
// closed, open orders asked about at the provider, a paid answer fulfilled) every `interval`, the first pass after
// one interval, until stopped. Harmless on several instances at once: fulfilment is exactly-once and closing is a
// conditional update.

#include "gequ/domain/services/order_service.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace gequ::app {

class OrderUpkeep {
public:
    /// `orders` must outlive the runner.
    OrderUpkeep(domain::OrderService& orders, std::chrono::milliseconds interval);
    ~OrderUpkeep();
    OrderUpkeep(const OrderUpkeep&) = delete;
    OrderUpkeep& operator=(const OrderUpkeep&) = delete;

    /// Starts the thread. Once.
    void start();
    /// Lets a pass in progress finish and joins the thread. Idempotent.
    void stop();
    /// How many passes have finished (successful or not); for tests.
    std::uint64_t passes() const;

private:
    void run();

    domain::OrderService& _orders;
    std::chrono::milliseconds _interval;
    mutable std::mutex _mutex;
    std::condition_variable _wakeUp;
    bool _stopping = false;
    std::uint64_t _passes = 0;
    std::thread _thread;
};

} // namespace gequ::app
