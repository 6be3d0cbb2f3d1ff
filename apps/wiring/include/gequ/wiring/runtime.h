#pragma once

// The wiring both binaries share: the configuration turned into adapters, and the adapters handed to the services.
// gequ-server and gequ-admin each build one Runtime and use the same services through it; the tests build it too,
// with Substitutes for the clock and the third-party services (docs/architecture.md "Composition roots").

#include "gequ/domain/ports/moderation.h"
#include "gequ/domain/ports/sms_sender.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/generation_worker.h"
#include "gequ/domain/services/media_service.h"
#include "gequ/domain/services/order_service.h"
#include "gequ/domain/services/redeem_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"
#include "gequ/domain/services/works_service.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/system.h"

#include <functional>
#include <memory>
#include <mutex>
#include <string>

namespace gequ::wiring {

/// Opens the database named by db.url with db.pool_size connections; applies the pending migrations first unless
/// `applyMigrations` is false. Throws db::DbException when it cannot be opened or migrated.
std::unique_ptr<domain::Store> openStore(const Config& config, bool applyMigrations = true);

/// http.public_base_url without its trailing slashes.
std::string publicBaseUrlOf(const Config& config);

/// The generation worker's settings from the generation.* and points.create_cost keys.
domain::WorkerSettings makeWorkerSettings(const Config& config);

/// The `key` query parameter of upstream.ace.callback_url (empty when there is none): the secret the callback route
/// checks.
std::string callbackKeyOf(const std::string& callbackUrl);

/// A presigned URL for a stored media key; with a non-empty Content-Disposition, the answer names the download.
using MediaRedirect = std::function<std::string(const std::string& key, const std::string& disposition)>;

/// What a test puts in place of an adapter the configuration would choose; each null member keeps the configured
/// one. The Runtime does not own them; they must outlive it.
struct Substitutes {
    const domain::Clock* clock = nullptr;
    domain::IdGenerator* ids = nullptr;
    domain::SmsSender* sms = nullptr;               ///< instead of sms.provider's sender
    domain::SongGenerator* generator = nullptr;     ///< instead of upstream.provider's generator
    const domain::Moderation* moderation = nullptr; ///< instead of the word list
};

/// The system adapters, the store and the services, built from one configuration. Owns everything it builds;
/// everything lives as long as the Runtime.
class Runtime {
public:
    /// Opens the store (see openStore) and builds the services on it.
    explicit Runtime(const Config& config, bool applyMigrations = true);
    /// Builds the services on a store opened elsewhere (gequ-admin's own opening, tests), with the substitutes given.
    Runtime(const Config& config, std::unique_ptr<domain::Store> store, Substitutes substitutes = {});
    ~Runtime();
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
    /// Redeem codes; built on first use with the server secret, upgrading codes stored before schema 8 (once).
    domain::RedeemService& redeem();
    /// The login service, built on first use: it loads (or generates) the server secret (loadOrCreateSecret) and
    /// makes the SMS sender of sms.provider, so commands that never log anyone in need neither. StartupError when
    /// the secret cannot be loaded or the SMS configuration is incomplete.
    domain::AuthService& auth();
    /// The SMS sender (built with auth()).
    domain::SmsSender& sms();

    /// The song side, built on first use (all four together): the media store (media.dir), the moderation word list
    /// (built in, plus moderation.words_file), the SongGenerator of upstream.provider (the offline composer with
    /// composer.*, or the AceData client with upstream.ace.*), for ace the media fetcher (media.fetch_*), and the
    /// services on them. StartupError when the upstream configuration is incomplete (an ace token, a URL).
    domain::SongGenerator& generator();
    domain::CreateService& create();
    domain::WorksService& works();
    domain::GenerationWorker& generation();
    /// Who may fetch stored media, and the purge of deleted songs' files (on the song side's media store).
    domain::MediaService& media();
    /// With media.provider = s3, the presigned URL a /media/<key> request is redirected to (media.s3.presign_seconds
    /// long); empty for local media, which the server (or nginx) sends itself.
    MediaRedirect mediaRedirect();

    /// The payment side, built on first use: the gateway of payment.provider (the sandbox on http.public_base_url, or
    /// WeChat Pay from the wechat.* keys, reading its key files) and the order service on it. StartupError when the
    /// WeChat configuration is incomplete or a key file cannot be read.
    domain::PaymentGateway& paymentGateway();
    domain::OrderService& orders();

    /// The server secret auth() loaded (builds auth()); it also keys the signed media URLs.
    const std::string& secret();
    /// The key the upstream callback route checks (builds the song side); empty when there is no callback (the
    /// offline composer, or no key in upstream.ace.callback_url).
    const std::string& callbackKey();

private:
    Config _config;
    Substitutes _substitutes;
    SystemClock _systemClock;
    UuidIdGenerator _uuids;
    SecureRandom _random;
    CryptoHasher _hasher;
    const domain::Clock& _clock;
    domain::IdGenerator& _ids;
    std::unique_ptr<domain::Store> _store;
    domain::SquareService _square;
    domain::AdminService _admin;
    domain::UserService _users;
    std::unique_ptr<domain::RedeemService> _redeem;
    std::once_flag _redeemBuilt;
    struct Generation;
    Generation& generationParts();

    std::once_flag _authBuilt;
    std::unique_ptr<domain::SmsSender> _ownSms; ///< unless Substitutes::sms is given
    domain::SmsSender* _sms = nullptr;
    std::unique_ptr<domain::AuthService> _auth;
    std::string _secret; ///< the server secret auth() loaded (it also keys the signed media URLs)
    std::once_flag _generationBuilt;
    std::unique_ptr<Generation> _generation;
    struct Payment;
    Payment& paymentParts();
    std::once_flag _paymentBuilt;
    std::unique_ptr<Payment> _payment;
};

} // namespace gequ::wiring
