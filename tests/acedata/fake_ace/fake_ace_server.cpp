#include "fake_ace_server.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/StreamCopier.h>
#include <algorithm>
#include <array>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <mutex>
#include <sstream>

namespace gequ::acedata::test {

using Poco::JSON::Array;
using Poco::JSON::Object;

namespace {

struct Task {
    std::string id;
    std::string traceId;
    std::string outcome; ///< "", "clip-error", "all-clips-error", "unsuccessful", "fail", "refused-later", "legacy"
    Object::Ptr request;
    std::vector<std::string> clipIds;
    int retrieves = 0;
    bool finished = false;
    std::string concatOf; ///< a concat task: the extension clip it joins
    std::string stemsOf;  ///< a stems task: the clip it splits
};

struct File {
    std::string contentType;
    std::string bytes;
    bool chunked = false;
    long long declaredLength = -1;
    int redirectStatus = 0;
    std::string location;
};

struct Injected {
    int status = 500;
    std::string contentType;
    std::string body;
};

std::string json(const Poco::Dynamic::Var& value) {
    std::ostringstream out;
    Poco::JSON::Stringifier::condense(value, out, Poco::JSON_WRAP_STRINGS);
    return out.str();
}

Object::Ptr object() {
    return new Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::string errorJson(const std::string& code, const std::string& message, const std::string& traceId,
                      const std::string& taskId = {}) {
    Object::Ptr error = object();
    error->set("code", code);
    error->set("message", message);
    Object::Ptr answer = object();
    answer->set("success", false);
    answer->set("error", error);
    if (!taskId.empty()) {
        answer->set("task_id", taskId);
    }
    answer->set("trace_id", traceId);
    return json(answer);
}

std::string uuid(int n, unsigned salt) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%08x-%04x-4%03x-a%03x-%012x", 0x5a1d0000u + salt * 0x101u + n,
                  (n * 7919) & 0xffff, (n * 31) & 0xfff, (n * 17) & 0xfff, 0x1234567u + n * 65537u);
    return buffer;
}

std::string field(const Object::Ptr& object, const std::string& key) {
    if (object && object->has(key) && object->get(key).isString()) {
        return object->getValue<std::string>(key);
    }
    return {};
}

/// The timing of /suno/timing's aligned words (alignedWords).
constexpr double kFirstWordSeconds = 10.0;
constexpr double kWordSeconds = 0.4;
constexpr double kBreathSeconds = 1.0;

const char* kLyricText = "[主歌]\n晚风吹过旧街道\n灯火映着你微笑\n\n[副歌]\n唱一首夏天的歌\n把心事都交给海浪";

} // namespace

struct FakeAceServer::State {
    Options options;
    std::uint16_t port = 0;
    mutable std::mutex mutex;
    std::condition_variable wake;
    bool stopping = false;
    std::chrono::milliseconds delay{0};
    std::deque<Injected> injected;
    std::map<std::string, Task> tasks;
    std::vector<std::string> order;
    std::map<std::string, File> files;
    std::vector<Recorded> requests;
    int counter = 0;

    std::string base() const { return "http://127.0.0.1:" + std::to_string(port); }

    std::string nextTrace() { return uuid(++counter, 0xace); }

    int stageOf(const Task& task) const {
        if (task.finished) {
            return 2;
        }
        return std::min(2, task.retrieves / std::max(1, options.stepsPerStage));
    }

    Object::Ptr clipJson(const Task& task, std::size_t index, int stage) const {
        const std::string& id = task.clipIds[index];
        const Task* joined = !task.concatOf.empty()  ? taskOfClip(task.concatOf)
                             : !task.stemsOf.empty() ? taskOfClip(task.stemsOf)
                                                     : nullptr;
        const Object::Ptr& request = joined ? joined->request : task.request;
        const bool custom = request->has("custom") && request->getValue<bool>("custom");
        std::string title = field(request, "title");
        if (title.empty()) {
            title = "夏日海边";
        }
        if (!task.stemsOf.empty()) {
            title += index == 0 ? " (Instrumental)" : " (Vocals)"; // as Suno names its stems, instrumental first
        }
        std::string style = field(request, "style");
        if (style.empty()) {
            style = "pop, upbeat";
        }
        const std::string lyric = custom ? field(request, "lyric") : std::string(kLyricText);
        std::string model = field(task.request, "model");
        const bool errored =
            stage == 2 && (task.outcome == "all-clips-error" || (task.outcome == "clip-error" && index == 0));

        Object::Ptr clip = object();
        clip->set("id", id);
        clip->set("title", title);
        clip->set("image_url", base() + "/cdn/image_" + id + ".jpeg");
        clip->set("image_large_url", base() + "/cdn/image_large_" + id + ".jpeg");
        clip->set("lyric", lyric);
        if (stage < 2) {
            clip->set("audio_url", base() + "/audiopipe/" + id);
            clip->set("video_url", "");
        } else if (errored) {
            clip->set("audio_url", "");
            clip->set("video_url", "");
        } else {
            clip->set("audio_url", base() + "/cdn/" + id + ".mp3");
            clip->set("video_url", base() + "/cdn/" + id + ".mp4");
        }
        clip->set("created_at", "2025-06-01T08:00:0" + std::to_string(index) + ".000Z");
        clip->set("model", model);
        if (task.outcome != "legacy") {
            clip->set("state", stage < 2 ? "running" : errored ? "error" : "succeeded");
        }
        clip->set("prompt", field(task.request, "prompt"));
        clip->set("style", style);
        if (stage == 2 && !errored) {
            clip->set("duration", task.concatOf.empty() ? clipSeconds(index) : chainSeconds(task.concatOf, 0));
        }
        return clip;
    }

    static double clipSeconds(std::size_t index) { return index == 0 ? 123.48 : 118.2; }

    /// The seconds a clip plays as part of a chain: an extension plays its source up to continue_at, then itself.
    double chainSeconds(const std::string& clipId, int depth) const {
        for (const auto& [id, task] : tasks) {
            for (std::size_t i = 0; i < task.clipIds.size(); ++i) {
                if (task.clipIds[i] != clipId) {
                    continue;
                }
                if (!task.concatOf.empty()) {
                    return chainSeconds(task.concatOf, depth + 1);
                }
                if (field(task.request, "action") == "extend" && depth < 20) {
                    const double at =
                        task.request->has("continue_at") ? task.request->getValue<double>("continue_at") : 0;
                    return std::min(at, chainSeconds(field(task.request, "audio_id"), depth + 1)) + clipSeconds(i);
                }
                return clipSeconds(i);
            }
        }
        return 0;
    }

    /// The task holding a clip, or nullptr.
    const Task* taskOfClip(const std::string& clipId) const {
        for (const auto& [id, task] : tasks) {
            if (std::find(task.clipIds.begin(), task.clipIds.end(), clipId) != task.clipIds.end()) {
                return &task;
            }
        }
        return nullptr;
    }

    /// The generation answer for a task at a stage (1 or 2).
    Object::Ptr responseJson(const Task& task, int stage) const {
        Object::Ptr response = object();
        const bool failed =
            stage == 2 && (task.outcome == "fail" || task.outcome == "refused-later" || task.outcome == "unsuccessful");
        response->set("success", !failed);
        response->set("task_id", task.id);
        response->set("trace_id", task.traceId);
        if (failed) {
            Object::Ptr error = object();
            error->set("code", task.outcome == "refused-later" ? "forbidden" : "api_error");
            error->set("message", task.outcome == "refused-later" ? "The lyrics contain copyrighted content."
                                                                  : "The generation failed upstream.");
            response->set("error", error);
        }
        Array::Ptr data = new Array;
        if (!failed || task.outcome == "unsuccessful") {
            for (std::size_t i = 0; i < task.clipIds.size() && !failed; ++i) {
                data->add(clipJson(task, i, stage));
            }
            response->set("data", data);
        }
        return response;
    }

    Object::Ptr recordJson(const Task& task) const {
        const int stage = stageOf(task);
        Object::Ptr record = object();
        record->set("id", task.id);
        const bool failed = task.outcome == "fail" || task.outcome == "refused-later";
        record->set("state", stage == 0 ? "pending" : stage == 1 ? "processing" : failed ? "failed" : "complete");
        record->set("created_at", "2025-06-01T08:00:00.000Z");
        record->set("request", task.request);
        if (stage > 0) {
            record->set("response", responseJson(task, stage));
        }
        return record;
    }
};

namespace {

class Handler : public Poco::Net::HTTPRequestHandler {
public:
    explicit Handler(std::shared_ptr<FakeAceServer::State> state) : _state(std::move(state)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        std::string body;
        Poco::StreamCopier::copyToString(request.stream(), body);
        std::chrono::milliseconds delay{0};
        {
            std::lock_guard lock(_state->mutex);
            _state->requests.push_back({request.getMethod(), request.getURI(), request.get("Authorization", ""),
                                        request.get("Content-Type", ""), request.get("Accept", ""), body});
            delay = _state->delay;
        }
        if (delay.count() > 0) {
            std::unique_lock lock(_state->mutex);
            if (_state->wake.wait_for(lock, delay, [this] { return _state->stopping; })) {
                return;
            }
        }
        const std::string path = request.getURI().substr(0, request.getURI().find('?'));
        if (path.rfind("/suno/", 0) == 0) {
            api(path, request, body, response);
        } else {
            file(path, response);
        }
    }

private:
    static void send(Poco::Net::HTTPServerResponse& response, int status, const std::string& contentType,
                     const std::string& body) {
        response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(status));
        response.setContentType(contentType);
        response.setContentLength(static_cast<std::streamsize>(body.size()));
        response.send() << body;
    }

    void api(const std::string& path, Poco::Net::HTTPServerRequest& request, const std::string& body,
             Poco::Net::HTTPServerResponse& response) {
        std::unique_lock lock(_state->mutex);
        const std::string trace = _state->nextTrace();
        const std::string authorization = request.get("Authorization", "");
        if (authorization == std::string("Bearer ") + FakeAceServer::kMismatchedToken) {
            lock.unlock();
            return send(response, 400, "application/json",
                        errorJson("token_mismatched", "The specified token is not matched with API.", trace));
        }
        if (authorization != "Bearer " + _state->options.token) {
            lock.unlock();
            return send(response, 401, "application/json",
                        errorJson("invalid_token", "The token is invalid, please check it.", trace));
        }
        if (!_state->injected.empty()) {
            const Injected injected = _state->injected.front();
            _state->injected.pop_front();
            lock.unlock();
            return send(response, injected.status, injected.contentType, injected.body);
        }
        Object::Ptr input;
        try {
            Poco::JSON::Parser parser;
            input = parser.parse(body).extract<Object::Ptr>();
        } catch (const std::exception&) {
            input = nullptr;
        }
        if (!input || request.getMethod() != "POST" ||
            request.get("Content-Type", "").find("application/json") == std::string::npos) {
            lock.unlock();
            return send(response, 400, "application/json", errorJson("bad_request", "Invalid JSON body.", trace));
        }
        std::string answer;
        int code = 200;
        if (path == "/suno/audios") {
            code = submit(input, trace, answer);
        } else if (path == "/suno/tasks") {
            code = tasks(input, trace, answer);
        } else if (path == "/suno/lyrics") {
            code = lyrics(input, trace, answer);
        } else if (path == "/suno/wav") {
            code = wav(input, trace, answer);
        } else if (path == "/suno/timing") {
            code = timing(input, trace, answer);
        } else if (path == "/suno/midi") {
            code = midi(input, trace, answer);
        } else {
            code = 404;
            answer = errorJson("not_found", "The API is not found.", trace);
        }
        lock.unlock();
        send(response, code, "application/json", answer);
    }

    int submit(const Object::Ptr& input, const std::string& trace, std::string& answer) {
        const std::string all =
            field(input, "prompt") + field(input, "lyric") + field(input, "title") + field(input, "style");
        const auto has = [&all](const char* marker) { return all.find(marker) != std::string::npos; };
        if (has("[forbidden]")) {
            answer = errorJson("forbidden", "The prompt contains an artist name.", trace);
            return 403;
        }
        Task task;
        task.id = uuid(++_state->counter, 0x7a5c);
        task.traceId = trace;
        task.request = input;
        std::string outcomeText = all;
        const std::string action = field(input, "action");
        if (action == "stems" || action == "cover") {
            // A finished clip to split or sing again; a stems task ends as its source's markers say.
            const std::string audioId = field(input, "audio_id");
            std::size_t index = 0;
            const Task* source = audioId.empty() ? nullptr : succeededClip(audioId, index);
            if (!source) {
                answer = errorJson("bad_request", "The audio_id is invalid or the audio is not ready.", trace);
                return 400;
            }
            if (action == "stems") {
                task.stemsOf = audioId;
                // A source named with [stems-fail] is one upstream cannot split: the task fails.
                const std::string sourceText = field(source->request, "prompt") + field(source->request, "title");
                if (sourceText.find("[stems-fail]") != std::string::npos) {
                    outcomeText += "[fail]";
                }
            }
            task.clipIds = {uuid(++_state->counter, 0x57e5), uuid(++_state->counter, 0x57e5)};
        } else if (action == "concat") {
            // The extension to join: a finished clip of an extend task.
            const std::string audioId = field(input, "audio_id");
            std::size_t index = 0;
            const Task* source = audioId.empty() ? nullptr : succeededClip(audioId, index);
            if (!source || field(source->request, "action") != "extend") {
                answer = errorJson("bad_request", "The audio_id must be an extended audio.", trace);
                return 400;
            }
            task.concatOf = audioId;
            task.clipIds = {uuid(++_state->counter, 0xc0c4)};
        } else {
            task.clipIds = {uuid(++_state->counter, 0xc11b), uuid(++_state->counter, 0xc11b)};
        }
        for (const char* outcome :
             {"all-clips-error", "clip-error", "unsuccessful", "refused-later", "fail", "legacy"}) {
            if (outcomeText.find(std::string("[") + outcome + "]") != std::string::npos) {
                task.outcome = outcome;
                break;
            }
        }
        _state->tasks[task.id] = task;
        _state->order.push_back(task.id);
        if (has("[timeout]")) {
            answer = errorJson("timeout", "The request timed out, please retrieve the task later.", trace, task.id);
            return 504;
        }
        Object::Ptr result = object();
        result->set("success", true);
        result->set("task_id", task.id);
        result->set("trace_id", trace);
        answer = json(result);
        return 200;
    }

    int tasks(const Object::Ptr& input, const std::string& trace, std::string& answer) {
        const std::string action = field(input, "action");
        if (action == "retrieve") {
            const auto it = _state->tasks.find(field(input, "id"));
            if (it == _state->tasks.end()) {
                answer = errorJson("not_found", "The task is not found.", trace);
                return 404;
            }
            answer = json(_state->recordJson(it->second));
            ++it->second.retrieves;
            return 200;
        }
        if (action == "retrieve_batch") {
            Array::Ptr items = new Array;
            const Array::Ptr ids = input->getArray("ids");
            for (std::size_t i = 0; ids && i < ids->size(); ++i) {
                const auto it = _state->tasks.find(ids->getElement<std::string>(static_cast<unsigned>(i)));
                if (it != _state->tasks.end()) {
                    items->add(_state->recordJson(it->second));
                    ++it->second.retrieves;
                }
            }
            Object::Ptr result = object();
            result->set("items", items);
            result->set("count", static_cast<int>(items->size()));
            answer = json(result);
            return 200;
        }
        answer = errorJson("bad_request", "Unknown action.", trace);
        return 400;
    }

    int lyrics(const Object::Ptr& input, const std::string& trace, std::string& answer) {
        const std::string prompt = field(input, "prompt");
        if (prompt.find("[forbidden]") != std::string::npos) {
            answer = errorJson("forbidden", "The prompt contains sensitive words.", trace);
            return 403;
        }
        const auto one = [](const std::string& title, const std::string& text) {
            Object::Ptr lyric = object();
            lyric->set("text", text);
            lyric->set("title", title);
            lyric->set("status", "complete");
            return lyric;
        };
        Object::Ptr result = object();
        result->set("success", true);
        result->set("task_id", uuid(++_state->counter, 0x1e1c));
        result->set("trace_id", trace);
        if (prompt.find("[array]") != std::string::npos) {
            Array::Ptr list = new Array;
            list->add(one("晚风", kLyricText));
            list->add(one("第二首", "[主歌]\n另一版本"));
            result->set("data", list);
        } else {
            result->set("data", one("夏夜晚风", kLyricText));
        }
        answer = json(result);
        return 200;
    }

    /// The finished task and index of a clip that succeeded, or nullptr.
    const Task* succeededClip(const std::string& clipId, std::size_t& index) const {
        for (const auto& [id, task] : _state->tasks) {
            for (std::size_t i = 0; i < task.clipIds.size(); ++i) {
                if (task.clipIds[i] != clipId || _state->stageOf(task) < 2) {
                    continue;
                }
                const bool failed = task.outcome == "all-clips-error" || task.outcome == "unsuccessful" ||
                                    task.outcome == "fail" || task.outcome == "refused-later" ||
                                    (task.outcome == "clip-error" && i == 0);
                if (!failed) {
                    index = i;
                    return &task;
                }
            }
        }
        return nullptr;
    }

    /// The task of the finished clip an /suno/wav or /suno/timing request names, or nullptr with the answer set:
    /// 400 bad_request without an audio_id or for one that names no finished clip, 500 api_error (`failure`) when the
    /// task's prompt or title holds `marker`.
    const Task* namedClip(const Object::Ptr& input, const std::string& trace, const char* marker, const char* failure,
                          std::string& answer, int& code) const {
        const std::string audioId = field(input, "audio_id");
        code = 400;
        if (audioId.empty()) {
            answer = errorJson("bad_request", "The audio_id is required.", trace);
            return nullptr;
        }
        std::size_t index = 0;
        const Task* task = succeededClip(audioId, index);
        if (!task) {
            answer = errorJson("bad_request", "The audio_id is invalid or the audio is not ready.", trace);
            return nullptr;
        }
        const std::string all = field(task->request, "prompt") + field(task->request, "title");
        if (all.find(marker) != std::string::npos) {
            code = 500;
            answer = errorJson("api_error", failure, trace);
            return nullptr;
        }
        code = 200;
        return task;
    }

    int wav(const Object::Ptr& input, const std::string& trace, std::string& answer) {
        int code = 0;
        if (!namedClip(input, trace, "[wav-error]", "The WAV conversion failed, please try again.", answer, code)) {
            return code;
        }
        const std::string audioId = field(input, "audio_id");
        Object::Ptr item = object();
        item->set("file_url", _state->base() + "/cdn/" + audioId + ".wav");
        Array::Ptr data = new Array;
        data->add(item);
        Object::Ptr result = object();
        result->set("success", true);
        result->set("task_id", uuid(++_state->counter, 0x3a7));
        result->set("trace_id", trace);
        result->set("data", data);
        answer = json(result);
        return 200;
    }

    /// /suno/midi: the notes of a finished clip, per instrument, as AceData answers them (seconds, velocity 0..1).
    int midi(const Object::Ptr& input, const std::string& trace, std::string& answer) {
        int code = 0;
        if (!namedClip(input, trace, "[midi-error]", "The MIDI conversion failed, please try again.", answer, code)) {
            return code;
        }
        const auto instrument = [](const std::string& name, const std::vector<std::array<double, 4>>& notes) {
            Array::Ptr list = new Array;
            for (const auto& [pitch, start, end, velocity] : notes) {
                Object::Ptr note = object();
                note->set("pitch", static_cast<int>(pitch));
                note->set("start", start);
                note->set("end", end);
                note->set("velocity", velocity);
                list->add(note);
            }
            Object::Ptr out = object();
            out->set("name", name);
            out->set("notes", list);
            return out;
        };
        Array::Ptr instruments = new Array;
        instruments->add(
            instrument("Synth Voice",
                       {{55, 29.78125, 31.78125, 0.496}, {52, 32.807, 32.9375, 0.496}, {57, 32.9375, 33.0677, 0.496}}));
        instruments->add(instrument("Drums", {{36, 0.0, 0.25, 0.8}, {38, 0.5, 0.75, 0.7}}));
        Object::Ptr item = object();
        item->set("state", "complete");
        item->set("instruments", instruments);
        Array::Ptr data = new Array;
        data->add(item);
        Object::Ptr result = object();
        result->set("success", true);
        result->set("task_id", uuid(++_state->counter, 0x3d1));
        result->set("trace_id", trace);
        result->set("data", data);
        answer = json(result);
        return 200;
    }

    /// The aligned words of a clip's lyric as /suno/timing answers them: one word per character (a Latin word whole),
    /// the first of a section carrying its mark ("[主歌]\n晚"), the last of a line ending in "\n"; from 10 s on, 0.4 s
    /// per word and a 1 s breath after each line.
    static Array::Ptr alignedWords(const std::string& lyric) {
        Array::Ptr words = new Array;
        double at = kFirstWordSeconds;
        std::string mark;
        std::size_t start = 0;
        while (start <= lyric.size()) {
            std::size_t end = lyric.find('\n', start);
            if (end == std::string::npos) {
                end = lyric.size();
            }
            const std::string line = lyric.substr(start, end - start);
            start = end + 1;
            if (line.empty()) {
                continue;
            }
            if (line.front() == '[') {
                mark += line + "\n";
                continue;
            }
            std::vector<std::string> pieces;
            for (std::size_t i = 0; i < line.size();) {
                const auto lead = static_cast<unsigned char>(line[i]);
                std::size_t n = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : 4;
                if (lead < 0x80 && line[i] != ' ') {
                    while (i + n < line.size() && static_cast<unsigned char>(line[i + n]) < 0x80 &&
                           line[i + n] != ' ') {
                        ++n;
                    }
                }
                const std::string piece = line.substr(i, n);
                i += n;
                if (piece != " ") {
                    pieces.push_back(piece + (lead < 0x80 ? " " : ""));
                }
            }
            for (std::size_t i = 0; i < pieces.size(); ++i) {
                Object::Ptr word = object();
                word->set("word", (i == 0 ? mark : std::string()) + pieces[i] + (i + 1 == pieces.size() ? "\n" : ""));
                word->set("start_s", at);
                word->set("end_s", at + kWordSeconds);
                word->set("success", true);
                word->set("p_align", 0.93);
                words->add(word);
                at += kWordSeconds;
            }
            mark.clear();
            at += kBreathSeconds;
        }
        return words;
    }

    int timing(const Object::Ptr& input, const std::string& trace, std::string& answer) {
        int code = 0;
        const Task* task =
            namedClip(input, trace, "[timing-error]", "The timing service failed, please try again.", answer, code);
        if (!task) {
            return code;
        }
        const std::string all = field(task->request, "prompt") + field(task->request, "title");
        const bool instrumental = task->request->has("instrumental") && task->request->getValue<bool>("instrumental");
        const bool custom = task->request->has("custom") && task->request->getValue<bool>("custom");
        const std::string lyric = custom ? field(task->request, "lyric") : std::string(kLyricText);
        Object::Ptr data = object();
        data->set("aligned_words", instrumental || all.find("[timing-empty]") != std::string::npos
                                       ? Array::Ptr(new Array)
                                       : alignedWords(lyric));
        data->set("waveform_data", Array::Ptr(new Array));
        data->set("hoot_cer", 0.12);
        data->set("is_streamed", false);
        Object::Ptr result = object();
        result->set("success", true);
        result->set("task_id", uuid(++_state->counter, 0x71e));
        result->set("trace_id", trace);
        result->set("data", data);
        answer = json(result);
        return 200;
    }

    void file(const std::string& path, Poco::Net::HTTPServerResponse& response) {
        File file;
        bool found = false;
        {
            std::lock_guard lock(_state->mutex);
            if (const auto it = _state->files.find(path); it != _state->files.end()) {
                file = it->second;
                found = true;
            } else if (path.rfind("/cdn/image", 0) == 0 && path.size() > 5 &&
                       path.compare(path.size() - 5, 5, ".jpeg") == 0) {
                file.contentType = "image/jpeg";
                file.bytes = FakeAceServer::jpegBytes();
                found = true;
            } else if ((path.rfind("/cdn/", 0) == 0 && path.size() > 4 &&
                        path.compare(path.size() - 4, 4, ".mp3") == 0) ||
                       path.rfind("/audiopipe/", 0) == 0) {
                file.contentType = "audio/mpeg";
                file.bytes = FakeAceServer::mp3Bytes();
                found = true;
            } else if (path.rfind("/cdn/", 0) == 0 && path.size() > 4 &&
                       path.compare(path.size() - 4, 4, ".wav") == 0) {
                file.contentType = "audio/wav";
                file.bytes = FakeAceServer::wavBytes();
                found = true;
            }
        }
        if (!found) {
            return send(response, 404, "text/html", "<html><body>Not Found</body></html>");
        }
        if (file.redirectStatus != 0) {
            response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(file.redirectStatus));
            response.set("Location", file.location);
            response.setContentLength(0);
            response.send();
            return;
        }
        response.setStatusAndReason(Poco::Net::HTTPResponse::HTTP_OK);
        response.setContentType(file.contentType);
        if (file.chunked) {
            response.setChunkedTransferEncoding(true);
        } else {
            response.setContentLength64(file.declaredLength >= 0 ? file.declaredLength
                                                                 : static_cast<long long>(file.bytes.size()));
        }
        std::ostream& out = response.send();
        out.write(file.bytes.data(), static_cast<std::streamsize>(file.bytes.size()));
    }

    std::shared_ptr<FakeAceServer::State> _state;
};

class Factory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit Factory(std::shared_ptr<FakeAceServer::State> state) : _state(std::move(state)) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new Handler(_state);
    }

private:
    std::shared_ptr<FakeAceServer::State> _state;
};

} // namespace

struct FakeAceServer::Server {
    Poco::Net::ServerSocket socket;
    std::unique_ptr<Poco::Net::HTTPServer> http;
};

FakeAceServer::FakeAceServer() : FakeAceServer(Options{}) {}

FakeAceServer::FakeAceServer(Options options) : _state(std::make_shared<State>()), _server(std::make_unique<Server>()) {
    _state->options = std::move(options);
    _server->socket = Poco::Net::ServerSocket(Poco::Net::SocketAddress("127.0.0.1", 0));
    _state->port = _server->socket.address().port();
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(16);
    params->setKeepAlive(false);
    _server->http = std::make_unique<Poco::Net::HTTPServer>(new Factory(_state), _server->socket, params);
    _server->http->start();
}

FakeAceServer::~FakeAceServer() {
    {
        std::lock_guard lock(_state->mutex);
        _state->stopping = true;
    }
    _state->wake.notify_all();
    _server->http->stopAll(true);
}

std::string FakeAceServer::baseUrl() const {
    return _state->base();
}

std::uint16_t FakeAceServer::port() const {
    return _state->port;
}

void FakeAceServer::failNext(int status, const std::string& code, const std::string& message, int count) {
    std::lock_guard lock(_state->mutex);
    for (int i = 0; i < count; ++i) {
        _state->injected.push_back({status, "application/json", errorJson(code, message, _state->nextTrace())});
    }
}

void FakeAceServer::answerNextRaw(int status, const std::string& contentType, const std::string& body, int count) {
    std::lock_guard lock(_state->mutex);
    for (int i = 0; i < count; ++i) {
        _state->injected.push_back({status, contentType, body});
    }
}

void FakeAceServer::setDelay(std::chrono::milliseconds delay) {
    std::lock_guard lock(_state->mutex);
    _state->delay = delay;
}

void FakeAceServer::addFile(const std::string& path, const std::string& contentType, std::string bytes, bool chunked,
                            long long declaredLength) {
    std::lock_guard lock(_state->mutex);
    File file;
    file.contentType = contentType;
    file.bytes = std::move(bytes);
    file.chunked = chunked;
    file.declaredLength = declaredLength;
    _state->files[path] = std::move(file);
}

void FakeAceServer::addRedirect(const std::string& path, const std::string& location, int status) {
    std::lock_guard lock(_state->mutex);
    File file;
    file.redirectStatus = status;
    file.location = location;
    _state->files[path] = std::move(file);
}

std::vector<FakeAceServer::Recorded> FakeAceServer::requests() const {
    std::lock_guard lock(_state->mutex);
    return _state->requests;
}

std::vector<FakeAceServer::Recorded> FakeAceServer::requestsTo(const std::string& path) const {
    std::lock_guard lock(_state->mutex);
    std::vector<Recorded> matching;
    for (const auto& recorded : _state->requests) {
        if (recorded.path.substr(0, recorded.path.find('?')) == path) {
            matching.push_back(recorded);
        }
    }
    return matching;
}

std::vector<std::string> FakeAceServer::taskIds() const {
    std::lock_guard lock(_state->mutex);
    return _state->order;
}

void FakeAceServer::finish(const std::string& taskId) {
    std::lock_guard lock(_state->mutex);
    _state->tasks.at(taskId).finished = true;
}

std::string FakeAceServer::taskRecordJson(const std::string& taskId) const {
    std::lock_guard lock(_state->mutex);
    return json(_state->recordJson(_state->tasks.at(taskId)));
}

std::string FakeAceServer::callbackJson(const std::string& taskId) const {
    std::lock_guard lock(_state->mutex);
    return json(_state->responseJson(_state->tasks.at(taskId), 2));
}

std::string FakeAceServer::wavBytes(double seconds) {
    // A canonical 44-byte header, then 16-bit stereo PCM at 44.1 kHz: a quiet 440 Hz tone.
    const auto frames = static_cast<std::uint32_t>(seconds * 44100);
    const std::uint32_t dataBytes = frames * 4;
    std::string out;
    const auto put = [&out](std::uint32_t v, int bytes) {
        for (int i = 0; i < bytes; ++i) {
            out += static_cast<char>((v >> (8 * i)) & 0xFF);
        }
    };
    out += "RIFF";
    put(36 + dataBytes, 4);
    out += "WAVEfmt ";
    put(16, 4);
    put(1, 2);
    put(2, 2);
    put(44100, 4);
    put(44100 * 4, 4);
    put(4, 2);
    put(16, 2);
    out += "data";
    put(dataBytes, 4);
    for (std::uint32_t i = 0; i < frames; ++i) {
        const auto sample = static_cast<std::int16_t>(3000 * std::sin(2 * 3.14159265358979 * 440 * i / 44100.0));
        put(static_cast<std::uint16_t>(sample), 2);
        put(static_cast<std::uint16_t>(sample), 2);
    }
    return out;
}

std::string FakeAceServer::mp3Bytes() {
    // An ID3v2.4 header with an empty tag, then MPEG-1 Layer III frames (128 kbps, 44.1 kHz: 417 bytes each).
    std::string bytes("ID3\x04\x00\x00\x00\x00\x00\x00", 10);
    for (int frame = 0; frame < 4; ++frame) {
        std::string header("\xFF\xFB\x90\x64", 4);
        bytes += header + std::string(417 - 4, '\0');
    }
    return bytes;
}

std::string FakeAceServer::jpegBytes() {
    // SOI, a JFIF APP0 segment, and EOI: enough for a signature check.
    return std::string("\xFF\xD8\xFF\xE0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00\xFF\xD9", 22);
}

} // namespace gequ::acedata::test
