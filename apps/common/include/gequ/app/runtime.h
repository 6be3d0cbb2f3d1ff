#pragma once

// The wiring both binaries share: the configuration turned into adapters, and the adapters handed to the services.
// gequ-server and gequ-admin each build one Runtime and use the same services through it.

#include "gequ/app/config.h"
#include "gequ/app/system.h"
#include "gequ/domain/ports/sms_sender.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/redeem_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"
#include "gequ/http/server.h"

#include <memory>
#include <mutex>

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
    const domain::Hasher& hasher() const { return _hasher; }
    domain::Store& store() { return *_store; }

    domain::SquareService& square() { return _square; }
    domain::AdminService& admin() { return _admin; }
    domain::UserService& users() { return _users; }
    domain::RedeemService& redeem() { return _redeem; }
    /// The login service, built on first use: it loads (or generates) the server secret (loadOrCreateSecret) and
    /// makes the SMS sender of sms.provider, so commands that never log anyone in need neither. StartupError when
    /// the secret cannot be loaded or the SMS configuration is incomplete.
    domain::AuthService& auth();
    /// The SMS sender (built with auth()).
    domain::SmsSender& sms();

    /// What the HTTP server's handlers call (builds auth()).
    http::Services httpServices();

private:
    Config _config;
    SystemClock _clock;
    UuidIdGenerator _ids;
    SecureRandom _random;
    OpenSslHasher _hasher;
    std::unique_ptr<domain::Store> _store;
    domain::SquareService _square;
    domain::AdminService _admin;
    domain::UserService _users;
    domain::RedeemService _redeem;
    std::once_flag _authBuilt;
    std::unique_ptr<domain::SmsSender> _sms;
    std::unique_ptr<domain::AuthService> _auth;
};

} // namespace gequ::app
