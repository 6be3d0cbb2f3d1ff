#pragma once

// Defensive parsing of request input: JSON bodies and query parameters. Every problem is a 4000 DomainError with a
// Chinese message naming the field; nothing here throws for bad input.

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/store.h"
#include "request.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gequ::http {

/// The deepest nesting of arrays and objects a body may have.
inline constexpr int kMaxJsonDepth = 32;

/// Parses a body as JSON. Any top-level value is accepted, bare strings and numbers included (some endpoints take a
/// bare id). 4000 for an empty body, invalid UTF-8, too deep nesting, or a syntax error.
domain::Result<Poco::Dynamic::Var> parseJson(std::string_view body);
/// Parses a body that must be a JSON object.
domain::Result<Poco::JSON::Object::Ptr> parseJsonObject(std::string_view body);

/// A string member. Missing or null: nullopt when optional, 4000 "缺少参数 name" when required; other types 4000.
domain::Result<std::optional<std::string>> stringField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                                       bool required);
/// A string member, or a JSON integer as its decimal digits (ids and phone numbers some clients send as numbers).
domain::Result<std::optional<std::string>> textOrIntegerField(const Poco::JSON::Object::Ptr& object,
                                                              const std::string& name, bool required);
/// An integer member (a JSON integer, or a string of digits); fractions, huge numbers and other types give 4000.
domain::Result<std::optional<std::int64_t>> intField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                                     bool required);
/// A number member (a JSON number, or a string holding a decimal number); NaN, infinities and other types give 4000.
domain::Result<std::optional<double>> numberField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                                  bool required);
/// A boolean member (true/false, or 1/0).
domain::Result<std::optional<bool>> boolField(const Poco::JSON::Object::Ptr& object, const std::string& name,
                                              bool required);

/// Parses a whole decimal integer (optional leading '-'); nullopt for anything else or when out of range.
std::optional<std::int64_t> parseInteger(std::string_view text);

/// The list page of a request: `page` 1-based (default 1), `size` (default defaultSize, 1..maxSize). 4000 otherwise.
domain::Result<domain::Page> pageParams(const Request& request, int defaultSize, int maxSize);

/// A query parameter that must be valid UTF-8 (4000 otherwise); nullopt when absent.
domain::Result<std::optional<std::string>> textParam(const Request& request, std::string_view name);

} // namespace gequ::http
