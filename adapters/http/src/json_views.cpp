#include "json_views.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/time.h"

#include <cmath>

namespace gequ::http::views {

namespace {

Poco::JSON::Object::Ptr newObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

/// "YYYY-MM-DD" in Asia/Shanghai, or null.
Poco::Dynamic::Var shanghaiDate(const std::optional<domain::TimePoint>& at) {
    if (!at) {
        return Poco::Dynamic::Var();
    }
    return domain::formatShanghaiDate(*at);
}

double yuan(std::int64_t fen) {
    return static_cast<double>(fen) / 100.0;
}

} // namespace

namespace {

/// The members of a list item (inside an object the caller opens and closes).
void songListMembers(JsonWriter& out, const domain::Song& song, bool liked) {
    out.key("native_id").value(song.id);
    out.key("title").value(song.title);
    out.key("tags").value(song.tags);
    out.key("native_image_url").value(song.imageUrl);
    out.key("native_audio_url").value(song.audioUrl);
    out.key("play_count").value(song.playCount);
    out.key("forward_count").value(song.forwardCount);
    out.key("likeCount").value(song.likeCount);
    out.key("duration").value(song.duration);
    out.key("userName").value(song.userName);
    out.key("liked").value(liked);
}

} // namespace

JsonText songList(const std::vector<domain::SongView>& views) {
    JsonWriter out;
    out.beginArray();
    for (const auto& view : views) {
        out.beginObject();
        songListMembers(out, view.song, view.liked);
        out.endObject();
    }
    out.endArray();
    return out.take();
}

namespace {

/// Seconds to the hundredth (what a lyric display and LRC need).
double centis(double seconds) {
    return std::round(seconds * 100.0) / 100.0;
}

void timelineValue(JsonWriter& out, const std::optional<domain::Timeline>& timeline) {
    if (!timeline || timeline->empty()) {
        out.null();
        return;
    }
    out.beginArray();
    for (const auto& line : timeline->lines) {
        out.beginObject();
        out.key("start").value(centis(line.start));
        out.key("end").value(centis(line.end));
        out.key("text").value(line.text);
        out.key("words").beginArray();
        for (const auto& word : line.words) {
            out.beginObject();
            out.key("text").value(word.text);
            out.key("start").value(centis(word.start));
            out.key("end").value(centis(word.end));
            out.endObject();
        }
        out.endArray();
        out.endObject();
    }
    out.endArray();
}

} // namespace

JsonText playerDetail(const domain::SongView& view, const std::optional<std::string>& viewerId,
                      const std::optional<domain::Song>& source) {
    const domain::Song& song = view.song;
    JsonWriter out;
    out.beginObject();
    out.key("nativeId").value(song.id);
    out.key("title").value(song.title);
    out.key("userName").value(song.userName);
    out.key("tags").value(song.tags);
    out.key("imageUrl").value(song.imageUrl);
    out.key("lyric").value(song.lyric);
    out.key("duration").value(song.duration);
    out.key("audio").value(song.audioUrl);
    out.key("likeCount").value(song.likeCount);
    out.key("liked").value(view.liked);
    out.key("play_count").value(song.playCount);
    out.key("forward_count").value(song.forwardCount);
    out.key("timeline");
    timelineValue(out, view.timeline);
    out.key("mine").value(viewerId.has_value() && *viewerId == song.userId);
    out.key("origin").value(domain::toString(song.origin));
    out.key("source");
    if (source) {
        out.beginObject();
        out.key("nativeId").value(source->id);
        out.key("title").value(source->title);
        out.key("userName").value(source->userName);
        out.endObject();
    } else {
        out.null();
    }
    out.endObject();
    return out.take();
}

Poco::JSON::Object::Ptr playCount(std::int64_t count) {
    auto object = newObject();
    object->set("play_count", count);
    return object;
}

Poco::JSON::Object::Ptr likeState(const domain::LikeState& state) {
    auto object = newObject();
    object->set("likeCount", state.likeCount);
    object->set("liked", state.liked);
    return object;
}

Poco::JSON::Object::Ptr shareResult(std::int64_t forwardCount, const std::string& url) {
    auto object = newObject();
    object->set("forward_count", forwardCount);
    object->set("url", url);
    return object;
}

JsonText userSongs(const std::vector<domain::WorkItem>& items) {
    JsonWriter out;
    out.beginArray();
    for (const auto& item : items) {
        const domain::Song& song = item.song;
        out.beginObject();
        songListMembers(out, song, item.liked);
        out.key("complete").value(static_cast<int>(song.complete));
        out.key("created_at").value(domain::formatIso8601(song.createdAt));
        out.key("open").value(song.open ? 1 : 0);
        out.key("progress_started_at").value(domain::formatIso8601(song.createdAt));
        out.key("error");
        if (item.error) {
            out.value(*item.error);
        } else {
            out.null();
        }
        // Extend and join: what the song was made from (docs/api.md).
        out.key("source_id").value(song.sourceId);
        out.key("origin").value(domain::toString(song.origin));
        out.endObject();
    }
    out.endArray();
    return out.take();
}

Poco::JSON::Object::Ptr createdTask(const domain::CreatedTask& created) {
    Poco::JSON::Array::Ptr ids = new Poco::JSON::Array;
    for (const auto& id : created.songIds) {
        ids->add(id);
    }
    auto object = newObject();
    object->set("taskId", created.taskId);
    object->set("songIds", ids);
    return object;
}

Poco::JSON::Object::Ptr lyrics(const domain::Lyrics& lyrics) {
    auto object = newObject();
    object->set("text", lyrics.text);
    object->set("title", lyrics.title);
    return object;
}

Poco::JSON::Object::Ptr openState(bool open) {
    auto object = newObject();
    object->set("open", open ? 1 : 0);
    return object;
}

Poco::JSON::Object::Ptr plan(const domain::Plan& plan) {
    auto object = newObject();
    object->set("id", plan.id);
    object->set("name", plan.name);
    object->set("price", yuan(plan.priceFen));
    object->set("integral", plan.points);
    object->set("termOfValidity", plan.termOfValidity);
    object->set("integralGenerate", plan.concurrentTasks);
    object->set("describe1", plan.describe1);
    object->set("describe2", plan.describe2);
    object->set("activity", plan.activity);
    if (plan.originalPriceFen) {
        object->set("originalPrice", yuan(*plan.originalPriceFen));
    } else {
        object->set("originalPrice", Poco::Dynamic::Var());
    }
    object->set("level", plan.level);
    return object;
}

Poco::JSON::Array::Ptr plans(std::span<const domain::Plan> catalogue) {
    Poco::JSON::Array::Ptr array = new Poco::JSON::Array;
    for (const auto& each : catalogue) {
        array->add(plan(each));
    }
    return array;
}

Poco::JSON::Object::Ptr qrPayment(const std::string& qrCodeUri) {
    auto object = newObject();
    object->set("QRcode_url", qrCodeUri);
    return object;
}

Poco::JSON::Object::Ptr jsapiOrder(const std::string& orderUrl) {
    auto object = newObject();
    object->set("order_url", orderUrl);
    return object;
}

Poco::JSON::Object::Ptr login(const domain::LoginResult& result) {
    auto object = newObject();
    object->set("token", result.token);
    object->set("isNew", result.isNew);
    return object;
}

Poco::JSON::Object::Ptr userProfile(const domain::Profile& profile) {
    const domain::User& user = profile.user;
    auto object = newObject();
    object->set("id", user.id);
    object->set("nickname", user.nickname);
    object->set("integral", user.integral);
    if (user.avatarUrl.empty()) {
        object->set("avatarUrl", Poco::Dynamic::Var());
    } else {
        object->set("avatarUrl", user.avatarUrl);
    }
    object->set("membershipLevel", profile.level);
    object->set("expirationTime", shanghaiDate(profile.expiresAt));
    object->set("lifetime", profile.lifetime);
    object->set("phone", domain::maskPhone(user.phone));
    return object;
}

Poco::JSON::Object::Ptr pointsRecord(const domain::PointsRecord& record) {
    auto object = newObject();
    object->set("integral", record.delta < 0 ? -record.delta : record.delta);
    object->set("type", static_cast<int>(record.type));
    object->set("balance", record.balance);
    object->set("remark", record.remark);
    object->set("createdAt", domain::formatIso8601(record.createdAt));
    return object;
}

Poco::JSON::Object::Ptr pointsPage(const domain::PointsPage& page) {
    Poco::JSON::Array::Ptr items = new Poco::JSON::Array;
    for (const auto& record : page.items) {
        items->add(pointsRecord(record));
    }
    auto object = newObject();
    object->set("items", items);
    object->set("total", page.total);
    return object;
}

Poco::JSON::Object::Ptr redeemResult(const domain::Profile& profile) {
    auto object = newObject();
    object->set("integral", profile.user.integral);
    object->set("membershipLevel", profile.level);
    object->set("expirationTime", shanghaiDate(profile.expiresAt));
    return object;
}

} // namespace gequ::http::views
