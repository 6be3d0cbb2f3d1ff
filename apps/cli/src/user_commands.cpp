// user list|show|disable|enable: the operator's view of accounts.

#include "commands.h"
#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/time.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <charconv>

namespace gequ::cli {

namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

constexpr int kRecentRecords = 20;

/// The integer value of an option within [min, max], its fallback when absent, or nullopt after a usage error.

Poco::Dynamic::Var optionalTime(const std::optional<domain::TimePoint>& at) {
    return at ? Poco::Dynamic::Var(domain::formatIso8601(*at)) : Poco::Dynamic::Var();
}

/// The phone as printed: masked (138****0000) unless the operator asked for --full (docs/security.md: terminals are
/// read by more people than the numbers are meant for).
std::string shownPhone(const domain::User& user, bool full) {
    return full ? user.phone : domain::maskPhone(user.phone);
}

Object::Ptr userJson(const domain::User& user, domain::TimePoint now, bool full = false) {
    Object::Ptr out = newObject();
    out->set("id", user.id);
    out->set("phone", shownPhone(user, full));
    out->set("nickname", user.nickname);
    out->set("integral", user.integral);
    out->set("membershipLevel", user.membershipLevel);
    out->set("effectiveLevel", domain::effectiveLevel(domain::membershipOf(user), now));
    out->set("membershipExpiresAt", optionalTime(user.membershipExpiresAt));
    out->set("lifetime", user.lifetime);
    out->set("disabled", user.disabled);
    out->set("createdAt", domain::formatIso8601(user.createdAt));
    return out;
}

/// One line: id, phone, nickname, points, the level in force, and flags.
std::string userLine(const domain::User& user, domain::TimePoint now, bool full = false) {
    const int level = domain::effectiveLevel(domain::membershipOf(user), now);
    std::string line = user.id + "  " + shownPhone(user, full) + "  " + user.nickname + "  points " +
                       std::to_string(user.integral) + "  level " + std::to_string(level) + " " +
                       domain::levelText(level);
    if (user.lifetime) {
        line += " (lifetime)";
    } else if (level > 0 && user.membershipExpiresAt) {
        line += " (until " + domain::formatShanghaiDate(*user.membershipExpiresAt) + ")";
    }
    if (user.disabled) {
        line += "  DISABLED";
    }
    return line;
}

int listCommand(Context& context) {
    const auto page = pageOptions(context);
    if (!page) {
        return kExitUsage;
    }
    auto& runtime = context.runtime();
    const auto users = runtime.admin().listUsers(*page);
    const auto total = runtime.admin().stats().users;
    const domain::TimePoint now = runtime.clock().now();
    const bool full = context.option("full").has_value();
    if (context.json()) {
        Object::Ptr out = newObject();
        Array::Ptr list = new Array;
        for (const auto& user : users) {
            list->add(userJson(user, now, full));
        }
        out->set("users", list);
        out->set("total", total);
        context.printJson(out);
        return kExitOk;
    }
    for (const auto& user : users) {
        context.out() << userLine(user, now, full) << "\n";
    }
    context.out() << users.size() << " of " << total << " user" << (total == 1 ? "" : "s") << "\n";
    return kExitOk;
}

int showCommand(Context& context) {
    auto& runtime = context.runtime();
    auto detail = runtime.admin().showUser(context.arguments().at(0), kRecentRecords);
    if (!detail) {
        return context.fail(detail.error().message, static_cast<int>(detail.error().code));
    }
    const domain::TimePoint now = runtime.clock().now();
    const bool full = context.option("full").has_value();
    if (context.json()) {
        Object::Ptr out = userJson(detail->user, now, full);
        Array::Ptr records = new Array;
        for (const auto& record : detail->recentRecords) {
            Object::Ptr r = newObject();
            r->set("delta", record.delta);
            r->set("balance", record.balance);
            r->set("remark", record.remark);
            r->set("ref", record.ref);
            r->set("createdAt", domain::formatIso8601(record.createdAt));
            records->add(r);
        }
        out->set("recordCount", detail->recordCount);
        out->set("recentRecords", records);
        context.printJson(out);
        return kExitOk;
    }
    const domain::User& user = detail->user;
    context.out() << userLine(user, now, full) << "\n"
                  << "created " << domain::formatIso8601(user.createdAt) << "; " << detail->recordCount
                  << " points record" << (detail->recordCount == 1 ? "" : "s");
    if (!detail->recentRecords.empty()) {
        context.out() << ", newest first:";
    }
    context.out() << "\n";
    for (const auto& record : detail->recentRecords) {
        context.out() << "  " << domain::formatIso8601(record.createdAt) << "  " << (record.delta > 0 ? "+" : "")
                      << record.delta << "  balance " << record.balance << "  " << record.remark << "  (" << record.ref
                      << ")\n";
    }
    return kExitOk;
}

int setDisabled(Context& context, bool disabled) {
    auto& runtime = context.runtime();
    auto user = runtime.admin().setUserDisabled(context.arguments().at(0), disabled);
    if (!user) {
        return context.fail(user.error().message, static_cast<int>(user.error().code));
    }
    if (context.json()) {
        context.printJson(userJson(*user, runtime.clock().now()));
    } else if (disabled) {
        context.out() << "disabled user " << user->id << " (" << domain::maskPhone(user->phone)
                      << "); all their sessions are revoked\n";
    } else {
        context.out() << "enabled user " << user->id << " (" << domain::maskPhone(user->phone) << ")\n";
    }
    return kExitOk;
}

} // namespace

void addUserCommands(CommandTable& table) {
    table.add({.path = {"user", "list"},
               .summary = "list users, oldest first",
               .description = "Lists users, oldest first: id, phone (masked, 138****0000, unless --full), nickname, "
                              "points, the\nmembership level in force and whether they are disabled.",
               .options = {{.name = "page", .valueName = "N", .help = "the page, from 1 (default 1)"},
                           {.name = "size", .valueName = "N", .help = "users a page (default 50, at most 1000)"},
                           {.name = "full", .help = "print whole phone numbers (for operators who need them)"}},
               .run = listCommand});
    table.add({.path = {"user", "show"},
               .arguments = {"<phone|id>"},
               .summary = "show a user and their newest points records",
               .description = "Shows the user with this phone number or id, with their 20 newest points records; the "
                              "phone is\nmasked unless --full.",
               .options = {{.name = "full", .help = "print the whole phone number"}},
               .run = showCommand});
    table.add({.path = {"user", "disable"},
               .arguments = {"<phone|id>"},
               .summary = "disable a user and revoke all their sessions",
               .description = "Disables the user with this phone number or id: every session they have is revoked "
                              "at once and\nlogging in is refused (账号已被停用，请联系客服) until `user enable`.",
               .run = [](Context& context) { return setDisabled(context, true); }});
    table.add({.path = {"user", "enable"},
               .arguments = {"<phone|id>"},
               .summary = "enable a disabled user again",
               .description = "Enables the user with this phone number or id again; they log in anew (their old "
                              "sessions stay revoked).",
               .run = [](Context& context) { return setDisabled(context, false); }});
}

} // namespace gequ::cli
