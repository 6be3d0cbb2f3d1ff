// migrate, check, stats: the database as a whole.

#include "commands.h"
#include "gequ/db/database.h"
#include "gequ/domain/model/entities.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <cstdio>
#include <iostream>
#include <utility>

namespace gequ::cli {

namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

int migrateCommand(Context& context) {
    auto store = wiring::openStore(context.config(), false);
    const int applied = db::migrate(*store);
    const int version = db::schemaVersion(*store);
    if (context.json()) {
        Object::Ptr result = newObject();
        result->set("applied", applied);
        result->set("version", version);
        context.printJson(result);
    } else {
        context.out() << "applied " << applied << " migration" << (applied == 1 ? "" : "s") << "; schema version "
                      << version << "\n";
    }
    return kExitOk;
}

int checkCommand(Context& context) {
    const std::vector<std::string> problems = context.runtime().admin().check();
    if (context.json()) {
        Object::Ptr result = newObject();
        result->set("ok", problems.empty());
        Array::Ptr list = new Array;
        for (const auto& p : problems) {
            list->add(p);
        }
        result->set("problems", list);
        context.printJson(result);
    } else if (problems.empty()) {
        context.out() << "OK: all invariants hold (所有不变量均成立)\n";
    } else {
        for (const auto& p : problems) {
            context.out() << "BROKEN: " << p << "\n";
        }
        context.out() << problems.size() << " broken invariant" << (problems.size() == 1 ? "" : "s") << "\n";
    }
    return problems.empty() ? kExitOk : kExitFailure;
}

// Every state with its count (0 for states the store did not report), in the enum's order.
template <class State, class Name>
std::vector<std::pair<std::string, std::int64_t>>
complete(const std::vector<State>& all, const std::vector<std::pair<State, std::int64_t>>& counts, Name name) {
    std::vector<std::pair<std::string, std::int64_t>> out;
    for (State s : all) {
        std::int64_t n = 0;
        for (const auto& [state, count] : counts) {
            if (state == s) {
                n += count;
            }
        }
        out.emplace_back(name(s), n);
    }
    return out;
}

int statsCommand(Context& context) {
    using namespace domain;
    const Stats stats = context.runtime().admin().stats();
    const std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::int64_t>>>> groups = {
        {"songs", complete<SongStatus>({SongStatus::Generating, SongStatus::Done, SongStatus::Failed},
                                       stats.songsByStatus, [](SongStatus s) { return toString(s); })},
        {"tasks", complete<TaskState>({TaskState::Queued, TaskState::Submitted, TaskState::Running,
                                       TaskState::Succeeded, TaskState::Failed},
                                      stats.tasksByState, [](TaskState s) { return toString(s); })},
        {"orders", complete<OrderState>({OrderState::Created, OrderState::Paid, OrderState::Closed},
                                        stats.ordersByState, [](OrderState s) { return toString(s); })},
    };
    if (context.json()) {
        Object::Ptr result = newObject();
        result->set("users", stats.users);
        for (const auto& [group, counts] : groups) {
            Object::Ptr byState = newObject();
            std::int64_t total = 0;
            for (const auto& [state, n] : counts) {
                byState->set(state, n);
                total += n;
            }
            byState->set("total", total);
            result->set(group, byState);
        }
        result->set("revenueFen", stats.revenueFen);
        context.printJson(result);
        return kExitOk;
    }
    context.out() << "users:  " << stats.users << "\n";
    for (const auto& [group, counts] : groups) {
        std::int64_t total = 0;
        std::string detail;
        for (const auto& [state, n] : counts) {
            total += n;
            detail += (detail.empty() ? "" : ", ") + state + " " + std::to_string(n);
        }
        context.out() << group << ":" << std::string(7 - group.size(), ' ') << total << " (" << detail << ")\n";
    }
    char revenue[48];
    std::snprintf(revenue, sizeof revenue, "revenue: ¥%lld.%02lld\n", static_cast<long long>(stats.revenueFen / 100),
                  static_cast<long long>(stats.revenueFen % 100));
    context.out() << revenue;
    return kExitOk;
}

} // namespace

void addDatabaseCommands(CommandTable& table) {
    table.add({.path = {"migrate"},
               .summary = "apply the pending database migrations",
               .description = "Applies the database migrations this build knows that the database lacks, each in its "
                              "own transaction,\nand prints how many it applied. Safe to run again and from several "
                              "hosts at once.\ngequ-server also migrates when it starts.",
               .run = migrateCommand});
    table.add(
        {.path = {"check"},
         .summary = "check the points ledger, membership, redemption, generation-task and order invariants",
         .description =
             "Checks that every user's points equal the sum of their ledger, that every ledger "
             "balance is the running\nsum and never negative, that no ledger ref appears twice, and "
             "the membership invariants, and\nthat each redeem code's use count matches its redemptions (within its "
             "limit), each with its ledger\nrecord, and that every generation task is charged exactly when it says "
             "so, that every failed task\nwith no finished song is refunded exactly once, and that no other task is "
             "refunded, that every paid order has\nexactly one ledger record order:<no> of its plan's points and no "
             "unpaid order has one. Prints each\nbroken invariant; exits 1 when there is any.",
         .run = checkCommand});
    table.add({.path = {"stats"},
               .summary = "count users, songs, generation tasks and orders, and the revenue",
               .description = "Counts users, songs by status, generation tasks by state and orders by state, and "
                              "sums what the\npaid orders brought in.",
               .run = statsCommand});
}

} // namespace gequ::cli
