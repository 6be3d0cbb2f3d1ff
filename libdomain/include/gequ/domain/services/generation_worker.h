#pragma once

// The generation worker (docs/generation.md): drives queued tasks through the upstream (SongGenerator) and the
// state machine of docs/product.md, under database leases (docs/data.md) so that several workers, in one process
// or many, share the work without doing any of it twice.
//
// One tick:
// 1. Polling. Due submitted and running tasks are leased; those older than the timeout are finished (clips still
//    generating fail; the task succeeds when a clip is done, else fails and refunds). The others are polled in one
//    batch; each answer is applied in one unit of work per task: clip updates (audio, cover, preview, duration,
//    lyrics, title, style), the task's state, its failure text, and the refund of a failed task with no finished
//    clip (ref task:<id>:refund, remark 生成失败退还积分, marked refunded). Unfinished tasks are polled again after
//    3 s, 5 s, then every 10 s, and at their timeout at the latest. A failed poll call changes nothing but the next
//    poll time.
// 2. Re-hosting. When a MediaFetcher is given, a finished clip whose audio or cover is an upstream URL (not "/...")
//    is copied into the media store and its URLs are swapped for ours; until both copies exist the task stays
//    running (its songs are already finished and playable from upstream) and the copy is retried on each poll. The
//    timeout ends the retries (the task then succeeds with the upstream URLs).
// 3. Submission. While fewer than max_inflight tasks are submitted or running (counted across the database), due
//    queued tasks are leased, member channel first, then oldest, and submitted. An extend or concat names one of our
//    songs; for a remote upstream its audio_id becomes upstream's clip id, asked of upstream through the song's task;
//    the composer is given the chain of songs to continue or join (upstreamRequest). Failures by class
//    (domain::UpstreamFailure): Retryable waits with the same back-off; Configuration is logged at critical level and
//    waits configurationRetry; Refused and Permanent fail the task with the upstream's message and refund.
// 4. Synced lyrics (model/timeline.h). When a song finishes, the clip's timeline is stored with it in the same unit
//    of work (the composer's); a provider with timing (hasTiming, AceData) is asked for it afterwards: the song is
//    noted as pending (when it has lyrics), and each tick takes up to timingBatch due ones (leased for `lease`) and
//    asks timing(clip id). An answer is stored (an empty one ends the wait); a failure is retried after timingDelay
//    up to timingTries times (Permanent and Refused at once give up). The song stays playable with plain lyrics all
//    along, and nothing is charged.
// Every lease taken is released at the end of the tick, also when something throws.
//
// Recovery: a task left submitted or running by a stopped or killed process is polled again by whichever worker
// leases it next (a crashed worker's lease expires after `lease`). The offline composer keeps its jobs in memory, so
// after a restart it answers an unknown id as Failed with no clips; for a provider that says so
// (GeneratorCapabilities::forgetsJobs) and made the task, the worker then submits the stored request again (the
// composer is deterministic: same task id, same songs), instead of failing the task. Charging happens only at create
// time; a refund is written in the same unit of work as the failure, under a unique ledger ref and the task's refunded
// flag, so nothing is ever charged or refunded twice.

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/media_fetcher.h"
#include "gequ/domain/ports/song_generator.h"
#include "gequ/domain/ports/store.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace gequ::domain {

/// The failure text of a task that ran out of time.
inline constexpr std::string_view kTimeoutMessage = "生成超时";
/// The failure text when upstream failed without saying why.
inline constexpr std::string_view kUpstreamFailedMessage = "AI 服务生成失败";
/// The failure text of an extend whose song upstream no longer knows.
inline constexpr std::string_view kExtendSourceGoneMessage = "原作品已无法续写";

/// How urgent a worker log line is.
enum class LogLevel { Debug, Information, Warning, Error, Critical };
/// Where the worker reports what it did and what went wrong (the composition root logs it).
using WorkerLog = std::function<void(LogLevel level, const std::string& message)>;

struct WorkerSettings {
    Millis timeout = std::chrono::minutes{10}; ///< generation.timeout, from the task's creation
    int maxInflight = 50;                      ///< generation.max_inflight: submitted + running tasks at most
    Millis lease = std::chrono::seconds{60};   ///< how long a claim holds a task
    int pollBatch = 50;                        ///< tasks polled in one call at most
    int submitBatch = 10;                      ///< tasks submitted per tick at most
    Millis configurationRetry = std::chrono::seconds{60}; ///< the wait after a configuration error
    int timingBatch = 10;                                 ///< synced lyrics asked of upstream per tick at most
    int timingTries = 6;                                  ///< tries of a song's synced lyrics before giving up
    std::int64_t defaultCharge =
        kCreateCost; ///< the refund of a task whose stored request names no charge (older rows)
};

/// The wait before the next poll or submission attempt: 3 s after the first, 5 s after the second, then 10 s.
Millis pollDelay(int attempt);

/// The wait before asking upstream again for a song's synced lyrics after `failures` failed tries: 30 s after the
/// first, 2 min, 10 min, 1 h, then 6 h.
Millis timingDelay(int failures);

/// What one tick did (for logs and tests).
struct TickReport {
    int submitted = 0;   ///< tasks handed to upstream
    int resubmitted = 0; ///< tasks the offline composer had forgotten, handed to it again
    int polled = 0;      ///< tasks whose status was asked
    int succeeded = 0;   ///< tasks that finished with at least one song
    int failed = 0;      ///< tasks that failed (timeouts included)
    int refunded = 0;    ///< refunds written
    int rehosted = 0;    ///< clips whose audio and cover are now ours
    int timed = 0;       ///< songs whose synced lyrics upstream answered (aligned or not)

    /// Whether anything moved (the caller may tick again at once).
    bool busy() const { return submitted + resubmitted + succeeded + failed + rehosted + timed > 0; }
};

class GenerationWorker {
public:
    /// `fetcher` may be null (no re-hosting: the composer's URLs are ours already). Everything must outlive the
    /// worker. `log` may be empty.
    GenerationWorker(Store& store, const Clock& clock, SongGenerator& generator, MediaFetcher* fetcher,
                     WorkerSettings settings, WorkerLog log = {});

    /// One round of polling, re-hosting and submission as `owner` (unique per worker thread and process, e.g.
    /// host:pid:uuid:n). Safe to call from several threads and processes at once. Throws only when the store does.
    TickReport tick(const std::string& owner);

    /// Applies a status upstream pushed (the AceData callback) to the task with that upstream id, as a poll answer
    /// would be applied (without touching the poll schedule, except that a task left for re-hosting is due at once).
    /// 4040 when no submitted or running task has that upstream id.
    Status applyPushed(const TaskStatus& status);

    const WorkerSettings& settings() const { return _settings; }

private:
    struct Applied;

    void pollDue(const std::string& owner, TimePoint now, TickReport& report);
    void submitDue(const std::string& owner, TimePoint now, TickReport& report);
    /// Asks upstream for the synced lyrics of songs waiting for them (a provider with timing only).
    void timeDue(TimePoint now, TickReport& report);
    /// When a song has just finished: stores the clip's timeline, or notes that upstream is to be asked for one.
    void noteTimeline(Repositories& repos, const Song& song, const ClipStatus& clip, TimePoint now);
    /// Ends a task that ran out of time.
    void expire(const GenerationTask& task, TimePoint now, TickReport& report);
    /// Fails a task (all generating songs fail) with a message and refunds it.
    void fail(const std::string& taskId, const std::string& message, TimePoint now, TickReport& report);
    /// Applies a status in one unit of work; nextPoll (when set) schedules the next poll of an unfinished task.
    Applied apply(const std::string& taskId, const TaskStatus& status, TimePoint now, std::optional<TimePoint> nextPoll,
                  bool countPoll);
    /// Copies the remote media of the given task's finished songs, then finishes the task when all are ours.
    void rehost(const std::string& taskId, TimePoint now, TickReport& report);
    /// The request as the upstream gets it: an extend's or concat's audio_id becomes upstream's clip id for a remote
    /// upstream (upstreamClipId), and the composer gets the chain of songs (sourceChain, an extend's cut at its
    /// continue_at); Permanent 原作品已无法续写 when the chain cannot be read.
    Result<GenerationRequest> upstreamRequest(GenerationRequest request);
    /// The upstream clip id of one of our songs (an extend's audio_id), asked of upstream through its task: the
    /// poll's error when that fails (retried), Permanent 原作品已无法续写 when upstream no longer has it.
    Result<std::string> upstreamClipId(const std::string& songId);
    /// Moves the next poll (or submission attempt) of a task, counting an attempt.
    void reschedule(const std::string& taskId, TimePoint at, bool countAttempt);
    void release(const std::vector<GenerationTask>& tasks, const std::string& owner);
    /// `at`, or the task's timeout when that comes first.
    TimePoint dueAt(const GenerationTask& task, TimePoint at) const;
    void log(LogLevel level, const std::string& message) const;

    Store& _store;
    const Clock& _clock;
    SongGenerator& _generator;
    MediaFetcher* _fetcher;
    WorkerSettings _settings;
    WorkerLog _log;
};

} // namespace gequ::domain
