#pragma once

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/result.h"
#include "gequ/domain/model/timeline.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

struct SourcePart;

/// What is sent upstream for one create request (already validated and normalised).
struct GenerationRequest {
    std::string taskId; ///< our task id; seeds the offline composer
    TaskAction action = TaskAction::Generate;
    std::string prompt;
    std::string model = "chirp-v3-5";
    std::string lyric;
    bool custom = false;
    bool instrumental = false;
    std::string title;
    std::string style;
    std::string audioId;
    double continueAt = 0;
    std::string gender; ///< "", "male" or "female"
    std::string artist; ///< the user's nickname, for ID3 tags
    /// An extend's or a concat's sources for a provider that renders them itself (the composer): the chain of songs,
    /// root (a generated song) first, each kept up to its cut (sourceChain in services/works_service.h). An extend
    /// continues where the last part is cut; a concat joins the parts and ends with its audioId song whole. Filled
    /// by the worker from the store before each submit (never stored with the task); empty for remote providers.
    std::vector<SourcePart> sources;
};

/// One song of an extend or concat chain.
struct SourcePart {
    GenerationRequest request; ///< the stored request of the song's task (taskId set; its own sources empty)
    int clipIndex = 0;         ///< which clip of that task the song is
    double duration = 0;       ///< the song's length, seconds
    double cutAt = 0;          ///< how much of it the chain keeps, seconds from its start (0: all of it)
    /// The seconds the chain keeps of this part.
    double kept() const { return cutAt > 0 ? cutAt : duration; }
};

enum class UpstreamState { Queued, Running, Succeeded, Failed };
enum class ClipState { Pending, Running, Succeeded, Failed };

struct ClipStatus {
    std::string id; ///< upstream clip id
    ClipState state = ClipState::Pending;
    std::string title;
    std::string audioUrl;  ///< final audio when succeeded
    std::string streamUrl; ///< preview while running
    std::string imageUrl;
    std::string lyric;
    std::string style;
    double duration = 0;
    std::string error;
    Timeline timeline; ///< synced lyrics when the provider knows them as the clip succeeds (the composer), else empty
};

struct TaskStatus {
    std::string id; ///< upstream task id
    UpstreamState state = UpstreamState::Queued;
    double progress = 0; ///< 0..1 where known
    std::vector<ClipStatus> clips;
    std::string error; ///< Chinese reason when failed
};

struct Lyrics {
    std::string title;
    std::string text;
};

/// A copy of one finished clip: the members' lossless WAV download, and their MIDI file.
struct WavRequest {
    GenerationRequest request;  ///< the stored request of the clip's task (taskId set): the composer renders it again
    int clipIndex = 0;          ///< which clip of the task
    std::string upstreamClipId; ///< the provider's clip id (AceData's audio_id); empty for the composer
    std::string mediaKey;       ///< where a provider that renders locally stores the file ("<song id>.wav")
};

/// What a provider without MIDI files answers to SongGenerator::midi.
inline constexpr std::string_view kMidiUnavailableMessage = "该作品暂不支持导出 MIDI";

/// What a provider without lossless copies answers to SongGenerator::wav.
inline constexpr std::string_view kWavUnavailableMessage = "该作品暂不支持无损下载";

/// What a provider without synced lyrics answers to SongGenerator::timing.
inline constexpr std::string_view kTimingUnavailableMessage = "该作品暂无歌词时间轴";

/// How a caller treats a failed SongGenerator call (the error of submit, poll or lyrics). The class travels in the
/// DomainError's code, so every Result stays a plain Result: upstreamFailureOf reads it back, upstreamError makes one.
/// - Retryable (5020, AI 服务繁忙，请稍后再试): busy, rate-limited (429), upstream 5xx, timed out, unreachable, an
///   unreadable answer. Try again later with back-off; the task stays as it is. A submit that timed out on our side
///   may still have been created upstream, so a retried submit can make a second upstream task (charged once here).
/// - Refused (4220, 内容未通过安全审核 or the provider's own refusal text): moderation refused the content. Fail the
///   task with the message and refund; for lyrics, answer the 4220 as it is.
/// - Configuration (5000, 服务器繁忙，请稍后再试): our side is wrong (token, endpoint, upstream credit), already logged
///   at critical level by the provider. Keep the task queued (or running: keep polling later), alert, retry much
///   later; users only see the generic 5000 text.
/// - Permanent (any other code, by default 4000 AI 服务无法处理该请求): upstream rejected this request for good. Fail
///   the task with the message and refund.
enum class UpstreamFailure { Retryable, Refused, Configuration, Permanent };

inline constexpr std::string_view kUpstreamBusyMessage = "AI 服务繁忙，请稍后再试";
inline constexpr std::string_view kUpstreamRefusedMessage = "内容未通过安全审核";
inline constexpr std::string_view kUpstreamConfigurationMessage = "服务器繁忙，请稍后再试";
inline constexpr std::string_view kUpstreamPermanentMessage = "AI 服务无法处理该请求";

/// The class of an error returned by a SongGenerator (see UpstreamFailure).
inline UpstreamFailure upstreamFailureOf(const DomainError& error) {
    switch (error.code) {
    case ErrorCode::Upstream:
        return UpstreamFailure::Retryable;
    case ErrorCode::Refused:
        return UpstreamFailure::Refused;
    case ErrorCode::Internal:
        return UpstreamFailure::Configuration;
    default:
        return UpstreamFailure::Permanent;
    }
}

/// The DomainError of a failure class, with the class's default message unless one is given.
inline DomainError upstreamError(UpstreamFailure failure, std::string message = {}) {
    switch (failure) {
    case UpstreamFailure::Retryable:
        return {ErrorCode::Upstream, message.empty() ? std::string(kUpstreamBusyMessage) : std::move(message)};
    case UpstreamFailure::Refused:
        return {ErrorCode::Refused, message.empty() ? std::string(kUpstreamRefusedMessage) : std::move(message)};
    case UpstreamFailure::Configuration:
        return {ErrorCode::Internal, message.empty() ? std::string(kUpstreamConfigurationMessage) : std::move(message)};
    case UpstreamFailure::Permanent:
        break;
    }
    return {ErrorCode::InvalidInput, message.empty() ? std::string(kUpstreamPermanentMessage) : std::move(message)};
}

/// Told a task's whole status by a provider that knows at once when one of its clips or the task finishes (the
/// offline composer); called on the provider's thread, so it must be quick and must not call back into the provider.
using StatusListener = std::function<void(const TaskStatus& status)>;

/// What a provider does differently, stated by the provider so that the domain never asks for its name.
struct GeneratorCapabilities {
    /// It makes an extend, concat, cover or stems from our stored songs (GenerationRequest::sources, filled by the
    /// worker) instead of from its own clip id (audio_id set to upstream's clip): the offline composer.
    bool rendersSources = false;
    /// It keeps its jobs in memory: after a restart it answers our upstream ids as unknown (Failed, no clips), and
    /// the worker submits the stored request again (the provider is deterministic).
    bool forgetsJobs = false;
    /// It separates a song into four stems (vocal, drums, bass, other); AceData's all_stems gives a dozen instead.
    bool allStems = true;
};

/// The AI upstream: the AceData Suno API or the offline composer.
///
/// Semantics shared by every provider:
/// - submit hands a request over and returns the upstream task id; the generation goes on upstream. A failed submit
///   is classified by upstreamFailureOf and started nothing (except, possibly, a Retryable timeout: see above).
/// - poll answers one TaskStatus per id, in the order asked. A task is Queued until upstream starts it, Running while
///   its clips are made (a running clip may carry a streamUrl preview), then Succeeded or Failed, which are final.
///   Succeeded means upstream finished and at least one clip is Succeeded; every clip is then Succeeded or Failed
///   (a Failed clip carries a Chinese `error`). Failed carries a Chinese `error` for the user. A failed poll call
///   (an error Result, never a partial list) says nothing about the tasks: poll again later.
/// - clip audioUrl/imageUrl are the provider's: /media/ paths for the composer, upstream http(s) URLs (which expire)
///   for AceData, to be re-hosted with the MediaFetcher port.
/// - push (setStatusListener): a provider that can, also tells the listener each time a clip or a task ends, with
///   the same TaskStatus poll would answer; polling stays the authority (a missed push is caught by the next poll).
///   A remote provider cannot push here (its callback arrives over HTTP instead) and keeps the default.
class SongGenerator {
public:
    virtual ~SongGenerator() = default;
    /// Queues a generation and returns the upstream task id at once; never blocks for the whole generation.
    virtual Result<std::string> submit(const GenerationRequest& request) = 0;
    /// The current state of each upstream task id (unknown ids come back Failed).
    virtual Result<std::vector<TaskStatus>> poll(const std::vector<std::string>& ids) = 0;
    /// Lyrics for a prompt (a song name or description); Refused (4220) when moderation refuses.
    virtual Result<Lyrics> lyrics(const std::string& prompt) = 0;
    /// The provider's name ("local" or "ace"): recorded on each task, and compared with it only.
    virtual std::string name() const = 0;
    /// What this provider does differently (GeneratorCapabilities).
    virtual GeneratorCapabilities capabilities() const { return {}; }
    /// A 44.1 kHz stereo WAV of a finished clip: a /media/ URL once stored under request.mediaKey, or the provider's
    /// http(s) URL of the file (to be fetched with MediaFetcher::fetchWav); errors classified as for submit.
    virtual Result<std::string> wav(const WavRequest& request) {
        (void)request;
        return upstreamError(UpstreamFailure::Permanent, std::string(kWavUnavailableMessage));
    }
    /// A Standard MIDI File of a finished clip (its bytes; request.mediaKey unused); errors classified as for submit.
    virtual Result<std::string> midi(const WavRequest& request) {
        (void)request;
        return upstreamError(UpstreamFailure::Permanent, std::string(kMidiUnavailableMessage));
    }
    /// Whether timing() can be asked for a finished clip's synced lyrics (a remote provider; the composer gives them
    /// with the clip instead).
    virtual bool hasTiming() const { return false; }
    /// The synced lyrics of a finished clip by its upstream clip id (empty when upstream aligned nothing); errors
    /// classified as for submit.
    virtual Result<Timeline> timing(const std::string& upstreamClipId) {
        (void)upstreamClipId;
        return upstreamError(UpstreamFailure::Permanent, std::string(kTimingUnavailableMessage));
    }
    /// Replaces the listener told when a clip or task ends (empty: none); once it returns no old call is running.
    virtual void setStatusListener(StatusListener listener) { (void)listener; }
};

} // namespace gequ::domain
