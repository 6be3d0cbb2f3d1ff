// The membership and payment routes (docs/api.md, "Membership and payment"; docs/payments.md).

#include "envelope.h"
#include "gequ/domain/model/plans.h"
#include "json_input.h"
#include "json_views.h"
#include "pay_pages.h"
#include "routes.h"

#include <Poco/JSON/Object.h>
#include <Poco/Logger.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/URI.h>
#include <climits>

namespace gequ::http {

namespace {

using domain::ErrorCode;

constexpr const char* kMessageChoosePlan = "请选择套餐";
constexpr const char* kJsapiPath = "/pay/wechat/jsapi";

Poco::Logger& payLogger() {
    return Poco::Logger::get("gequ.pay");
}

/// The plan id of a purchase body: a bare JSON number (or string of digits), or {id}.
domain::Result<int> planIdOf(const Request& request) {
    auto json = parseJson(request.body);
    if (!json) {
        return domain::invalid(kMessageChoosePlan);
    }
    Poco::JSON::Object::Ptr object;
    if (json->type() == typeid(Poco::JSON::Object::Ptr)) {
        object = json->extract<Poco::JSON::Object::Ptr>();
    } else {
        object = new Poco::JSON::Object;
        object->set("id", *json);
    }
    auto id = intField(object, "id", false);
    if (!id || !id->has_value()) {
        return domain::invalid(kMessageChoosePlan);
    }
    if (**id < 1 || **id > INT_MAX) {
        return domain::invalid(std::string(domain::kUnknownPlanMessage));
    }
    return static_cast<int>(**id);
}

/// Creates an order on a channel for the signed-in caller.
domain::Result<domain::CreatedOrder> createOrder(RouteContext& context, Request& request, domain::PayChannel channel) {
    auto user = requireUser(request);
    if (!user) {
        return user.error();
    }
    auto planId = planIdOf(request);
    if (!planId) {
        return planId.error();
    }
    domain::NewOrder order;
    order.userId = *user;
    order.planId = *planId;
    order.channel = channel;
    order.clientIp = request.clientIp;
    return context.services.payments.orders->create(order);
}

/// GET /pay/resultQuery and /pay/resultTaskId: 1 paid, 0 waiting, -1 none.
Response resultOf(RouteContext& context, Request& request) {
    auto user = requireUser(request);
    if (!user) {
        return errorResponse(user.error());
    }
    auto taskId = textParam(request, "taskId");
    if (!taskId) {
        return errorResponse(taskId.error());
    }
    if (!taskId->has_value() || (*taskId)->empty()) {
        return errorResponse(ErrorCode::InvalidInput, "缺少参数 taskId");
    }
    const auto status = context.services.payments.orders->status(*user, **taskId);
    return okResponse(static_cast<int>(status));
}

/// A FAIL answer of the notification endpoint, which makes WeChat retry.
Response notificationFailure(int status, const std::string& message) {
    Poco::JSON::Object::Ptr object = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    object->set("code", "FAIL");
    object->set("message", message);
    return rawJsonResponse(status, object);
}

Response notify(RouteContext& context, Request& request) {
    domain::PaymentNotification notification;
    if (request.headers != nullptr) {
        for (const auto& [name, value] : *request.headers) {
            notification.headers.emplace_back(name, value);
        }
    }
    notification.body = request.body;
    domain::Result<domain::Fulfilment> handled = domain::Fulfilment::NotPaid;
    try {
        handled = context.services.payments.orders->notify(notification);
    } catch (const std::exception& e) {
        payLogger().error("payment notification (request %s) failed: %s", request.requestId, std::string(e.what()));
        return notificationFailure(500, "系统繁忙，请稍后重试");
    }
    if (!handled) {
        const auto& error = handled.error();
        switch (error.code) {
        case ErrorCode::Unauthorized:
            return notificationFailure(401, error.message);
        case ErrorCode::InvalidInput:
            return notificationFailure(400, error.message);
        default:
            return notificationFailure(500, error.message);
        }
    }
    Response accepted;
    accepted.status = 204;
    accepted.contentType.clear();
    return accepted;
}

/// An error of a page as a page.
Response pageError(const domain::DomainError& error) {
    switch (error.code) {
    case ErrorCode::NotFound:
        return pages::message(404, "订单不存在", error.message);
    case ErrorCode::Conflict:
        return pages::message(409, "订单已关闭", error.message);
    default:
        return pages::message(httpStatusFor(error.code), "支付失败", error.message);
    }
}

/// Runs a page handler; exceptions become a 500 page (logged) rather than a JSON envelope.
template <class F> Response page(const Request& request, F&& f) {
    try {
        return f();
    } catch (const std::exception& e) {
        payLogger().error("payment page %s (request %s) failed: %s", request.path, request.requestId,
                          std::string(e.what()));
        return pages::message(500, "支付失败", kMessageInternal);
    }
}

void addSandboxRoutes(Router& router, RouteContext& context) {
    domain::OrderService& orders = *context.services.payments.orders;
    router.addPrefix("GET", "/pay/sandbox/", [&orders](Request& request) {
        return page(request, [&] {
            if (request.pathRest.empty() || request.pathRest.find('/') != std::string::npos) {
                return pages::message(404, "订单不存在", std::string(domain::kUnknownOrderMessage));
            }
            auto view = orders.checkout(request.pathRest);
            return view ? pages::sandboxCheckout(*view) : pageError(view.error());
        });
    });
    router.addPrefix("POST", "/pay/sandbox/", [&orders](Request& request) {
        return page(request, [&] {
            constexpr std::string_view kConfirm = "/confirm";
            const std::string& rest = request.pathRest;
            if (!rest.ends_with(kConfirm) || rest.size() == kConfirm.size()) {
                return pages::message(404, "订单不存在", std::string(domain::kUnknownOrderMessage));
            }
            auto view = orders.confirmSandbox(rest.substr(0, rest.size() - kConfirm.size()));
            if (!view) {
                return pageError(view.error());
            }
            if (view->order.channel == domain::PayChannel::Native) {
                return pages::sandboxPaid(*view);
            }
            // H5 and JSAPI payers return to the payment result page, as WeChat sends them back.
            return pages::redirect("/payment?taskId=" + view->order.orderNo, 303);
        });
    });
}

void addJsapiRoutes(Router& router, RouteContext& context) {
    domain::OrderService& orders = *context.services.payments.orders;
    const std::string returnBase = context.config.publicBaseUrl + kJsapiPath + "?order=";
    router.add("GET", kJsapiPath, [&orders, returnBase](Request& request) {
        return page(request, [&] {
            const std::string orderNo = request.param("order").value_or(request.param("state").value_or(""));
            const std::string code = request.param("code").value_or("");
            std::string returnUrl;
            Poco::URI::encode(orderNo, "&=?#+/%", returnUrl);
            returnUrl = returnBase + returnUrl;
            auto step = orders.jsapi(orderNo, code, returnUrl);
            if (!step) {
                return pageError(step.error());
            }
            if (step->paid) {
                return pages::redirect("/payment?taskId=" + step->view.order.orderNo);
            }
            if (!step->redirectUrl.empty()) {
                return pages::redirect(step->redirectUrl);
            }
            if (!step->payParams) {
                return pages::message(502, "支付失败", std::string(domain::kPaymentBusyMessage));
            }
            return pages::jsapiPay(step->view, *step->payParams);
        });
    });
    router.add("GET", "/pay/wechat/jsapi.js", [](Request&) { return pages::jsapiScript(); });
}

} // namespace

void addPayRoutes(Router& router, RouteContext& context) {
    router.add("GET", "/pay/plans", [](Request&) { return okResponse(views::plans(domain::planCatalogue())); });

    if (context.services.payments.orders == nullptr) {
        return;
    }
    router.add("POST", "/pay/jsapiPc", [&context](Request& request) {
        auto created = createOrder(context, request, domain::PayChannel::Native);
        if (!created) {
            return errorResponse(created.error());
        }
        const std::string& codeUrl = created->start.codeUrl;
        if (codeUrl.empty() || !context.services.payments.qrCode) {
            payLogger().error("order %s: no QR payload or no QR maker", created->order.orderNo);
            return errorResponse(ErrorCode::Internal, kMessageInternal);
        }
        return okResponse(views::qrPayment(context.services.payments.qrCode(codeUrl)), kMessageOk, "request_id",
                          created->order.orderNo);
    });
    router.add("POST", "/pay/h5", [&context](Request& request) {
        auto created = createOrder(context, request, domain::PayChannel::H5);
        if (!created) {
            return errorResponse(created.error());
        }
        if (created->start.redirectUrl.empty()) {
            payLogger().error("order %s: the provider gave no H5 address", created->order.orderNo);
            return errorResponse(ErrorCode::Internal, kMessageInternal);
        }
        return okResponse(created->start.redirectUrl);
    });
    router.add("POST", "/pay/jsapi", [&context](Request& request) {
        auto created = createOrder(context, request, domain::PayChannel::Jsapi);
        if (!created) {
            return errorResponse(created.error());
        }
        return okResponse(
            views::jsapiOrder(context.config.publicBaseUrl + kJsapiPath + "?order=" + created->order.orderNo));
    });
    router.add("GET", "/pay/resultQuery", [&context](Request& request) { return resultOf(context, request); });
    router.add("GET", "/pay/resultTaskId", [&context](Request& request) { return resultOf(context, request); });
    // WeChat's servers post from many addresses, and a refused notification is retried for hours: not rate limited.
    router.add(
        "POST", "/pay/notify/wechat", [&context](Request& request) { return notify(context, request); },
        RouteOptions{.rateLimited = false});
    addJsapiRoutes(router, context);
    if (context.services.payments.orders->hasSandbox()) {
        addSandboxRoutes(router, context);
    }
}

} // namespace gequ::http
