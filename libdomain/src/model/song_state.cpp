#include "gequ/domain/model/song_state.h"

#include <algorithm>

namespace gequ::domain {

namespace {

Status conflict(std::string_view message) {
    return DomainError{ErrorCode::Conflict, std::string(message)};
}

} // namespace

bool isFinal(TaskState state) {
    return state == TaskState::Succeeded || state == TaskState::Failed;
}

Transition taskTransition(TaskState from, TaskState to) {
    if (from == to) {
        return Transition::NoOp;
    }
    bool forward = false;
    switch (from) {
    case TaskState::Queued:
        forward = to == TaskState::Submitted || to == TaskState::Failed;
        break;
    case TaskState::Submitted:
        forward = to == TaskState::Running || isFinal(to);
        break;
    case TaskState::Running:
        forward = isFinal(to);
        break;
    case TaskState::Succeeded:
    case TaskState::Failed:
        break;
    }
    return forward ? Transition::Advance : Transition::Refused;
}

std::optional<SongStatus> applyClipUpdate(SongStatus current, SongStatus next) {
    if (current == SongStatus::Generating && next != SongStatus::Generating) {
        return next;
    }
    return std::nullopt;
}

std::optional<TaskState> taskOutcome(std::span<const SongStatus> clips) {
    auto is = [](SongStatus wanted) { return [wanted](SongStatus status) { return status == wanted; }; };
    if (clips.empty() || std::any_of(clips.begin(), clips.end(), is(SongStatus::Generating))) {
        return std::nullopt;
    }
    return std::any_of(clips.begin(), clips.end(), is(SongStatus::Done)) ? TaskState::Succeeded : TaskState::Failed;
}

bool shouldRefund(const GenerationTask& task, std::span<const SongStatus> clips) {
    return task.state == TaskState::Failed && task.charged && !task.refunded &&
           std::none_of(clips.begin(), clips.end(), [](SongStatus status) { return status == SongStatus::Done; });
}

bool isTimedOut(const GenerationTask& task, TimePoint now, Millis timeout) {
    return !isFinal(task.state) && now - task.createdAt >= timeout;
}

Status checkPlayable(SongStatus status) {
    if (status == SongStatus::Generating) {
        return conflict(kSongGeneratingMessage);
    }
    return status == SongStatus::Failed ? conflict("仅支持已完成的作品") : success();
}

Status checkSwitchable(SongStatus status) {
    if (status == SongStatus::Generating) {
        return conflict(kSongGeneratingMessage);
    }
    return status == SongStatus::Failed ? conflict("生成失败的作品无法切换公开状态") : success();
}

Status checkDeletable(SongStatus status) {
    return status == SongStatus::Generating ? conflict(kSongGeneratingMessage) : success();
}

} // namespace gequ::domain
