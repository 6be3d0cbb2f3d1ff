#pragma once

// The AceData-compatible Suno client: the SongGenerator port over AceData Cloud's Suno API (upstream.provider = ace;
// docs/generation.md, "The AceData client").

#include "gequ/domain/ports/moderation.h"
#include "gequ/domain/ports/song_generator.h"

#include <memory>
#include <string>
#include <string_view>

namespace gequ::acedata {

inline constexpr std::string_view kAceDefaultBaseUrl = "https://api.acedata.cloud";

struct AceConfig {
    std::string baseUrl = std::string(kAceDefaultBaseUrl); ///< upstream.ace.base_url: https://, or http:// (a fake)
    std::string token;       ///< upstream.ace.token (GEQU_UPSTREAM_ACE_TOKEN): required, sent as a bearer, never logged
    std::string callbackUrl; ///< upstream.ace.callback_url: sent with each submit when set
    int timeoutSeconds = 60; ///< upstream.ace.timeout: connecting, and each send or receive of one API call
};

/// The SongGenerator named "ace". Each call is one HTTPS request (POST, JSON, `authorization: Bearer <token>`), made
/// on the calling thread; the client holds no state between calls and is safe to use from several threads.
///
/// - submit: POST {base}/suno/audios with async: true and the request's mode: inspiration (custom = false) sends
///   prompt; custom sends title, style (the normalised style, into which the domain folded the gender) and lyric
///   (unless instrumental or empty); action "extend" also sends audio_id and continue_at; instrumental and model
///   always; callback_url when configured. Action "concat" (合成完整歌曲) sends only action, model, audio_id (the
///   last extension of the chain), callback_url and async; so do "stems" (its two clips are put vocal first by
///   their titles when polled). "cover" sends the custom fields (the song's lyric, the new title and style) and
///   audio_id, without continue_at. Returns the answer's task_id. An upstream `timeout` that names a task_id
///   returns it too: the task goes on upstream and polling will tell.
/// - poll: POST {base}/suno/tasks, {action: "retrieve", id} for one id, {action: "retrieve_batch", ids} for more
///   (answered as {items: [record…]}, a bare list, or one record, possibly wrapped as {data: record}).
///   Task state pending -> Queued, processing -> Running, complete with response.success -> Succeeded (Failed when
///   no clip succeeded), complete without success or failed -> Failed (内容未通过安全审核 when upstream's moderation
///   refused, else AI 服务生成失败). Clip state pending -> Pending, running -> Running with audio_url kept as
///   streamUrl (a preview), succeeded -> Succeeded with audioUrl, error -> Failed (该版本生成失败); when the task
///   finished, a clip that did not becomes Failed. imageUrl is image_url (else image_large_url), style is style
///   (else tags). progress: 0 while queued; while running the mean over clips of 0.1 pending, 0.5 running, 1 done,
///   kept within 0.1..0.95; 1 when final. An id upstream does not know (not_found, or missing from a batch) comes
///   back Failed (任务不存在或已过期).
/// - lyrics: POST {base}/suno/lyrics {prompt}; the answer's data is one {text, title, status} or an array of them:
///   the first is taken. When a Moderation was given, a prompt it refuses is refused locally (4220,
///   歌名包含敏感内容，无法生成歌词) without calling upstream.
/// - wav: POST {base}/suno/wav {audio_id: upstreamClipId}; answers {success, task_id, data: [{file_url}]}: the
///   file_url (AceData's CDN, to be copied with MediaFetcher::fetchWav). No clip id: Permanent 该作品暂不支持无损下载;
///   an answer without a usable file_url: Retryable.
/// - midi: POST {base}/suno/midi {audio_id: upstreamClipId}; answers {success, task_id, data: [{state, instruments:
///   [{name, notes: [{pitch, start, end, velocity}]}]}]} (seconds; velocity 0..1): written as a Standard MIDI File
///   (format 1, 120 bpm, 960 ticks a second, a track per instrument). No clip id or no note: Permanent
///   该作品暂不支持导出 MIDI.
/// - timing: POST {base}/suno/timing {audio_id: upstreamClipId}; answers {success, task_id, data: {aligned_words:
///   [{word, start_s, end_s, success, p_align}]}} (data may be an array of such objects: the first is taken); the
///   words become lines with timelineFromAlignedWords (model/timeline.h). An answer without aligned_words: Retryable;
///   an empty list: an empty timeline (nothing to align, e.g. an instrumental).
/// - Errors ({success: false, error: {code, message}, trace_id}, or an HTTP failure) are classified as
///   domain::UpstreamFailure: invalid_token, token_mismatched, token_expired, no_token, used_up, api_not_implemented,
///   not_found outside polling, HTTP 401, a redirect, and a 404 that is not AceData's (a wrong base_url) ->
///   Configuration, logged at critical level; forbidden and other 403s -> Refused (内容未通过安全审核);
///   too_many_requests, timeout, api_error, 408, 429, 5xx, an unreadable answer, a timeout or a broken connection ->
///   Retryable (AI 服务繁忙，请稍后再试); any other 4xx -> Permanent. Nothing logged carries the token.
class AceClient : public domain::SongGenerator {
public:
    /// Checks config; throws std::invalid_argument naming the key at fault: upstream.ace.token (empty),
    /// upstream.ace.base_url (not an http(s) URL), upstream.ace.callback_url (set and not an http(s) URL),
    /// upstream.ace.timeout (below 1). `moderation`, when given, must outlive the client.
    explicit AceClient(AceConfig config, const domain::Moderation* moderation = nullptr);

    domain::Result<std::string> submit(const domain::GenerationRequest& request) override;
    domain::Result<std::vector<domain::TaskStatus>> poll(const std::vector<std::string>& ids) override;
    domain::Result<domain::Lyrics> lyrics(const std::string& prompt) override;
    domain::Result<std::string> wav(const domain::WavRequest& request) override;
    domain::Result<std::string> midi(const domain::WavRequest& request) override;
    domain::GeneratorCapabilities capabilities() const override { return {.allStems = false}; }
    bool hasTiming() const override { return true; }
    domain::Result<domain::Timeline> timing(const std::string& upstreamClipId) override;
    std::string name() const override { return "ace"; }

    /// Reads what AceData posts to callback_url: a task record as /suno/tasks answers it ({id, state, response}) or
    /// the bare generation answer ({success, task_id, data: [clip…]}), mapped as poll maps it. A body that is not
    /// such JSON, or names no task id, is an InvalidInput error (the callback route answers 400).
    static domain::Result<domain::TaskStatus> parseCallback(const std::string& body);

private:
    struct Call;
    Call post(const std::string& path, const std::string& body, const char* what, bool notFoundIsAnswer = false) const;

    AceConfig _config;
    std::string _base; ///< base_url without a trailing '/'
    const domain::Moderation* _moderation;
};

/// The client as the port (see AceClient).
std::unique_ptr<domain::SongGenerator> makeAceClient(const AceConfig& config,
                                                     const domain::Moderation* moderation = nullptr);

} // namespace gequ::acedata
