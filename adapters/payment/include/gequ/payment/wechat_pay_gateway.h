#pragma once

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/payment_gateway.h"
#include "gequ/domain/ports/random.h"
#include "gequ/payment/wechat_config.h"

#include <memory>
#include <string>

namespace gequ::payment {

/// WeChat Pay API v3 (docs/payments.md), name "wechat". Every request is signed with the merchant key
/// (WECHATPAY2-SHA256-RSA2048); every 2xx answer and every notification must carry a valid WeChat signature, made
/// with the WeChat Pay public key (serial PUB_KEY_ID_…) or a platform certificate (downloaded from /v3/certificates,
/// decrypted with the APIv3 key, cached by serial, downloaded again when an unknown serial appears, at most once a
/// minute), with a timestamp at most 300 s from the clock; SIGNTEST probes and unsigned answers are refused.
///
/// - start(): Native → codeUrl (weixin://…, for the QR); H5 (request.clientIp required) → redirectUrl, WeChat's
///   h5_url with &redirect_url= to {publicBaseUrl}/payment?taskId=<no>; JSAPI (request.openId required) → prepayId,
///   for payParams(). time_expire is request.expiresAt.
/// - query(): SUCCESS → paid; CLOSED, REVOKED, PAYERROR → closed; NOTPAY, USERPAYING, REFUND → neither.
/// - close(): 204 → success; an order WeChat never saw (ORDER_NOT_EXIST) counts as closed.
/// - parseNotification(): for POST /pay/notify/wechat. Unauthorized (answer 401 {"code":"FAIL","message":…}),
///   InvalidInput (answer 400 likewise), Upstream when the platform certificates cannot be fetched (answer 500, WeChat
///   retries); a TRANSACTION.SUCCESS gives a paid result; other verified events give paid = false (answer 204).
/// - Refusals, error answers and transport failures of WeChat are Upstream 支付服务繁忙，请稍后再试, logged to the
///   gequ.payment logger with WeChat's code (never a key or a signature).
///
/// No network call happens before the first use. Thread-safe.
class WechatPayGateway : public domain::PaymentGateway, public domain::JsapiCheckout {
public:
    /// Throws std::invalid_argument naming the configuration key that is missing or invalid.
    WechatPayGateway(WechatConfig config, const domain::Clock& clock, domain::Random& random);
    ~WechatPayGateway() override;
    WechatPayGateway(const WechatPayGateway&) = delete;
    WechatPayGateway& operator=(const WechatPayGateway&) = delete;

    domain::Result<domain::PaymentStart> start(const domain::PaymentRequest& request) override;
    domain::Result<domain::PaymentResult> query(const std::string& orderNo) override;
    domain::Status close(const std::string& orderNo) override;
    std::string name() const override { return "wechat"; }
    domain::MerchantIdentity merchant() const override;
    domain::Result<domain::PaymentResult> parseNotification(const domain::PaymentNotification& notification) override;

    /// {oauthAuthorizeUrl}?appid=…&redirect_uri=…&response_type=code&scope=snsapi_base&state=…#wechat_redirect
    std::string authorizeUrl(const std::string& redirectUri, const std::string& state) const override;
    /// GET {oauthBaseUrl}/sns/oauth2/access_token; Upstream 微信授权失败，请重新打开支付页面 on errcode or no answer.
    domain::Result<std::string> openIdForCode(const std::string& code) override;
    /// paySign = the merchant signature of appId\ntimeStamp\nnonceStr\npackage\n; timeStamp from the clock.
    domain::JsapiPayParams payParams(const std::string& prepayId) override;

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::payment
