// redeem create|list|disable: redeem codes (only their hashes are stored; `create` prints the codes once).

#include "commands.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/time.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <charconv>
#include <chrono>

namespace gequ::cli {

namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

template <class T> std::optional<T> parseNumber(const std::string& text) {
    T value{};
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

/// The integer value of an option, its fallback when absent, or nullopt after a usage error.
template <class T> std::optional<T> numberOption(Context& context, const std::string& name, T fallback) {
    const auto text = context.option(name);
    if (!text) {
        return fallback;
    }
    auto value = parseNumber<T>(*text);
    if (!value) {
        context.usageError("--" + name + " must be an integer, got '" + *text + "'");
    }
    return value;
}

Poco::Dynamic::Var optionalTime(const std::optional<domain::TimePoint>& at) {
    return at ? Poco::Dynamic::Var(domain::formatIso8601(*at)) : Poco::Dynamic::Var();
}

/// A code's settings; with `plain`, the code itself too (only `create` knows it).
Object::Ptr codeJson(const domain::RedeemCode& code, const std::string* plain = nullptr) {
    Object::Ptr out = newObject();
    out->set("id", code.id);
    if (plain != nullptr) {
        out->set("code", *plain);
    }
    out->set("points", code.points);
    out->set("planId", code.planId ? Poco::Dynamic::Var(*code.planId) : Poco::Dynamic::Var());
    out->set("maxUses", code.maxUses);
    out->set("usedCount", code.usedCount);
    out->set("expiresAt", optionalTime(code.expiresAt));
    out->set("disabled", code.disabled);
    out->set("createdAt", domain::formatIso8601(code.createdAt));
    out->set("note", code.note);
    return out;
}

int createCommand(Context& context) {
    domain::RedeemCodeSpec spec;
    const auto points = numberOption<std::int64_t>(context, "points", 0);
    const auto plan = numberOption<int>(context, "plan", 0);
    const auto count = numberOption<int>(context, "count", 1);
    const auto maxUses = numberOption<int>(context, "max-uses", 1);
    if (!points || !plan || !count || !maxUses) {
        return kExitUsage;
    }
    spec.points = *points;
    if (context.option("plan")) {
        spec.planId = *plan;
    }
    spec.count = *count;
    spec.maxUses = *maxUses;
    if (auto expires = context.option("expires")) {
        if (const auto day = domain::parseShanghaiDate(*expires)) {
            spec.expiresAt = domain::endOfShanghaiDay(*day); // valid through that whole day
        }
        if (!spec.expiresAt) {
            return context.usageError("--expires must be a date YYYY-MM-DD, got '" + *expires + "'");
        }
    }
    spec.note = context.option("note").value_or("");

    auto issued = context.runtime().redeem().createCodes(spec);
    if (!issued) {
        return context.fail(issued.error().message, static_cast<int>(issued.error().code));
    }
    if (context.json()) {
        Array::Ptr list = new Array;
        for (const auto& each : *issued) {
            list->add(codeJson(each.code, &each.plain));
        }
        context.printJson(list);
        return kExitOk;
    }
    for (const auto& each : *issued) {
        context.out() << each.plain << "\n";
    }
    return kExitOk;
}

int listCommand(Context& context) {
    const auto page = pageOptions(context);
    if (!page) {
        return kExitUsage;
    }
    const auto codes = context.runtime().redeem().list(*page);
    if (context.json()) {
        Array::Ptr list = new Array;
        for (const auto& code : codes) {
            list->add(codeJson(code));
        }
        context.printJson(list);
        return kExitOk;
    }
    for (const auto& code : codes) {
        std::string grants = std::to_string(code.points) + " points";
        if (code.planId) {
            const domain::Plan* plan = domain::findPlan(*code.planId);
            grants += " + plan " + std::to_string(*code.planId) + (plan ? " " + plan->name : std::string());
        }
        context.out() << code.id << "  " << grants << "  used " << code.usedCount << "/" << code.maxUses << "  "
                      << (code.expiresAt ? "expires " + domain::formatIso8601(*code.expiresAt) : "no expiry")
                      << (code.disabled ? "  DISABLED" : "") << (code.note.empty() ? "" : "  " + code.note) << "\n";
    }
    context.out() << codes.size() << " code" << (codes.size() == 1 ? "" : "s") << "\n";
    return kExitOk;
}

int disableCommand(Context& context) {
    auto code = context.runtime().redeem().disable(context.arguments().at(0));
    if (!code) {
        return context.fail(code.error().message, static_cast<int>(code.error().code));
    }
    if (context.json()) {
        context.printJson(codeJson(*code));
    } else {
        context.out() << "disabled redeem code " << code->id << "\n";
    }
    return kExitOk;
}

} // namespace

void addRedeemCommands(CommandTable& table) {
    table.add(
        {.path = {"redeem", "create"},
         .summary = "make redeem codes and print them (shown only this once)",
         .description =
             "Makes --count codes (XXXX-XXXX-XXXX-XXXX) and prints them, one per line (with --json: an array of\n"
             "objects with the code and its settings). Only their hashes are stored: keep the output.\n"
             "Each redemption adds --points through the points ledger (remark 兑换码兑换) and, with --plan, the "
             "plan's\nmembership (level and validity, as a purchase; the plan's own points are not added: put them in "
             "--points).\nEach code can be redeemed --max-uses times, once per user, until the end of the --expires "
             "day (Asia/Shanghai).",
         .options = {{.name = "points", .valueName = "N", .help = "points each redemption adds", .required = true},
                     {.name = "plan", .valueName = "ID", .help = "the plan (2-7) whose membership it grants"},
                     {.name = "count", .valueName = "K", .help = "how many codes (default 1, at most 1000)"},
                     {.name = "max-uses", .valueName = "N", .help = "redemptions per code (default 1)"},
                     {.name = "expires", .valueName = "YYYY-MM-DD", .help = "the last day it works (Asia/Shanghai)"},
                     {.name = "note", .valueName = "TEXT", .help = "a note for operators"}},
         .run = createCommand});
    table.add({.path = {"redeem", "list"},
               .summary = "list redeem codes, newest first",
               .description = "Lists redeem codes, newest first: id, what they grant, uses, expiry, whether disabled "
                              "and the note.\n(The codes themselves are not stored, only their hashes.)",
               .options = {{.name = "page", .valueName = "N", .help = "the page, from 1 (default 1)"},
                           {.name = "size", .valueName = "N", .help = "codes a page (default 50, at most 1000)"}},
               .run = listCommand});
    table.add({.path = {"redeem", "disable"},
               .arguments = {"<id>"},
               .summary = "disable a redeem code",
               .description = "Disables the redeem code with this id (as `redeem list` shows it): redeeming it fails "
                              "from now on.",
               .run = disableCommand});
}

} // namespace gequ::cli
