#pragma once

// Orders and fulfilment (docs/payments.md, "Fulfilment, exactly once"; docs/product.md, "Plans and membership").
//
// An order is created for a plan on a channel (native QR, H5, JSAPI), stored as `created`, then opened at the
// provider (outside the unit of work; a provider failure closes it again). Every paid result, whatever brought it (a
// verified notification, the sandbox's confirm, a status query, reconciliation), goes through fulfil(): one unit of
// work that checks the amount, appid and mchid (a mismatch flags the order as an anomaly and grants nothing), moves
// the order to `paid` with a conditional update, adds the plan's points (ref order:<no>) and extends the membership
// (applyPlan at the paid time). The conditional update and the unique ledger ref make fulfilment exactly-once across
// repeats, races between a poll and a notification, and server instances.

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/payment_gateway.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/store.h"

#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

inline constexpr std::string_view kUnknownPlanMessage = "套餐不存在";
inline constexpr std::string_view kUnknownOrderMessage = "订单不存在";
inline constexpr std::string_view kClosedOrderMessage = "订单已关闭，请重新下单";
inline constexpr std::string_view kPaymentBusyMessage = "支付服务繁忙，请稍后再试";

/// How long an order can be paid: the QR's 5 minutes for native, 15 minutes for H5 and JSAPI.
inline constexpr Millis kNativeOrderLifetime = std::chrono::minutes{5};
inline constexpr Millis kOtherOrderLifetime = std::chrono::minutes{15};
/// A created order this old is asked about at the provider when its status is polled (a lost notification)...
inline constexpr Millis kQueryAfter = std::chrono::seconds{10};
/// ...at most once per this interval per order (per process).
inline constexpr Millis kQueryInterval = std::chrono::seconds{5};

/// The ledger remark of a purchase: 购买《plan name》.
std::string purchaseRemark(const Plan& plan);

/// The answer of GET /pay/resultQuery and /pay/resultTaskId.
enum class PaymentStatus : int { None = -1, Waiting = 0, Paid = 1 };

/// Where a payment result came from (logs; notifications are counted on the order).
enum class PaymentSource { Notification, Sandbox, Query, Reconcile };

/// What fulfil() made of a result.
enum class Fulfilment {
    Fulfilled,        ///< this call granted the plan
    AlreadyFulfilled, ///< the order was paid before (a repeat or a lost race): nothing more granted
    Anomaly,          ///< amount, appid or mchid did not match: flagged, nothing granted
    NotPaid,          ///< the result says the order is not paid: nothing to do
    UnknownOrder,     ///< no order has that number: nothing to do
};

/// How urgent an order log line is; the composition root logs it (never with keys or phone numbers).
enum class OrderLogLevel { Information, Warning, Error };
using OrderLog = std::function<void(OrderLogLevel level, const std::string& message)>;

/// A purchase request.
struct NewOrder {
    std::string userId;
    int planId = 0;
    PayChannel channel = PayChannel::Native;
    std::string clientIp; ///< the payer's address (H5 needs it)
    std::string openId;   ///< JSAPI: the payer's openid when already known; empty: the JSAPI page asks WeChat for it
};

/// A new order and where the payer goes next. For JSAPI on WeChat without an openid, nothing was started yet
/// (started false): the JSAPI page starts it once it has the openid.
struct CreatedOrder {
    Order order;
    PaymentStart start;
    bool started = true;
};

/// An order with its plan (the sandbox checkout page).
struct OrderView {
    Order order;
    Plan plan;
};

/// The next step of the JSAPI page: go to redirectUrl (WeChat's OAuth2 page, or the sandbox checkout), or invoke
/// WeixinJSBridge with payParams; `paid` when the order is paid already.
struct JsapiStep {
    OrderView view;
    std::string redirectUrl;
    std::optional<JsapiPayParams> payParams;
    bool paid = false;
};

/// What one reconcile() run did.
struct ReconcileReport {
    int queried = 0;   ///< open orders asked about at the provider
    int fulfilled = 0; ///< orders this run fulfilled
    int closed = 0;    ///< orders this run closed (expired, or closed at the provider)
    int failed = 0;    ///< provider questions that failed (tried again next run)
};

/// Which orders to list.
struct OrderFilter {
    std::optional<OrderState> state;
    bool anomaliesOnly = false;
    std::string userId;             ///< empty: every user's
    std::optional<TimePoint> since; ///< only orders created at or after it
};

class OrderService {
public:
    /// `sandbox` is the gateway's confirm action when the provider is the sandbox, `jsapi` the WeChat JSAPI support
    /// when it is WeChat (either may be null). Everything must outlive the service. `log` may be empty.
    OrderService(Store& store, const Clock& clock, Random& random, PaymentGateway& gateway, SandboxCheckout* sandbox,
                 JsapiCheckout* jsapi, OrderLog log = {});

    /// Creates an order for the plan and opens it at the provider. 4000 套餐不存在 for an unknown plan, 4040 for an
    /// unknown user, 4000 when H5 has no client IP; a provider failure closes the order and gives 5020.
    Result<CreatedOrder> create(const NewOrder& request);
    /// Paid, waiting or none (another user's order counts as none). A created order older than kQueryAfter is asked
    /// about at the provider (at most once per kQueryInterval) and a paid answer is fulfilled.
    PaymentStatus status(const std::string& userId, const std::string& orderNo);
    /// The one fulfilment path, exactly once per order (see the top of this file). A paid result for a closed order
    /// is honoured. 5000 when the ledger refuses the points (nothing is written then).
    Result<Fulfilment> fulfil(const PaymentResult& result, PaymentSource source);
    /// A provider notification: verified and read by the gateway (its 4010, 4000 or 5020 passed on), then fulfil().
    Result<Fulfilment> notify(const PaymentNotification& notification);

    /// Whether the provider is the sandbox (its checkout page and confirm action exist).
    bool hasSandbox() const { return _sandbox != nullptr; }
    /// The sandbox checkout page's order; 4040 订单不存在 when unknown or not a sandbox order (or no sandbox).
    Result<OrderView> checkout(const std::string& orderNo);
    /// The sandbox payer pays: SandboxCheckout::confirm, then fulfil(); the order afterwards. Repeats are harmless.
    /// 4040 as checkout(); 4090 订单已关闭，请重新下单 for a closed order.
    Result<OrderView> confirmSandbox(const std::string& orderNo);
    /// The JSAPI page (GET /pay/wechat/jsapi?order=…): without `code`, WeChat's OAuth2 URL returning to returnUrl
    /// (state = the order number); with it, the openid, the order started on the JSAPI channel (once; the prepay id
    /// is kept) and the bridge parameters. For the sandbox: its checkout page. 4040 unknown or not a JSAPI order,
    /// 4090 closed, 5020 when WeChat refuses.
    Result<JsapiStep> jsapi(const std::string& orderNo, const std::string& code, const std::string& returnUrl);

    /// Closes created orders whose expiry has passed: asked about at the provider first (a paid one is fulfilled
    /// instead), then closed there (best effort) and here. The number closed.
    int expire();
    /// Asks the provider about every created order (not anomalies) and applies the answer (paid → fulfil, closed →
    /// close), then expire().
    ReconcileReport reconcile();

    /// The order with this number; 4040 订单不存在.
    Result<Order> find(const std::string& orderNo);
    /// Orders matching the filter, oldest first.
    std::vector<Order> list(const OrderFilter& filter, Page page);
    /// The gateway's name ("sandbox" or "wechat").
    std::string provider() const { return _gateway.name(); }

private:
    /// A new order number: GQ + UTC yyyyMMddHHmmss + 12 characters [0-9A-Z].
    std::string newOrderNo(TimePoint now);
    /// Whether the order may be asked about now (at most once per kQueryInterval); notes the question.
    bool mayQuery(const std::string& orderNo, TimePoint now);
    /// Asks the provider about one order and applies a paid or closed answer; what it did.
    void queryAndApply(const Order& order, PaymentSource source, ReconcileReport& report);
    /// Closes a created order here (and best effort at the provider); whether this call closed it.
    bool closeOrder(const Order& order, TimePoint now);
    /// All created orders, oldest first.
    std::vector<Order> openOrders();
    void log(OrderLogLevel level, const std::string& message) const;

    Store& _store;
    const Clock& _clock;
    Random& _random;
    PaymentGateway& _gateway;
    SandboxCheckout* _sandbox;
    JsapiCheckout* _jsapi;
    OrderLog _log;
    std::mutex _queryMutex;
    std::map<std::string, TimePoint> _lastQuery;
};

} // namespace gequ::domain
