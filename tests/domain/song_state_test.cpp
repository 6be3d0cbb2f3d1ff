#include "gequ/domain/model/song_state.h"

#include <gtest/gtest.h>
#include <vector>

using namespace gequ::domain;
using namespace std::chrono;

namespace {

constexpr TaskState kStates[] = {TaskState::Queued, TaskState::Submitted, TaskState::Running, TaskState::Succeeded,
                                 TaskState::Failed};
const TimePoint kStart = sys_days{2025y / May / 20} + hours{8};

GenerationTask task(TaskState state, bool charged = true, bool refunded = false) {
    GenerationTask t;
    t.state = state;
    t.charged = charged;
    t.refunded = refunded;
    t.createdAt = kStart;
    return t;
}

using S = SongStatus;

} // namespace

TEST(TaskStateMachine, ForwardMoves) {
    const std::pair<TaskState, TaskState> forward[] = {
        {TaskState::Queued, TaskState::Submitted},  {TaskState::Queued, TaskState::Failed},
        {TaskState::Submitted, TaskState::Running}, {TaskState::Submitted, TaskState::Succeeded},
        {TaskState::Submitted, TaskState::Failed},  {TaskState::Running, TaskState::Succeeded},
        {TaskState::Running, TaskState::Failed},
    };
    for (TaskState from : kStates) {
        for (TaskState to : kStates) {
            bool listed = std::find(std::begin(forward), std::end(forward), std::pair{from, to}) != std::end(forward);
            Transition expected = from == to ? Transition::NoOp : listed ? Transition::Advance : Transition::Refused;
            EXPECT_EQ(taskTransition(from, to), expected) << toString(from) << " -> " << toString(to);
        }
    }
}

TEST(TaskStateMachine, NothingGoesBackwardsOrLeavesAFinalState) {
    EXPECT_EQ(taskTransition(TaskState::Running, TaskState::Submitted), Transition::Refused);
    EXPECT_EQ(taskTransition(TaskState::Running, TaskState::Queued), Transition::Refused);
    EXPECT_EQ(taskTransition(TaskState::Succeeded, TaskState::Failed), Transition::Refused);
    EXPECT_EQ(taskTransition(TaskState::Failed, TaskState::Running), Transition::Refused);
    EXPECT_EQ(taskTransition(TaskState::Failed, TaskState::Failed), Transition::NoOp);
    EXPECT_TRUE(isFinal(TaskState::Succeeded));
    EXPECT_TRUE(isFinal(TaskState::Failed));
    EXPECT_FALSE(isFinal(TaskState::Running));
}

TEST(SongStateMachine, ClipUpdates) {
    EXPECT_EQ(applyClipUpdate(S::Generating, S::Done), S::Done);
    EXPECT_EQ(applyClipUpdate(S::Generating, S::Failed), S::Failed);
    EXPECT_EQ(applyClipUpdate(S::Generating, S::Generating), std::nullopt);
    EXPECT_EQ(applyClipUpdate(S::Done, S::Done), std::nullopt);
    EXPECT_EQ(applyClipUpdate(S::Done, S::Generating), std::nullopt);
    EXPECT_EQ(applyClipUpdate(S::Done, S::Failed), std::nullopt);
    EXPECT_EQ(applyClipUpdate(S::Failed, S::Done), std::nullopt);
}

TEST(SongStateMachine, TaskOutcome) {
    EXPECT_EQ(taskOutcome(std::vector<S>{}), std::nullopt);
    EXPECT_EQ(taskOutcome(std::vector{S::Generating, S::Done}), std::nullopt);
    EXPECT_EQ(taskOutcome(std::vector{S::Done, S::Done}), TaskState::Succeeded);
    EXPECT_EQ(taskOutcome(std::vector{S::Failed, S::Done}), TaskState::Succeeded);
    EXPECT_EQ(taskOutcome(std::vector{S::Failed, S::Failed}), TaskState::Failed);
}

TEST(Refund, Decisions) {
    const std::vector<S> allFailed{S::Failed, S::Failed};
    const std::vector<S> oneDone{S::Done, S::Failed};
    const std::vector<S> stillGenerating{S::Generating, S::Generating};
    EXPECT_TRUE(shouldRefund(task(TaskState::Failed), allFailed));
    EXPECT_TRUE(shouldRefund(task(TaskState::Failed), stillGenerating)); // timed out or upstream failure
    EXPECT_FALSE(shouldRefund(task(TaskState::Failed), oneDone));
    EXPECT_FALSE(shouldRefund(task(TaskState::Failed, true, true), allFailed)); // refunded once already
    EXPECT_FALSE(shouldRefund(task(TaskState::Failed, false), allFailed));      // never charged
    EXPECT_FALSE(shouldRefund(task(TaskState::Running), allFailed));
    EXPECT_FALSE(shouldRefund(task(TaskState::Succeeded), oneDone));
}

TEST(Timeout, TenMinutesByDefault) {
    EXPECT_EQ(kDefaultGenerationTimeout, minutes{10});
    EXPECT_FALSE(isTimedOut(task(TaskState::Running), kStart + minutes{10} - milliseconds{1}));
    EXPECT_TRUE(isTimedOut(task(TaskState::Running), kStart + minutes{10}));
    EXPECT_TRUE(isTimedOut(task(TaskState::Queued), kStart + hours{1}));
    EXPECT_FALSE(isTimedOut(task(TaskState::Succeeded), kStart + hours{1}));
    EXPECT_FALSE(isTimedOut(task(TaskState::Failed), kStart + hours{1}));
    EXPECT_TRUE(isTimedOut(task(TaskState::Submitted), kStart + minutes{3}, minutes{3}));
}

TEST(SongGuards, Generating) {
    for (Status status :
         {checkPlayable(S::Generating), checkSwitchable(S::Generating), checkDeletable(S::Generating)}) {
        ASSERT_FALSE(status.ok());
        EXPECT_EQ(status.error(), (DomainError{ErrorCode::Conflict, "音乐正在生成中，请稍候"}));
    }
}

TEST(SongGuards, Done) {
    EXPECT_TRUE(checkPlayable(S::Done).ok());
    EXPECT_TRUE(checkSwitchable(S::Done).ok());
    EXPECT_TRUE(checkDeletable(S::Done).ok());
}

TEST(SongGuards, Failed) {
    EXPECT_TRUE(checkDeletable(S::Failed).ok());
    EXPECT_EQ(checkSwitchable(S::Failed).error(), (DomainError{ErrorCode::Conflict, "生成失败的作品无法切换公开状态"}));
    EXPECT_EQ(checkPlayable(S::Failed).error(), (DomainError{ErrorCode::Conflict, "仅支持已完成的作品"}));
}

TEST(Tasks, TwoSongsPerTask) {
    EXPECT_EQ(kSongsPerTask, 2);
}
