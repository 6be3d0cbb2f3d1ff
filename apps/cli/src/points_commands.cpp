// points ...: manual changes to users' points.

#include "commands.h"
#include "gequ/domain/model/time.h"

#include <Poco/JSON/Object.h>
#include <charconv>

namespace gequ::cli {

namespace {

int grantCommand(Context& context) {
    const std::string& who = context.arguments().at(0);
    const std::string& amountText = context.arguments().at(1);
    std::int64_t amount = 0;
    auto [end, ec] = std::from_chars(amountText.data(), amountText.data() + amountText.size(), amount);
    if (ec != std::errc() || end != amountText.data() + amountText.size()) {
        return context.usageError("<amount> must be an integer, got '" + amountText + "'");
    }
    if (amount == 0) {
        return context.usageError("<amount> must not be 0");
    }
    const std::string remark = context.option("remark").value_or("");
    if (remark.empty()) {
        return context.usageError("--remark must not be empty");
    }

    auto result = context.runtime().admin().grantPoints(who, amount, remark);
    if (!result) {
        return context.fail(result.error().message, static_cast<int>(result.error().code));
    }
    const domain::PointsRecord& record = result.value();
    if (context.json()) {
        Poco::JSON::Object::Ptr out = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        out->set("userId", record.userId);
        out->set("delta", record.delta);
        out->set("balance", record.balance);
        out->set("remark", record.remark);
        out->set("ref", record.ref);
        out->set("createdAt", domain::formatIso8601(record.createdAt));
        context.printJson(out);
    } else {
        context.out() << (record.delta > 0 ? "granted " : "took ") << (record.delta > 0 ? record.delta : -record.delta)
                      << " points " << (record.delta > 0 ? "to" : "from") << " user " << record.userId
                      << "; balance now " << record.balance << " (ref " << record.ref << ")\n";
    }
    return kExitOk;
}

} // namespace

void addPointsCommands(CommandTable& table) {
    table.add(
        {.path = {"points", "grant"},
         .arguments = {"<phone|id>", "<amount>"},
         .summary = "grant points to a user (a negative amount takes them)",
         .description = "Grants <amount> points to the user with this phone number or id, recorded in their "
                        "points ledger with\nthe remark (shown to the user). A negative amount takes points; "
                        "the balance never goes below zero.",
         .options =
             {{.name = "remark", .valueName = "TEXT", .help = "the ledger remark the user sees", .required = true}},
         .run = grantCommand});
}

} // namespace gequ::cli
