#pragma once

// Pure text helpers for SQL: placeholders, script splitting, LIKE and FTS5 quoting.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::db::detail {

/// Rewrites `?` placeholders (outside quotes and comments) as $1, $2, ... (libpq numbers its parameters).
std::string numberPlaceholders(std::string_view sql);

/// Splits a migration script into statements at top-level semicolons, honouring quotes, comments, dollar quotes and
/// the BEGIN ... END body of CREATE TRIGGER. Empty statements are dropped.
std::vector<std::string> splitStatements(std::string_view script);

/// Escapes %, _ and the escape character itself for LIKE ... ESCAPE '\'.
std::string escapeLike(std::string_view text);

/// True when no character of the text has a case (digits, punctuation, Chinese and Japanese characters): LIKE then
/// finds exactly what ILIKE finds.
bool hasNoCase(std::string_view text);

/// A PostgreSQL array literal of the texts, for a parameter read as text[]: {"a","b"}, every element in double
/// quotes with a backslash before " and \.
std::string textArray(const std::vector<const std::string*>& items);

/// The text as one FTS5 phrase: in double quotes, inner quotes doubled.
std::string ftsPhrase(std::string_view text);

} // namespace gequ::db::detail
