// ReadBatcher: concurrent reads answered together, each caller with its own answer, none with a batch that started
// before it asked.

#include "read_batcher.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <gtest/gtest.h>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace gequ::db::detail {
namespace {

struct Echo {
    int question = 0;
    int answer = 0;
    int batch = 0; ///< which batch answered it
};

TEST(ReadBatcherTest, CallsMadeWhileABatchRunsAreAnsweredTogetherEachWithItsOwnAnswer) {
    ReadBatcher<Echo> batcher(1);
    std::mutex mutex;
    std::condition_variable changed;
    bool release = false;
    int batches = 0;
    std::vector<std::size_t> sizes;
    const auto run = [&](const std::vector<Echo*>& asks) {
        std::unique_lock lock(mutex);
        const int number = ++batches;
        sizes.push_back(asks.size());
        if (number == 1) {
            changed.notify_all();                        // the test waits for the first batch to start
            changed.wait(lock, [&] { return release; }); // the first batch holds on while the others queue
        }
        for (Echo* ask : asks) {
            ask->answer = ask->question * 10;
            ask->batch = number;
        }
    };
    Echo first{1};
    std::thread leader([&] { batcher.answer(first, run); });
    {
        std::unique_lock lock(mutex);
        changed.wait_for(lock, std::chrono::seconds(5), [&] { return batches == 1; });
    }
    constexpr int kOthers = 8;
    std::vector<Echo> others(kOthers);
    std::vector<std::thread> threads;
    for (int i = 0; i < kOthers; ++i) {
        others[i].question = i + 2;
        threads.emplace_back([&, i] { batcher.answer(others[i], run); });
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200)); // let them queue behind the running batch
    {
        std::lock_guard lock(mutex);
        release = true;
    }
    changed.notify_all();
    leader.join();
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(first.answer, 10);
    EXPECT_EQ(first.batch, 1);
    for (const Echo& ask : others) {
        EXPECT_EQ(ask.answer, ask.question * 10);
        EXPECT_GT(ask.batch, 1) << "asked while batch 1 ran, so answered by a later one";
    }
    EXPECT_EQ(sizes.front(), 1u);
    EXPECT_LT(batches, 1 + kOthers) << "the queued calls were answered together";
}

TEST(ReadBatcherTest, AFailedBatchFailsEachOfItsCallersAndTheNextBatchRunsAgain) {
    ReadBatcher<Echo> batcher(2);
    std::atomic<bool> fail{true};
    const auto run = [&](const std::vector<Echo*>& asks) {
        if (fail) {
            throw std::runtime_error("the database went away");
        }
        for (Echo* ask : asks) {
            ask->answer = ask->question;
        }
    };
    Echo ask{7};
    EXPECT_THROW(batcher.answer(ask, run), std::runtime_error);
    fail = false;
    std::vector<Echo> many(32);
    std::vector<std::thread> threads;
    for (int i = 0; i < 32; ++i) {
        many[i].question = i;
        threads.emplace_back([&, i] { batcher.answer(many[i], run); });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    for (int i = 0; i < 32; ++i) {
        EXPECT_EQ(many[i].answer, i);
    }
}

TEST(ReadBatcherTest, BatchesEndingTogetherHandOverToDifferentCallersAndKeepTheirCount) {
    // Two batches may run at once. When both end at about the same moment, each hands its place to a different
    // queued caller (or gives it back): no caller is woken twice or answered by two batches, at most two batches ever
    // run, and afterwards two batches can still run at once.
    constexpr int kMax = 2;
    ReadBatcher<Echo> batcher(kMax);
    std::atomic<int> running{0};
    std::atomic<int> most{0};
    std::atomic<int> answered{0};
    const auto run = [&](const std::vector<Echo*>& asks) {
        const int now = ++running;
        int seen = most.load();
        while (now > seen && !most.compare_exchange_weak(seen, now)) {
        }
        std::this_thread::sleep_for(std::chrono::microseconds(20 * (asks.size() % 4)));
        for (Echo* ask : asks) {
            ask->answer += ask->question * 10; // += : a second answer would show
            ++answered;
        }
        --running;
    };
    constexpr int kThreads = 48;
    constexpr int kRounds = 300;
    std::atomic<int> wrong{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int round = 0; round < kRounds; ++round) {
                Echo ask{t * kRounds + round + 1};
                batcher.answer(ask, run);
                if (ask.answer != ask.question * 10) {
                    ++wrong;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(wrong.load(), 0);
    EXPECT_EQ(answered.load(), kThreads * kRounds);
    EXPECT_LE(most.load(), kMax);

    // Both places are free again: a held batch does not keep a second caller from leading its own.
    std::mutex mutex;
    std::condition_variable changed;
    bool release = false;
    int started = 0;
    const auto held = [&](const std::vector<Echo*>& asks) {
        std::unique_lock lock(mutex);
        ++started;
        changed.notify_all();
        changed.wait_for(lock, std::chrono::seconds(10), [&] { return release; });
        for (Echo* ask : asks) {
            ask->answer = ask->question;
        }
    };
    Echo one{1};
    Echo two{2};
    std::thread first([&] { batcher.answer(one, held); });
    std::thread second([&] { batcher.answer(two, held); });
    bool both = false;
    {
        std::unique_lock lock(mutex);
        both = changed.wait_for(lock, std::chrono::seconds(5), [&] { return started == 2; });
        release = true;
    }
    changed.notify_all();
    first.join();
    second.join();
    EXPECT_TRUE(both) << "a place was lost: the second caller waited behind the first batch";
    EXPECT_EQ(one.answer, 1);
    EXPECT_EQ(two.answer, 2);
}

} // namespace
} // namespace gequ::db::detail
