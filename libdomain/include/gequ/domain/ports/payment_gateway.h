#pragma once

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gequ::domain {

/// What a provider needs to open a payment for an order.
struct PaymentRequest {
    std::string orderNo;
    std::string description; ///< the plan name
    std::int64_t amountFen = 0;
    PayChannel channel = PayChannel::Native;
    TimePoint expiresAt{};
    std::string clientIp; ///< H5 only
    std::string openId;   ///< JSAPI only
};

/// Where the payer goes next: a QR payload (native), a redirect URL (h5) or a prepay id (jsapi).
struct PaymentStart {
    std::string codeUrl;
    std::string redirectUrl;
    std::string prepayId;
};

/// A provider's view of an order, from a query or a verified notification.
struct PaymentResult {
    std::string orderNo;
    bool paid = false;
    bool closed = false;
    std::string providerTxnId;
    std::int64_t paidAmountFen = 0;
    std::string appId;
    std::string mchId;
    std::optional<TimePoint> paidAt;
};

/// The merchant a genuine result is for; results naming another appid or mchid are anomalies (docs/payments.md).
struct MerchantIdentity {
    std::string appId;
    std::string mchId;
};

/// An HTTP notification a provider sent us, as received: the headers (names in any case) and the raw body bytes.
struct PaymentNotification {
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
};

/// A payment provider (WeChat Pay v3 or the sandbox). parseNotification: Upstream (5020) when the keys to check a
/// notification cannot be fetched; a verified notification that is not a payment gives a result with paid = false.
class PaymentGateway {
public:
    virtual ~PaymentGateway() = default;
    /// Opens a payment for the order at the provider; Upstream (5020) when the provider refuses.
    virtual Result<PaymentStart> start(const PaymentRequest& request) = 0;
    /// Asks the provider for the order's state; Upstream (5020) when it cannot answer.
    virtual Result<PaymentResult> query(const std::string& orderNo) = 0;
    /// Closes an unpaid order at the provider.
    virtual Status close(const std::string& orderNo) = 0;
    /// The provider's name ("sandbox" or "wechat").
    virtual std::string name() const = 0;
    /// The appid and mchid a genuine PaymentResult of this provider carries.
    virtual MerchantIdentity merchant() const { return {}; }
    /// A verified notification's result; Unauthorized (4010) bad signature, InvalidInput (4000) unreadable.
    virtual Result<PaymentResult> parseNotification(const PaymentNotification& notification) {
        (void)notification;
        return DomainError{ErrorCode::InvalidInput, "该支付方式不接收通知"};
    }
};

/// The sandbox provider's confirm action: the simulated payer pays (docs/payments.md, "The sandbox").
class SandboxCheckout {
public:
    virtual ~SandboxCheckout() = default;
    /// Records the order as paid with amountFen; the result a verified notification would give; Conflict if closed.
    virtual Result<PaymentResult> confirm(const std::string& orderNo, std::int64_t amountFen) = 0;
};

/// What WeixinJSBridge.invoke('getBrandWCPayRequest', …) takes, signed by the merchant.
struct JsapiPayParams {
    std::string appId;
    std::string timeStamp; ///< epoch seconds, as text
    std::string nonceStr;
    std::string package; ///< "prepay_id=…"
    std::string signType = "RSA";
    std::string paySign;
};

/// The WeChat JSAPI page's needs: OAuth2 snsapi_base for the payer's openid, and the signed bridge parameters.
class JsapiCheckout {
public:
    virtual ~JsapiCheckout() = default;
    /// The snsapi_base authorize URL; WeChat returns the browser to redirectUri with ?code=…&state=state.
    virtual std::string authorizeUrl(const std::string& redirectUri, const std::string& state) const = 0;
    /// Exchanges an OAuth2 code for the payer's openid, server to server; Upstream (5020) when WeChat refuses.
    virtual Result<std::string> openIdForCode(const std::string& code) = 0;
    /// The signed getBrandWCPayRequest parameters for a prepay id from start() on the JSAPI channel.
    virtual JsapiPayParams payParams(const std::string& prepayId) = 0;
};

} // namespace gequ::domain
