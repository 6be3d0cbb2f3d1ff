#include "gequ/wiring/runtime.h"

#include "gequ/acedata/ace_client.h"
#include "gequ/acedata/media_fetcher.h"
#include "gequ/composer/composer.h"
#include "gequ/composer/exceptions.h"
#include "gequ/db/database.h"
#include "gequ/media/local_media_store.h"
#include "gequ/media/s3_media_store.h"
#include "gequ/moderation/word_list_moderation.h"
#include "gequ/payment/sandbox_gateway.h"
#include "gequ/payment/wechat_config.h"
#include "gequ/payment/wechat_pay_gateway.h"
#include "gequ/sms/sms_config.h"
#include "gequ/sms/sms_factory.h"
#include "gequ/wiring/exceptions.h"
#include "gequ/wiring/setup.h"

#include <Poco/Exception.h>
#include <Poco/Logger.h>
#include <Poco/URI.h>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gequ::wiring {

std::unique_ptr<domain::Store> openStore(const Config& config, bool applyMigrations) {
    return db::openStore(config.dbUrl(), config.dbPoolSize(), applyMigrations, config.dbWorksCacheMillis());
}

std::string publicBaseUrlOf(const Config& config) {
    std::string url = config.publicBaseUrl();
    while (url.size() > 1 && url.back() == '/') {
        url.pop_back();
    }
    return url;
}

domain::WorkerSettings makeWorkerSettings(const Config& config) {
    domain::WorkerSettings settings;
    settings.timeout = std::chrono::seconds{config.generationTimeoutSeconds()};
    settings.maxInflight = config.generationMaxInflight();
    settings.lease = std::chrono::seconds{config.generationLeaseSeconds()};
    settings.defaultCharge = config.pointsCreateCost();
    return settings;
}

std::string callbackKeyOf(const std::string& callbackUrl) {
    if (callbackUrl.empty()) {
        return {};
    }
    try {
        for (const auto& [name, value] : Poco::URI(callbackUrl).getQueryParameters()) {
            if (name == "key") {
                return value;
            }
        }
    } catch (const Poco::Exception&) {
    }
    return {};
}

namespace {

void logWorker(domain::LogLevel level, const std::string& message) {
    Poco::Logger& log = Poco::Logger::get("gequ.generation");
    switch (level) {
    case domain::LogLevel::Debug:
        log.debug(message);
        break;
    case domain::LogLevel::Information:
        log.information(message);
        break;
    case domain::LogLevel::Warning:
        log.warning(message);
        break;
    case domain::LogLevel::Error:
        log.error(message);
        break;
    case domain::LogLevel::Critical:
        log.critical(message);
        break;
    }
}

/// The SMS adapter's settings from the sms.* keys.
sms::SmsConfig makeSmsConfig(const Config& config) {
    namespace k = sms::keys;
    sms::SmsConfig out;
    out.provider = config.getString(k::kProvider);
    out.outboxPath = config.getString(k::kOutbox);
    out.timeoutSeconds = static_cast<int>(config.getInt(k::kTimeout));
    out.aliyun.endpoint = config.getString(k::kAliyunEndpoint, out.aliyun.endpoint);
    out.aliyun.accessKeyId = config.getString(k::kAliyunAccessKeyId, "");
    out.aliyun.accessKeySecret = config.getString(k::kAliyunAccessKeySecret, "");
    out.aliyun.signName = config.getString(k::kAliyunSignName, "");
    out.aliyun.templateCode = config.getString(k::kAliyunTemplateCode, "");
    out.aliyun.regionId = config.getString(k::kAliyunRegionId, out.aliyun.regionId);
    out.tencent.endpoint = config.getString(k::kTencentEndpoint, out.tencent.endpoint);
    out.tencent.secretId = config.getString(k::kTencentSecretId, "");
    out.tencent.secretKey = config.getString(k::kTencentSecretKey, "");
    out.tencent.sdkAppId = config.getString(k::kTencentSdkAppId, "");
    out.tencent.signName = config.getString(k::kTencentSignName, "");
    out.tencent.templateId = config.getString(k::kTencentTemplateId, "");
    out.tencent.region = config.getString(k::kTencentRegion, out.tencent.region);
    return out;
}

void logOrders(domain::OrderLogLevel level, const std::string& message) {
    Poco::Logger& log = Poco::Logger::get("gequ.orders");
    switch (level) {
    case domain::OrderLogLevel::Information:
        log.information(message);
        break;
    case domain::OrderLogLevel::Warning:
        log.warning(message);
        break;
    case domain::OrderLogLevel::Error:
        log.error(message);
        break;
    }
}

/// The text of the file a key names; empty when the key is unset. StartupError when it cannot be read.
std::string readKeyFile(const Config& config, const char* key) {
    const std::string path = config.getString(key, "");
    if (path.empty()) {
        return {};
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw StartupError(std::string("cannot read ") + key + " (" + path + ")");
    }
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

/// The WeChat Pay adapter's settings from the wechat.* keys (the key files read here).
payment::WechatConfig makeWechatConfig(const Config& config) {
    namespace k = payment::keys;
    payment::WechatConfig out;
    out.appId = config.getString(k::kAppId, "");
    out.mchId = config.getString(k::kMchId, "");
    out.merchantSerial = config.getString(k::kMerchantSerial, "");
    out.privateKeyPem = readKeyFile(config, k::kPrivateKeyFile);
    out.apiV3Key = config.getString(k::kApiV3Key, "");
    out.publicKeyId = config.getString(k::kPublicKeyId, "");
    out.publicKeyPem = readKeyFile(config, k::kPublicKeyFile);
    out.platformCertificates = config.getBool(k::kPlatformCertificates);
    out.notifyUrl = config.getString(k::kNotifyUrl, "");
    out.h5AppName = config.getString(k::kH5AppName, "");
    out.h5AppUrl = config.getString(k::kH5AppUrl, "");
    out.oauthSecret = config.getString(k::kOauthSecret, "");
    out.baseUrl = config.getString(k::kBaseUrl, out.baseUrl);
    out.oauthBaseUrl = config.getString(k::kOauthBaseUrl, out.oauthBaseUrl);
    out.oauthAuthorizeUrl = config.getString(k::kOauthAuthorizeUrl, out.oauthAuthorizeUrl);
    out.publicBaseUrl = publicBaseUrlOf(config);
    out.timeoutSeconds = static_cast<int>(config.getInt(k::kTimeout));
    return out;
}

} // namespace

/// The payment side of the Runtime; the order service goes first, before the gateway it uses.
struct Runtime::Payment {
    std::unique_ptr<payment::SandboxGateway> sandbox;
    std::unique_ptr<payment::WechatPayGateway> wechat;
    domain::PaymentGateway* gateway = nullptr;
    std::unique_ptr<domain::OrderService> orders;
};

/// The song side of the Runtime, destroyed in reverse order: the worker and services before the generator (whose
/// composer threads finish their clip), the generator before the media store and moderation it uses.
struct Runtime::Generation {
    std::unique_ptr<domain::MediaStore> media;
    media::S3MediaStore* s3 = nullptr;                             ///< media when media.provider = s3
    std::unique_ptr<moderation::WordListModeration> ownModeration; ///< when moderation.words_file is set
    const domain::Moderation* moderation = nullptr;
    std::unique_ptr<domain::SongGenerator> ownGenerator; ///< unless Substitutes::generator is given
    domain::SongGenerator* generator = nullptr;
    std::unique_ptr<domain::MediaFetcher> fetcher;
    std::unique_ptr<domain::CreateService> create;
    std::unique_ptr<domain::WorksService> works;
    std::unique_ptr<domain::GenerationWorker> worker;
    std::unique_ptr<domain::MediaService> mediaAccess;
    std::string callbackKey;
};

Runtime::Runtime(const Config& config, bool applyMigrations) : Runtime(config, openStore(config, applyMigrations)) {}

Runtime::Runtime(const Config& config, std::unique_ptr<domain::Store> store, Substitutes substitutes)
    : _config(config), _substitutes(substitutes), _clock(substitutes.clock ? *substitutes.clock : _systemClock),
      _ids(substitutes.ids ? *substitutes.ids : _uuids), _store(std::move(store)), _square(*_store, _clock),
      _admin(*_store, _clock, _ids), _users(*_store, _clock) {}

Runtime::~Runtime() = default;

Runtime::Generation& Runtime::generationParts() {
    std::call_once(_generationBuilt, [this] {
        auto parts = std::make_unique<Generation>();
        if (_config.getString("media.provider") == "s3") {
            media::S3Config s3;
            s3.endpoint = _config.getString("media.s3.endpoint", "");
            s3.region = _config.getString("media.s3.region");
            s3.bucket = _config.getString("media.s3.bucket", "");
            s3.pathStyle = _config.getString("media.s3.addressing") == "path";
            s3.accessKeyId = _config.getString("media.s3.access_key_id", "");
            s3.secretAccessKey = _config.getString("media.s3.secret_access_key", "");
            s3.presignLifetime = std::chrono::seconds{_config.getInt("media.s3.presign_seconds")};
            try {
                auto store = std::make_unique<media::S3MediaStore>(s3);
                parts->s3 = store.get();
                parts->media = std::move(store);
            } catch (const std::invalid_argument& e) {
                throw StartupError(std::string("cannot set up the S3 media store: ") + e.what());
            }
        } else {
            parts->media = std::make_unique<media::LocalMediaStore>(_config.mediaDir());
        }
        try {
            if (_substitutes.moderation) {
                parts->moderation = _substitutes.moderation;
            } else if (const auto file = _config.find("moderation.words_file"); file && !file->empty()) {
                parts->ownModeration =
                    std::make_unique<moderation::WordListModeration>(moderation::WordListModeration::withFile(*file));
                parts->moderation = parts->ownModeration.get();
            } else {
                parts->moderation = &moderation::WordListModeration::builtIn();
            }
        } catch (const moderation::WordListError& e) {
            throw StartupError(std::string("cannot read moderation.words_file: ") + e.what());
        }
        const std::string provider = _config.upstreamProvider();
        if (provider == "ace") {
            acedata::AceConfig ace;
            ace.baseUrl = _config.getString("upstream.ace.base_url");
            ace.token = _config.getString("upstream.ace.token", "");
            ace.callbackUrl = _config.getString("upstream.ace.callback_url", "");
            ace.timeoutSeconds = static_cast<int>(_config.getInt("upstream.ace.timeout"));
            acedata::FetchConfig fetch;
            fetch.maxBytes = static_cast<std::size_t>(_config.getInt("media.fetch_max_bytes"));
            fetch.timeoutSeconds = static_cast<int>(_config.getInt("media.fetch_timeout"));
            fetch.httpsOnly = _config.isProduction();
            fetch.tempDir = _config.dataDir() + "/tmp";
            try {
                if (!_substitutes.generator) {
                    parts->ownGenerator = acedata::makeAceClient(ace, parts->moderation);
                }
                parts->fetcher = acedata::makeMediaFetcher(*parts->media, fetch);
            } catch (const std::invalid_argument& e) {
                throw StartupError(std::string("cannot set up the AceData upstream: ") + e.what());
            }
            parts->callbackKey = callbackKeyOf(ace.callbackUrl);
        } else if (!_substitutes.generator) {
            composer::ComposerConfig composer;
            composer.soundfont = _config.composerSoundfont();
            composer.workers = _config.composerWorkers();
            composer.renderCores = _config.composerRenderCores();
            composer.clipSeconds = _config.composerClipSeconds();
            // chirp-v4-5 and later make longer clips: 150 s for the default 90, in proportion otherwise.
            composer.longClipSeconds = composer.clipSeconds * 5 / 3;
            parts->ownGenerator = composer::makeComposer(composer, *parts->media, *parts->moderation);
        }
        parts->generator = _substitutes.generator ? _substitutes.generator : parts->ownGenerator.get();
        domain::CreateSettings create;
        create.cost = _config.pointsCreateCost();
        create.provider = parts->generator->name();
        create.allStems = parts->generator->capabilities().allStems;
        parts->create = std::make_unique<domain::CreateService>(*_store, _clock, _ids, *parts->moderation, create);
        parts->works = std::make_unique<domain::WorksService>(*_store, _clock, *parts->generator, *parts->moderation,
                                                              parts->media.get(), parts->fetcher.get());
        parts->worker = std::make_unique<domain::GenerationWorker>(
            *_store, _clock, *parts->generator, parts->fetcher.get(), makeWorkerSettings(_config), logWorker);
        parts->mediaAccess = std::make_unique<domain::MediaService>(*_store, _clock, *parts->media);
        _generation = std::move(parts);
    });
    return *_generation;
}

domain::SongGenerator& Runtime::generator() {
    return *generationParts().generator;
}

domain::CreateService& Runtime::create() {
    return *generationParts().create;
}

domain::WorksService& Runtime::works() {
    return *generationParts().works;
}

domain::GenerationWorker& Runtime::generation() {
    return *generationParts().worker;
}

domain::MediaService& Runtime::media() {
    return *generationParts().mediaAccess;
}

MediaRedirect Runtime::mediaRedirect() {
    media::S3MediaStore* s3 = generationParts().s3;
    if (!s3) {
        return {};
    }
    return [s3](const std::string& key, const std::string& disposition) {
        return disposition.empty() ? s3->presignedGet(key) : s3->presignedDownload(key, disposition);
    };
}

domain::AuthService& Runtime::auth() {
    std::call_once(_authBuilt, [this] {
        domain::AuthSettings settings;
        settings.secret = loadOrCreateSecret(_config, _random);
        _secret = settings.secret;
        settings.sessionDays = _config.authSessionDays();
        settings.smsHourlyBudget = _config.authSmsHourlyBudget();
        settings.challengeMaxNumber = _config.authChallengeMaxNumber();
        settings.signupBonus = _config.pointsSignupBonus();
        if (!_substitutes.sms) {
            try {
                _ownSms = sms::makeSmsSender(makeSmsConfig(_config), _clock, _random);
            } catch (const std::invalid_argument& e) {
                throw StartupError(std::string("cannot set up SMS: ") + e.what());
            }
        }
        _sms = _substitutes.sms ? _substitutes.sms : _ownSms.get();
        _auth =
            std::make_unique<domain::AuthService>(*_store, _clock, _random, _ids, _hasher, *_sms, std::move(settings));
    });
    return *_auth;
}

domain::RedeemService& Runtime::redeem() {
    std::call_once(_redeemBuilt, [this] {
        _redeem = std::make_unique<domain::RedeemService>(*_store, _clock, _random, _ids, _hasher, secret());
        // A database that cannot be reached now must not stop the start: the codes are upgraded at the next one.
        try {
            if (const auto upgraded = _redeem->upgradeStoredHashes(); upgraded > 0) {
                Poco::Logger::get("gequ").information("stored " + std::to_string(upgraded) +
                                                      " redeem codes as an HMAC (they were plain SHA-256)");
            }
        } catch (const std::exception& e) {
            Poco::Logger::get("gequ").warning(std::string("upgrading stored redeem codes failed: ") + e.what());
        }
    });
    return *_redeem;
}

domain::SmsSender& Runtime::sms() {
    auth();
    return *_sms;
}

Runtime::Payment& Runtime::paymentParts() {
    std::call_once(_paymentBuilt, [this] {
        auto parts = std::make_unique<Payment>();
        domain::SandboxCheckout* sandbox = nullptr;
        domain::JsapiCheckout* jsapi = nullptr;
        if (_config.paymentProvider() == "wechat") {
            try {
                parts->wechat = std::make_unique<payment::WechatPayGateway>(makeWechatConfig(_config), _clock, _random);
            } catch (const std::invalid_argument& e) {
                throw StartupError(std::string("cannot set up WeChat Pay: ") + e.what());
            }
            parts->gateway = parts->wechat.get();
            jsapi = parts->wechat.get();
        } else {
            // Config refuses the sandbox when app.env = production.
            parts->sandbox = std::make_unique<payment::SandboxGateway>(publicBaseUrlOf(_config), _clock);
            parts->gateway = parts->sandbox.get();
            sandbox = parts->sandbox.get();
        }
        parts->orders = std::make_unique<domain::OrderService>(*_store, _clock, _random, *parts->gateway, sandbox,
                                                               jsapi, logOrders);
        _payment = std::move(parts);
    });
    return *_payment;
}

domain::PaymentGateway& Runtime::paymentGateway() {
    return *paymentParts().gateway;
}

domain::OrderService& Runtime::orders() {
    return *paymentParts().orders;
}

const std::string& Runtime::secret() {
    auth();
    return _secret;
}

const std::string& Runtime::callbackKey() {
    return generationParts().callbackKey;
}

} // namespace gequ::wiring
