#include "json_views.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/time.h"

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

Poco::JSON::Object::Ptr songListItem(const domain::SongView& view) {
    const domain::Song& song = view.song;
    auto object = newObject();
    object->set("native_id", song.id);
    object->set("title", song.title);
    object->set("tags", song.tags);
    object->set("native_image_url", song.imageUrl);
    object->set("native_audio_url", song.audioUrl);
    object->set("play_count", song.playCount);
    object->set("forward_count", song.forwardCount);
    object->set("likeCount", song.likeCount);
    object->set("duration", song.duration);
    object->set("userName", song.userName);
    object->set("liked", view.liked);
    return object;
}

Poco::JSON::Array::Ptr songList(const std::vector<domain::SongView>& views) {
    Poco::JSON::Array::Ptr array = new Poco::JSON::Array;
    for (const auto& view : views) {
        array->add(songListItem(view));
    }
    return array;
}

Poco::JSON::Object::Ptr playerDetail(const domain::SongView& view) {
    const domain::Song& song = view.song;
    auto object = newObject();
    object->set("nativeId", song.id);
    object->set("title", song.title);
    object->set("userName", song.userName);
    object->set("tags", song.tags);
    object->set("imageUrl", song.imageUrl);
    object->set("lyric", song.lyric);
    object->set("duration", song.duration);
    object->set("audio", song.audioUrl);
    object->set("likeCount", song.likeCount);
    object->set("liked", view.liked);
    object->set("play_count", song.playCount);
    object->set("forward_count", song.forwardCount);
    return object;
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

Poco::JSON::Object::Ptr userSong(const domain::WorkItem& item) {
    const domain::Song& song = item.song;
    auto object = songListItem(domain::SongView{song, item.liked});
    object->set("complete", static_cast<int>(song.complete));
    object->set("created_at", domain::formatIso8601(song.createdAt));
    object->set("open", song.open ? 1 : 0);
    object->set("progress_started_at", domain::formatIso8601(song.createdAt));
    if (item.error) {
        object->set("error", *item.error);
    } else {
        object->set("error", Poco::Dynamic::Var());
    }
    return object;
}

Poco::JSON::Array::Ptr userSongs(const std::vector<domain::WorkItem>& items) {
    Poco::JSON::Array::Ptr array = new Poco::JSON::Array;
    for (const auto& item : items) {
        array->add(userSong(item));
    }
    return array;
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
