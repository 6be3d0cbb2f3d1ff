#include "gequ/acedata/ace_client.h"

#include "gequ/domain/model/text.h"
#include "gequ/net/http_client.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/JSON/Stringifier.h>
#include <Poco/Logger.h>
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

namespace gequ::acedata {

using domain::ClipState;
using domain::DomainError;
using domain::UpstreamFailure;
using domain::UpstreamState;

namespace {

using Poco::Dynamic::Var;
using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr std::string_view kTaskFailed = "AI 服务生成失败";
constexpr std::string_view kClipFailed = "该版本生成失败";
constexpr std::string_view kClipUnfinished = "该版本未生成完成";
constexpr std::string_view kClipNoAudio = "该版本缺少音频";
constexpr std::string_view kUnknownTask = "任务不存在或已过期";
/// AceData answers are small (a task with two clips is a few kilobytes); anything past this is not read.
constexpr std::size_t kMaxAnswerBytes = 4 * 1024 * 1024;

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.upstream.ace");
}

// ---- JSON helpers: tolerant readers (AceData adds fields over time and is not strict about types) ----------------

Object::Ptr asObject(const Var& value) {
    if (!value.isEmpty() && value.type() == typeid(Object::Ptr)) {
        return value.extract<Object::Ptr>();
    }
    return nullptr;
}

Array::Ptr asArray(const Var& value) {
    if (!value.isEmpty() && value.type() == typeid(Array::Ptr)) {
        return value.extract<Array::Ptr>();
    }
    return nullptr;
}

Var field(const Object::Ptr& object, const std::string& key) {
    return object && object->has(key) ? object->get(key) : Var();
}

std::string text(const Object::Ptr& object, const std::string& key) {
    const Var value = field(object, key);
    if (value.isEmpty()) {
        return {};
    }
    try {
        return value.isString() || value.isNumeric() ? value.convert<std::string>() : std::string();
    } catch (const Poco::Exception&) {
        return {};
    }
}

double number(const Object::Ptr& object, const std::string& key) {
    const Var value = field(object, key);
    if (value.isEmpty()) {
        return 0;
    }
    try {
        if (value.isNumeric()) {
            return value.convert<double>();
        }
        if (value.isString()) {
            return std::stod(value.convert<std::string>());
        }
    } catch (const std::exception&) {
    }
    return 0;
}

std::optional<bool> flag(const Object::Ptr& object, const std::string& key) {
    const Var value = field(object, key);
    if (value.isEmpty()) {
        return std::nullopt;
    }
    if (value.isBoolean()) {
        return value.extract<bool>();
    }
    if (value.isString()) {
        return value.convert<std::string>() == "true";
    }
    if (value.isNumeric()) {
        return value.convert<double>() != 0;
    }
    return std::nullopt;
}

/// The process's outbound client (system CAs only; strict TLS).
const net::HttpClient& http() {
    static const net::HttpClient client;
    return client;
}

std::optional<Var> parseJson(const std::string& body) {
    try {
        Poco::JSON::Parser parser;
        return parser.parse(body);
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

std::string stringify(const Object::Ptr& object) {
    std::ostringstream out;
    Poco::JSON::Stringifier::condense(object, out, Poco::JSON_WRAP_STRINGS);
    return out.str();
}

std::string clipped(std::string s, std::size_t max = 300) {
    if (s.size() > max) {
        s.resize(max);
        s += "…";
    }
    return s;
}

// ---- Mapping task records -----------------------------------------------------------------------------------------

bool finalClip(ClipState state) {
    return state == ClipState::Succeeded || state == ClipState::Failed;
}

/// A media URL from upstream: only an absolute http(s) URL is one; anything else (a path such as "/media/<key>" that
/// would point the song at one of our own files, another scheme, junk) counts as no URL (docs/security.md).
std::string upstreamUrl(const Object::Ptr& clip, const std::string& name) {
    std::string url = text(clip, name);
    return net::parseUrl(url) ? url : std::string();
}

domain::ClipStatus mapClip(const Object::Ptr& clip, bool taskFinished) {
    domain::ClipStatus status;
    status.id = text(clip, "id");
    status.title = text(clip, "title");
    status.lyric = text(clip, "lyric");
    status.style = text(clip, "style");
    if (status.style.empty()) {
        status.style = text(clip, "tags");
    }
    status.imageUrl = upstreamUrl(clip, "image_url");
    if (status.imageUrl.empty()) {
        status.imageUrl = upstreamUrl(clip, "image_large_url");
    }
    status.duration = number(clip, "duration");
    const std::string audio = upstreamUrl(clip, "audio_url");
    std::string state = text(clip, "state");
    if (state.empty()) {
        state = text(clip, "status");
    }
    if (state == "succeeded" || state == "complete" || state == "completed" || state == "success") {
        status.state = ClipState::Succeeded;
    } else if (state == "error" || state == "failed" || state == "failure") {
        status.state = ClipState::Failed;
    } else if (state == "running" || state == "streaming" || state == "processing") {
        status.state = ClipState::Running;
    } else if (state.empty()) {
        // Older answers carry no clip state: an audio URL means streaming, or done once the task is.
        status.state = audio.empty() ? ClipState::Pending : taskFinished ? ClipState::Succeeded : ClipState::Running;
    } else {
        status.state = ClipState::Pending;
    }
    if (status.state == ClipState::Running) {
        status.streamUrl = upstreamUrl(clip, "stream_audio_url");
        if (status.streamUrl.empty()) {
            status.streamUrl = audio;
        }
    } else if (status.state == ClipState::Succeeded) {
        status.audioUrl = audio;
        if (audio.empty()) {
            status.state = ClipState::Failed;
            status.error = std::string(kClipNoAudio);
        }
    }
    if (status.state == ClipState::Failed && status.error.empty()) {
        status.error = std::string(kClipFailed);
    }
    if (taskFinished && !finalClip(status.state)) {
        status.state = ClipState::Failed;
        status.streamUrl.clear();
        status.error = std::string(kClipUnfinished);
    }
    return status;
}

/// The Chinese reason of a failed task from an AceData error object ({code, message}).
std::string failureReason(const Object::Ptr& error) {
    return text(error, "code") == "forbidden" ? std::string(domain::kUpstreamRefusedMessage) : std::string(kTaskFailed);
}

double progressOf(const domain::TaskStatus& task) {
    switch (task.state) {
    case UpstreamState::Queued:
        return 0;
    case UpstreamState::Succeeded:
    case UpstreamState::Failed:
        return 1;
    case UpstreamState::Running:
        break;
    }
    if (task.clips.empty()) {
        return 0.1;
    }
    double sum = 0;
    for (const auto& clip : task.clips) {
        sum += clip.state == ClipState::Pending ? 0.1 : clip.state == ClipState::Running ? 0.5 : 1.0;
    }
    return std::clamp(sum / static_cast<double>(task.clips.size()), 0.1, 0.95);
}

/// Maps a task: `state` is the record's ("" for a bare generation answer), `response` the generation answer.
domain::TaskStatus mapTask(const std::string& id, const std::string& state, const Object::Ptr& response,
                           const Object::Ptr& recordError) {
    domain::TaskStatus task;
    task.id = id;
    const std::optional<bool> success = flag(response, "success");
    const Array::Ptr data = asArray(field(response, "data"));
    Object::Ptr error = asObject(field(response, "error"));
    if (!error) {
        error = recordError;
    }

    bool finished = false;
    bool failed = false;
    if (state == "failed" || state == "error") {
        failed = true;
    } else if (state == "complete" || state == "completed" || state == "succeeded") {
        finished = success.value_or(false);
        failed = !finished;
    } else if (state == "processing" || state == "running") {
        task.state = UpstreamState::Running;
    } else if (state.empty() && response) {
        // A bare generation answer (the callback): success false is final; success true is final once every clip is.
        if (success == false) {
            failed = true;
        } else if (data && data->size() > 0) {
            finished = true;
            for (std::size_t i = 0; i < data->size(); ++i) {
                const domain::ClipStatus clip = mapClip(data->getObject(static_cast<unsigned>(i)), false);
                finished = finished && finalClip(clip.state);
            }
            task.state = UpstreamState::Running;
        } else {
            task.state = UpstreamState::Running;
        }
    } else {
        task.state = UpstreamState::Queued; // pending, or a state this client does not know yet
    }

    if (data && !failed) {
        for (std::size_t i = 0; i < data->size(); ++i) {
            if (Object::Ptr clip = data->getObject(static_cast<unsigned>(i))) {
                task.clips.push_back(mapClip(clip, finished));
            }
        }
    }
    if (finished) {
        const bool any = std::any_of(task.clips.begin(), task.clips.end(),
                                     [](const auto& clip) { return clip.state == ClipState::Succeeded; });
        if (any) {
            task.state = UpstreamState::Succeeded;
        } else {
            failed = true;
        }
    } else if (task.state == UpstreamState::Queued && !task.clips.empty()) {
        task.state = UpstreamState::Running; // clips exist: upstream has started
    }
    if (failed) {
        task.state = UpstreamState::Failed;
        task.error = failureReason(error);
        for (auto& clip : task.clips) {
            if (clip.state != ClipState::Failed) {
                clip.state = ClipState::Failed;
                clip.audioUrl.clear();
                clip.streamUrl.clear();
                clip.error = std::string(kClipFailed);
            }
        }
    }
    task.progress = progressOf(task);
    return task;
}

/// A task record as /suno/tasks answers it ({id, state, response}), or a bare generation answer ({success, task_id,
/// data}, what AceData posts to callback_url); an empty id when the object is neither.
/// The clips of a stems task in our order (domain::stemParts: the vocal, then the accompaniment), by the part upstream
/// names in each title ("… (Vocals)", "… (Instrumental)"); a clip whose title names neither keeps its place.
void orderStems(domain::TaskStatus& task) {
    const auto isVocal = [](const domain::ClipStatus& clip) {
        const std::string title = domain::toLowerAscii(clip.title);
        return title.find("vocal") != std::string::npos && title.find("instrumental") == std::string::npos;
    };
    std::stable_partition(task.clips.begin(), task.clips.end(), isVocal);
}

domain::TaskStatus mapRecord(const Object::Ptr& record) {
    Object::Ptr response = asObject(field(record, "response"));
    std::string id = text(record, "id");
    if (!response && !record->has("state") && (record->has("success") || record->has("data"))) {
        response = record;
        id = text(record, "task_id");
    }
    if (id.empty()) {
        id = text(response, "task_id");
    }
    if (id.empty()) {
        id = text(record, "task_id");
    }
    domain::TaskStatus task = mapTask(id, text(record, "state"), response, asObject(field(record, "error")));
    if (text(asObject(field(record, "request")), "action") == "stems") {
        orderStems(task);
    }
    return task;
}

domain::TaskStatus unknownTask(const std::string& id) {
    domain::TaskStatus task;
    task.id = id;
    task.state = UpstreamState::Failed;
    task.error = std::string(kUnknownTask);
    task.progress = 1;
    return task;
}

// ---- Errors
// ----------------------------------------------------------------------------------------------------------

const std::set<std::string>& configurationCodes() {
    static const std::set<std::string> codes = {"invalid_token", "token_mismatched",    "token_expired", "no_token",
                                                "used_up",       "api_not_implemented", "unauthorized",  "disabled"};
    return codes;
}

const std::set<std::string>& retryableCodes() {
    static const std::set<std::string> codes = {"too_many_requests",   "timeout",     "api_error",     "server_error",
                                                "service_unavailable", "bad_gateway", "internal_error"};
    return codes;
}

} // namespace

/// One API call's outcome: the HTTP status and parsed JSON, or a classified failure.
struct AceClient::Call {
    int status = 0;
    Object::Ptr answer;    ///< the JSON object answered (null when the body is not one)
    std::string errorCode; ///< AceData's error.code, when it answered an error
    std::string traceId;   ///< for the log
    std::optional<DomainError> failure;

    bool ok() const { return !failure.has_value(); }
};

AceClient::AceClient(AceConfig config, const domain::Moderation* moderation)
    : _config(std::move(config)), _moderation(moderation) {
    if (_config.token.empty()) {
        throw std::invalid_argument("upstream.ace.token: the AceData API token is required (set "
                                    "GEQU_UPSTREAM_ACE_TOKEN) when upstream.provider = ace");
    }
    if (!net::parseUrl(_config.baseUrl)) {
        throw std::invalid_argument("upstream.ace.base_url: '" + _config.baseUrl +
                                    "' is not an http(s) URL, e.g. https://api.acedata.cloud");
    }
    if (!_config.callbackUrl.empty() && !net::parseUrl(_config.callbackUrl)) {
        throw std::invalid_argument("upstream.ace.callback_url: '" + _config.callbackUrl + "' is not an http(s) URL");
    }
    if (_config.timeoutSeconds < 1) {
        throw std::invalid_argument("upstream.ace.timeout: must be at least 1 second, not " +
                                    std::to_string(_config.timeoutSeconds));
    }
    if (_config.token.find_first_of("\r\n") != std::string::npos) {
        throw std::invalid_argument("upstream.ace.token: must be one line");
    }
    _base = _config.baseUrl;
    while (!_base.empty() && _base.back() == '/') {
        _base.pop_back();
    }
}

AceClient::Call AceClient::post(const std::string& path, const std::string& body, const char* what,
                                bool notFoundIsAnswer) const {
    Poco::Logger& log = logger();
    // Whatever upstream echoes, the token never reaches the log.
    const auto scrub = [this](std::string s) {
        for (auto at = s.find(_config.token); at != std::string::npos; at = s.find(_config.token, at)) {
            s.replace(at, _config.token.size(), "***");
        }
        return s;
    };
    Call call;
    const auto fail = [&](UpstreamFailure failure, const std::string& detail) {
        const std::string line = std::string("AceData ") + what + " (" + path + "): " + scrub(detail);
        switch (failure) {
        case UpstreamFailure::Configuration:
            log.critical(line + " -- check upstream.ace.token and upstream.ace.base_url; tasks wait until fixed");
            break;
        case UpstreamFailure::Retryable:
            log.warning(line + " (will retry)");
            break;
        case UpstreamFailure::Refused:
            log.information(line);
            break;
        case UpstreamFailure::Permanent:
            log.error(line);
            break;
        }
        call.failure = domain::upstreamError(failure);
        return std::move(call);
    };

    net::Request request;
    request.method = "POST";
    request.url = *net::parseUrl(_base + path);
    request.headers = {{"authorization", "Bearer " + _config.token},
                       {"accept", "application/json"},
                       {"content-type", "application/json"}};
    request.body = body;
    net::Limits limits;
    limits.timeout = std::chrono::seconds(_config.timeoutSeconds);
    limits.maxBytes = kMaxAnswerBytes;
    net::Response reply;
    try {
        reply = http().send(request, limits);
    } catch (const net::TransportError& e) {
        return fail(UpstreamFailure::Retryable, std::string(e.timedOut() ? "timed out: " : "transport: ") + e.what());
    }
    call.status = reply.status;
    if (reply.tooLarge) {
        return fail(UpstreamFailure::Retryable, "answer larger than " + std::to_string(kMaxAnswerBytes) + " bytes");
    }
    if (const auto parsed = parseJson(reply.body)) {
        call.answer = asObject(*parsed);
        if (const Array::Ptr list = asArray(*parsed)) {
            call.answer = new Object;
            call.answer->set("items", list); // a batch answered as a bare list
        }
    }
    const Object::Ptr error = asObject(field(call.answer, "error"));
    call.errorCode = text(error, "code");
    call.traceId = text(call.answer, "trace_id");
    // An error answer is {success: false, error, trace_id} or a non-2xx status. A task record may carry an `error`
    // of its own (a failed task) and is still an answer.
    const bool record = call.answer && (call.answer->has("state") || call.answer->has("response") ||
                                        call.answer->has("items") || call.answer->has("id"));
    const bool successful = reply.status >= 200 && reply.status < 300 && call.answer &&
                            flag(call.answer, "success").value_or(true) && (call.errorCode.empty() || record);
    if (successful) {
        return call;
    }

    std::string detail = "HTTP " + std::to_string(reply.status);
    if (!call.errorCode.empty()) {
        detail += ", " + call.errorCode + ": " + clipped(text(error, "message"));
    } else if (!call.answer) {
        detail += ", not JSON: " + clipped(reply.body, 200);
    }
    if (!call.traceId.empty()) {
        detail += " (trace_id " + call.traceId + ")";
    }
    const std::string& code = call.errorCode;
    if (configurationCodes().count(code) > 0 || reply.status == 401) {
        return fail(UpstreamFailure::Configuration, detail);
    }
    if (code == "forbidden") {
        return fail(UpstreamFailure::Refused, detail);
    }
    if (code == "not_found" && notFoundIsAnswer) {
        call.failure = domain::upstreamError(UpstreamFailure::Permanent, std::string(kUnknownTask));
        log.warning(std::string("AceData ") + what + " (" + path + "): " + scrub(detail));
        return call;
    }
    if (retryableCodes().count(code) > 0 || reply.status == 408 || reply.status == 429 || reply.status >= 500 ||
        (reply.status >= 200 && reply.status < 300)) {
        return fail(UpstreamFailure::Retryable, detail);
    }
    if ((reply.status == 404 && code.empty()) || code == "not_found" || (reply.status >= 300 && reply.status < 400)) {
        if (const std::string location = reply.header("Location"); !location.empty()) {
            detail += ", redirected to " + location;
        }
        return fail(UpstreamFailure::Configuration, detail + " (is upstream.ace.base_url right?)");
    }
    if (reply.status == 403) {
        return fail(UpstreamFailure::Refused, detail);
    }
    return fail(UpstreamFailure::Permanent, detail);
}

domain::Result<std::string> AceClient::submit(const domain::GenerationRequest& request) {
    Object::Ptr body = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    body->set("action", domain::toString(request.action));
    body->set("model", request.model);
    if (request.action == domain::TaskAction::Concat || isStems(request.action)) {
        // 合成完整歌曲: upstream joins the extension named by audio_id with the clips it continues; stems split it.
        body->set("audio_id", request.audioId);
    } else {
        body->set("custom", request.custom);
        body->set("instrumental", request.instrumental);
        if (request.custom) {
            if (!request.instrumental && !request.lyric.empty()) {
                body->set("lyric", request.lyric);
            }
            body->set("title", request.title);
            body->set("style", request.style);
        } else {
            body->set("prompt", request.prompt);
        }
        if (request.action == domain::TaskAction::Cover) {
            body->set("audio_id", request.audioId); // the clip sung again in the new style
        } else if (request.action == domain::TaskAction::Extend || !request.audioId.empty()) {
            body->set("audio_id", request.audioId);
            body->set("continue_at", request.continueAt);
        }
    }
    if (!_config.callbackUrl.empty()) {
        body->set("callback_url", _config.callbackUrl);
    }
    body->set("async", true);

    Call call = post("/suno/audios", stringify(body), "submit");
    const std::string taskId = text(call.answer, "task_id");
    if (!call.ok()) {
        if (call.errorCode == "timeout" && !taskId.empty()) {
            logger().information("AceData submit timed out upstream; task " + taskId + " goes on, polling it");
            return taskId;
        }
        return *call.failure;
    }
    if (taskId.empty()) {
        logger().warning("AceData submit answered success without a task_id (trace_id " + call.traceId + ")");
        return domain::upstreamError(UpstreamFailure::Retryable);
    }
    logger().information("AceData task " + taskId + " submitted for " + request.taskId);
    return taskId;
}

domain::Result<std::vector<domain::TaskStatus>> AceClient::poll(const std::vector<std::string>& ids) {
    std::vector<domain::TaskStatus> statuses;
    if (ids.empty()) {
        return statuses;
    }
    Object::Ptr body = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    if (ids.size() == 1) {
        body->set("action", "retrieve");
        body->set("id", ids.front());
    } else {
        Array::Ptr list = new Array;
        for (const auto& id : ids) {
            list->add(id);
        }
        body->set("action", "retrieve_batch");
        body->set("ids", list);
    }
    Call call = post("/suno/tasks", stringify(body), ids.size() == 1 ? "retrieve" : "retrieve_batch", true);
    if (!call.ok()) {
        if (call.errorCode == "not_found") {
            for (const auto& id : ids) {
                statuses.push_back(unknownTask(id));
            }
            return statuses;
        }
        return *call.failure;
    }

    std::map<std::string, domain::TaskStatus> byId;
    const auto take = [&byId](const Object::Ptr& record) {
        if (record) {
            domain::TaskStatus task = mapRecord(record);
            if (!task.id.empty()) {
                byId[task.id] = std::move(task);
            }
        }
    };
    Array::Ptr records;
    for (const char* key : {"items", "tasks"}) {
        if ((records = asArray(field(call.answer, key)))) {
            break;
        }
    }
    const Object::Ptr wrapped = asObject(field(call.answer, "data"));
    if (records) {
        for (std::size_t i = 0; i < records->size(); ++i) {
            take(records->getObject(static_cast<unsigned>(i)));
        }
    } else if (wrapped && (wrapped->has("id") || wrapped->has("state"))) {
        take(wrapped); // a record wrapped as {data: record}
    } else if (call.answer->has("id") || call.answer->has("state") || call.answer->has("response")) {
        take(call.answer);
    }
    if (ids.size() == 1 && byId.size() == 1 && byId.begin()->first != ids.front()) {
        domain::TaskStatus only = byId.begin()->second; // the one record answered to a retrieve is its task
        only.id = ids.front();
        byId = {{ids.front(), only}};
    }
    for (const auto& id : ids) {
        const auto it = byId.find(id);
        statuses.push_back(it != byId.end() ? it->second : unknownTask(id));
    }
    return statuses;
}

domain::Result<domain::Lyrics> AceClient::lyrics(const std::string& prompt) {
    if (_moderation && _moderation->findRefused(prompt)) {
        return DomainError{domain::ErrorCode::Refused, std::string(domain::kOwnModerationMessage)};
    }
    Object::Ptr body = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    body->set("prompt", prompt);
    Call call = post("/suno/lyrics", stringify(body), "lyrics");
    if (!call.ok()) {
        return *call.failure;
    }
    Object::Ptr first = asObject(field(call.answer, "data"));
    if (const Array::Ptr list = asArray(field(call.answer, "data")); list && list->size() > 0) {
        first = list->getObject(0);
    }
    domain::Lyrics lyrics;
    lyrics.text = text(first, "text");
    lyrics.title = text(first, "title");
    if (lyrics.text.empty()) {
        logger().warning("AceData lyrics answered no text (trace_id " + call.traceId + ")");
        return domain::upstreamError(UpstreamFailure::Retryable);
    }
    return lyrics;
}

domain::Result<std::string> AceClient::wav(const domain::WavRequest& request) {
    if (request.upstreamClipId.empty()) {
        return domain::upstreamError(UpstreamFailure::Permanent, std::string(domain::kWavUnavailableMessage));
    }
    Object::Ptr body = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    body->set("audio_id", request.upstreamClipId);
    Call call = post("/suno/wav", stringify(body), "wav");
    if (!call.ok()) {
        return *call.failure;
    }
    // {success, task_id, data: [{file_url}]} (one item per audio_id); a bare {file_url} object is read too.
    Object::Ptr first = asObject(field(call.answer, "data"));
    if (const Array::Ptr list = asArray(field(call.answer, "data")); list && list->size() > 0) {
        first = list->getObject(0);
    }
    const std::string url = text(first, "file_url");
    if (!net::parseUrl(url)) {
        logger().warning("AceData wav answered no usable file_url (trace_id " + call.traceId + ")");
        return domain::upstreamError(UpstreamFailure::Retryable);
    }
    return url;
}

namespace {

void appendBigEndian(std::string& out, std::uint32_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) {
        out += static_cast<char>((value >> (8 * i)) & 0xFF);
    }
}

void appendVarLen(std::string& out, std::uint32_t value) {
    std::string reversed(1, static_cast<char>(value & 0x7F));
    while ((value >>= 7) != 0) {
        reversed += static_cast<char>((value & 0x7F) | 0x80);
    }
    out.append(reversed.rbegin(), reversed.rend());
}

/// /suno/midi's instruments ({name, notes: [{pitch, start, end, velocity}]}, seconds and 0..1) as a Standard MIDI
/// File: format 1, 480 ticks a beat at 120 beats a minute (so 960 ticks a second), a conductor track with the tempo,
/// then one track per instrument named after it, on its own channel (the drum channel 9 for a name with "drum"); an
/// empty string when no instrument has a note.
std::string midiFile(const Array::Ptr& instruments) {
    constexpr double kTicksPerSecond = 960;
    std::vector<std::string> tracks;
    {
        std::string body;
        appendVarLen(body, 0);
        body += std::string("\xFF\x51\x03\x07\xA1\x20", 6); // 500000 µs a beat
        tracks.push_back(body);
    }
    int channel = 0;
    std::size_t notes = 0;
    for (std::size_t i = 0; instruments && i < instruments->size() && tracks.size() < 16; ++i) {
        const Object::Ptr instrument = instruments->getObject(static_cast<unsigned>(i));
        const Array::Ptr list = instrument ? asArray(field(instrument, "notes")) : nullptr;
        if (!list) {
            continue;
        }
        const std::string name = text(instrument, "name");
        const bool drums = domain::toLowerAscii(name).find("drum") != std::string::npos;
        const int ch = drums ? 9 : channel;
        if (!drums) {
            channel = channel + 1 == 9 ? 10 : channel + 1;
        }
        struct Event {
            std::int64_t tick;
            int order;
            int key;
            int velocity;
        };
        std::vector<Event> events;
        for (std::size_t n = 0; n < list->size(); ++n) {
            const Object::Ptr note = list->getObject(static_cast<unsigned>(n));
            const double start = note ? number(note, "start") : -1;
            const double end = note ? number(note, "end") : -1;
            const int key = note ? static_cast<int>(number(note, "pitch")) : -1;
            if (start < 0 || end <= start || key < 0 || key > 127) {
                continue;
            }
            const int velocity = std::clamp(static_cast<int>(std::lround(number(note, "velocity") * 127)), 1, 127);
            const auto on = static_cast<std::int64_t>(std::llround(start * kTicksPerSecond));
            const auto off = std::max(on + 1, static_cast<std::int64_t>(std::llround(end * kTicksPerSecond)));
            events.push_back({on, 1, key, velocity});
            events.push_back({off, 0, key, 0});
        }
        std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
            return a.tick != b.tick ? a.tick < b.tick : a.order < b.order;
        });
        std::string body;
        appendVarLen(body, 0);
        body += "\xFF\x03";
        appendVarLen(body, static_cast<std::uint32_t>(name.size()));
        body += name;
        std::int64_t at = 0;
        for (const Event& e : events) {
            appendVarLen(body, static_cast<std::uint32_t>(e.tick - at));
            at = e.tick;
            body += static_cast<char>((e.order == 1 ? 0x90 : 0x80) | ch);
            body += static_cast<char>(e.key);
            body += static_cast<char>(e.velocity);
        }
        notes += events.size() / 2;
        tracks.push_back(body);
    }
    if (notes == 0) {
        return {};
    }
    std::string out = "MThd";
    appendBigEndian(out, 6, 4);
    appendBigEndian(out, 1, 2);
    appendBigEndian(out, static_cast<std::uint32_t>(tracks.size()), 2);
    appendBigEndian(out, 480, 2);
    for (std::string& body : tracks) {
        appendVarLen(body, 0);
        body += std::string("\xFF\x2F\x00", 3);
        out += "MTrk";
        appendBigEndian(out, static_cast<std::uint32_t>(body.size()), 4);
        out += body;
    }
    return out;
}

} // namespace

domain::Result<std::string> AceClient::midi(const domain::WavRequest& request) {
    if (request.upstreamClipId.empty()) {
        return domain::upstreamError(UpstreamFailure::Permanent, std::string(domain::kMidiUnavailableMessage));
    }
    Object::Ptr body = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    body->set("audio_id", request.upstreamClipId);
    Call call = post("/suno/midi", stringify(body), "midi");
    if (!call.ok()) {
        return *call.failure;
    }
    // {success, task_id, data: [{state, instruments: [{name, notes: [{pitch, start, end, velocity}]}]}]}.
    Object::Ptr first = asObject(field(call.answer, "data"));
    if (const Array::Ptr list = asArray(field(call.answer, "data")); list && list->size() > 0) {
        first = list->getObject(0);
    }
    std::string file = midiFile(asArray(field(first, "instruments")));
    if (file.empty()) {
        logger().warning("AceData midi answered no notes (trace_id " + call.traceId + ")");
        return domain::upstreamError(UpstreamFailure::Permanent, std::string(domain::kMidiUnavailableMessage));
    }
    return file;
}

domain::Result<domain::Timeline> AceClient::timing(const std::string& upstreamClipId) {
    if (upstreamClipId.empty()) {
        return domain::upstreamError(UpstreamFailure::Permanent, std::string(domain::kTimingUnavailableMessage));
    }
    Object::Ptr body = new Object(Poco::JSON_PRESERVE_KEY_ORDER);
    body->set("audio_id", upstreamClipId);
    Call call = post("/suno/timing", stringify(body), "timing");
    if (!call.ok()) {
        return *call.failure;
    }
    Object::Ptr data = asObject(field(call.answer, "data"));
    if (const Array::Ptr list = asArray(field(call.answer, "data")); list && list->size() > 0) {
        data = list->getObject(0);
    }
    const Array::Ptr aligned = asArray(field(data, "aligned_words"));
    if (!aligned) {
        logger().warning("AceData timing answered no aligned_words (trace_id " + call.traceId + ")");
        return domain::upstreamError(UpstreamFailure::Retryable);
    }
    std::vector<domain::AlignedWord> words;
    words.reserve(aligned->size());
    for (std::size_t i = 0; i < aligned->size(); ++i) {
        const Object::Ptr item = aligned->getObject(static_cast<unsigned>(i));
        if (!item) {
            continue;
        }
        domain::AlignedWord word;
        word.word = text(item, "word");
        word.start = number(item, "start_s");
        word.end = number(item, "end_s");
        word.pAlign = item->has("p_align") ? number(item, "p_align") : 1.0;
        word.success = flag(item, "success").value_or(true) && item->has("start_s") && item->has("end_s");
        words.push_back(std::move(word));
    }
    return domain::timelineFromAlignedWords(words);
}

domain::Result<domain::TaskStatus> AceClient::parseCallback(const std::string& body) {
    const auto parsed = parseJson(body);
    const Object::Ptr object = parsed ? asObject(*parsed) : nullptr;
    if (!object) {
        return domain::invalid("回调内容不是 JSON 对象");
    }
    domain::TaskStatus task = mapRecord(object);
    if (task.id.empty()) {
        return domain::invalid("回调内容缺少任务编号");
    }
    return task;
}

std::unique_ptr<domain::SongGenerator> makeAceClient(const AceConfig& config, const domain::Moderation* moderation) {
    return std::make_unique<AceClient>(config, moderation);
}

} // namespace gequ::acedata
