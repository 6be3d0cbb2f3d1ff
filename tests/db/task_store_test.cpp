// Generation tasks and their leases.

#include "test_support.h"

#include <map>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::Repositories;
using domain::TaskState;

std::vector<std::string> ids(const std::vector<domain::GenerationTask>& tasks) {
    std::vector<std::string> out;
    for (const auto& task : tasks) {
        out.push_back(task.id);
    }
    return out;
}

std::vector<domain::GenerationTask> claim(domain::Store& store, const std::vector<TaskState>& states,
                                          const std::string& owner, domain::TimePoint now, domain::TimePoint until,
                                          int limit) {
    std::vector<domain::GenerationTask> claimed;
    writing(store, [&](Repositories& repos) { claimed = repos.tasks().claimDue(states, owner, now, until, limit); });
    return claimed;
}

TEST_P(StoreTest, TaskRoundTripsAndUpdates) {
    addUser("u1", "13800000001");
    auto task = makeTask("t1", "u1", kT0);
    task.channel = domain::TaskChannel::Member;
    task.charged = true;
    task.nextPollAt = kT0 + 5s;
    writing(store(), [&](Repositories& repos) { repos.tasks().insert(task); });
    auto found = reading(store(), [](Repositories& repos) { return repos.tasks().findById("t1"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->userId, "u1");
    EXPECT_EQ(found->provider, "local");
    EXPECT_EQ(found->upstreamTaskId, "");
    EXPECT_EQ(found->requestJson, R"({"prompt":"一首歌"})");
    EXPECT_EQ(found->state, TaskState::Queued);
    EXPECT_EQ(found->channel, domain::TaskChannel::Member);
    EXPECT_TRUE(found->charged);
    EXPECT_FALSE(found->refunded);
    EXPECT_EQ(found->error, "");
    EXPECT_EQ(found->attempts, 0);
    EXPECT_EQ(found->nextPollAt, kT0 + 5s);
    EXPECT_EQ(found->leaseOwner, "");
    EXPECT_EQ(found->leaseUntil, std::nullopt);
    EXPECT_EQ(found->createdAt, kT0);
    EXPECT_EQ(found->submittedAt, std::nullopt);
    EXPECT_EQ(found->finishedAt, std::nullopt);
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.tasks().findById("nope"); }));

    // Claimed by a worker, then updated with a stale lease in hand: update leaves the lease alone.
    ASSERT_EQ(claim(store(), {TaskState::Queued}, "w1", kT0 + 10s, kT0 + 70s, 5).size(), 1u);
    task.upstreamTaskId = "up-1";
    task.state = TaskState::Failed;
    task.refunded = true;
    task.error = "上游超时";
    task.attempts = 3;
    task.nextPollAt = std::nullopt;
    task.submittedAt = kT0 + 1s;
    task.finishedAt = kT0 + 10min;
    task.leaseOwner = "someone-else";
    writing(store(), [&](Repositories& repos) { repos.tasks().update(task); });
    found = reading(store(), [](Repositories& repos) { return repos.tasks().findById("t1"); });
    EXPECT_EQ(found->upstreamTaskId, "up-1");
    EXPECT_EQ(found->state, TaskState::Failed);
    EXPECT_TRUE(found->refunded);
    EXPECT_EQ(found->error, "上游超时");
    EXPECT_EQ(found->attempts, 3);
    EXPECT_EQ(found->nextPollAt, std::nullopt);
    EXPECT_EQ(found->submittedAt, kT0 + 1s);
    EXPECT_EQ(found->finishedAt, kT0 + 10min);
    EXPECT_EQ(found->leaseOwner, "w1");
    EXPECT_EQ(found->leaseUntil, kT0 + 70s);
}

TEST_P(StoreTest, TaskCountsAndLists) {
    addUser("u1", "13800000001");
    addUser("u2", "13800000002");
    const std::vector<std::pair<std::string, TaskState>> tasks{{"a", TaskState::Queued},  {"b", TaskState::Submitted},
                                                               {"c", TaskState::Running}, {"d", TaskState::Succeeded},
                                                               {"e", TaskState::Failed},  {"f", TaskState::Queued}};
    writing(store(), [&](Repositories& repos) {
        int minute = 0;
        for (const auto& [id, state] : tasks) {
            auto task = makeTask(id, id == "f" ? "u2" : "u1", kT0 + std::chrono::minutes(10 - minute++));
            task.state = state;
            repos.tasks().insert(task);
        }
    });
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.tasks().countActiveByUser("u1"); }), 3);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.tasks().countActiveByUser("u2"); }), 1);
    EXPECT_EQ(ids(reading(store(),
                          [](Repositories& r) {
                              return r.tasks().listByState(TaskState::Queued, {0, 10});
                          })),
              (std::vector<std::string>{"f", "a"})); // oldest first
    EXPECT_EQ(ids(reading(store(),
                          [](Repositories& r) {
                              return r.tasks().listByState(std::nullopt, {0, 2});
                          })),
              (std::vector<std::string>{"f", "e"}));
    const auto counts = reading(store(), [](Repositories& r) { return r.tasks().countByState(); });
    std::map<TaskState, std::int64_t> byState(counts.begin(), counts.end());
    EXPECT_EQ(byState[TaskState::Queued], 2);
    EXPECT_EQ(byState[TaskState::Submitted], 1);
    EXPECT_EQ(byState[TaskState::Running], 1);
    EXPECT_EQ(byState[TaskState::Succeeded], 1);
    EXPECT_EQ(byState[TaskState::Failed], 1);
}

TEST_P(StoreTest, ClaimDueTakesDueTasksMembersFirstThenOldest) {
    addUser("u1", "13800000001");
    writing(store(), [](Repositories& repos) {
        auto old = makeTask("old", "u1", kT0);
        auto newer = makeTask("newer", "u1", kT0 + 1min);
        auto member = makeTask("member", "u1", kT0 + 2min);
        member.channel = domain::TaskChannel::Member;
        auto notDue = makeTask("not-due", "u1", kT0 - 1h);
        notDue.nextPollAt = kT0 + 1h;
        auto dueNow = makeTask("due-now", "u1", kT0 + 3min);
        dueNow.state = TaskState::Running;
        dueNow.nextPollAt = kT0;
        auto done = makeTask("done", "u1", kT0 - 2h);
        done.state = TaskState::Succeeded;
        for (const auto& task : {old, newer, member, notDue, dueNow, done}) {
            repos.tasks().insert(task);
        }
    });
    const std::vector<TaskState> active{TaskState::Queued, TaskState::Submitted, TaskState::Running};

    auto first = claim(store(), active, "w1", kT0, kT0 + 1min, 2);
    EXPECT_EQ(ids(first), (std::vector<std::string>{"member", "old"}));
    ASSERT_EQ(first.size(), 2u);
    EXPECT_EQ(first[0].leaseOwner, "w1");
    EXPECT_EQ(first[0].leaseUntil, kT0 + 1min);

    // Leased rows are not handed out again while the lease lasts.
    EXPECT_EQ(ids(claim(store(), active, "w2", kT0 + 10s, kT0 + 2min, 10)),
              (std::vector<std::string>{"newer", "due-now"}));
    EXPECT_TRUE(claim(store(), active, "w3", kT0 + 20s, kT0 + 2min, 10).empty());
    // Only the states asked for.
    EXPECT_TRUE(claim(store(), {TaskState::Succeeded}, "w3", kT0 + 20s, kT0 + 2min, 10).size() == 1);

    // w1's lease has expired at kT0 + 1min: another worker takes those tasks over.
    EXPECT_EQ(ids(claim(store(), active, "w3", kT0 + 1min, kT0 + 3min, 10)),
              (std::vector<std::string>{"member", "old"}));
    // Releasing: only by the holder.
    writing(store(), [](Repositories& repos) {
        repos.tasks().releaseLease("member", "w1"); // not w1's any more: no effect
        repos.tasks().releaseLease("old", "w3");
    });
    auto member = reading(store(), [](Repositories& repos) { return repos.tasks().findById("member"); });
    EXPECT_EQ(member->leaseOwner, "w3");
    auto old = reading(store(), [](Repositories& repos) { return repos.tasks().findById("old"); });
    EXPECT_EQ(old->leaseOwner, "");
    EXPECT_EQ(old->leaseUntil, std::nullopt);
    EXPECT_EQ(ids(claim(store(), active, "w4", kT0 + 70s, kT0 + 3min, 10)), (std::vector<std::string>{"old"}));
    // The task that is not due yet becomes due.
    EXPECT_EQ(ids(claim(store(), active, "w4", kT0 + 1h, kT0 + 2h, 10)),
              (std::vector<std::string>{"member", "not-due", "old", "newer", "due-now"}));
    EXPECT_TRUE(claim(store(), {}, "w5", kT0 + 3h, kT0 + 4h, 10).empty());
    EXPECT_TRUE(claim(store(), active, "w5", kT0 + 3h, kT0 + 4h, 0).empty());
}

} // namespace
} // namespace gequ::db::test
