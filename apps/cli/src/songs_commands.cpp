// songs show|hide|unhide: the operator's moderation of songs; media purge: deleted songs' files removed now.

#include "commands.h"
#include "gequ/domain/model/time.h"

#include <Poco/JSON/Object.h>

namespace gequ::cli {

namespace {

using Poco::JSON::Object;

Poco::Dynamic::Var optionalTime(const std::optional<domain::TimePoint>& at) {
    return at ? Poco::Dynamic::Var(domain::formatIso8601(*at)) : Poco::Dynamic::Var();
}

Object::Ptr songJson(const domain::Song& song) {
    Object::Ptr out = newObject();
    out->set("id", song.id);
    out->set("taskId", song.taskId);
    out->set("userId", song.userId);
    out->set("userName", song.userName);
    out->set("title", song.title);
    out->set("tags", song.tags);
    out->set("status", domain::toString(song.complete));
    out->set("open", song.open);
    out->set("hidden", song.hidden);
    out->set("deletedAt", optionalTime(song.deletedAt));
    out->set("audioUrl", song.audioUrl);
    out->set("imageUrl", song.imageUrl);
    out->set("upstreamAudioUrl", song.upstreamAudioUrl);
    out->set("duration", song.duration);
    out->set("playCount", song.playCount);
    out->set("likeCount", song.likeCount);
    out->set("forwardCount", song.forwardCount);
    out->set("createdAt", domain::formatIso8601(song.createdAt));
    out->set("finishedAt", optionalTime(song.finishedAt));
    return out;
}

/// One line: id, status, visibility, title, owner.
std::string songLine(const domain::Song& song) {
    std::string line = song.id + "  " + domain::toString(song.complete) + "  " + (song.open ? "public" : "private");
    if (song.hidden) {
        line += "  HIDDEN";
    }
    if (song.deletedAt) {
        line += "  DELETED " + domain::formatIso8601(*song.deletedAt);
    }
    return line + "  《" + song.title + "》 by " + song.userName + " (" + song.userId + ")";
}

int showCommand(Context& context) {
    auto detail = context.runtime().admin().showSong(context.arguments().at(0));
    if (!detail) {
        return context.fail(detail.error().message, static_cast<int>(detail.error().code));
    }
    const domain::Song& song = detail->song;
    if (context.json()) {
        Object::Ptr out = songJson(song);
        if (detail->task) {
            Object::Ptr task = newObject();
            task->set("id", detail->task->id);
            task->set("state", domain::toString(detail->task->state));
            task->set("provider", detail->task->provider);
            task->set("upstreamTaskId", detail->task->upstreamTaskId);
            task->set("error", detail->task->error);
            out->set("task", task);
        } else {
            out->set("task", Poco::Dynamic::Var());
        }
        context.printJson(out);
        return kExitOk;
    }
    context.out() << songLine(song) << "\n"
                  << "  tags " << (song.tags.empty() ? "-" : song.tags) << "; " << song.duration << " s; plays "
                  << song.playCount << ", likes " << song.likeCount << ", shares " << song.forwardCount << "\n"
                  << "  audio " << (song.audioUrl.empty() ? "-" : song.audioUrl) << "\n"
                  << "  created " << domain::formatIso8601(song.createdAt);
    if (song.finishedAt) {
        context.out() << ", finished " << domain::formatIso8601(*song.finishedAt);
    }
    context.out() << "\n";
    if (detail->task) {
        context.out() << "  task " << detail->task->id << " " << domain::toString(detail->task->state) << " ("
                      << detail->task->provider << (detail->task->upstreamTaskId.empty() ? "" : " ")
                      << detail->task->upstreamTaskId << ")"
                      << (detail->task->error.empty() ? "" : ": " + detail->task->error) << "\n";
    }
    return kExitOk;
}

int setHidden(Context& context, bool hidden) {
    auto song = context.runtime().admin().setSongHidden(context.arguments().at(0), hidden);
    if (!song) {
        return context.fail(song.error().message, static_cast<int>(song.error().code));
    }
    if (context.json()) {
        context.printJson(songJson(*song));
    } else {
        context.out() << (hidden ? "hid" : "unhid") << " song " << song->id << " 《" << song->title << "》"
                      << (hidden ? ": it no longer shows anywhere, to anyone" : ": it shows again where it may")
                      << "\n";
    }
    return kExitOk;
}

int purgeCommand(Context& context) {
    auto days = intOption(context, "days", 30, 0, 3650);
    if (!days) {
        return kExitUsage;
    }
    const auto purged = context.runtime().media().purgeDeleted(std::chrono::days{*days});
    if (context.json()) {
        Object::Ptr out = newObject();
        out->set("songs", purged.songs);
        out->set("files", purged.files);
        out->set("days", *days);
        context.printJson(out);
    } else {
        context.out() << "removed " << purged.files << " media files of " << purged.songs << " songs deleted at least "
                      << *days << " days ago\n";
    }
    return kExitOk;
}

} // namespace

void addSongsCommands(CommandTable& table) {
    table.add({.path = {"media", "purge"},
               .arguments = {},
               .summary = "remove deleted songs' audio and covers now",
               .description = "Removes the stored audio and cover files of songs deleted at least --days days ago "
                              "(default 30, the\nretention gequ-server's hourly upkeep applies; 0 removes every "
                              "deleted song's files).",
               .options = {{"days", "N", "how long ago the songs must have been deleted (default 30)", false}},
               .run = purgeCommand});
    table.add({.path = {"songs", "show"},
               .arguments = {"<id>"},
               .summary = "show a song and its generation task",
               .description = "Shows the song with this id (its native_id), deleted or not: status, visibility, "
                              "owner, media and\ncounters, and the state of its generation task.",
               .run = showCommand});
    table.add({.path = {"songs", "hide"},
               .arguments = {"<id>"},
               .summary = "hide a song from everyone (moderation)",
               .description = "Hides the song: it leaves the square, search, the player and downloads (歌曲已下架); "
                              "its owner\nstill sees it in their works. Undo with `songs unhide`.",
               .run = [](Context& context) { return setHidden(context, true); }});
    table.add({.path = {"songs", "unhide"},
               .arguments = {"<id>"},
               .summary = "show a hidden song again",
               .description = "Clears the hidden flag; the song shows wherever its owner's public/private switch "
                              "allows again.",
               .run = [](Context& context) { return setHidden(context, false); }});
}

} // namespace gequ::cli
