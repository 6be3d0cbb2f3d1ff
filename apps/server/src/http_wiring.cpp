#include "gequ/server/http_wiring.h"

#include "gequ/payment/qr_code.h"
#include "gequ/acedata/ace_client.h"

#include <algorithm>

namespace gequ::server {

http::HttpConfig makeHttpConfig(const wiring::Config& config) {
    http::HttpConfig http;
    http.host = config.httpHost();
    http.port = config.httpPort();
    http.publicBaseUrl = wiring::publicBaseUrlOf(config);
    http.webRoot = config.webRoot();
    http.mediaDir = config.mediaDir();
    http.threads = config.httpThreads();
    http.keepAliveSeconds = config.httpKeepAliveSeconds();
    http.maxKeepAliveRequests = config.httpKeepAliveRequests();
    http.maxQueued = std::max(http.threads, 64);
    http.listCacheMillis = config.httpListCacheMillis();
    http.readTimeoutSeconds = config.httpReadTimeoutSeconds();
    http.ratePerIp = config.httpRatePerIp();
    http.burstPerIp = config.httpBurstPerIp();
    http.trustProxy = config.httpTrustProxy();
    http.trustedProxies = config.httpTrustedProxies();
    http.requestDeadlineSeconds = config.httpRequestDeadlineSeconds();
    http.metricsToken = config.metricsToken();
    http.corsOrigins = config.httpCorsOrigins();
    return http;
}

http::Services makeHttpServices(wiring::Runtime& runtime) {
    domain::AuthService& login = runtime.auth();
    http::Services services{runtime.store(),
                            runtime.clock(),
                            runtime.square(),
                            login,
                            runtime.users(),
                            runtime.redeem(),
                            [&login](const std::string& token) { return login.authenticate(token); }};
    services.create = &runtime.create();
    services.works = &runtime.works();
    services.media = &runtime.media();
    services.mediaUrlKey = runtime.secret();
    services.payments.orders = &runtime.orders();
    services.payments.qrCode = [](const std::string& text) { return payment::qrSvgDataUri(text); };
    if (const std::string& key = runtime.callbackKey(); !key.empty()) {
        services.callback.key = key;
        services.callback.parse = [](const std::string& body) { return acedata::AceClient::parseCallback(body); };
        services.callback.worker = &runtime.generation();
    }
    return services;
}

} // namespace gequ::server
