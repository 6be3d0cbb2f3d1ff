#pragma once

// The wiring both binaries share: the configuration turned into adapters, and the adapters handed to the services.
// gequ-server and gequ-admin each build one Runtime and use the same services through it.

#include "gequ/app/config.h"
#include "gequ/app/system.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/http/server.h"

#include <memory>

namespace gequ::app {

/// Opens the database named by db.url with db.pool_size connections; applies the pending migrations first unless
/// `applyMigrations` is false. Throws db::DbException when it cannot be opened or migrated.
std::unique_ptr<domain::Store> openStore(const Config& config, bool applyMigrations = true);

/// The HTTP adapter's settings from the http.*, web.root and media.dir keys.
http::HttpConfig makeHttpConfig(const Config& config);

/// The system adapters, the store and the services, built from one configuration. Owns everything it builds;
/// everything lives as long as the Runtime.
class Runtime {
public:
    /// Opens the store (see openStore) and builds the services on it.
    explicit Runtime(const Config& config, bool applyMigrations = true);
    /// Builds the services on a store opened elsewhere (tests).
    Runtime(const Config& config, std::unique_ptr<domain::Store> store);
    Runtime(const Runtime&) = delete;
    Runtime& operator=(const Runtime&) = delete;

    const Config& config() const { return _config; }
    const domain::Clock& clock() const { return _clock; }
    domain::IdGenerator& ids() { return _ids; }
    domain::Random& random() { return _random; }
    domain::Store& store() { return *_store; }

    domain::SquareService& square() { return _square; }
    domain::AdminService& admin() { return _admin; }

    /// What the HTTP server's handlers call.
    http::Services httpServices();

private:
    Config _config;
    SystemClock _clock;
    UuidIdGenerator _ids;
    SecureRandom _random;
    std::unique_ptr<domain::Store> _store;
    domain::SquareService _square;
    domain::AdminService _admin;
};

} // namespace gequ::app
