// Concurrency: parallel charges never overdraw, a ref applies once, leases never double-claim.

#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/ledger.h"
#include "test_support.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <set>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::Repositories;

TEST_P(StoreTest, ParallelChargesNeverOverdraw) {
    addUser("u1", "13800000001", 100);
    constexpr int kThreads = 16;
    constexpr int kAttempts = 10;
    std::atomic<int> succeeded{0}, insufficient{0}, other{0};
    inParallel(kThreads, [&](int thread) {
        for (int attempt = 0; attempt < kAttempts; ++attempt) {
            const std::string ref = "task:t" + std::to_string(thread) + "-" + std::to_string(attempt) + ":charge";
            const auto result = domain::inTransaction(store(), [&](Repositories& repos) {
                return domain::applyPoints(repos, "u1", -10, "创作歌曲《并发》", ref, kT0);
            });
            if (result.ok()) {
                ++succeeded;
            } else if (result.error().code == domain::ErrorCode::InsufficientPoints) {
                ++insufficient;
            } else {
                ++other;
            }
        }
    });
    EXPECT_EQ(succeeded.load(), 10);
    EXPECT_EQ(insufficient.load(), kThreads * kAttempts - 10);
    EXPECT_EQ(other.load(), 0);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().findById("u1")->integral; }), 0);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.points().countByUser("u1"); }), 11);

    FixedClock clock(kT0);
    CountingIds ids;
    domain::AdminService admin(store(), clock, ids);
    EXPECT_EQ(admin.check(), std::vector<std::string>{});
}

TEST_P(StoreTest, TheSameRefAppliesOnceUnderConcurrency) {
    addUser("u1", "13800000001", 0);
    // The paid order the ref names (check() holds every order:<no> record to its order).
    auto order = makeOrder("GQ-same", "u1", kT0);
    order.planId = 4;
    order.amountFen = 1990;
    writing(store(), [&](Repositories& repos) {
        repos.orders().insert(order);
        repos.orders().markPaid(order.orderNo, "tx", order.amountFen, kT0);
    });
    constexpr int kThreads = 8;
    std::atomic<int> succeeded{0}, conflicts{0}, other{0};
    inParallel(kThreads, [&](int) {
        const auto result = domain::inTransaction(store(), [&](Repositories& repos) {
            return domain::applyPoints(repos, "u1", 470, "购买高级月卡", "order:GQ-same", kT0);
        });
        if (result.ok()) {
            ++succeeded;
        } else if (result.error().code == domain::ErrorCode::Conflict) {
            ++conflicts;
        } else {
            ++other;
        }
    });
    EXPECT_EQ(succeeded.load(), 1);
    EXPECT_EQ(conflicts.load(), kThreads - 1);
    EXPECT_EQ(other.load(), 0);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().findById("u1")->integral; }), 470);
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.points().countByUser("u1"); }), 1);
    FixedClock clock(kT0);
    CountingIds ids;
    EXPECT_EQ(domain::AdminService(store(), clock, ids).check(), std::vector<std::string>{});
}

TEST_P(StoreTest, ParallelClaimersNeverGetTheSameTask) {
    addUser("u1", "13800000001");
    constexpr int kTasks = 120;
    writing(store(), [](Repositories& repos) {
        for (int i = 0; i < kTasks; ++i) {
            auto task = makeTask("t" + std::to_string(1000 + i), "u1", kT0 + std::chrono::seconds(i));
            if (i % 3 == 0) {
                task.channel = domain::TaskChannel::Member;
            }
            repos.tasks().insert(task);
        }
    });
    constexpr int kWorkers = 6;
    // Each worker uses its own store (its own connections), like separate server instances.
    std::vector<std::unique_ptr<domain::Store>> stores;
    for (int i = 0; i < kWorkers; ++i) {
        stores.push_back(openAgain(2));
    }
    std::vector<std::vector<std::string>> claimed(kWorkers);
    const std::vector<domain::TaskState> states{domain::TaskState::Queued};
    inParallel(kWorkers, [&](int worker) {
        for (;;) {
            std::vector<domain::GenerationTask> batch;
            writing(*stores[worker], [&](Repositories& repos) {
                batch = repos.tasks().claimDue(states, "w" + std::to_string(worker), kT0 + 1h, kT0 + 2h, 7);
            });
            if (batch.empty()) {
                return;
            }
            for (const auto& task : batch) {
                EXPECT_EQ(task.leaseOwner, "w" + std::to_string(worker));
                claimed[worker].push_back(task.id);
            }
        }
    });
    std::multiset<std::string> all;
    for (const auto& mine : claimed) {
        all.insert(mine.begin(), mine.end());
    }
    EXPECT_EQ(all.size(), static_cast<std::size_t>(kTasks));
    EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), static_cast<std::size_t>(kTasks));
    // Every task is held by the worker that got it.
    for (int worker = 0; worker < kWorkers; ++worker) {
        for (const auto& id : claimed[worker]) {
            const auto task = reading(store(), [&](Repositories& repos) { return repos.tasks().findById(id); });
            EXPECT_EQ(task->leaseOwner, "w" + std::to_string(worker)) << id;
        }
    }
    // After the leases expire, parallel claimers share the work again without overlap.
    std::vector<std::vector<std::string>> again(kWorkers);
    inParallel(kWorkers, [&](int worker) {
        std::vector<domain::GenerationTask> batch;
        writing(*stores[worker], [&](Repositories& repos) {
            batch = repos.tasks().claimDue(states, "x" + std::to_string(worker), kT0 + 2h, kT0 + 3h, 30);
        });
        for (const auto& task : batch) {
            again[worker].push_back(task.id);
        }
    });
    std::multiset<std::string> second;
    for (const auto& mine : again) {
        second.insert(mine.begin(), mine.end());
    }
    EXPECT_EQ(second.size(), std::set<std::string>(second.begin(), second.end()).size());
    EXPECT_EQ(second.size(), static_cast<std::size_t>(std::min(kTasks, kWorkers * 30)));
}

TEST_P(StoreTest, ConcurrentReadersAndWritersOnSmallPools) {
    // More threads than connections: acquire waits instead of failing.
    auto small = openAgain(2);
    addUser("u1", "13800000001", 0);
    inParallel(8, [&](int thread) {
        for (int i = 0; i < 5; ++i) {
            const auto result = domain::inTransaction(*small, [&](Repositories& repos) {
                return domain::applyPoints(repos, "u1", 1, "并发",
                                           "r" + std::to_string(thread) + "-" + std::to_string(i), kT0);
            });
            EXPECT_TRUE(result.ok());
            small->read([](Repositories& repos) { EXPECT_TRUE(repos.users().findById("u1")); });
        }
    });
    EXPECT_EQ(reading(store(), [](Repositories& repos) { return repos.users().findById("u1")->integral; }), 40);
}

} // namespace
} // namespace gequ::db::test
