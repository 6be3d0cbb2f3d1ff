// tasks list|retry: the generation queue.

#include "commands.h"
#include "gequ/domain/model/time.h"
#include "gequ/domain/services/task_request.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <charconv>

namespace gequ::cli {

namespace {

using Poco::JSON::Array;
using Poco::JSON::Object;

Poco::Dynamic::Var optionalTime(const std::optional<domain::TimePoint>& at) {
    return at ? Poco::Dynamic::Var(domain::formatIso8601(*at)) : Poco::Dynamic::Var();
}

/// The task's action (generate, extend, concat, cover, stems, all_stems), "?" when its request cannot be read.
std::string actionOf(const domain::GenerationTask& task) {
    const auto stored = domain::decodeTaskRequest(task.requestJson);
    return stored ? domain::toString(stored->request.action) : std::string("?");
}

Object::Ptr taskJson(const domain::GenerationTask& task) {
    Object::Ptr out = newObject();
    out->set("id", task.id);
    out->set("action", actionOf(task));
    out->set("userId", task.userId);
    out->set("state", domain::toString(task.state));
    out->set("channel", domain::toString(task.channel));
    out->set("provider", task.provider);
    out->set("upstreamTaskId", task.upstreamTaskId);
    out->set("charged", task.charged);
    out->set("refunded", task.refunded);
    out->set("attempts", task.attempts);
    out->set("error", task.error);
    out->set("createdAt", domain::formatIso8601(task.createdAt));
    out->set("submittedAt", optionalTime(task.submittedAt));
    out->set("finishedAt", optionalTime(task.finishedAt));
    out->set("nextPollAt", optionalTime(task.nextPollAt));
    return out;
}

std::string taskLine(const domain::GenerationTask& task) {
    std::string line = task.id + "  " + actionOf(task) + "  " + domain::toString(task.state) + "  " +
                       domain::toString(task.channel) + "  " + task.provider +
                       (task.upstreamTaskId.empty() ? "" : ":" + task.upstreamTaskId) + "  user " + task.userId +
                       "  created " + domain::formatIso8601(task.createdAt);
    if (task.refunded) {
        line += "  refunded";
    }
    if (!task.error.empty()) {
        line += "  (" + task.error + ")";
    }
    return line;
}

int listCommand(Context& context) {
    std::optional<domain::TaskState> state;
    if (const auto text = context.option("state")) {
        state = domain::parseTaskState(*text);
        if (!state) {
            return context.usageError("--state must be queued, submitted, running, succeeded or failed, got '" + *text +
                                      "'");
        }
    }
    const auto page = pageOptions(context);
    if (!page) {
        return kExitUsage;
    }
    return printRows(context, context.runtime().admin().listTasks(state, *page), "task", taskJson, taskLine);
}

int retryCommand(Context& context) {
    auto retried = context.runtime().admin().retryTask(context.arguments().at(0));
    if (!retried) {
        return context.fail(retried.error().message, static_cast<int>(retried.error().code));
    }
    if (context.json()) {
        Object::Ptr out = taskJson(retried->task);
        Array::Ptr songs = new Array;
        for (const auto& id : retried->songIds) {
            songs->add(id);
        }
        out->set("songIds", songs);
        out->set("charge", retried->charge);
        context.printJson(out);
        return kExitOk;
    }
    context.out() << "queued task " << retried->task.id << " in place of " << context.arguments().at(0) << " (songs "
                  << (retried->songIds.empty() ? "" : retried->songIds.front()) << ", "
                  << (retried->songIds.size() > 1 ? retried->songIds[1] : "") << "); charged " << retried->charge
                  << " points\n";
    return kExitOk;
}

} // namespace

void addTasksCommands(CommandTable& table) {
    table.add(
        {.path = {"tasks", "list"},
         .summary = "list generation tasks, oldest first",
         .description = "Lists generation tasks, oldest first (all, or those in one state): id, state, "
                        "channel, upstream\nand its task id, owner, creation time, refund and failure text.",
         .options = {{.name = "state", .valueName = "S", .help = "queued, submitted, running, succeeded or failed"},
                     {.name = "page", .valueName = "N", .help = "the page, from 1 (default 1)"},
                     {.name = "size", .valueName = "N", .help = "tasks a page (default 50, at most 1000)"}},
         .run = listCommand});
    table.add(
        {.path = {"tasks", "retry"},
         .arguments = {"<id>"},
         .summary = "retry a task whose submission failed",
         .description =
             "Retries a task that failed before upstream accepted it (no upstream task id; it was refunded), e.g.\n"
             "after fixing the upstream configuration: a new queued task <id>-retry with the same request and two "
             "new\nsongs, charged to the user again (ref task:<id>-retry:charge, remark 创作歌曲《title》) so the "
             "ledger\nstays exact. The failed task keeps its refunded songs. Refused for a task that did not fail, "
             "reached\nupstream, was retried already, or whose owner lacks the points.",
         .run = retryCommand});
}

} // namespace gequ::cli
