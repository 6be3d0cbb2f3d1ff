#pragma once

// Writes compact UTF-8 JSON straight into a string, for the answers served most (lists, the player detail): building
// Poco::JSON objects and stringifying them through an ostream cost a third of a list request (docs/performance.md).

#include "gequ/domain/model/text.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace gequ::http {

/// JSON text that is already rendered, to be placed as it is (okResponse's data).
struct JsonText {
    std::string text;
};

class JsonWriter {
public:
    JsonWriter& beginObject() { return open('{'); }
    JsonWriter& endObject() { return close('}'); }
    JsonWriter& beginArray() { return open('['); }
    JsonWriter& endArray() { return close(']'); }

    /// The name of the next member of an object.
    JsonWriter& key(std::string_view name) {
        separate();
        domain::appendJsonQuoted(_out, name);
        _out += ':';
        _afterKey = true;
        return *this;
    }

    JsonWriter& value(std::string_view text) {
        separate();
        domain::appendJsonQuoted(_out, text);
        return done();
    }
    JsonWriter& value(const std::string& text) { return value(std::string_view(text)); }
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(std::int64_t number) {
        separate();
        char buffer[24];
        auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, number);
        _out.append(buffer, end);
        return done();
    }
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    /// The shortest text that reads back as the same double (127 for 127.0, as Poco writes it); null when not finite.
    JsonWriter& value(double number) {
        if (!std::isfinite(number)) {
            return null(); // JSON has no NaN or infinity
        }
        separate();
        char buffer[32];
        auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, number);
        _out.append(buffer, end);
        return done();
    }
    JsonWriter& value(bool flag) {
        separate();
        _out += flag ? "true" : "false";
        return done();
    }
    JsonWriter& null() {
        separate();
        _out += "null";
        return done();
    }

    JsonText take() { return JsonText{std::move(_out)}; }

private:
    void separate() {
        if (_needComma && !_afterKey) {
            _out += ',';
        }
        _afterKey = false;
    }
    JsonWriter& done() {
        _needComma = true;
        return *this;
    }
    JsonWriter& open(char bracket) {
        separate();
        _out += bracket;
        _needComma = false;
        return *this;
    }
    JsonWriter& close(char bracket) {
        _out += bracket;
        return done();
    }

    std::string _out;
    bool _needComma = false;
    bool _afterKey = false;
};

} // namespace gequ::http
