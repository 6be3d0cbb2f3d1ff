#pragma once

// The schema migrations compiled into the library (generated from adapters/db/migrations by
// embed_migrations.cmake) and the code that applies them.

#include "connection.h"

#include <string>
#include <vector>

namespace gequ::db::detail {

struct EmbeddedMigration {
    const char* dialect; ///< "sqlite" or "postgresql": the folder the file came from
    const char* name;    ///< the file name without .sql, e.g. 0001_init
    const char* sql;
};

/// Every migration file of every dialect (generated).
const std::vector<EmbeddedMigration>& embeddedMigrations();

struct Migration {
    int version = 0;
    std::string name;
    std::string sql;
};

/// The dialect's migrations in version order.
std::vector<Migration> migrationsFor(Dialect dialect);

/// Applies the pending migrations, each in its own transaction, recording each in schema_migrations; how many were
/// applied. Concurrent callers (other processes) wait for each other.
int applyMigrations(Connection& connection);

/// The highest applied version, 0 when none (or no schema_migrations table).
int appliedVersion(Connection& connection);

} // namespace gequ::db::detail
