#include "gequ/domain/services/task_request.h"

#include "gequ/domain/model/text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <variant>

namespace gequ::domain {

namespace {

std::string number(double value) {
    if (!std::isfinite(value)) {
        return "0";
    }
    char buffer[64];
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    return error == std::errc{} ? std::string(buffer, end) : std::string("0");
}

/// A JSON value of a flat object: null, a boolean, a number or a string.
using Value = std::variant<std::monostate, bool, double, std::string>;

/// A reader of one flat JSON object.
class FlatReader {
public:
    explicit FlatReader(std::string_view text) : _text(text) {}

    std::optional<std::map<std::string, Value>> object() {
        std::map<std::string, Value> members;
        skipSpace();
        if (!take('{')) {
            return std::nullopt;
        }
        skipSpace();
        if (take('}')) {
            return finish(std::move(members));
        }
        for (;;) {
            skipSpace();
            auto key = string();
            if (!key) {
                return std::nullopt;
            }
            skipSpace();
            if (!take(':')) {
                return std::nullopt;
            }
            skipSpace();
            auto value = this->value();
            if (!value) {
                return std::nullopt;
            }
            members[std::move(*key)] = std::move(*value);
            skipSpace();
            if (take('}')) {
                return finish(std::move(members));
            }
            if (!take(',')) {
                return std::nullopt;
            }
        }
    }

private:
    std::optional<std::map<std::string, Value>> finish(std::map<std::string, Value> members) {
        skipSpace();
        if (_at != _text.size()) {
            return std::nullopt;
        }
        return members;
    }

    void skipSpace() {
        while (_at < _text.size() &&
               (_text[_at] == ' ' || _text[_at] == '\t' || _text[_at] == '\n' || _text[_at] == '\r')) {
            ++_at;
        }
    }

    bool take(char c) {
        if (_at < _text.size() && _text[_at] == c) {
            ++_at;
            return true;
        }
        return false;
    }

    bool literal(std::string_view word) {
        if (_text.substr(_at, word.size()) == word) {
            _at += word.size();
            return true;
        }
        return false;
    }

    std::optional<Value> value() {
        if (_at >= _text.size()) {
            return std::nullopt;
        }
        const char c = _text[_at];
        if (c == '"') {
            auto text = string();
            return text ? std::optional<Value>(std::move(*text)) : std::nullopt;
        }
        if (literal("true")) {
            return Value(true);
        }
        if (literal("false")) {
            return Value(false);
        }
        if (literal("null")) {
            return Value(std::monostate{});
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            std::size_t end = _at;
            while (end < _text.size() && (std::string_view("+-.eE0123456789").find(_text[end]) != std::string::npos)) {
                ++end;
            }
            double parsed = 0;
            auto [last, error] = std::from_chars(_text.data() + _at, _text.data() + end, parsed);
            if (error != std::errc{} || last != _text.data() + end || !std::isfinite(parsed)) {
                return std::nullopt;
            }
            _at = end;
            return Value(parsed);
        }
        return std::nullopt; // objects and arrays have no place in a flat object
    }

    std::optional<unsigned> hex4() {
        if (_text.size() - _at < 4) {
            return std::nullopt;
        }
        unsigned value = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = _text[_at++];
            value <<= 4;
            if (c >= '0' && c <= '9') {
                value |= static_cast<unsigned>(c - '0');
            } else if (c >= 'a' && c <= 'f') {
                value |= static_cast<unsigned>(c - 'a' + 10);
            } else if (c >= 'A' && c <= 'F') {
                value |= static_cast<unsigned>(c - 'A' + 10);
            } else {
                return std::nullopt;
            }
        }
        return value;
    }

    std::optional<std::string> string() {
        if (!take('"')) {
            return std::nullopt;
        }
        std::string out;
        while (_at < _text.size()) {
            const char c = _text[_at++];
            if (c == '"') {
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                return std::nullopt;
            }
            if (c != '\\') {
                out += c;
                continue;
            }
            if (_at >= _text.size()) {
                return std::nullopt;
            }
            const char e = _text[_at++];
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out += e;
                break;
            case 'b':
                out += '\b';
                break;
            case 'f':
                out += '\f';
                break;
            case 'n':
                out += '\n';
                break;
            case 'r':
                out += '\r';
                break;
            case 't':
                out += '\t';
                break;
            case 'u': {
                auto high = hex4();
                if (!high) {
                    return std::nullopt;
                }
                char32_t cp = *high;
                if (cp >= 0xD800 && cp <= 0xDBFF) {
                    if (!literal("\\u")) {
                        return std::nullopt;
                    }
                    auto low = hex4();
                    if (!low || *low < 0xDC00 || *low > 0xDFFF) {
                        return std::nullopt;
                    }
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
                } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                    return std::nullopt;
                }
                out += encodeUtf8(cp);
                break;
            }
            default:
                return std::nullopt;
            }
        }
        return std::nullopt;
    }

    std::string_view _text;
    std::size_t _at = 0;
};

/// Reads one member into out when present and not null; false when it has the wrong type.
bool read(const std::map<std::string, Value>& members, const char* name, std::string& out) {
    auto it = members.find(name);
    if (it == members.end() || std::holds_alternative<std::monostate>(it->second)) {
        return true;
    }
    if (auto* text = std::get_if<std::string>(&it->second)) {
        out = *text;
        return true;
    }
    return false;
}

bool read(const std::map<std::string, Value>& members, const char* name, bool& out) {
    auto it = members.find(name);
    if (it == members.end() || std::holds_alternative<std::monostate>(it->second)) {
        return true;
    }
    if (auto* flag = std::get_if<bool>(&it->second)) {
        out = *flag;
        return true;
    }
    return false;
}

bool read(const std::map<std::string, Value>& members, const char* name, double& out) {
    auto it = members.find(name);
    if (it == members.end() || std::holds_alternative<std::monostate>(it->second)) {
        return true;
    }
    if (auto* value = std::get_if<double>(&it->second)) {
        out = *value;
        return true;
    }
    return false;
}

} // namespace

std::string encodeTaskRequest(const TaskRequest& stored) {
    const GenerationRequest& r = stored.request;
    std::string out = "{";
    auto text = [&out](const char* name, const std::string& value) {
        out += out.size() > 1 ? "," : "";
        out += jsonQuote(name) + ":" + jsonQuote(value);
    };
    auto raw = [&out](const char* name, const std::string& value) {
        out += out.size() > 1 ? "," : "";
        out += jsonQuote(name) + ":" + value;
    };
    text("taskId", r.taskId);
    text("action", toString(r.action));
    text("prompt", r.prompt);
    text("model", r.model);
    text("lyric", r.lyric);
    raw("custom", r.custom ? "true" : "false");
    raw("instrumental", r.instrumental ? "true" : "false");
    text("title", r.title);
    text("style", r.style);
    text("audioId", r.audioId);
    raw("continueAt", number(r.continueAt));
    text("gender", r.gender);
    text("artist", r.artist);
    raw("charge", std::to_string(stored.charge));
    out += "}";
    return out;
}

std::optional<TaskRequest> decodeTaskRequest(std::string_view json) {
    auto members = FlatReader(json).object();
    if (!members) {
        return std::nullopt;
    }
    TaskRequest stored;
    GenerationRequest& r = stored.request;
    double charge = 0;
    std::string action = toString(TaskAction::Generate);
    const bool ok = read(*members, "taskId", r.taskId) && read(*members, "action", action) &&
                    read(*members, "prompt", r.prompt) && read(*members, "model", r.model) &&
                    read(*members, "lyric", r.lyric) && read(*members, "custom", r.custom) &&
                    read(*members, "instrumental", r.instrumental) && read(*members, "title", r.title) &&
                    read(*members, "style", r.style) && read(*members, "audioId", r.audioId) &&
                    read(*members, "continueAt", r.continueAt) && read(*members, "gender", r.gender) &&
                    read(*members, "artist", r.artist) && read(*members, "charge", charge);
    const auto parsed = parseTaskAction(action);
    if (!ok || !parsed || charge < 0 || charge > 9.0e15 || std::trunc(charge) != charge) {
        return std::nullopt;
    }
    r.action = *parsed;
    stored.charge = static_cast<std::int64_t>(charge);
    return stored;
}

namespace {

bool chainFrom(Repositories& repos, const std::string& songId, int depth, std::vector<SourcePart>& out) {
    if (depth >= kMaxChainParts) {
        return false;
    }
    auto song = repos.songs().findById(songId);
    auto task = song ? repos.tasks().findById(song->taskId) : std::nullopt;
    auto stored = task ? decodeTaskRequest(task->requestJson) : std::nullopt;
    if (!song || !stored) {
        return false;
    }
    GenerationRequest& request = stored->request;
    if (request.taskId.empty()) {
        request.taskId = task->id;
    }
    if (request.action == TaskAction::Concat || isStems(request.action)) {
        return chainFrom(repos, request.audioId, depth + 1, out); // a joined song plays its whole chain
    }
    if (request.action == TaskAction::Cover && !chainFrom(repos, request.audioId, depth + 1, out)) {
        return false;
    }
    if (request.action == TaskAction::Extend) {
        if (!chainFrom(repos, request.audioId, depth + 1, out)) {
            return false;
        }
        cutChain(out, request.continueAt);
    }
    if (static_cast<int>(out.size()) >= kMaxChainParts) {
        return false;
    }
    out.push_back(SourcePart{std::move(request), song->clipIndex, song->duration, 0});
    return true;
}

} // namespace

std::optional<std::vector<SourcePart>> sourceChain(Repositories& repos, const std::string& songId) {
    std::vector<SourcePart> chain;
    if (!chainFrom(repos, songId, 0, chain)) {
        return std::nullopt;
    }
    return chain;
}

void cutChain(std::vector<SourcePart>& chain, double at) {
    double offset = 0;
    for (std::size_t i = 0; i < chain.size(); ++i) {
        const double kept = chain[i].kept();
        if (at <= offset + 1e-6) {
            chain.resize(i); // the cut falls where this part begins
            return;
        }
        if (offset + kept >= at) {
            chain[i].cutAt = std::max(0.0, at - offset);
            chain.resize(i + 1);
            return;
        }
        offset += kept;
    }
}

std::optional<std::vector<SourcePart>> sourcesOf(Repositories& repos, const GenerationRequest& request) {
    if (!hasSource(request.action)) {
        return std::vector<SourcePart>{};
    }
    auto chain = sourceChain(repos, request.audioId);
    if (!chain || chain->empty()) {
        return std::nullopt;
    }
    if (request.action == TaskAction::Extend) {
        cutChain(*chain, request.continueAt);
    }
    return chain;
}

std::vector<std::string_view> stemParts(TaskAction action) {
    switch (action) {
    case TaskAction::Stems:
        return {"人声", "伴奏"};
    case TaskAction::AllStems:
        return {"人声", "鼓", "贝斯", "其他"};
    case TaskAction::Generate:
    case TaskAction::Extend:
    case TaskAction::Concat:
    case TaskAction::Cover:
        break;
    }
    return {};
}

std::string stemTitle(std::string_view title, std::string_view part) {
    return "《" + std::string(title) + "》" + std::string(part);
}

double chainSeconds(const std::vector<SourcePart>& chain) {
    double total = 0;
    for (const auto& part : chain) {
        total += part.kept();
    }
    return total;
}

} // namespace gequ::domain
