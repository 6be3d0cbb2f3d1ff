#include "envelope.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Stringifier.h>
#include <sstream>

namespace gequ::http {

using domain::ErrorCode;

int httpStatusFor(ErrorCode code) {
    switch (code) {
    case ErrorCode::InvalidInput:
        return 400;
    case ErrorCode::Unauthorized:
        return 401;
    case ErrorCode::InsufficientPoints:
        return 402;
    case ErrorCode::Forbidden:
        return 403;
    case ErrorCode::NotFound:
        return 404;
    case ErrorCode::Conflict:
        return 409;
    case ErrorCode::PayloadTooLarge:
        return 413;
    case ErrorCode::Refused:
        return 422;
    case ErrorCode::TooManyRequests:
        return 429;
    case ErrorCode::Internal:
        return 500;
    case ErrorCode::Upstream:
        return 502;
    }
    return 500;
}

std::string toJson(const Poco::Dynamic::Var& value) {
    std::ostringstream out;
    // Without JSON_ESCAPE_UNICODE, Chinese text is written as UTF-8, not as \u escapes.
    Poco::JSON::Stringifier::condense(value, out, Poco::JSON_WRAP_STRINGS);
    return std::move(out).str();
}

namespace {

Response envelope(int status, int code, const char* type, const std::string& message, const Poco::Dynamic::Var& data,
                  const std::string& extraName = {}, const Poco::Dynamic::Var& extraValue = {}) {
    Poco::JSON::Object::Ptr object = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    object->set("code", code);
    object->set("type", type);
    object->set("message", message);
    object->set("data", data);
    if (!extraName.empty()) {
        object->set(extraName, extraValue);
    }
    Response response;
    response.status = status;
    response.envelopeCode = code;
    response.body = toJson(object);
    return response;
}

} // namespace

Response okResponse(const Poco::Dynamic::Var& data, const std::string& message) {
    return envelope(200, domain::kSuccessCode, "ok", message, data);
}

Response okResponse(const JsonText& data, const std::string& message) {
    JsonWriter head;
    head.beginObject().key("code").value(domain::kSuccessCode).key("type").value("ok").key("message").value(message);
    Response response;
    response.status = 200;
    response.envelopeCode = domain::kSuccessCode;
    response.body = head.take().text;
    response.body.reserve(response.body.size() + data.text.size() + 10);
    response.body += ",\"data\":";
    response.body += data.text;
    response.body += '}';
    return response;
}

Response okResponse(const Poco::Dynamic::Var& data, const std::string& message, const std::string& extraName,
                    const Poco::Dynamic::Var& extraValue) {
    return envelope(200, domain::kSuccessCode, "ok", message, data, extraName, extraValue);
}

Response errorResponse(const domain::DomainError& error) {
    return envelope(httpStatusFor(error.code), static_cast<int>(error.code), "error", error.message,
                    Poco::Dynamic::Var());
}

Response rawJsonResponse(int status, const Poco::Dynamic::Var& value) {
    Response response;
    response.status = status;
    response.body = toJson(value);
    return response;
}

} // namespace gequ::http
