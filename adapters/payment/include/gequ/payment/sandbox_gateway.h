#pragma once

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/payment_gateway.h"

#include <map>
#include <mutex>
#include <string>

namespace gequ::payment {

/// The simulated provider (payment.provider = sandbox, the default), name "sandbox": a complete checkout without
/// money. start() sends every channel to the checkout page {publicBaseUrl}/pay/sandbox/<orderNo> (codeUrl for the
/// QR, redirectUrl for h5 and jsapi); the page's confirm action calls confirm(), whose result goes down the same
/// fulfilment path as a verified WeChat notification; from then on query() reports the order paid, with transaction
/// id SANDBOX<orderNo>, the confirmed amount and appid = mchid = "sandbox" (merchant()). close() marks an unpaid
/// order closed, after which confirm() is refused.
///
/// The records live in memory (a restarted server has none: query() then answers "neither paid nor closed", which
/// the order service reads as "still waiting"); records older than a day are dropped. Thread-safe.
///
/// It grants plans without payment: the composition root must refuse to build it when app.env = production.
class SandboxGateway : public domain::PaymentGateway, public domain::SandboxCheckout {
public:
    /// publicBaseUrl: http.public_base_url, e.g. http://127.0.0.1:8080 (a trailing slash is ignored).
    SandboxGateway(std::string publicBaseUrl, const domain::Clock& clock);

    domain::Result<domain::PaymentStart> start(const domain::PaymentRequest& request) override;
    domain::Result<domain::PaymentResult> query(const std::string& orderNo) override;
    /// Conflict 订单已支付 when the order was confirmed.
    domain::Status close(const std::string& orderNo) override;
    std::string name() const override { return "sandbox"; }
    domain::MerchantIdentity merchant() const override { return {"sandbox", "sandbox"}; }

    /// Idempotent: a second confirm gives the first one's result. Conflict 订单已关闭，请重新下单 after close().
    domain::Result<domain::PaymentResult> confirm(const std::string& orderNo, std::int64_t amountFen) override;

    /// The checkout page of an order: {publicBaseUrl}/pay/sandbox/<orderNo>.
    std::string checkoutUrl(const std::string& orderNo) const;

private:
    struct Record {
        std::int64_t amountFen = 0;
        bool paid = false;
        bool closed = false;
        domain::TimePoint updatedAt{};
        domain::TimePoint paidAt{};
    };
    domain::PaymentResult resultOf(const std::string& orderNo, const Record& record) const;
    void pruneLocked(domain::TimePoint now);

    std::string _publicBaseUrl;
    const domain::Clock& _clock;
    std::mutex _mutex;
    std::map<std::string, Record> _records;
};

} // namespace gequ::payment
