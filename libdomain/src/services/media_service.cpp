#include "gequ/domain/services/media_service.h"

#include "gequ/domain/services/works_service.h"

#include <vector>

namespace gequ::domain {

namespace {

constexpr int kPurgeBatch = 200;

} // namespace

MediaService::MediaService(Store& store, const Clock& clock, MediaStore& files)
    : _store(store), _clock(clock), _files(files) {}

std::optional<MediaAccess> MediaService::access(const std::string& key) {
    if (key.empty() || key.front() == '.' || key.find('/') != std::string::npos) {
        return std::nullopt;
    }
    const std::string url = std::string(kMediaUrlPrefix) + key;
    auto song = readOnly(_store, [&](Repositories& repos) { return repos.songs().findByMediaUrl(url); });
    if (!song || song->deletedAt) {
        return std::nullopt;
    }
    const bool isPublic = song->open && !song->hidden && song->complete == SongStatus::Done;
    return MediaAccess{song->id, song->userId, isPublic};
}

MediaPurge MediaService::purgeDeleted(Millis retention) {
    const TimePoint before = _clock.now() - retention;
    MediaPurge done;
    for (;;) {
        auto songs = readOnly(
            _store, [&](Repositories& repos) { return repos.songs().listDeletedWithMedia(before, kPurgeBatch); });
        if (songs.empty()) {
            return done;
        }
        for (auto& song : songs) {
            // Files first, then the URLs: a crash in between leaves URLs whose files are gone, and the next purge
            // finishes the job.
            for (const std::string* url : {&song.audioUrl, &song.imageUrl}) {
                if (const std::string key = mediaKeyOf(*url); !key.empty()) {
                    _files.remove(key);
                    ++done.files;
                }
            }
            if (const std::string wav = song.id + ".wav"; _files.exists(wav)) {
                _files.remove(wav); // a member's lossless copy (WorksService::downloadWav)
                ++done.files;
            }
            _store.transact([&](Repositories& repos) {
                auto current = repos.songs().findById(song.id);
                if (!current || !current->deletedAt) {
                    return false;
                }
                if (!mediaKeyOf(current->audioUrl).empty()) {
                    current->audioUrl.clear();
                }
                if (!mediaKeyOf(current->imageUrl).empty()) {
                    current->imageUrl.clear();
                }
                repos.songs().update(*current);
                return true;
            });
            ++done.songs;
        }
        if (songs.size() < static_cast<std::size_t>(kPurgeBatch)) {
            return done;
        }
    }
}

} // namespace gequ::domain
