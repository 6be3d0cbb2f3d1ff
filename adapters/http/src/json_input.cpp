#include "json_input.h"

#include "gequ/domain/model/text.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Parser.h>
#include <charconv>
#include <cmath>
#include <limits>

namespace gequ::http {

using domain::invalid;
using domain::Result;

namespace {

constexpr int kMaxPage = 100000;

/// The deepest nesting of [ and { outside strings (a cheap scan before parsing, so a hostile body cannot make the
/// parser or the destructor of the parsed tree recurse deeply).
int nestingDepth(std::string_view text) {
    int depth = 0;
    int deepest = 0;
    bool inString = false;
    bool escaped = false;
    for (char c : text) {
        if (inString) {
            if (escaped) {
                escaped = false;
            } else if (c == '\\') {
                escaped = true;
            } else if (c == '"') {
                inString = false;
            }
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

bool isBlank(std::string_view text) {
    return text.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

std::string missing(const std::string& name) {
    return "缺少参数 " + name;
}

} // namespace

Result<Poco::Dynamic::Var> parseJson(std::string_view body) {
    if (isBlank(body)) {
        return invalid("请求内容不能为空");
    }
    if (!domain::isValidUtf8(body)) {
        return invalid("请求内容不是有效的 UTF-8 文本");
    }
    if (nestingDepth(body) > kMaxJsonDepth) {
        return invalid("请求内容嵌套层数过多");
    }
    // Poco 1.11's parser refuses a bare scalar at the top level ("Attempt to set value on an empty stack"), so the
    // body is parsed as the only element of an array. A body like `1,2` or `1][2` then fails the size check or the
    // parse.
    std::string wrapped;
    wrapped.reserve(body.size() + 2);
    wrapped += '[';
    wrapped += body;
    wrapped += ']';
    try {
        Poco::JSON::Parser parser;
        Poco::Dynamic::Var parsed = parser.parse(wrapped);
        auto array = parsed.extract<Poco::JSON::Array::Ptr>();
        if (array.isNull() || array->size() != 1) {
            return invalid("请求内容不是有效的 JSON");
        }
        return array->get(0);
    } catch (const Poco::Exception&) {
        return invalid("请求内容不是有效的 JSON");
    }
}

Result<Poco::JSON::Object::Ptr> parseJsonObject(std::string_view body) {
    auto parsed = parseJson(body);
    if (!parsed.ok()) {
        return parsed.error();
    }
    if (parsed->type() != typeid(Poco::JSON::Object::Ptr)) {
        return invalid("请求内容应为 JSON 对象");
    }
    auto object = parsed->extract<Poco::JSON::Object::Ptr>();
    if (object.isNull()) {
        return invalid("请求内容应为 JSON 对象");
    }
    return object;
}

Result<std::optional<std::string>> stringField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                               bool required) {
    Poco::Dynamic::Var value = object->get(name);
    if (value.isEmpty()) {
        if (required) {
            return invalid(missing(name));
        }
        return std::optional<std::string>{};
    }
    if (!value.isString()) {
        return invalid("参数 " + name + " 应为字符串");
    }
    return std::optional<std::string>{value.extract<std::string>()};
}

Result<std::optional<std::string>> textOrIntegerField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                                      bool required) {
    Poco::Dynamic::Var value = object->get(name);
    if (!value.isEmpty() && value.isInteger() && !value.isBoolean()) {
        try {
            return std::optional<std::string>{std::to_string(value.convert<std::int64_t>())};
        } catch (const Poco::Exception&) {
            return invalid("参数 " + name + " 应为字符串");
        }
    }
    return stringField(object, name, required);
}

std::optional<std::int64_t> parseInteger(std::string_view text) {
    if (text.empty() || text.size() > 20) {
        return std::nullopt;
    }
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc{} || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

Result<std::optional<std::int64_t>> intField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                             bool required) {
    Poco::Dynamic::Var value = object->get(name);
    if (value.isEmpty()) {
        if (required) {
            return invalid(missing(name));
        }
        return std::optional<std::int64_t>{};
    }
    std::string wrongType = "参数 " + name + " 应为整数";
    try {
        if (value.isInteger() && !value.isBoolean()) {
            return std::optional<std::int64_t>{value.convert<std::int64_t>()};
        }
        if (value.isNumeric() && !value.isBoolean()) {
            double d = value.convert<double>();
            constexpr double kLimit = 9007199254740992.0; // 2^53: every integer below is exact
            if (std::isfinite(d) && std::trunc(d) == d && std::fabs(d) <= kLimit) {
                return std::optional<std::int64_t>{static_cast<std::int64_t>(d)};
            }
            return invalid(wrongType);
        }
        if (value.isString()) {
            if (auto parsed = parseInteger(value.extract<std::string>())) {
                return std::optional<std::int64_t>{*parsed};
            }
        }
    } catch (const Poco::Exception&) {
        // out of range (e.g. an unsigned 64-bit value above INT64_MAX)
    }
    return invalid(wrongType);
}

Result<std::optional<double>> numberField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                          bool required) {
    Poco::Dynamic::Var value = object->get(name);
    if (value.isEmpty()) {
        if (required) {
            return invalid(missing(name));
        }
        return std::optional<double>{};
    }
    const std::string wrongType = "参数 " + name + " 应为数字";
    try {
        if (value.isNumeric() && !value.isBoolean()) {
            const double d = value.convert<double>();
            if (std::isfinite(d)) {
                return std::optional<double>{d};
            }
        } else if (value.isString()) {
            const std::string text = value.extract<std::string>();
            double d = 0;
            auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), d);
            if (!text.empty() && error == std::errc{} && end == text.data() + text.size() && std::isfinite(d)) {
                return std::optional<double>{d};
            }
        }
    } catch (const Poco::Exception&) {
    }
    return invalid(wrongType);
}

Result<std::optional<bool>> boolField(const Poco::JSON::Object::Ptr& object, const std::string& name, bool required) {
    Poco::Dynamic::Var value = object->get(name);
    if (value.isEmpty()) {
        if (required) {
            return invalid(missing(name));
        }
        return std::optional<bool>{};
    }
    try {
        if (value.isBoolean()) {
            return std::optional<bool>{value.convert<bool>()};
        }
        if (value.isInteger()) {
            auto n = value.convert<std::int64_t>();
            if (n == 0 || n == 1) {
                return std::optional<bool>{n == 1};
            }
        }
    } catch (const Poco::Exception&) {
    }
    return invalid("参数 " + name + " 应为布尔值");
}

Result<domain::Page> pageParams(const Request& request, int defaultSize, int maxSize) {
    std::int64_t page = 1;
    std::int64_t size = defaultSize;
    if (auto text = request.param("page"); text && !text->empty()) {
        auto parsed = parseInteger(*text);
        if (!parsed || *parsed < 1 || *parsed > kMaxPage) {
            return invalid("页码必须是1到" + std::to_string(kMaxPage) + "之间的整数");
        }
        page = *parsed;
    }
    if (auto text = request.param("size"); text && !text->empty()) {
        auto parsed = parseInteger(*text);
        if (!parsed || *parsed < 1 || *parsed > maxSize) {
            return invalid("每页数量必须是1到" + std::to_string(maxSize) + "之间的整数");
        }
        size = *parsed;
    }
    return domain::Page{static_cast<int>((page - 1) * size), static_cast<int>(size)};
}

Result<std::optional<std::string>> textParam(const Request& request, std::string_view name) {
    auto value = request.param(name);
    if (value && !domain::isValidUtf8(*value)) {
        return invalid("参数 " + std::string(name) + " 不是有效的 UTF-8 文本");
    }
    return value;
}

} // namespace gequ::http
