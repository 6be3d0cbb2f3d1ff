#pragma once

// The task and song state machine (docs/product.md, "Song and task states") and the guards on song
// actions.

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/result.h"

#include <chrono>
#include <optional>
#include <span>
#include <string_view>

namespace gequ::domain {

/// One create request makes one task and this many songs (clips), as upstream does (rules.json, shared with the web).
inline constexpr int kSongsPerTask = rules::kCreateSongsPerCreate;
/// Default of `generation.timeout`: a task not finished this long after its creation fails.
inline constexpr Millis kDefaultGenerationTimeout = std::chrono::minutes{10};
inline constexpr std::string_view kSongGeneratingMessage = "音乐正在生成中，请稍候";

/// How a requested task state change is to be treated.
enum class Transition {
    Advance, ///< a forward move: apply it
    NoOp,    ///< the task is already in that state (a repeated update): write nothing
    Refused, ///< backwards, out of a final state, or skipping a step
};

/// Whether the state is succeeded or failed.
bool isFinal(TaskState state);
/// The forward moves are queued → submitted | failed; submitted → running | succeeded | failed;
/// running → succeeded | failed. The same state is a NoOp; everything else is Refused.
Transition taskTransition(TaskState from, TaskState to);

/// The status a song takes on an update: `next` when the song is still generating and `next` is final; nullopt
/// (nothing to write) for a repeated update and for any change of a finished or failed song.
std::optional<SongStatus> applyClipUpdate(SongStatus current, SongStatus next);
/// The outcome of a task from its clips: nullopt while any is generating (or there are none); Succeeded when at least
/// one is done; Failed when all failed.
std::optional<TaskState> taskOutcome(std::span<const SongStatus> clips);
/// Whether a task is to be refunded now: it failed, was charged, is not refunded yet, and none of its clips is done.
bool shouldRefund(const GenerationTask& task, std::span<const SongStatus> clips);
/// Whether an unfinished task has run out of time: at least `timeout` since it was created.
bool isTimedOut(const GenerationTask& task, TimePoint now, Millis timeout = kDefaultGenerationTimeout);

/// Play, like, share, download, extend, generate similar: finished songs only. Conflict (4090) 音乐正在生成中，请稍候
/// while generating, 仅支持已完成的作品 when failed.
Status checkPlayable(SongStatus status);
/// The public/private switch: Conflict (4090) while generating, or 生成失败的作品无法切换公开状态 when failed.
Status checkSwitchable(SongStatus status);
/// Deletion: Conflict (4090) while generating; done and failed songs can be deleted.
Status checkDeletable(SongStatus status);

} // namespace gequ::domain
