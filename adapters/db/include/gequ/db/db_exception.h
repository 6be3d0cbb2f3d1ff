#pragma once

#include <stdexcept>
#include <string>

namespace gequ::db {

/// The one exception of gequ_db: the database failed or refused a statement (connection lost, constraint violated,
/// bad URL, migration error). Expected outcomes (a ref already applied, a balance too low) are return values instead.
class DbException : public std::runtime_error {
public:
    explicit DbException(const std::string& what) : std::runtime_error(what) {}
};

} // namespace gequ::db
