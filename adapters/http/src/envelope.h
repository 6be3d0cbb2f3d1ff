#pragma once

// The JSON envelope of docs/api.md: {"code", "type", "message", "data"}, and the code <-> HTTP status table.

#include "gequ/domain/model/result.h"
#include "json_writer.h"
#include "request.h"

#include <Poco/Dynamic/Var.h>
#include <string>

namespace gequ::http {

inline constexpr const char* kMessageOk = "成功";
inline constexpr const char* kMessageInternal = "服务器繁忙，请稍后再试";
inline constexpr const char* kMessageNoSuchApi = "接口不存在";
inline constexpr const char* kMessageTooLarge = "请求内容过大";
inline constexpr const char* kMessageTooMany = "操作过于频繁，请稍后再试";

/// The HTTP status of an envelope code (4000 -> 400, ..., 5020 -> 502).
int httpStatusFor(domain::ErrorCode code);

/// Serialises a value (Poco JSON objects and arrays, scalars, empty = null) as compact UTF-8 JSON.
std::string toJson(const Poco::Dynamic::Var& value);

/// 200 with code 2000 (domain::kSuccessCode), type "ok".
Response okResponse(const Poco::Dynamic::Var& data, const std::string& message = kMessageOk);
/// The same with data already rendered (JsonWriter).
Response okResponse(const JsonText& data, const std::string& message = kMessageOk);
/// The same with one more top-level member after data (POST /pay/jsapiPc's request_id, as docs/api.md has it).
Response okResponse(const Poco::Dynamic::Var& data, const std::string& message, const std::string& extraName,
                    const Poco::Dynamic::Var& extraValue);
/// The error's HTTP status with its code, type "error", its message and data null.
Response errorResponse(const domain::DomainError& error);
inline Response errorResponse(domain::ErrorCode code, std::string message) {
    return errorResponse(domain::DomainError{code, std::move(message)});
}
/// A bare JSON body (no envelope), e.g. /healthz.
Response rawJsonResponse(int status, const Poco::Dynamic::Var& value);

/// Renders a Result: its value through `view` on success, its DomainError otherwise.
template <class T, class View> Response render(const domain::Result<T>& result, View&& view) {
    if (!result.ok()) {
        return errorResponse(result.error());
    }
    return okResponse(view(result.value()));
}

} // namespace gequ::http
