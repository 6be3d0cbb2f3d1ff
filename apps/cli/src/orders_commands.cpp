// orders list|show|reconcile: membership purchases (docs/payments.md).

#include "commands.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/time.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <charconv>
#include <cstdio>

namespace gequ::cli {

namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

Poco::Dynamic::Var optionalTime(const std::optional<domain::TimePoint>& at) {
    return at ? Poco::Dynamic::Var(domain::formatIso8601(*at)) : Poco::Dynamic::Var();
}

/// 1990 → 19.90
std::string yuan(std::int64_t fen) {
    char text[32];
    std::snprintf(text, sizeof text, "%lld.%02lld", static_cast<long long>(fen / 100),
                  static_cast<long long>(fen % 100));
    return text;
}

std::string planName(int planId) {
    const domain::Plan* plan = domain::findPlan(planId);
    return plan != nullptr ? plan->name : "套餐" + std::to_string(planId);
}

Object::Ptr orderJson(const domain::Order& order) {
    Object::Ptr out = newObject();
    out->set("orderNo", order.orderNo);
    out->set("userId", order.userId);
    out->set("planId", order.planId);
    out->set("planName", planName(order.planId));
    out->set("amountFen", order.amountFen);
    out->set("channel", domain::toString(order.channel));
    out->set("provider", order.provider);
    out->set("state", domain::toString(order.state));
    out->set("anomaly", order.anomaly);
    out->set("providerTxnId", order.providerTxnId);
    out->set("paidAmountFen", order.paidAmountFen ? Poco::Dynamic::Var(*order.paidAmountFen) : Poco::Dynamic::Var());
    out->set("notifyCount", order.notifyCount);
    out->set("createdAt", domain::formatIso8601(order.createdAt));
    out->set("expiresAt", domain::formatIso8601(order.expiresAt));
    out->set("paidAt", optionalTime(order.paidAt));
    out->set("closedAt", optionalTime(order.closedAt));
    return out;
}

std::string orderLine(const domain::Order& order) {
    std::string line = order.orderNo + "  " + domain::toString(order.state) + "  " + domain::toString(order.channel) +
                       "  " + order.provider + "  plan " + std::to_string(order.planId) + " " + planName(order.planId) +
                       "  ¥" + yuan(order.amountFen) + "  user " + order.userId + "  created " +
                       domain::formatIso8601(order.createdAt);
    if (order.paidAt) {
        line += "  paid " + domain::formatIso8601(*order.paidAt);
    }
    if (order.anomaly) {
        line += "  ANOMALY";
    }
    return line;
}

int listCommand(Context& context) {
    domain::OrderFilter filter;
    if (const auto text = context.option("state")) {
        filter.state = domain::parseOrderState(*text);
        if (!filter.state) {
            return context.usageError("--state must be created, paid or closed, got '" + *text + "'");
        }
    }
    filter.anomaliesOnly = context.option("anomalies").has_value();
    filter.userId = context.option("user").value_or("");
    if (const auto since = context.option("since")) {
        filter.since = domain::parseShanghaiDate(*since);
        if (!filter.since) {
            return context.usageError("--since must be a date YYYY-MM-DD, got '" + *since + "'");
        }
    }
    const auto page = pageOptions(context);
    if (!page) {
        return kExitUsage;
    }
    return printRows(context, context.runtime().orders().list(filter, *page), "order", orderJson, orderLine);
}

int showCommand(Context& context) {
    auto order = context.runtime().orders().find(context.arguments().at(0));
    if (!order) {
        return context.fail(order.error().message, static_cast<int>(order.error().code));
    }
    if (context.json()) {
        context.printJson(orderJson(*order));
        return kExitOk;
    }
    const auto optional = [](const std::optional<domain::TimePoint>& at) {
        return at ? domain::formatIso8601(*at) : std::string("-");
    };
    std::ostream& out = context.out();
    out << "order:     " << order->orderNo << "\n"
        << "state:     " << domain::toString(order->state) << (order->anomaly ? " (ANOMALY)" : "") << "\n"
        << "user:      " << order->userId << "\n"
        << "plan:      " << order->planId << " " << planName(order->planId) << "\n"
        << "amount:    ¥" << yuan(order->amountFen) << " (" << order->amountFen << " fen)\n"
        << "paid:      "
        << (order->paidAmountFen ? "¥" + yuan(*order->paidAmountFen) + " at " + optional(order->paidAt) : "-") << "\n"
        << "channel:   " << domain::toString(order->channel) << " via " << order->provider << "\n"
        << "provider transaction: " << (order->providerTxnId.empty() ? "-" : order->providerTxnId) << "\n"
        << "notifications: " << order->notifyCount << "\n"
        << "created:   " << domain::formatIso8601(order->createdAt) << "\n"
        << "expires:   " << domain::formatIso8601(order->expiresAt) << "\n"
        << "closed:    " << optional(order->closedAt) << "\n";
    return kExitOk;
}

int reconcileCommand(Context& context) {
    const auto report = context.runtime().orders().reconcile();
    if (context.json()) {
        Object::Ptr out = newObject();
        out->set("queried", report.queried);
        out->set("fulfilled", report.fulfilled);
        out->set("closed", report.closed);
        out->set("failed", report.failed);
        context.printJson(out);
    } else {
        context.out() << "asked " << context.runtime().orders().provider() << " about " << report.queried
                      << " open order(s): " << report.fulfilled << " fulfilled, " << report.closed << " closed, "
                      << report.failed << " failed\n";
    }
    return report.failed > 0 ? kExitFailure : kExitOk;
}

} // namespace

void addOrdersCommands(CommandTable& table) {
    table.add({.path = {"orders", "list"},
               .summary = "list orders, oldest first",
               .description = "Lists orders, oldest first: number, state, channel, provider, plan, amount, user, "
                              "creation and\npayment times; ANOMALY marks an order whose paid amount, appid or mchid "
                              "did not match\n(nothing was granted for it).",
               .options = {{.name = "state", .valueName = "S", .help = "created, paid or closed"},
                           {.name = "anomalies", .help = "only orders flagged as anomalies"},
                           {.name = "user", .valueName = "ID", .help = "only this user's orders"},
                           {.name = "since",
                            .valueName = "YYYY-MM-DD",
                            .help = "only orders created on or after that day (Asia/Shanghai)"},
                           {.name = "page", .valueName = "N", .help = "the page, from 1 (default 1)"},
                           {.name = "size", .valueName = "N", .help = "orders a page (default 50, at most 1000)"}},
               .run = listCommand});
    table.add({.path = {"orders", "show"},
               .arguments = {"<no>"},
               .summary = "show one order",
               .description = "Shows an order with its amounts, provider transaction, notification count and times.",
               .run = showCommand});
    table.add({.path = {"orders", "reconcile"},
               .summary = "ask the payment provider about open orders and apply what it says",
               .description =
                   "Asks the configured payment provider (payment.provider) about every open (created) order and "
                   "applies\nthe answer through the same exactly-once fulfilment as a notification: a paid order "
                   "gets its points\nand membership, one closed at the provider is closed here; expired orders are "
                   "closed. Exits 1 when\na question failed (run it again later).",
               .run = reconcileCommand});
}

} // namespace gequ::cli
