#include "gequ/payment/wechat_pay_gateway.h"

#include "wechat_crypto.h"
#include "wechat_format.h"
#include "wechat_verify.h"

#include <Poco/Logger.h>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>

namespace gequ::payment {

using namespace detail;
using domain::DomainError;
using domain::ErrorCode;

namespace {

constexpr const char* kBusy = "支付服务繁忙，请稍后再试";
constexpr const char* kOauthFailed = "微信授权失败，请重新打开支付页面";
constexpr const char* kUserAgent = "Gequ/0.1 WechatPay-APIv3 (Poco)";
/// WeChat answers in a few kilobytes (the certificate list is the largest); anything past this is not read.
constexpr std::size_t kMaxReplyBytes = 1024 * 1024;
constexpr auto kCertificateRefreshInterval = std::chrono::seconds(60);

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.payment");
}

DomainError busy() {
    return DomainError{ErrorCode::Upstream, kBusy};
}

std::int64_t epochSeconds(domain::TimePoint t) {
    return std::chrono::floor<std::chrono::seconds>(t).time_since_epoch().count();
}

[[noreturn]] void refuse(const char* key, const std::string& why) {
    throw std::invalid_argument(std::string(key) + ": " + why);
}

bool isHttpUrl(const std::string& url) {
    return (url.starts_with("https://") && url.size() > 8) || (url.starts_with("http://") && url.size() > 7);
}

std::string withoutTrailingSlash(std::string url) {
    while (url.ends_with("/")) {
        url.pop_back();
    }
    return url;
}

bool isHex(const std::string& text) {
    if (text.empty()) {
        return false;
    }
    for (const char c : text) {
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f'))) {
            return false;
        }
    }
    return true;
}

/// WeChat's out_trade_no: 6 to 32 of [0-9A-Za-z_-|*].
bool isOrderNo(const std::string& orderNo) {
    if (orderNo.size() < 6 || orderNo.size() > 32) {
        return false;
    }
    for (const char c : orderNo) {
        const bool alnum = (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
        if (!alnum && c != '_' && c != '-' && c != '|' && c != '*') {
            return false;
        }
    }
    return true;
}

WechatConfig checked(WechatConfig config) {
    if (config.appId.empty()) {
        refuse(keys::kAppId, "is required");
    }
    if (!isDigits(config.mchId)) {
        refuse(keys::kMchId, "must be the merchant number (digits)");
    }
    if (!isHex(config.merchantSerial)) {
        refuse(keys::kMerchantSerial, "must be the merchant API certificate's serial number (hex)");
    }
    if (config.apiV3Key.size() != 32) {
        refuse(keys::kApiV3Key, "must be exactly 32 bytes");
    }
    if (config.publicKeyId.empty() != config.publicKeyPem.empty()) {
        refuse(config.publicKeyId.empty() ? keys::kPublicKeyId : keys::kPublicKeyFile,
               std::string("is required with ") +
                   (config.publicKeyId.empty() ? keys::kPublicKeyFile : keys::kPublicKeyId));
    }
    if (!config.publicKeyId.empty() && !config.publicKeyId.starts_with("PUB_KEY_ID_")) {
        refuse(keys::kPublicKeyId, "must start with PUB_KEY_ID_");
    }
    if (!isHttpUrl(config.notifyUrl) || config.notifyUrl.find('?') != std::string::npos) {
        refuse(keys::kNotifyUrl, "must be an https:// address without a query string");
    }
    if (!isHttpUrl(config.publicBaseUrl)) {
        refuse(keys::kPublicBaseUrl, "must be an http(s):// address");
    }
    config.publicBaseUrl = withoutTrailingSlash(config.publicBaseUrl);
    if (config.h5AppName.empty()) {
        config.h5AppName = "歌曲";
    }
    if (config.h5AppUrl.empty()) {
        config.h5AppUrl = config.publicBaseUrl;
    }
    if (!isHttpUrl(config.h5AppUrl)) {
        refuse(keys::kH5AppUrl, "must be an http(s):// address");
    }
    if (config.oauthSecret.empty()) {
        refuse(keys::kOauthSecret, "is required (the official account's AppSecret, for JSAPI payments)");
    }
    if (!isHttpUrl(config.oauthAuthorizeUrl) || config.oauthAuthorizeUrl.find('?') != std::string::npos) {
        refuse(keys::kOauthAuthorizeUrl, "must be an http(s):// address without a query string");
    }
    if (config.timeoutSeconds < 1) {
        refuse(keys::kTimeout, "must be at least 1 (seconds)");
    }
    return config;
}

RsaPrivateKey loadPrivateKey(const std::string& pem) {
    try {
        return RsaPrivateKey::fromPem(pem);
    } catch (const std::invalid_argument&) {
        refuse(keys::kPrivateKeyFile, "is not an RSA private key in PEM (the merchant API key, apiclient_key.pem)");
    }
}

std::optional<RsaPublicKey> loadPublicKey(const std::string& pem) {
    if (pem.empty()) {
        return std::nullopt;
    }
    try {
        return RsaPublicKey::fromPem(pem);
    } catch (const std::invalid_argument&) {
        refuse(keys::kPublicKeyFile, "is not an RSA public key in PEM (-----BEGIN PUBLIC KEY-----)");
    }
}

/// The Chinese sentence a refused notification is answered with (the HTTP layer puts it in {"code":"FAIL",…}).
const char* refusalMessage(Refusal refusal) {
    switch (refusal) {
    case Refusal::Unsigned:
        return "缺少微信支付签名";
    case Refusal::SignTest:
        return "签名探测请求，不予处理";
    case Refusal::StaleTimestamp:
        return "通知时间戳无效或已过期";
    case Refusal::UnknownSerial:
        return "未知的微信支付证书序列号";
    case Refusal::BadSignature:
        return "签名验证失败";
    case Refusal::None:
    case Refusal::KeysUnavailable:
        break;
    }
    return kBusy;
}

} // namespace

struct WechatPayGateway::Impl {
    Impl(WechatConfig checkedConfig, const domain::Clock& clockRef, domain::Random& randomRef)
        : config(std::move(checkedConfig)), clock(clockRef), random(randomRef),
          merchantKey(loadPrivateKey(config.privateKeyPem)), publicKey(loadPublicKey(config.publicKeyPem)),
          useCertificates(config.platformCertificates || !publicKey),
          api(net::parseConfiguredUrl(config.baseUrl, keys::kBaseUrl, net::UrlShape::OriginOnly)),
          oauth(net::parseConfiguredUrl(config.oauthBaseUrl, keys::kOauthBaseUrl, net::UrlShape::OriginOnly)) {
        limits.timeout = std::chrono::seconds(config.timeoutSeconds);
        limits.maxBytes = kMaxReplyBytes;
    }

    /// One exchange with a WeChat host (base: api or oauth); TransportError when there is no answer.
    net::Response send(const net::Url& base, const std::string& method, const std::string& pathAndQuery,
                       const HeaderList& headers, const std::string& body) const {
        net::Request request;
        request.method = method;
        request.url = base;
        request.url.target = pathAndQuery;
        request.headers = {{"User-Agent", std::string(kUserAgent)}};
        request.headers.insert(request.headers.end(), headers.begin(), headers.end());
        request.body = body;
        return http.send(request, limits);
    }

    /// An answer from WeChat we can trust: a verified 2xx, or an error answer with its code.
    struct Answer {
        int status = 0;
        std::string body;
        WechatError error;
        bool success() const { return status >= 200 && status < 300; }
    };

    std::int64_t nowSeconds() const { return epochSeconds(clock.now()); }

    net::Response sendSigned(const std::string& method, const std::string& pathAndQuery, const std::string& body) {
        const std::string timestamp = std::to_string(nowSeconds());
        const std::string nonce = makeNonce(random);
        const std::string signature =
            signBase64(merchantKey, requestMessage(method, pathAndQuery, timestamp, nonce, body));
        HeaderList headers{
            {"Authorization", authorizationHeader(config.mchId, nonce, signature, timestamp, config.merchantSerial)},
            {"Accept", "application/json"},
            {"Content-Type", "application/json"},
        };
        if (publicKey) {
            headers.emplace_back("Wechatpay-Serial", config.publicKeyId);
        }
        return send(api, method, pathAndQuery, headers, body);
    }

    std::optional<RsaPublicKey> cachedCertificate(const std::string& serial) {
        std::lock_guard lock(keysMutex);
        const auto found = certificates.find(serial);
        return found == certificates.end() ? std::nullopt : std::optional<RsaPublicKey>(found->second);
    }

    KeyLookup findKey(const std::string& serial) {
        if (publicKey && serial == config.publicKeyId) {
            return {publicKey, false};
        }
        if (!useCertificates) {
            return {};
        }
        if (auto key = cachedCertificate(serial)) {
            return {key, false};
        }
        std::lock_guard lock(refreshMutex);
        if (auto key = cachedCertificate(serial)) {
            return {key, false}; // another thread downloaded it meanwhile
        }
        const domain::TimePoint now = clock.now();
        if (lastRefresh && now - *lastRefresh < kCertificateRefreshInterval) {
            return {std::nullopt, !lastRefreshOk};
        }
        lastRefresh = now;
        lastRefreshOk = refreshCertificatesLocked();
        if (auto key = cachedCertificate(serial)) {
            return {key, false};
        }
        return {std::nullopt, !lastRefreshOk};
    }

    /// Downloads the platform certificates; the answer must be signed with one of them (or the public key).
    bool refreshCertificatesLocked() {
        net::Response reply;
        try {
            reply = sendSigned("GET", "/v3/certificates", "");
        } catch (const net::TransportError& e) {
            logger().warning(std::string("wechat certificates: no answer (") + e.what() + ")");
            return false;
        }
        if (reply.status != 200) {
            const WechatError error = readWechatError(reply.body);
            logger().warning("wechat certificates: HTTP " + std::to_string(reply.status) + " " + error.code + " " +
                             error.message);
            return false;
        }
        std::string problems;
        const auto list = readCertificateList(reply.body, config.apiV3Key, nowSeconds(), problems);
        if (!list) {
            logger().error("wechat certificates: the answer is not a certificate list");
            return false;
        }
        if (!problems.empty()) {
            logger().warning("wechat certificates: left out " + problems);
        }
        const Refusal refusal = verifySignedMessage(reply.headers, reply.body, nowSeconds(), [&](const std::string& s) {
            if (publicKey && s == config.publicKeyId) {
                return KeyLookup{publicKey, false};
            }
            const auto found = list->find(s);
            return found == list->end() ? KeyLookup{} : KeyLookup{found->second, false};
        });
        if (refusal != Refusal::None) {
            logger().error(std::string("wechat certificates: answer refused: ") + describe(refusal) + " (serial " +
                           signatureSerial(reply.headers) + ")");
            return false;
        }
        std::string serials;
        for (const auto& [serial, key] : *list) {
            serials += (serials.empty() ? "" : ", ") + serial;
        }
        logger().information("wechat certificates: " + std::to_string(list->size()) +
                             " platform certificate(s): " + serials);
        std::lock_guard lock(keysMutex);
        certificates = *list;
        return true;
    }

    Refusal verify(const HeaderList& headers, const std::string& body) {
        return verifySignedMessage(headers, body, nowSeconds(), [this](const std::string& s) { return findKey(s); });
    }

    /// One signed call; nullopt (logged) when there is no answer or a 2xx answer fails verification.
    std::optional<Answer> call(const char* operation, const std::string& method, const std::string& pathAndQuery,
                               const std::string& body) {
        net::Response reply;
        try {
            reply = sendSigned(method, pathAndQuery, body);
        } catch (const net::TransportError& e) {
            logger().warning(std::string("wechat ") + operation + ": no answer (" + e.what() + ")");
            return std::nullopt;
        }
        Answer answer{reply.status, std::move(reply.body), {}};
        if (answer.success()) {
            const Refusal refusal = verify(reply.headers, answer.body);
            if (refusal != Refusal::None) {
                logger().error(std::string("wechat ") + operation + ": HTTP " + std::to_string(answer.status) +
                               " answer refused: " + describe(refusal) + " (serial " + signatureSerial(reply.headers) +
                               ")");
                return std::nullopt;
            }
        } else {
            answer.error = readWechatError(answer.body);
            logger().warning(std::string("wechat ") + operation + ": HTTP " + std::to_string(answer.status) + " " +
                             (answer.error.code.empty() ? "(no code)" : answer.error.code) + " " +
                             answer.error.message);
        }
        return answer;
    }

    WechatConfig config;
    const domain::Clock& clock;
    domain::Random& random;
    RsaPrivateKey merchantKey;
    std::optional<RsaPublicKey> publicKey;
    bool useCertificates;
    net::Url api;
    net::Url oauth;
    net::HttpClient http;
    net::Limits limits;

    std::mutex keysMutex;
    std::map<std::string, RsaPublicKey> certificates; ///< by serial; guarded by keysMutex
    std::mutex refreshMutex;                          ///< one download at a time; guards the two below
    std::optional<domain::TimePoint> lastRefresh;
    bool lastRefreshOk = false;
};

WechatPayGateway::WechatPayGateway(WechatConfig config, const domain::Clock& clock, domain::Random& random)
    : _impl(std::make_unique<Impl>(checked(std::move(config)), clock, random)) {}

WechatPayGateway::~WechatPayGateway() = default;

domain::MerchantIdentity WechatPayGateway::merchant() const {
    return {_impl->config.appId, _impl->config.mchId};
}

domain::Result<domain::PaymentStart> WechatPayGateway::start(const domain::PaymentRequest& request) {
    const WechatConfig& config = _impl->config;
    if (!isOrderNo(request.orderNo)) {
        return domain::invalid("订单号无效");
    }
    if (request.amountFen <= 0) {
        return domain::invalid("订单金额无效");
    }
    const std::string description = request.description.empty() ? "歌曲会员" : request.description;
    std::string body = "{\"appid\":" + jsonQuote(config.appId) + ",\"mchid\":" + jsonQuote(config.mchId) +
                       ",\"description\":" + jsonQuote(description) + ",\"out_trade_no\":" + jsonQuote(request.orderNo);
    if (request.expiresAt.time_since_epoch().count() > 0) {
        body += ",\"time_expire\":" + jsonQuote(formatRfc3339Shanghai(request.expiresAt));
    }
    body += ",\"notify_url\":" + jsonQuote(config.notifyUrl) +
            ",\"amount\":{\"total\":" + std::to_string(request.amountFen) + ",\"currency\":\"CNY\"}";

    std::string path;
    std::string field;
    switch (request.channel) {
    case domain::PayChannel::Native:
        path = "/v3/pay/transactions/native";
        field = "code_url";
        break;
    case domain::PayChannel::H5:
        if (request.clientIp.empty()) {
            return domain::invalid("缺少付款人的 IP 地址");
        }
        path = "/v3/pay/transactions/h5";
        field = "h5_url";
        body += ",\"scene_info\":{\"payer_client_ip\":" + jsonQuote(request.clientIp) +
                ",\"h5_info\":{\"type\":\"Wap\",\"app_name\":" + jsonQuote(config.h5AppName) +
                ",\"app_url\":" + jsonQuote(config.h5AppUrl) + "}}";
        break;
    case domain::PayChannel::Jsapi:
        if (request.openId.empty()) {
            return domain::invalid("请在微信中打开支付页面");
        }
        path = "/v3/pay/transactions/jsapi";
        field = "prepay_id";
        body += ",\"payer\":{\"openid\":" + jsonQuote(request.openId) + "}";
        break;
    }
    body += "}";

    const auto answer = _impl->call(field.c_str(), "POST", path, body);
    if (!answer || !answer->success()) {
        return busy();
    }
    const auto value = readJsonString(answer->body, field);
    if (!value || value->empty()) {
        logger().error("wechat " + field + ": HTTP " + std::to_string(answer->status) + " answer without " + field);
        return busy();
    }
    domain::PaymentStart start;
    switch (request.channel) {
    case domain::PayChannel::Native:
        start.codeUrl = *value;
        break;
    case domain::PayChannel::H5:
        start.redirectUrl = *value + (value->find('?') == std::string::npos ? "?" : "&") +
                            "redirect_url=" + urlEncode(config.publicBaseUrl + "/payment?taskId=" + request.orderNo);
        break;
    case domain::PayChannel::Jsapi:
        start.prepayId = *value;
        break;
    }
    return start;
}

domain::Result<domain::PaymentResult> WechatPayGateway::query(const std::string& orderNo) {
    if (!isOrderNo(orderNo)) {
        return domain::invalid("订单号无效");
    }
    const auto answer =
        _impl->call("query", "GET",
                    "/v3/pay/transactions/out-trade-no/" + orderNo + "?mchid=" + urlEncode(_impl->config.mchId), "");
    if (!answer || !answer->success()) {
        return busy();
    }
    auto result = readTransaction(answer->body);
    if (!result || result->orderNo != orderNo) {
        logger().error("wechat query: the answer is not the transaction " + orderNo);
        return busy();
    }
    return std::move(*result);
}

domain::Status WechatPayGateway::close(const std::string& orderNo) {
    if (!isOrderNo(orderNo)) {
        return domain::invalid("订单号无效");
    }
    const auto answer = _impl->call("close", "POST", "/v3/pay/transactions/out-trade-no/" + orderNo + "/close",
                                    "{\"mchid\":" + jsonQuote(_impl->config.mchId) + "}");
    if (!answer) {
        return busy();
    }
    if (answer->success() || answer->error.code == "ORDER_NOT_EXIST") {
        return domain::success();
    }
    return busy();
}

domain::Result<domain::PaymentResult>
WechatPayGateway::parseNotification(const domain::PaymentNotification& notification) {
    const Refusal refusal = _impl->verify(notification.headers, notification.body);
    if (refusal == Refusal::KeysUnavailable) {
        logger().warning("wechat notification: cannot be checked now: " + std::string(describe(refusal)));
        return busy();
    }
    if (refusal != Refusal::None) {
        logger().warning(std::string("wechat notification refused: ") + describe(refusal) + " (serial " +
                         signatureSerial(notification.headers) + ")");
        return DomainError{ErrorCode::Unauthorized, refusalMessage(refusal)};
    }
    const auto envelope = readNotificationEnvelope(notification.body);
    if (!envelope) {
        logger().warning("wechat notification: not a notification body");
        return domain::invalid("通知格式错误");
    }
    if (envelope->algorithm != "AEAD_AES_256_GCM") {
        logger().warning("wechat notification " + envelope->id + ": algorithm " + envelope->algorithm);
        return domain::invalid("不支持的通知加密算法");
    }
    const auto cipher = base64Decode(envelope->ciphertext);
    const auto plain = cipher
                           ? aesGcmDecrypt(_impl->config.apiV3Key, envelope->nonce, envelope->associatedData, *cipher)
                           : std::optional<std::string>{};
    if (!plain) {
        logger().warning("wechat notification " + envelope->id + ": cannot be decrypted with the APIv3 key");
        return domain::invalid("通知解密失败");
    }
    if (!envelope->eventType.starts_with("TRANSACTION.")) {
        logger().information("wechat notification " + envelope->id + ": " + envelope->eventType + ", nothing to do");
        domain::PaymentResult other;
        other.orderNo = readJsonString(*plain, "out_trade_no").value_or("");
        return other;
    }
    std::string tradeState;
    auto result = readTransaction(*plain, &tradeState);
    if (!result) {
        logger().warning("wechat notification " + envelope->id + ": the resource is not a transaction");
        return domain::invalid("通知内容无法识别");
    }
    if (envelope->eventType != "TRANSACTION.SUCCESS" || tradeState != "SUCCESS") {
        result->paid = false;
    }
    logger().information("wechat notification " + envelope->id + ": " + envelope->eventType + " " + tradeState +
                         " for order " + result->orderNo);
    return std::move(*result);
}

std::string WechatPayGateway::authorizeUrl(const std::string& redirectUri, const std::string& state) const {
    return _impl->config.oauthAuthorizeUrl + "?appid=" + urlEncode(_impl->config.appId) +
           "&redirect_uri=" + urlEncode(redirectUri) +
           "&response_type=code&scope=snsapi_base&state=" + urlEncode(state) + "#wechat_redirect";
}

domain::Result<std::string> WechatPayGateway::openIdForCode(const std::string& code) {
    if (code.empty() || code.size() > 512) {
        return domain::invalid("微信授权码无效");
    }
    const WechatConfig& config = _impl->config;
    const std::string path = "/sns/oauth2/access_token?appid=" + urlEncode(config.appId) +
                             "&secret=" + urlEncode(config.oauthSecret) + "&code=" + urlEncode(code) +
                             "&grant_type=authorization_code";
    net::Response reply;
    try {
        reply = _impl->send(_impl->oauth, "GET", path, {{"Accept", "application/json"}}, "");
    } catch (const net::TransportError& e) {
        logger().warning(std::string("wechat oauth: no answer (") + e.what() + ")");
        return DomainError{ErrorCode::Upstream, kOauthFailed};
    }
    const auto openId = reply.status == 200 ? readJsonString(reply.body, "openid") : std::nullopt;
    if (!openId || openId->empty()) {
        const auto errcode = readJsonInteger(reply.body, "errcode");
        logger().warning("wechat oauth: HTTP " + std::to_string(reply.status) + " errcode " +
                         (errcode ? std::to_string(*errcode) : std::string("(none)")) + " " +
                         readJsonString(reply.body, "errmsg").value_or(""));
        return DomainError{ErrorCode::Upstream, kOauthFailed};
    }
    return *openId;
}

domain::JsapiPayParams WechatPayGateway::payParams(const std::string& prepayId) {
    domain::JsapiPayParams params;
    params.appId = _impl->config.appId;
    params.timeStamp = std::to_string(_impl->nowSeconds());
    params.nonceStr = makeNonce(_impl->random);
    params.package = "prepay_id=" + prepayId;
    params.signType = "RSA";
    params.paySign =
        signBase64(_impl->merchantKey, paySignMessage(params.appId, params.timeStamp, params.nonceStr, params.package));
    return params;
}

} // namespace gequ::payment
