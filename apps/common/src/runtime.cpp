#include "gequ/app/runtime.h"

#include "gequ/db/database.h"

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

Runtime::Runtime(const Config& config, bool applyMigrations) : Runtime(config, openStore(config, applyMigrations)) {}

Runtime::Runtime(const Config& config, std::unique_ptr<domain::Store> store)
    : _config(config), _store(std::move(store)), _square(*_store, _clock), _admin(*_store, _clock, _ids) {}

http::Services Runtime::httpServices() {
    return http::Services{*_store, _clock, _square};
}

} // namespace gequ::app
