#include "gequ/app/runtime.h"

#include "gequ/app/exceptions.h"
#include "gequ/app/setup.h"
#include "gequ/db/database.h"
#include "gequ/sms/sms_config.h"
#include "gequ/sms/sms_factory.h"

#include <stdexcept>

namespace gequ::app {

std::unique_ptr<domain::Store> openStore(const Config& config, bool applyMigrations) {
    return db::openStore(config.dbUrl(), config.dbPoolSize(), applyMigrations);
}

http::HttpConfig makeHttpConfig(const Config& config) {
    http::HttpConfig http;
    http.host = config.httpHost();
    http.port = config.httpPort();
    http.publicBaseUrl = config.publicBaseUrl();
    while (http.publicBaseUrl.size() > 1 && http.publicBaseUrl.back() == '/') {
        http.publicBaseUrl.pop_back();
    }
    http.webRoot = config.webRoot();
    http.mediaDir = config.mediaDir();
    http.threads = config.httpThreads();
    http.readTimeoutSeconds = config.httpReadTimeoutSeconds();
    http.ratePerIp = config.httpRatePerIp();
    http.burstPerIp = config.httpBurstPerIp();
    http.trustProxy = config.httpTrustProxy();
    http.corsOrigins = config.httpCorsOrigins();
    return http;
}

namespace {

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

} // namespace

Runtime::Runtime(const Config& config, bool applyMigrations) : Runtime(config, openStore(config, applyMigrations)) {}

Runtime::Runtime(const Config& config, std::unique_ptr<domain::Store> store)
    : _config(config), _store(std::move(store)), _square(*_store, _clock), _admin(*_store, _clock, _ids),
      _users(*_store, _clock), _redeem(*_store, _clock, _random, _ids, _hasher) {}

domain::AuthService& Runtime::auth() {
    std::call_once(_authBuilt, [this] {
        domain::AuthSettings settings;
        settings.secret = loadOrCreateSecret(_config, _random);
        settings.sessionDays = _config.authSessionDays();
        settings.signupBonus = _config.pointsSignupBonus();
        try {
            _sms = sms::makeSmsSender(makeSmsConfig(_config), _clock, _random);
        } catch (const std::invalid_argument& e) {
            throw StartupError(std::string("cannot set up SMS: ") + e.what());
        }
        _auth =
            std::make_unique<domain::AuthService>(*_store, _clock, _random, _ids, _hasher, *_sms, std::move(settings));
    });
    return *_auth;
}

domain::SmsSender& Runtime::sms() {
    auth();
    return *_sms;
}

http::Services Runtime::httpServices() {
    domain::AuthService& login = auth();
    return http::Services{*_store, _clock, _square, login, _users, _redeem, [&login](const std::string& token) {
                              return login.authenticate(token);
                          }};
}

} // namespace gequ::app
