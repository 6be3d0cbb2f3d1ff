#pragma once

#include "connection.h"

#include <string>

namespace gequ::db::detail {

/// Parses `sqlite:<path>` or `postgresql://user:pass@host:port/dbname[?key=value&...]` (also `postgres://`) into
/// a connection target: the SQLite file path (its parent directories are not created here), or libpq key=value
/// pairs. Throws DbException for anything else.
ConnectionTarget parseUrl(const std::string& url);

} // namespace gequ::db::detail
