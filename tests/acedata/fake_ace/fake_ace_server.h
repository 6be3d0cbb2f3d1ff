#pragma once

// A fake AceData Suno API for tests (docs/generation.md, "The AceData client"): a Poco HTTPServer
// on 127.0.0.1 at a free port that follows the protocol, including its failure answers, and also serves the clips'
// audio and cover files so the re-hosting downloader can fetch them. Linked as gequ_fake_ace by any test suite.
//
// Protocol followed:
// - every /suno/* request needs `authorization: Bearer <token>`: another token answers 401 invalid_token, the token
//   kMismatchedToken answers 400 token_mismatched ({success: false, error: {code, message}, trace_id}).
// - POST /suno/audios (async) answers {success: true, task_id, trace_id} at once. The task then moves one stage each
//   time it is retrieved (stepsPerStage retrieves per stage): pending (no response yet) -> processing (two clips
//   `running`, audio_url a stream preview under /audiopipe/) -> its outcome, by markers in the prompt, lyric, title
//   or style:
//     (none)             complete, success, two `succeeded` clips with audio_url /cdn/<clip>.mp3 and image_url
//                        /cdn/image_<clip>.jpeg
//     [clip-error]       complete, success, the first clip `error` and the second `succeeded`
//     [all-clips-error]  complete, success, both clips `error`
//     [unsuccessful]     complete with response.success false
//     [fail]             failed, response {success: false, error: {code: api_error}}
//     [refused-later]    failed, response {success: false, error: {code: forbidden}} (moderation after submit)
//     [legacy]           like (none) but the clips carry no `state` field (older answers)
//   An extend's clips last as long as the others (123.48 s and 118.2 s). Action concat {audio_id}: one clip joining
//   that extension with the chain it continues (duration: each source up to the next part's continue_at, then the
//   extension), titled and styled as the extension; an audio_id that is not a finished extension answers 400
//   bad_request.
//   And at submit: [forbidden] answers 403 forbidden; [timeout] answers 504 {code: timeout} naming the task_id (the
//   task goes on).
// - POST /suno/tasks {action: retrieve, id}: the task record {id, state, created_at, request, response: {success,
//   task_id, trace_id, data: [clip...]}}; an unknown id answers 404 not_found. {action: retrieve_batch, ids}:
//   {items: [record...], count} with unknown ids left out.
// - POST /suno/lyrics {prompt}: {success, task_id, trace_id, data: {text, title, status: complete}}; data is an array
//   of two when the prompt holds [array]; [forbidden] answers 403.
// - POST /suno/wav {audio_id}: for a clip that succeeded, {success, task_id, trace_id, data: [{file_url:
//   /cdn/<clip>.wav}]}; no audio_id, or one that names no finished clip, answers 400 bad_request; a task whose prompt
//   or title holds [wav-error] answers 500 api_error.
// - POST /suno/timing {audio_id}: for a clip that succeeded, {success, task_id, trace_id, data: {aligned_words:
//   [{word, start_s, end_s, success, p_align}], waveform_data, hoot_cer, is_streamed}}: one word per Chinese
//   character (or Latin word) of the clip's lyric from 10 s on, 0.4 s each and a 1 s breath after each line, the first
//   word of a section carrying its mark ("[主歌]\n晚风" style), the last of a line ending in "\n"; an empty list for
//   an instrumental or when the prompt or title holds [timing-empty]; [timing-error] answers 500 api_error; no
//   audio_id, or one that names no finished clip, answers 400 bad_request.
// - GET /cdn/<clip>.mp3 and /audiopipe/<clip> serve mp3Bytes() (audio/mpeg), /cdn/<clip>.wav wavBytes() (audio/wav),
//   /cdn/image*.jpeg serve jpegBytes() (image/jpeg), plus whatever addFile and addRedirect set up; anything else 404.

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gequ::acedata::test {

class FakeAceServer {
public:
    static constexpr const char* kToken = "sk-fake-acedata-0123456789abcdef";
    static constexpr const char* kMismatchedToken = "sk-fake-mismatched";

    struct Options {
        std::string token = kToken;
        int stepsPerStage = 1; ///< retrieves a task stays in each stage
    };

    struct Recorded {
        std::string method;
        std::string path; ///< with the query
        std::string authorization;
        std::string contentType;
        std::string accept;
        std::string body;
    };

    FakeAceServer();
    explicit FakeAceServer(Options options);
    ~FakeAceServer();
    FakeAceServer(const FakeAceServer&) = delete;
    FakeAceServer& operator=(const FakeAceServer&) = delete;

    /// "http://127.0.0.1:<port>"
    std::string baseUrl() const;
    std::uint16_t port() const;

    /// The next `count` /suno/* requests answer {success: false, error: {code, message}} with this HTTP status.
    void failNext(int status, const std::string& code, const std::string& message = "injected failure", int count = 1);
    /// The next `count` /suno/* requests answer this status with this raw body (e.g. an HTML error page).
    void answerNextRaw(int status, const std::string& contentType, const std::string& body, int count = 1);
    /// Every later answer (API and files) waits this long before it is sent.
    void setDelay(std::chrono::milliseconds delay);

    /// Serves bytes at path (e.g. "/files/a.png"); chunked sends no Content-Length; declaredLength, when set,
    /// announces that Content-Length instead of the real one (nothing past the bytes is sent).
    void addFile(const std::string& path, const std::string& contentType, std::string bytes, bool chunked = false,
                 long long declaredLength = -1);
    /// Answers path with a redirect to location.
    void addRedirect(const std::string& path, const std::string& location, int status = 302);

    /// Every request received, in order.
    std::vector<Recorded> requests() const;
    /// The requests to one path (e.g. "/suno/audios").
    std::vector<Recorded> requestsTo(const std::string& path) const;
    /// Ids of the tasks submitted, in order.
    std::vector<std::string> taskIds() const;
    /// Moves a task to its final stage at once.
    void finish(const std::string& taskId);
    /// The task record /suno/tasks answers for taskId now (without advancing it), and the bare generation answer
    /// ({success, task_id, trace_id, data}) AceData would post to callback_url for it.
    std::string taskRecordJson(const std::string& taskId) const;
    std::string callbackJson(const std::string& taskId) const;

    /// A small valid-looking MP3 (an ID3v2 tag and MPEG-1 Layer III frames) and a small JPEG.
    static std::string mp3Bytes();
    /// A 44.1 kHz stereo 16-bit PCM WAV file of `seconds`.
    static std::string wavBytes(double seconds = 1.0);
    static std::string jpegBytes();

    struct State;

private:
    std::shared_ptr<State> _state;
    struct Server;
    std::unique_ptr<Server> _server;
};

} // namespace gequ::acedata::test
