#pragma once

#include <stdexcept>
#include <string>

namespace gequ::db {

/// The text with every password it holds replaced by "***": the password of a URL's user information
/// (scheme://user:PASSWORD@host) and the value of a password=... pair (libpq key=value text, URL queries). For
/// anything that may end up in a log or on a terminal: DbException messages, configuration errors, gequ-admin output.
std::string maskPasswords(const std::string& text);

/// The one exception of gequ_db: the database failed or refused a statement (connection lost, constraint violated,
/// bad URL, migration error). Expected outcomes (a ref already applied, a balance too low) are return values instead.
class DbException : public std::runtime_error {
public:
    /// The message never carries a database password (maskPasswords).
    explicit DbException(const std::string& what) : std::runtime_error(maskPasswords(what)) {}
};

} // namespace gequ::db
