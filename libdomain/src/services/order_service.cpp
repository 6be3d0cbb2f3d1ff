#include "gequ/domain/services/order_service.h"

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/services/ledger.h"

#include <algorithm>
#include <cstdio>

namespace gequ::domain {

namespace {

constexpr std::string_view kOrderAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
constexpr int kOrderRandomChars = 12;
/// Longer input is not an order number of ours (WeChat's out_trade_no is at most 32).
constexpr std::size_t kMaxOrderNoChars = 32;
constexpr int kListBatch = 500;
/// The question times kept for throttling are forgotten after this long.
constexpr auto kForgetQueriesAfter = std::chrono::hours{1};
constexpr std::size_t kPruneQueriesAbove = 1000;

DomainError unknownOrder() {
    return {ErrorCode::NotFound, std::string(kUnknownOrderMessage)};
}

DomainError closedOrder() {
    return {ErrorCode::Conflict, std::string(kClosedOrderMessage)};
}

std::string sourceName(PaymentSource source) {
    switch (source) {
    case PaymentSource::Notification:
        return "notification";
    case PaymentSource::Sandbox:
        return "sandbox confirm";
    case PaymentSource::Query:
        return "status query";
    case PaymentSource::Reconcile:
        return "reconcile";
    }
    return "unknown";
}

/// UTC yyyyMMddHHmmss.
std::string compactUtc(TimePoint at) {
    const auto day = std::chrono::floor<std::chrono::days>(at);
    const std::chrono::year_month_day date{day};
    const std::chrono::hh_mm_ss time{std::chrono::floor<std::chrono::seconds>(at - day)};
    char text[32];
    std::snprintf(text, sizeof text, "%04d%02u%02u%02d%02d%02d", static_cast<int>(date.year()),
                  static_cast<unsigned>(date.month()), static_cast<unsigned>(date.day()),
                  static_cast<int>(time.hours().count()), static_cast<int>(time.minutes().count()),
                  static_cast<int>(time.seconds().count()));
    return text;
}

/// What the provider's start gave that the order keeps: the QR payload, the H5 redirect or the JSAPI prepay id.
std::string keptStart(const PaymentStart& start) {
    if (!start.codeUrl.empty()) {
        return start.codeUrl;
    }
    if (!start.redirectUrl.empty()) {
        return start.redirectUrl;
    }
    return start.prepayId;
}

/// Whether an order was opened at the provider (a JSAPI order on WeChat waits for the payer's openid).
bool startedAtProvider(const Order& order) {
    return order.channel != PayChannel::Jsapi || !order.codeUrl.empty();
}

} // namespace

std::string purchaseRemark(const Plan& plan) {
    return "购买《" + plan.name + "》";
}

OrderService::OrderService(Store& store, const Clock& clock, Random& random, PaymentGateway& gateway,
                           SandboxCheckout* sandbox, JsapiCheckout* jsapi, OrderLog log)
    : _store(store), _clock(clock), _random(random), _gateway(gateway), _sandbox(sandbox), _jsapi(jsapi),
      _log(std::move(log)) {}

void OrderService::log(OrderLogLevel level, const std::string& message) const {
    if (_log) {
        _log(level, message);
    }
}

std::string OrderService::newOrderNo(TimePoint now) {
    std::string no = "GQ" + compactUtc(now);
    for (int i = 0; i < kOrderRandomChars; ++i) {
        no += kOrderAlphabet[static_cast<std::size_t>(
            _random.uniform(0, static_cast<std::int64_t>(kOrderAlphabet.size()) - 1))];
    }
    return no;
}

Result<CreatedOrder> OrderService::create(const NewOrder& request) {
    const Plan* plan = findPlan(request.planId);
    if (plan == nullptr) {
        return invalid(std::string(kUnknownPlanMessage));
    }
    if (request.channel == PayChannel::H5 && request.clientIp.empty()) {
        return invalid("无法识别客户端地址");
    }
    const TimePoint now = _clock.now();
    CreatedOrder created;
    Order& order = created.order;
    order.orderNo = newOrderNo(now);
    order.userId = request.userId;
    order.planId = plan->id;
    order.amountFen = plan->priceFen;
    order.channel = request.channel;
    order.provider = _gateway.name();
    order.state = OrderState::Created;
    order.createdAt = now;
    order.expiresAt = now + (request.channel == PayChannel::Native ? kNativeOrderLifetime : kOtherOrderLifetime);
    auto inserted = inTransaction(_store, [&](Repositories& repos) -> Status {
        if (!repos.users().findById(request.userId)) {
            return DomainError{ErrorCode::NotFound, "用户不存在"};
        }
        repos.orders().insert(order);
        return success();
    });
    if (!inserted) {
        return inserted.error();
    }

    if (request.channel == PayChannel::Jsapi && request.openId.empty() && _jsapi != nullptr) {
        created.started = false; // the JSAPI page starts it with the payer's openid
        return created;
    }
    PaymentRequest payment;
    payment.orderNo = order.orderNo;
    payment.description = plan->name;
    payment.amountFen = order.amountFen;
    payment.channel = order.channel;
    payment.expiresAt = order.expiresAt;
    payment.clientIp = request.clientIp;
    payment.openId = request.openId;
    auto started = _gateway.start(payment);
    if (!started) {
        log(OrderLogLevel::Warning, "order " + order.orderNo + ": " + _gateway.name() + " refused to start it (" +
                                        started.error().message + "); closed");
        _store.transact([&](Repositories& repos) {
            repos.orders().markClosed(order.orderNo, now);
            return true;
        });
        if (started.error().code == ErrorCode::Upstream) {
            return started.error();
        }
        return DomainError{ErrorCode::Upstream, std::string(kPaymentBusyMessage)};
    }
    created.start = std::move(*started);
    order.codeUrl = keptStart(created.start);
    if (!order.codeUrl.empty()) {
        _store.transact([&](Repositories& repos) {
            repos.orders().setCodeUrl(order.orderNo, order.codeUrl);
            return true;
        });
    }
    return created;
}

bool OrderService::mayQuery(const std::string& orderNo, TimePoint now) {
    std::lock_guard lock(_queryMutex);
    if (_lastQuery.size() > kPruneQueriesAbove) {
        std::erase_if(_lastQuery, [&](const auto& entry) { return now - entry.second > kForgetQueriesAfter; });
    }
    auto [it, inserted] = _lastQuery.try_emplace(orderNo, now);
    if (inserted) {
        return true;
    }
    if (now - it->second < kQueryInterval) {
        return false;
    }
    it->second = now;
    return true;
}

PaymentStatus OrderService::status(const std::string& userId, const std::string& rawOrderNo) {
    const std::string orderNo = trim(rawOrderNo);
    if (orderNo.empty() || orderNo.size() > kMaxOrderNoChars) {
        return PaymentStatus::None;
    }
    auto order = readOnly(_store, [&](Repositories& repos) { return repos.orders().findByNo(orderNo); });
    if (!order || order->userId != userId) {
        return PaymentStatus::None;
    }
    if (order->state == OrderState::Paid) {
        return PaymentStatus::Paid;
    }
    const TimePoint now = _clock.now();
    if (order->state == OrderState::Created && !order->anomaly && startedAtProvider(*order) &&
        now - order->createdAt >= kQueryAfter && mayQuery(orderNo, now)) {
        // A lost notification must never leave a paying user waiting: ask the provider.
        ReconcileReport ignored;
        queryAndApply(*order, PaymentSource::Query, ignored);
        order = readOnly(_store, [&](Repositories& repos) { return repos.orders().findByNo(orderNo); });
        if (order && order->state == OrderState::Paid) {
            return PaymentStatus::Paid;
        }
    }
    return PaymentStatus::Waiting;
}

Result<Fulfilment> OrderService::fulfil(const PaymentResult& result, PaymentSource source) {
    if (!result.paid) {
        return Fulfilment::NotPaid;
    }
    const TimePoint now = _clock.now();
    const MerchantIdentity merchant = _gateway.merchant();
    std::optional<Result<Fulfilment>> out;
    std::string note;
    OrderLogLevel level = OrderLogLevel::Information;
    _store.transact([&](Repositories& repos) {
        auto& orders = repos.orders();
        const auto order = orders.findByNo(result.orderNo);
        if (!order) {
            out.emplace(Fulfilment::UnknownOrder);
            level = OrderLogLevel::Warning;
            note = "a paid result (" + sourceName(source) + ") names an unknown order " + result.orderNo;
            return true;
        }
        if (source == PaymentSource::Notification) {
            orders.addNotify(order->orderNo);
        }
        if (order->state == OrderState::Paid) {
            out.emplace(Fulfilment::AlreadyFulfilled);
            return true;
        }
        const Plan* plan = findPlan(order->planId);
        std::string mismatch;
        if (plan == nullptr) {
            mismatch = "its plan " + std::to_string(order->planId) + " is not in the catalogue";
        } else if (result.paidAmountFen != order->amountFen) {
            mismatch = "paid " + std::to_string(result.paidAmountFen) + " fen, the order is " +
                       std::to_string(order->amountFen) + " fen";
        } else if (result.appId != merchant.appId || result.mchId != merchant.mchId) {
            mismatch = "paid to appid " + result.appId + " mchid " + result.mchId + ", expected appid " +
                       merchant.appId + " mchid " + merchant.mchId;
        }
        if (!mismatch.empty()) {
            orders.markAnomaly(order->orderNo);
            out.emplace(Fulfilment::Anomaly);
            level = OrderLogLevel::Error;
            note = "order " + order->orderNo + " is an anomaly (" + sourceName(source) + "): " + mismatch +
                   "; nothing granted";
            return true;
        }
        // The paid time is the provider's, unless it lies in the future of our clock.
        const TimePoint paidAt = result.paidAt && *result.paidAt <= now ? *result.paidAt : now;
        if (!orders.markPaid(order->orderNo, result.providerTxnId, result.paidAmountFen, paidAt)) {
            out.emplace(Fulfilment::AlreadyFulfilled); // a concurrent fulfilment won
            return true;
        }
        if (plan->points > 0) {
            auto points =
                applyPoints(repos, order->userId, plan->points, purchaseRemark(*plan), orderRef(order->orderNo), now);
            if (!points) {
                out.emplace(DomainError{ErrorCode::Internal, "服务器繁忙，请稍后再试"});
                level = OrderLogLevel::Error;
                note = "order " + order->orderNo + " cannot be fulfilled: the ledger refused its points (" +
                       points.error().message + ")";
                return false;
            }
        } else {
            repos.users().addPoints(order->userId, 0); // the user's row lock, as the points change would take it
        }
        // The membership is read under the user's row lock (taken by the points change), so a concurrent purchase
        // or redemption cannot be overwritten.
        const auto user = repos.users().findById(order->userId);
        if (!user) {
            out.emplace(DomainError{ErrorCode::Internal, "服务器繁忙，请稍后再试"});
            level = OrderLogLevel::Error;
            note = "order " + order->orderNo + " cannot be fulfilled: its user " + order->userId + " is gone";
            return false;
        }
        const Membership after = applyPlan(membershipOf(*user), *plan, paidAt);
        repos.users().updateMembership(user->id, after.level, after.expiresAt, after.lifetime);
        out.emplace(Fulfilment::Fulfilled);
        note = "order " + order->orderNo + " paid (" + sourceName(source) + "): user " + order->userId + " plan " +
               std::to_string(plan->id) + " +" + std::to_string(plan->points) + " points, level " +
               std::to_string(after.level) +
               (order->state == OrderState::Closed ? " (the order had been closed; the payment is honoured)" : "");
        return true;
    });
    if (!note.empty()) {
        log(level, note);
    }
    return std::move(*out);
}

Result<Fulfilment> OrderService::notify(const PaymentNotification& notification) {
    auto parsed = _gateway.parseNotification(notification);
    if (!parsed) {
        return parsed.error();
    }
    return fulfil(*parsed, PaymentSource::Notification);
}

Result<OrderView> OrderService::checkout(const std::string& rawOrderNo) {
    const std::string orderNo = trim(rawOrderNo);
    if (_sandbox == nullptr || orderNo.empty() || orderNo.size() > kMaxOrderNoChars) {
        return unknownOrder();
    }
    auto order = readOnly(_store, [&](Repositories& repos) { return repos.orders().findByNo(orderNo); });
    const Plan* plan = order ? findPlan(order->planId) : nullptr;
    if (!order || plan == nullptr || order->provider != _gateway.name()) {
        return unknownOrder();
    }
    return OrderView{std::move(*order), *plan};
}

Result<OrderView> OrderService::confirmSandbox(const std::string& orderNo) {
    auto view = checkout(orderNo);
    if (!view) {
        return view.error();
    }
    Order& order = view->order;
    if (order.state == OrderState::Paid) {
        return view;
    }
    const TimePoint now = _clock.now();
    if (order.state == OrderState::Closed) {
        return closedOrder();
    }
    if (now >= order.expiresAt) {
        closeOrder(order, now);
        return closedOrder();
    }
    auto confirmed = _sandbox->confirm(order.orderNo, order.amountFen);
    if (!confirmed) {
        return confirmed.error();
    }
    auto fulfilled = fulfil(*confirmed, PaymentSource::Sandbox);
    if (!fulfilled) {
        return fulfilled.error();
    }
    return checkout(order.orderNo);
}

Result<JsapiStep> OrderService::jsapi(const std::string& rawOrderNo, const std::string& code,
                                      const std::string& returnUrl) {
    const std::string orderNo = trim(rawOrderNo);
    if (orderNo.empty() || orderNo.size() > kMaxOrderNoChars) {
        return unknownOrder();
    }
    auto order = readOnly(_store, [&](Repositories& repos) { return repos.orders().findByNo(orderNo); });
    const Plan* plan = order ? findPlan(order->planId) : nullptr;
    if (!order || plan == nullptr || order->channel != PayChannel::Jsapi || order->provider != _gateway.name()) {
        return unknownOrder();
    }
    JsapiStep step;
    step.view = OrderView{*order, *plan};
    if (order->state == OrderState::Paid) {
        step.paid = true;
        return step;
    }
    const TimePoint now = _clock.now();
    if (order->state == OrderState::Closed) {
        return closedOrder();
    }
    if (now >= order->expiresAt) {
        closeOrder(*order, now);
        return closedOrder();
    }
    if (_jsapi == nullptr) {
        // The sandbox: its checkout page stands in for WeChat's payment sheet.
        if (order->codeUrl.empty()) {
            return DomainError{ErrorCode::Upstream, std::string(kPaymentBusyMessage)};
        }
        step.redirectUrl = order->codeUrl;
        return step;
    }
    if (!order->codeUrl.empty()) {
        step.payParams = _jsapi->payParams(order->codeUrl); // started on an earlier visit
        return step;
    }
    if (code.empty()) {
        step.redirectUrl = _jsapi->authorizeUrl(returnUrl, order->orderNo);
        return step;
    }
    auto openId = _jsapi->openIdForCode(code);
    if (!openId) {
        return openId.error();
    }
    PaymentRequest payment;
    payment.orderNo = order->orderNo;
    payment.description = plan->name;
    payment.amountFen = order->amountFen;
    payment.channel = PayChannel::Jsapi;
    payment.expiresAt = order->expiresAt;
    payment.openId = *openId;
    auto started = _gateway.start(payment);
    if (!started || started->prepayId.empty()) {
        log(OrderLogLevel::Warning,
            "order " + order->orderNo + ": the JSAPI payment could not be started" +
                (started ? std::string(" (no prepay id)") : " (" + started.error().message + ")"));
        if (!started && started.error().code == ErrorCode::Upstream) {
            return started.error();
        }
        return DomainError{ErrorCode::Upstream, std::string(kPaymentBusyMessage)};
    }
    _store.transact([&](Repositories& repos) {
        repos.orders().setCodeUrl(order->orderNo, started->prepayId);
        return true;
    });
    step.view.order.codeUrl = started->prepayId;
    step.payParams = _jsapi->payParams(started->prepayId);
    return step;
}

std::vector<Order> OrderService::openOrders() {
    std::vector<Order> open;
    for (int offset = 0;; offset += kListBatch) {
        auto batch = readOnly(_store, [&](Repositories& repos) {
            return repos.orders().listByState(OrderState::Created, Page{offset, kListBatch});
        });
        const bool last = batch.size() < static_cast<std::size_t>(kListBatch);
        open.insert(open.end(), std::make_move_iterator(batch.begin()), std::make_move_iterator(batch.end()));
        if (last) {
            return open;
        }
    }
}

bool OrderService::closeOrder(const Order& order, TimePoint now) {
    if (startedAtProvider(order)) {
        auto closed = _gateway.close(order.orderNo);
        if (!closed) {
            if (closed.error().code == ErrorCode::Conflict) {
                // The provider says it is paid: fulfil it instead of closing it.
                ReconcileReport ignored;
                queryAndApply(order, PaymentSource::Reconcile, ignored);
                return false;
            }
            log(OrderLogLevel::Warning, "order " + order.orderNo + ": closing it at " + _gateway.name() + " failed (" +
                                            closed.error().message + "); closed here anyway");
        }
    }
    bool moved = false;
    _store.transact([&](Repositories& repos) {
        moved = repos.orders().markClosed(order.orderNo, now);
        return true;
    });
    return moved;
}

void OrderService::queryAndApply(const Order& order, PaymentSource source, ReconcileReport& report) {
    ++report.queried;
    auto answer = _gateway.query(order.orderNo);
    if (!answer) {
        ++report.failed;
        log(OrderLogLevel::Warning,
            "order " + order.orderNo + ": asking " + _gateway.name() + " failed (" + answer.error().message + ")");
        return;
    }
    if (answer->orderNo.empty()) {
        answer->orderNo = order.orderNo;
    }
    if (answer->orderNo != order.orderNo) {
        ++report.failed;
        log(OrderLogLevel::Error, "order " + order.orderNo + ": " + _gateway.name() + " answered about another order");
        return;
    }
    if (answer->paid) {
        auto fulfilled = fulfil(*answer, source);
        if (!fulfilled) {
            ++report.failed;
        } else if (*fulfilled == Fulfilment::Fulfilled) {
            ++report.fulfilled;
        }
        return;
    }
    if (answer->closed) {
        bool moved = false;
        _store.transact([&](Repositories& repos) {
            moved = repos.orders().markClosed(order.orderNo, _clock.now());
            return true;
        });
        if (moved) {
            ++report.closed;
            log(OrderLogLevel::Information, "order " + order.orderNo + " was closed at " + _gateway.name());
        }
    }
}

int OrderService::expire() {
    const TimePoint now = _clock.now();
    int closed = 0;
    for (const Order& order : openOrders()) {
        if (order.expiresAt > now) {
            continue;
        }
        if (!order.anomaly && startedAtProvider(order)) {
            // A last question first: a payment that has just arrived must not be closed away.
            ReconcileReport report;
            queryAndApply(order, PaymentSource::Reconcile, report);
            closed += report.closed;
            if (report.fulfilled > 0 || report.closed > 0) {
                continue;
            }
        }
        if (closeOrder(order, now)) {
            ++closed;
        }
    }
    return closed;
}

ReconcileReport OrderService::reconcile() {
    const TimePoint now = _clock.now();
    ReconcileReport report;
    for (const Order& order : openOrders()) {
        const bool expired = order.expiresAt <= now;
        if (!order.anomaly && startedAtProvider(order) && (expired || mayQuery(order.orderNo, now))) {
            const int before = report.fulfilled + report.closed;
            queryAndApply(order, PaymentSource::Reconcile, report);
            if (report.fulfilled + report.closed > before) {
                continue;
            }
        }
        if (expired && closeOrder(order, now)) {
            ++report.closed;
        }
    }
    return report;
}

Result<Order> OrderService::find(const std::string& rawOrderNo) {
    const std::string orderNo = trim(rawOrderNo);
    auto order = orderNo.empty()
                     ? std::nullopt
                     : readOnly(_store, [&](Repositories& repos) { return repos.orders().findByNo(orderNo); });
    if (!order) {
        return unknownOrder();
    }
    return std::move(*order);
}

std::vector<Order> OrderService::list(const OrderFilter& filter, Page page) {
    if (!filter.anomaliesOnly && filter.userId.empty() && !filter.since) {
        return readOnly(_store, [&](Repositories& repos) { return repos.orders().listByState(filter.state, page); });
    }
    std::vector<Order> matching;
    const auto wanted = static_cast<std::size_t>(std::max(0, page.offset) + std::max(0, page.limit));
    for (int offset = 0; matching.size() < wanted; offset += kListBatch) {
        const auto batch = readOnly(_store, [&](Repositories& repos) {
            return repos.orders().listByState(filter.state, Page{offset, kListBatch});
        });
        for (const Order& order : batch) {
            if ((!filter.anomaliesOnly || order.anomaly) && (filter.userId.empty() || order.userId == filter.userId) &&
                (!filter.since || order.createdAt >= *filter.since)) {
                matching.push_back(order);
            }
        }
        if (batch.size() < static_cast<std::size_t>(kListBatch)) {
            break;
        }
    }
    const auto from = std::min(matching.size(), static_cast<std::size_t>(std::max(0, page.offset)));
    const auto to = std::min(matching.size(), wanted);
    return std::vector<Order>(matching.begin() + static_cast<std::ptrdiff_t>(from),
                              matching.begin() + static_cast<std::ptrdiff_t>(to));
}

} // namespace gequ::domain
