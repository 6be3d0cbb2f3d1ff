#pragma once

// Reads of one kind made at the same time, answered together by one statement (docs/performance.md, "Batched
// reads"). With many request threads and a database server a round trip away, each read used to wait for a pool
// connection and then for its own round trip; most of a signed-in list's time went to those waits, not to the read.
// Here a caller that finds fewer than `maxRunning` batches running leads one at once; the others queue, and when a
// batch ends, the first caller queued meanwhile leads the next one with everything queued by then. A batch only ever
// takes calls made before its statement starts, so every caller sees what was committed before its call: nothing is
// cached, and a like (or any write) a viewer saw acknowledged shows in their next read, whichever instance made it.

#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <semaphore>
#include <vector>

namespace gequ::db::detail {

template <class Ask> class ReadBatcher {
public:
    /// Answers every ask of a batch (one statement), or throws: then every caller of the batch gets the exception.
    using Run = std::function<void(const std::vector<Ask*>&)>;

    explicit ReadBatcher(int maxRunning) : _maxRunning(maxRunning < 1 ? 1 : maxRunning) {}

    /// Answers `ask` with `run`, alone or together with asks made at the same time.
    void answer(Ask& ask, const Run& run) {
        Slot mine;
        mine.ask = &ask;
        {
            std::lock_guard lock(_mutex);
            if (_running < _maxRunning) {
                ++_running;
                mine.lead = true;
            } else {
                _queue.push_back(&mine);
            }
        }
        if (!mine.lead) {
            mine.wake.acquire(); // answered, or taken off the queue to lead the next batch
        }
        if (mine.lead) {
            lead(mine, run);
        }
        if (mine.error) {
            std::rethrow_exception(mine.error);
        }
    }

private:
    struct Slot {
        Ask* ask = nullptr;
        bool lead = false;
        std::exception_ptr error;
        std::binary_semaphore wake{0};
    };

    void lead(Slot& mine, const Run& run) {
        std::vector<Slot*> batch;
        {
            std::lock_guard lock(_mutex);
            batch.assign(_queue.begin(), _queue.end());
            _queue.clear();
        }
        batch.push_back(&mine); // a leader is never queued
        std::vector<Ask*> asks;
        asks.reserve(batch.size());
        for (Slot* slot : batch) {
            asks.push_back(slot->ask);
        }
        std::exception_ptr error;
        try {
            run(asks);
        } catch (...) {
            error = std::current_exception();
        }
        Slot* next = nullptr;
        {
            std::lock_guard lock(_mutex);
            if (_queue.empty()) {
                --_running;
            } else {
                // The first caller queued meanwhile leads the next batch in this one's place. It leaves the queue
                // now, so a batch ending at the same moment cannot pick it too (and wake it twice, or wake it after
                // it returned).
                next = _queue.front();
                _queue.pop_front();
                next->lead = true;
            }
        }
        for (Slot* slot : batch) {
            slot->error = error;
            if (slot != &mine) {
                slot->wake.release(); // the slot lives on its caller's stack: not touched after this
            }
        }
        if (next != nullptr) {
            next->wake.release();
        }
    }

    const int _maxRunning;
    std::mutex _mutex;
    std::deque<Slot*> _queue;
    int _running = 0;
};

} // namespace gequ::db::detail
