#include "gequ/server/http_wiring.h"

#include "gequ/acedata/ace_client.h"
#include "gequ/payment/qr_code.h"

#include <algorithm>

namespace gequ::server {

http::HttpConfig makeHttpConfig(const wiring::Config& config) {
    http::HttpConfig http;
    http.host = config.httpHost();
    http.port = config.httpPort();
    http.publicBaseUrl = wiring::publicBaseUrlOf(config);
    http.webRoot = config.webRoot();
    http.mediaDir = config.mediaDir();
    http.mediaAccelRedirect = config.getString("media.accel_redirect", "");
    http.threads = config.httpThreads();
    http.keepAliveSeconds = config.httpKeepAliveSeconds();
    http.maxKeepAliveRequests = config.httpKeepAliveRequests();
    http.maxQueued = std::max(http.threads, 64);
    http.listCacheMillis = config.httpListCacheMillis();
    http.sessionCacheMillis = config.httpSessionCacheMillis();
    http.readTimeoutSeconds = config.httpReadTimeoutSeconds();
    http.ratePerIp = config.httpRatePerIp();
    http.burstPerIp = config.httpBurstPerIp();
    http.trustProxy = config.httpTrustProxy();
    http.trustedProxies = config.httpTrustedProxies();
    http.requestDeadlineSeconds = config.httpRequestDeadlineSeconds();
    http.maxConnectionsPerClient = config.httpMaxConnectionsPerClient();
    http.metricsToken = config.metricsToken();
    http.corsOrigins = config.httpCorsOrigins();
    if (config.getString("media.provider") == "s3") {
        // /media/ redirects the player and the covers to the bucket: the Content-Security-Policy must allow it.
        std::string origin = config.getString("media.s3.endpoint", "");
        while (!origin.empty() && origin.back() == '/') {
            origin.pop_back();
        }
        if (config.getString("media.s3.addressing") == "virtual") {
            if (const auto scheme = origin.find("://"); scheme != std::string::npos) {
                origin.insert(scheme + 3, config.getString("media.s3.bucket", "") + ".");
            }
        }
        http.mediaHosts.push_back(origin);
    }
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
    services.mediaRedirect = runtime.mediaRedirect();
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
