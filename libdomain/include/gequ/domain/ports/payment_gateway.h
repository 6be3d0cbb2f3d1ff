#pragma once

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/result.h"

#include <optional>
#include <string>

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

/// A payment provider (WeChat Pay v3 or the sandbox).
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
};

} // namespace gequ::domain
