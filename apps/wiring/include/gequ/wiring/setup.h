#pragma once

// Start-up steps both binaries take before they build anything: logging, directories, the server secret.

#include "gequ/domain/ports/random.h"
#include "gequ/wiring/config.h"

#include <string>

namespace gequ::wiring {

/// Sends every Poco::Logger to stderr as "2026-11-21 09:58:44.123 [Information] gequ.server: text" at `level`
/// (a log.level value).
void configureLogging(const std::string& level);

/// Creates data.dir, media.dir and, for a SQLite db.url, the database's folder when missing. StartupError when one
/// cannot be created.
void ensureDirectories(const Config& config);

/// The server secret: auth.secret when configured; else the contents of auth.secret_file; else <data.dir>/secret,
/// created on first use with 32 random bytes as 64 hex characters (file mode 0600) and reused afterwards. Safe when
/// several processes start at once (they all end up with the same secret). StartupError when a file cannot be read
/// or written, or holds fewer than 32 characters.
std::string loadOrCreateSecret(const Config& config, domain::Random& random);

/// The path of the generated secret file: <data.dir>/secret.
std::string defaultSecretPath(const Config& config);

} // namespace gequ::wiring
