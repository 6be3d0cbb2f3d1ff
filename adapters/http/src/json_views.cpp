#include "json_views.h"

namespace gequ::http::views {

namespace {

Poco::JSON::Object::Ptr newObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
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

} // namespace gequ::http::views
