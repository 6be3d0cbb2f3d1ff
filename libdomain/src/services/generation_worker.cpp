#include "gequ/domain/services/generation_worker.h"

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/song_state.h"
#include "gequ/domain/services/ledger.h"
#include "gequ/domain/services/task_request.h"
#include "gequ/domain/services/works_service.h"

#include <algorithm>
#include <exception>

namespace gequ::domain {

namespace {

constexpr std::string_view kBadRequestMessage = "任务数据无效，无法提交";
constexpr std::string_view kClipFailedMessage = "该版本生成失败";
/// listByState pages when looking a pushed status's task up.
constexpr int kLookupPage = 200;

/// Whether a URL is upstream's (to be re-hosted) rather than ours ("/media/...").
bool isRemote(const std::string& url) {
    return !url.empty() && url.front() != '/';
}

bool needsCopy(const Song& song) {
    return song.complete == SongStatus::Done && (isRemote(song.audioUrl) || isRemote(song.imageUrl));
}

std::vector<SongStatus> statusesOf(const std::vector<Song>& songs) {
    std::vector<SongStatus> out;
    out.reserve(songs.size());
    for (const auto& song : songs) {
        out.push_back(song.complete);
    }
    return out;
}

/// Applies one clip's status to its song; whether anything changed. Finished and failed songs never change.
bool mergeClip(Song& song, const ClipStatus& clip, TimePoint now) {
    if (song.complete != SongStatus::Generating) {
        return false;
    }
    switch (clip.state) {
    case ClipState::Pending:
        return false;
    case ClipState::Running: {
        bool changed = false;
        if (!clip.streamUrl.empty() && clip.streamUrl != song.streamUrl) {
            song.streamUrl = clip.streamUrl;
            changed = true;
        }
        if (!clip.imageUrl.empty() && song.imageUrl.empty()) {
            song.imageUrl = clip.imageUrl;
            song.upstreamImageUrl = isRemote(clip.imageUrl) ? clip.imageUrl : std::string();
            changed = true;
        }
        return changed;
    }
    case ClipState::Succeeded:
        if (!clip.audioUrl.empty()) {
            song.complete = applyClipUpdate(song.complete, SongStatus::Done).value_or(song.complete);
            song.audioUrl = clip.audioUrl;
            song.upstreamAudioUrl = isRemote(clip.audioUrl) ? clip.audioUrl : std::string();
            if (!clip.imageUrl.empty()) {
                song.imageUrl = clip.imageUrl;
                song.upstreamImageUrl = isRemote(clip.imageUrl) ? clip.imageUrl : std::string();
            }
            song.streamUrl.clear();
            song.duration = clip.duration;
            // A stem keeps the title that names its part (《…》人声) and the lyric of the song it was split from.
            if (!clip.lyric.empty() && !isStems(song.origin)) {
                song.lyric = clip.lyric;
            }
            if (!clip.title.empty() && !isStems(song.origin)) {
                song.title = clip.title;
            }
            if (song.tags.empty() && !clip.style.empty()) {
                song.tags = clip.style;
            }
            song.finishedAt = now;
            return true;
        }
        // A clip that claims success without audio cannot be played: it failed.
        [[fallthrough]];
    case ClipState::Failed:
        song.complete = applyClipUpdate(song.complete, SongStatus::Failed).value_or(song.complete);
        song.streamUrl.clear();
        song.finishedAt = now;
        return true;
    }
    return false;
}

/// Fails every song of the task still generating; whether any changed.
void failGenerating(Repositories& repos, std::vector<Song>& songs, TimePoint now) {
    for (auto& song : songs) {
        if (song.complete == SongStatus::Generating) {
            song.complete = SongStatus::Failed;
            song.streamUrl.clear();
            song.finishedAt = now;
            repos.songs().update(song);
        }
    }
}

/// Moves the task to `target` when the state machine allows it; whether it moved.
bool advance(GenerationTask& task, TaskState target, TimePoint now) {
    if (taskTransition(task.state, target) != Transition::Advance) {
        return false;
    }
    task.state = target;
    if (isFinal(target)) {
        task.finishedAt = now;
        task.nextPollAt.reset();
    }
    return true;
}

/// Releases the leases of a tick's claim when it goes out of scope.
class LeaseGuard {
public:
    explicit LeaseGuard(std::function<void()> release) : _release(std::move(release)) {}
    ~LeaseGuard() { _release(); }
    LeaseGuard(const LeaseGuard&) = delete;
    LeaseGuard& operator=(const LeaseGuard&) = delete;

private:
    std::function<void()> _release;
};

/// Writes the refund of a failed task with no finished song, once: true when written now, false when none is due (or
/// it was written before), nullopt when it could not be written (the caller rolls the unit of work back, so the task
/// stays unfinished and is refunded on a later try, never lost).
std::optional<bool> refundIfDue(Repositories& repos, GenerationTask& task, const std::vector<SongStatus>& statuses,
                                std::int64_t defaultCharge, TimePoint now,
                                const std::function<void(const std::string&)>& warn) {
    if (!shouldRefund(task, statuses)) {
        return false;
    }
    const std::string ref = taskRefundRef(task.id);
    if (repos.points().hasRef(ref)) {
        task.refunded = true; // written earlier (the flag was lost): never twice
        return false;
    }
    std::int64_t charge = defaultCharge;
    if (auto stored = decodeTaskRequest(task.requestJson); stored && stored->charge > 0) {
        charge = stored->charge;
    }
    if (charge <= 0) {
        task.refunded = true;
        return false;
    }
    auto refund = applyPoints(repos, task.userId, charge, std::string(kRefundRemark), ref, now);
    if (!refund) {
        warn("refunding task " + task.id + " failed: " + refund.error().message);
        return std::nullopt;
    }
    task.refunded = true;
    return true;
}

} // namespace

Millis pollDelay(int attempt) {
    if (attempt <= 0) {
        return std::chrono::seconds{3};
    }
    return attempt == 1 ? Millis{std::chrono::seconds{5}} : Millis{std::chrono::seconds{10}};
}

struct GenerationWorker::Applied {
    bool finished = false; ///< this call made it final
    TaskState state = TaskState::Queued;
    bool refunded = false;    ///< this call wrote its refund
    bool needsRehost = false; ///< finished songs wait for their media to be copied
};

TimePoint GenerationWorker::dueAt(const GenerationTask& task, TimePoint at) const {
    // Never later than the timeout, so a task is looked at (and ended) when its time is up.
    return std::min(at, task.createdAt + _settings.timeout);
}

GenerationWorker::GenerationWorker(Store& store, const Clock& clock, SongGenerator& generator, MediaFetcher* fetcher,
                                   WorkerSettings settings, WorkerLog log)
    : _store(store), _clock(clock), _generator(generator), _fetcher(fetcher), _settings(std::move(settings)),
      _log(std::move(log)) {}

void GenerationWorker::log(LogLevel level, const std::string& message) const {
    if (_log) {
        _log(level, message);
    }
}

TickReport GenerationWorker::tick(const std::string& owner) {
    TickReport report;
    pollDue(owner, _clock.now(), report);
    submitDue(owner, _clock.now(), report);
    timeDue(_clock.now(), report);
    return report;
}

Millis timingDelay(int failures) {
    using namespace std::chrono;
    switch (failures) {
    case 0:
    case 1:
        return duration_cast<Millis>(seconds{30});
    case 2:
        return duration_cast<Millis>(minutes{2});
    case 3:
        return duration_cast<Millis>(minutes{10});
    case 4:
        return duration_cast<Millis>(hours{1});
    default:
        return duration_cast<Millis>(hours{6});
    }
}

void GenerationWorker::noteTimeline(Repositories& repos, const Song& song, const ClipStatus& clip, TimePoint now) {
    if (!clip.timeline.empty()) {
        repos.timelines().put(song.id, normalizedTimeline(clip.timeline), now);
    } else if (_generator.hasTiming() && !clip.id.empty() && !song.lyric.empty()) {
        repos.timelines().addPending(song.id, clip.id, now);
    }
}

void GenerationWorker::timeDue(TimePoint now, TickReport& report) {
    if (!_generator.hasTiming()) {
        return;
    }
    std::vector<PendingTimeline> due;
    _store.transact([&](Repositories& repos) {
        due = repos.timelines().claimDue(now, now + _settings.lease, _settings.timingBatch);
        return true;
    });
    for (const auto& pending : due) {
        auto timeline = _generator.timing(pending.upstreamClipId);
        const int failures = pending.attempts + 1;
        const bool permanent = !timeline && (upstreamFailureOf(timeline.error()) == UpstreamFailure::Permanent ||
                                             upstreamFailureOf(timeline.error()) == UpstreamFailure::Refused);
        _store.transact([&](Repositories& repos) {
            if (timeline && !timeline->empty()) {
                repos.timelines().put(pending.songId, normalizedTimeline(std::move(*timeline)), now);
            } else if (timeline || permanent || failures >= _settings.timingTries) {
                repos.timelines().giveUp(pending.songId, now);
            } else {
                repos.timelines().retryLater(pending.songId, now + timingDelay(failures));
            }
            return true;
        });
        if (timeline) {
            ++report.timed;
        } else {
            log(permanent || failures >= _settings.timingTries ? LogLevel::Warning : LogLevel::Information,
                "timing of song " + pending.songId + " failed (try " + std::to_string(failures) +
                    "): " + timeline.error().message);
        }
    }
}

void GenerationWorker::release(const std::vector<GenerationTask>& tasks, const std::string& owner) {
    if (tasks.empty()) {
        return;
    }
    try {
        _store.transact([&](Repositories& repos) {
            for (const auto& task : tasks) {
                repos.tasks().releaseLease(task.id, owner);
            }
            return true;
        });
    } catch (const std::exception& e) {
        // The leases then expire on their own.
        log(LogLevel::Error, std::string("releasing task leases failed: ") + e.what());
    }
}

GenerationWorker::Applied GenerationWorker::apply(const std::string& taskId, const TaskStatus& status, TimePoint now,
                                                  std::optional<TimePoint> nextPoll, bool countPoll) {
    Applied applied;
    _store.transact([&](Repositories& repos) {
        auto task = repos.tasks().findById(taskId);
        if (!task || isFinal(task->state)) {
            return false;
        }
        auto songs = repos.songs().listByTask(taskId);
        std::string clipError;
        for (std::size_t i = 0; i < songs.size() && i < status.clips.size(); ++i) {
            const ClipStatus& clip = status.clips[i];
            const bool wasGenerating = songs[i].complete == SongStatus::Generating;
            if (mergeClip(songs[i], clip, now)) {
                repos.songs().update(songs[i]);
            }
            if (wasGenerating && songs[i].complete == SongStatus::Done) {
                noteTimeline(repos, songs[i], clip, now);
            }
            if (songs[i].complete == SongStatus::Failed && clipError.empty()) {
                clipError = clip.error.empty() ? std::string(kClipFailedMessage) : clip.error;
            }
        }
        const bool upstreamFinal = status.state == UpstreamState::Succeeded || status.state == UpstreamState::Failed;
        if (upstreamFinal) {
            failGenerating(repos, songs, now);
        }
        const auto statuses = statusesOf(songs);
        const auto outcome = taskOutcome(statuses);
        TaskState target = task->state;
        if (outcome) {
            target = *outcome;
            if (*outcome == TaskState::Succeeded && _fetcher && std::any_of(songs.begin(), songs.end(), needsCopy)) {
                target = TaskState::Running;
                applied.needsRehost = true;
            }
        } else if (status.state == UpstreamState::Running ||
                   std::any_of(status.clips.begin(), status.clips.end(), [](const ClipStatus& clip) {
                       return clip.state == ClipState::Running || clip.state == ClipState::Succeeded;
                   })) {
            target = TaskState::Running;
        }
        applied.finished = advance(*task, target, now) && isFinal(target);
        if (task->state == TaskState::Failed) {
            task->error = !status.error.empty() ? status.error
                          : !clipError.empty()  ? clipError
                                                : std::string(kUpstreamFailedMessage);
        } else if (!clipError.empty() && task->error.empty()) {
            task->error = clipError; // the failed song of a finished task shows why
        }
        if (!isFinal(task->state)) {
            if (countPoll) {
                ++task->attempts;
            }
            if (applied.needsRehost) {
                task->nextPollAt = now;
            } else if (nextPoll) {
                task->nextPollAt = dueAt(*task, *nextPoll);
            } else if (countPoll) {
                task->nextPollAt = dueAt(*task, now + pollDelay(task->attempts));
            }
        }
        const auto refunded = refundIfDue(repos, *task, statuses, _settings.defaultCharge, now,
                                          [this](const std::string& m) { log(LogLevel::Error, m); });
        if (!refunded) {
            applied = Applied{};
            return false;
        }
        applied.refunded = *refunded;
        applied.state = task->state;
        repos.tasks().update(*task);
        return true;
    });
    return applied;
}

void GenerationWorker::fail(const std::string& taskId, const std::string& message, TimePoint now, TickReport& report) {
    bool ended = false;
    bool failed = false;
    bool refunded = false;
    _store.transact([&](Repositories& repos) {
        auto task = repos.tasks().findById(taskId);
        if (!task || isFinal(task->state)) {
            return false;
        }
        auto songs = repos.songs().listByTask(taskId);
        failGenerating(repos, songs, now);
        const auto statuses = statusesOf(songs);
        // A task with a finished song succeeds (it is not refunded); anything else fails.
        const TaskState target = taskOutcome(statuses).value_or(TaskState::Failed);
        if (!advance(*task, target, now) && !advance(*task, TaskState::Failed, now)) {
            return false;
        }
        if (task->state == TaskState::Failed || task->error.empty()) {
            task->error = message;
        }
        const auto refund = refundIfDue(repos, *task, statuses, _settings.defaultCharge, now,
                                        [this](const std::string& m) { log(LogLevel::Error, m); });
        if (!refund) {
            return false;
        }
        repos.tasks().update(*task);
        ended = true;
        failed = task->state == TaskState::Failed;
        refunded = *refund;
        return true;
    });
    if (!ended) {
        return;
    }
    if (failed) {
        ++report.failed;
        log(LogLevel::Warning, "task " + taskId + " failed: " + message + (refunded ? " (refunded)" : ""));
    } else {
        ++report.succeeded;
    }
    report.refunded += refunded ? 1 : 0;
}

void GenerationWorker::expire(const GenerationTask& task, TimePoint now, TickReport& report) {
    fail(task.id, std::string(kTimeoutMessage), now, report);
}

void GenerationWorker::reschedule(const std::string& taskId, TimePoint at, bool countAttempt) {
    _store.transact([&](Repositories& repos) {
        auto task = repos.tasks().findById(taskId);
        if (!task || isFinal(task->state)) {
            return false;
        }
        task->nextPollAt = dueAt(*task, at);
        if (countAttempt) {
            ++task->attempts;
        }
        repos.tasks().update(*task);
        return true;
    });
}

void GenerationWorker::pollDue(const std::string& owner, TimePoint now, TickReport& report) {
    std::vector<GenerationTask> tasks;
    _store.transact([&](Repositories& repos) {
        tasks = repos.tasks().claimDue({TaskState::Submitted, TaskState::Running}, owner, now, now + _settings.lease,
                                       _settings.pollBatch);
        return true;
    });
    if (tasks.empty()) {
        return;
    }
    LeaseGuard guard([&] { release(tasks, owner); });

    std::vector<const GenerationTask*> live;
    for (const auto& task : tasks) {
        if (isTimedOut(task, now, _settings.timeout)) {
            expire(task, now, report);
        } else if (task.upstreamTaskId.empty()) {
            fail(task.id, std::string(kBadRequestMessage), now, report);
        } else {
            live.push_back(&task);
        }
    }
    if (live.empty()) {
        return;
    }
    std::vector<std::string> ids;
    for (const auto* task : live) {
        ids.push_back(task->upstreamTaskId);
    }
    report.polled += static_cast<int>(live.size());
    std::optional<Result<std::vector<TaskStatus>>> answer;
    try {
        answer.emplace(_generator.poll(ids));
    } catch (const std::exception& e) {
        answer.emplace(upstreamError(UpstreamFailure::Retryable, e.what()));
    }
    if (!answer->ok()) {
        log(LogLevel::Warning, "polling " + std::to_string(ids.size()) + " task(s) failed: " + answer->error().message);
        for (const auto* task : live) {
            reschedule(task->id, now + pollDelay(task->attempts), true);
        }
        return;
    }
    const auto& statuses = answer->value();
    for (std::size_t i = 0; i < live.size(); ++i) {
        const GenerationTask& task = *live[i];
        const TaskStatus* status = nullptr;
        if (i < statuses.size() && statuses[i].id == task.upstreamTaskId) {
            status = &statuses[i];
        } else {
            auto it = std::find_if(statuses.begin(), statuses.end(),
                                   [&](const TaskStatus& s) { return s.id == task.upstreamTaskId; });
            status = it == statuses.end() ? nullptr : &*it;
        }
        if (!status) {
            reschedule(task.id, now + pollDelay(task.attempts), true);
            continue;
        }
        // The offline composer forgets its jobs when the process ends: submit the stored request again.
        if (status->state == UpstreamState::Failed && status->clips.empty() && _generator.capabilities().forgetsJobs &&
            task.provider == _generator.name()) {
            if (auto stored = decodeTaskRequest(task.requestJson)) {
                stored->request.taskId = task.id;
                auto ready = upstreamRequest(std::move(stored->request));
                auto again = ready ? _generator.submit(*ready) : Result<std::string>(ready.error());
                if (again) {
                    _store.transact([&](Repositories& repos) {
                        auto fresh = repos.tasks().findById(task.id);
                        if (!fresh || isFinal(fresh->state)) {
                            return false;
                        }
                        fresh->upstreamTaskId = *again;
                        fresh->attempts = 0;
                        fresh->nextPollAt = dueAt(*fresh, now + pollDelay(0));
                        repos.tasks().update(*fresh);
                        return true;
                    });
                    ++report.resubmitted;
                    log(LogLevel::Information, "task " + task.id + " was unknown to the composer: submitted again");
                    continue;
                }
            }
        }
        const Applied applied = apply(task.id, *status, now, std::nullopt, true);
        if (applied.finished) {
            ++(applied.state == TaskState::Succeeded ? report.succeeded : report.failed);
            log(applied.state == TaskState::Succeeded ? LogLevel::Information : LogLevel::Warning,
                "task " + task.id + " " + toString(applied.state) + (applied.refunded ? " (refunded)" : ""));
        }
        report.refunded += applied.refunded ? 1 : 0;
        if (applied.needsRehost) {
            rehost(task.id, now, report);
        }
    }
}

void GenerationWorker::rehost(const std::string& taskId, TimePoint now, TickReport& report) {
    if (!_fetcher) {
        return;
    }
    struct Copy {
        std::string songId;
        std::string oldAudio, newAudio;
        std::string oldImage, newImage;
    };
    std::vector<Copy> copies;
    const auto songs = readOnly(_store, [&](Repositories& repos) { return repos.songs().listByTask(taskId); });
    for (const auto& song : songs) {
        if (!needsCopy(song)) {
            continue;
        }
        Copy copy{song.id, song.audioUrl, {}, song.imageUrl, {}};
        try {
            if (isRemote(song.audioUrl)) {
                auto fetched = _fetcher->fetchAudio(song.id, song.audioUrl);
                if (fetched) {
                    copy.newAudio = *fetched;
                } else {
                    log(LogLevel::Warning,
                        "re-hosting the audio of song " + song.id + " failed: " + fetched.error().message);
                }
            }
            if (isRemote(song.imageUrl)) {
                auto fetched = _fetcher->fetchCover(song.id, song.imageUrl);
                if (fetched) {
                    copy.newImage = *fetched;
                } else {
                    log(LogLevel::Warning,
                        "re-hosting the cover of song " + song.id + " failed: " + fetched.error().message);
                }
            }
        } catch (const std::exception& e) {
            log(LogLevel::Error, "re-hosting song " + song.id + " failed: " + e.what());
        }
        copies.push_back(std::move(copy));
    }
    bool finished = false;
    _store.transact([&](Repositories& repos) {
        auto task = repos.tasks().findById(taskId);
        if (!task || isFinal(task->state)) {
            return false;
        }
        auto fresh = repos.songs().listByTask(taskId);
        for (auto& song : fresh) {
            for (const auto& copy : copies) {
                if (copy.songId != song.id) {
                    continue;
                }
                bool changed = false;
                if (!copy.newAudio.empty() && song.audioUrl == copy.oldAudio) {
                    song.audioUrl = copy.newAudio;
                    changed = true;
                }
                if (!copy.newImage.empty() && song.imageUrl == copy.oldImage) {
                    song.imageUrl = copy.newImage;
                    changed = true;
                }
                if (changed) {
                    repos.songs().update(song);
                    if (!needsCopy(song)) {
                        ++report.rehosted;
                    }
                }
            }
        }
        if (std::none_of(fresh.begin(), fresh.end(), needsCopy)) {
            const auto outcome = taskOutcome(statusesOf(fresh));
            finished = outcome && advance(*task, *outcome, now);
        } else {
            task->nextPollAt = dueAt(*task, now + pollDelay(2));
        }
        repos.tasks().update(*task);
        return true;
    });
    if (finished) {
        ++report.succeeded;
        log(LogLevel::Information, "task " + taskId + " succeeded (media re-hosted)");
    }
}

void GenerationWorker::submitDue(const std::string& owner, TimePoint now, TickReport& report) {
    std::vector<GenerationTask> tasks;
    _store.transact([&](Repositories& repos) {
        // Only whether there is room matters, so at most maxInflight rows of the (few) active states are read.
        std::int64_t inflight = 0;
        for (TaskState state : {TaskState::Submitted, TaskState::Running}) {
            if (inflight < _settings.maxInflight) {
                inflight += static_cast<std::int64_t>(
                    repos.tasks()
                        .listByState(state, Page{0, static_cast<int>(_settings.maxInflight - inflight)})
                        .size());
            }
        }
        const std::int64_t room = _settings.maxInflight - inflight;
        if (room <= 0) {
            return false;
        }
        tasks = repos.tasks().claimDue({TaskState::Queued}, owner, now, now + _settings.lease,
                                       static_cast<int>(std::min<std::int64_t>(room, _settings.submitBatch)));
        return true;
    });
    if (tasks.empty()) {
        return;
    }
    LeaseGuard guard([&] { release(tasks, owner); });

    for (const auto& task : tasks) {
        if (isTimedOut(task, now, _settings.timeout)) {
            expire(task, now, report);
            continue;
        }
        auto stored = decodeTaskRequest(task.requestJson);
        if (!stored) {
            log(LogLevel::Error, "task " + task.id + " has an unreadable request");
            fail(task.id, std::string(kBadRequestMessage), now, report);
            continue;
        }
        stored->request.taskId = task.id;
        std::optional<Result<std::string>> submitted;
        try {
            auto ready = upstreamRequest(std::move(stored->request));
            submitted.emplace(ready ? _generator.submit(*ready) : Result<std::string>(ready.error()));
        } catch (const std::exception& e) {
            log(LogLevel::Error, "submitting task " + task.id + " threw: " + e.what());
            submitted.emplace(upstreamError(UpstreamFailure::Retryable));
        }
        if (submitted->ok()) {
            bool moved = false;
            _store.transact([&](Repositories& repos) {
                auto fresh = repos.tasks().findById(task.id);
                if (!fresh || !advance(*fresh, TaskState::Submitted, now)) {
                    return false;
                }
                fresh->upstreamTaskId = submitted->value();
                fresh->provider = _generator.name();
                fresh->submittedAt = now;
                fresh->attempts = 0;
                fresh->error.clear();
                fresh->nextPollAt = dueAt(*fresh, now + pollDelay(0));
                repos.tasks().update(*fresh);
                moved = true;
                return true;
            });
            if (moved) {
                ++report.submitted;
                log(LogLevel::Information,
                    "task " + task.id + " submitted to " + _generator.name() + " as " + submitted->value());
            }
            continue;
        }
        const DomainError& error = submitted->error();
        switch (upstreamFailureOf(error)) {
        case UpstreamFailure::Retryable:
            log(LogLevel::Warning, "submitting task " + task.id + " failed (will retry): " + error.message);
            reschedule(task.id, now + pollDelay(task.attempts), true);
            break;
        case UpstreamFailure::Configuration:
            log(LogLevel::Critical, "submitting task " + task.id +
                                        " failed: the upstream configuration is wrong (token, endpoint or credit); "
                                        "the task waits: " +
                                        error.message);
            reschedule(task.id, now + _settings.configurationRetry, true);
            break;
        case UpstreamFailure::Refused:
        case UpstreamFailure::Permanent:
            fail(task.id, error.message, now, report);
            break;
        }
    }
}

Result<GenerationRequest> GenerationWorker::upstreamRequest(GenerationRequest request) {
    if (!hasSource(request.action)) {
        return request;
    }
    if (!_generator.capabilities().rendersSources) {
        // An extend, concat, cover or stems names our song; a remote upstream wants its own clip id.
        auto clipId = upstreamClipId(request.audioId);
        if (!clipId) {
            return clipId.error();
        }
        request.audioId = *clipId;
        return request;
    }
    // The composer renders the chain itself: give it the sources.
    auto sources = readOnly(_store, [&](Repositories& repos) { return sourcesOf(repos, request); });
    if (!sources) {
        return upstreamError(UpstreamFailure::Permanent, std::string(kExtendSourceGoneMessage));
    }
    request.sources = std::move(*sources);
    return request;
}

Result<std::string> GenerationWorker::upstreamClipId(const std::string& songId) {
    return upstreamClipIdOf(_store, _generator, songId, kExtendSourceGoneMessage);
}

Status GenerationWorker::applyPushed(const TaskStatus& status) {
    if (status.id.empty()) {
        return DomainError{ErrorCode::NotFound, "任务不存在"};
    }
    const TimePoint now = _clock.now();
    // Active tasks are few (bounded by max_inflight), so a scan finds the one with this upstream id.
    auto taskId = readOnly(_store, [&](Repositories& repos) -> std::optional<std::string> {
        for (TaskState state : {TaskState::Submitted, TaskState::Running}) {
            for (int offset = 0;; offset += kLookupPage) {
                const auto page = repos.tasks().listByState(state, Page{offset, kLookupPage});
                for (const auto& task : page) {
                    if (task.upstreamTaskId == status.id) {
                        return task.id;
                    }
                }
                if (page.size() < static_cast<std::size_t>(kLookupPage)) {
                    break;
                }
            }
        }
        return std::nullopt;
    });
    if (!taskId) {
        return DomainError{ErrorCode::NotFound, "任务不存在"};
    }
    const Applied applied = apply(*taskId, status, now, std::nullopt, false);
    if (applied.finished) {
        log(LogLevel::Information, "task " + *taskId + " " + toString(applied.state) + " (pushed by upstream)" +
                                       (applied.refunded ? " (refunded)" : ""));
    }
    return success();
}

} // namespace gequ::domain
