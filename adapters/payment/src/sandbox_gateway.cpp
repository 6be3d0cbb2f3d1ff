#include "gequ/payment/sandbox_gateway.h"

#include <chrono>

namespace gequ::payment {

namespace {

/// Records untouched for this long are dropped (an order lives 15 minutes at most).
constexpr auto kRecordLifetime = std::chrono::hours(24);

std::string withoutTrailingSlash(std::string url) {
    while (url.ends_with("/")) {
        url.pop_back();
    }
    return url;
}

} // namespace

SandboxGateway::SandboxGateway(std::string publicBaseUrl, const domain::Clock& clock)
    : _publicBaseUrl(withoutTrailingSlash(std::move(publicBaseUrl))), _clock(clock) {}

std::string SandboxGateway::checkoutUrl(const std::string& orderNo) const {
    return _publicBaseUrl + "/pay/sandbox/" + orderNo;
}

domain::Result<domain::PaymentStart> SandboxGateway::start(const domain::PaymentRequest& request) {
    if (request.orderNo.empty()) {
        return domain::invalid("订单号无效");
    }
    if (request.amountFen <= 0) {
        return domain::invalid("订单金额无效");
    }
    const domain::TimePoint now = _clock.now();
    {
        std::lock_guard lock(_mutex);
        pruneLocked(now);
        Record& record = _records[request.orderNo];
        if (!record.paid && !record.closed) {
            record.amountFen = request.amountFen;
        }
        record.updatedAt = now;
    }
    domain::PaymentStart start;
    start.codeUrl = checkoutUrl(request.orderNo);
    start.redirectUrl = start.codeUrl;
    return start;
}

domain::Result<domain::PaymentResult> SandboxGateway::query(const std::string& orderNo) {
    std::lock_guard lock(_mutex);
    const auto found = _records.find(orderNo);
    if (found == _records.end()) {
        domain::PaymentResult unknown;
        unknown.orderNo = orderNo;
        return unknown;
    }
    return resultOf(orderNo, found->second);
}

domain::Status SandboxGateway::close(const std::string& orderNo) {
    const domain::TimePoint now = _clock.now();
    std::lock_guard lock(_mutex);
    Record& record = _records[orderNo];
    if (record.paid) {
        return domain::DomainError{domain::ErrorCode::Conflict, "订单已支付"};
    }
    record.closed = true;
    record.updatedAt = now;
    return domain::success();
}

domain::Result<domain::PaymentResult> SandboxGateway::confirm(const std::string& orderNo, std::int64_t amountFen) {
    if (orderNo.empty()) {
        return domain::invalid("订单号无效");
    }
    if (amountFen <= 0) {
        return domain::invalid("订单金额无效");
    }
    const domain::TimePoint now = _clock.now();
    std::lock_guard lock(_mutex);
    Record& record = _records[orderNo];
    if (record.closed) {
        return domain::DomainError{domain::ErrorCode::Conflict, "订单已关闭，请重新下单"};
    }
    if (!record.paid) {
        record.paid = true;
        record.amountFen = amountFen;
        record.paidAt = now;
    }
    record.updatedAt = now;
    return resultOf(orderNo, record);
}

domain::PaymentResult SandboxGateway::resultOf(const std::string& orderNo, const Record& record) const {
    domain::PaymentResult result;
    result.orderNo = orderNo;
    result.paid = record.paid;
    result.closed = record.closed;
    if (record.paid) {
        result.providerTxnId = "SANDBOX" + orderNo;
        result.paidAmountFen = record.amountFen;
        result.appId = "sandbox";
        result.mchId = "sandbox";
        result.paidAt = record.paidAt;
    }
    return result;
}

void SandboxGateway::pruneLocked(domain::TimePoint now) {
    for (auto it = _records.begin(); it != _records.end();) {
        if (now - it->second.updatedAt > kRecordLifetime) {
            it = _records.erase(it);
        } else {
            ++it;
        }
    }
}

} // namespace gequ::payment
