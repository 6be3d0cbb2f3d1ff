#include "gequ/domain/services/works_service.h"

#include "gequ/domain/model/create_request.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/song_state.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/rules_data.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/task_request.h"

#include <algorithm>

namespace gequ::domain {

namespace {

constexpr int kMaxPageSize = 50;
constexpr std::string_view kMediaPrefix = "/media/";

DomainError notFound() {
    return {ErrorCode::NotFound, std::string(kSongNotFoundMessage)};
}

/// The user's own song for a change: 4040 when unknown or deleted, 4030 when another user's.
Result<Song> ownSong(Repositories& repos, const std::string& userId, const std::string& songId) {
    auto song = songId.empty() ? std::nullopt : repos.songs().findById(songId);
    if (!song || song->deletedAt) {
        return notFound();
    }
    if (song->userId != userId) {
        return DomainError{ErrorCode::Forbidden, std::string(kNotYourSongMessage)};
    }
    return std::move(*song);
}

} // namespace

std::string mediaKeyOf(std::string_view url) {
    if (url.size() <= kMediaPrefix.size() || url.substr(0, kMediaPrefix.size()) != kMediaPrefix) {
        return {};
    }
    std::string key(url.substr(kMediaPrefix.size()));
    // Only flat keys are ours (the store refuses anything else).
    if (key.find('/') != std::string::npos || key.find('\\') != std::string::npos || key.find("..") == 0 ||
        key.find('?') != std::string::npos) {
        return {};
    }
    return key;
}

WorksService::WorksService(Store& store, const Clock& clock, SongGenerator& generator, const Moderation& moderation,
                           MediaStore* media, MediaFetcher* fetcher)
    : _store(store), _clock(clock), _generator(generator), _moderation(moderation), _media(media), _fetcher(fetcher) {}

Result<std::string> upstreamClipIdOf(Store& store, SongGenerator& generator, const std::string& songId,
                                     std::string_view gone) {
    const DomainError goneError = upstreamError(UpstreamFailure::Permanent, std::string(gone));
    auto source = readOnly(store, [&](Repositories& repos) -> std::optional<std::pair<Song, GenerationTask>> {
        auto song = repos.songs().findById(songId);
        auto task = song ? repos.tasks().findById(song->taskId) : std::nullopt;
        if (!song || !task || task->upstreamTaskId.empty()) {
            return std::nullopt;
        }
        return std::make_pair(std::move(*song), std::move(*task));
    });
    if (!source) {
        return goneError;
    }
    const auto& [song, task] = *source;
    auto answer = generator.poll({task.upstreamTaskId});
    if (!answer) {
        return answer.error();
    }
    const auto index = static_cast<std::size_t>(song.clipIndex);
    if (answer->empty() || answer->front().state != UpstreamState::Succeeded || index >= answer->front().clips.size() ||
        answer->front().clips[index].id.empty()) {
        return goneError;
    }
    return answer->front().clips[index].id;
}

Result<std::vector<WorkItem>> WorksService::list(const std::string& userId, Page page) {
    if (page.offset < 0) {
        return invalid("页码必须是正整数");
    }
    if (page.limit < 1 || page.limit > kMaxPageSize) {
        return invalid("每页数量必须是1到" + std::to_string(kMaxPageSize) + "之间的整数");
    }
    auto songs = _store.worksOf(userId, page);
    std::vector<WorkItem> items;
    items.reserve(songs.size());
    for (auto& own : songs) {
        WorkItem item;
        item.liked = own.liked;
        if (own.song.complete == SongStatus::Failed) {
            // The failure text lives on the task, read with the page.
            item.error = own.taskError.empty() ? std::string(kGenerationFailedMessage) : std::move(own.taskError);
        }
        item.song = std::move(own.song);
        items.push_back(std::move(item));
    }
    return items;
}

std::int64_t WorksService::count(const std::string& userId) {
    return _store.worksCount(userId, false);
}

std::int64_t WorksService::generatingCount(const std::string& userId) {
    return _store.worksCount(userId, true);
}

Status WorksService::remove(const std::string& userId, const std::string& songId) {
    const TimePoint now = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Status {
        auto song = ownSong(repos, userId, trim(songId));
        if (!song) {
            return song.error();
        }
        if (auto allowed = checkDeletable(song->complete); !allowed) {
            return allowed.error();
        }
        song->deletedAt = now;
        repos.songs().update(*song);
        return success();
    });
}

Result<bool> WorksService::setOpen(const std::string& userId, const std::string& songId, bool open) {
    return inTransaction(_store, [&](Repositories& repos) -> Result<bool> {
        auto song = ownSong(repos, userId, trim(songId));
        if (!song) {
            return song.error();
        }
        if (auto allowed = checkSwitchable(song->complete); !allowed) {
            return allowed.error();
        }
        if (song->open != open) {
            song->open = open;
            repos.songs().update(*song);
        }
        return open;
    });
}

namespace {

/// Whether the viewer may download the song (WorksService::download's rules).
Status downloadable(const std::optional<Song>& song, const std::optional<std::string>& viewerId) {
    if (!song || song->deletedAt || song->hidden) {
        return notFound();
    }
    const bool own = viewerId && *viewerId == song->userId;
    if (!own && !song->open) {
        return notFound();
    }
    return checkPlayable(song->complete);
}

} // namespace

Result<SongDownload> WorksService::download(const std::optional<std::string>& viewerId, const std::string& songId) {
    const std::string id = trim(songId);
    if (id.empty()) {
        return notFound();
    }
    return readOnly(_store, [&](Repositories& repos) -> Result<SongDownload> {
        auto song = repos.songs().findById(id);
        if (auto allowed = downloadable(song, viewerId); !allowed) {
            return allowed.error();
        }
        if (song->audioUrl.empty()) {
            return DomainError{ErrorCode::Conflict, "暂无下载链接"};
        }
        SongDownload out;
        out.title = song->title;
        out.url = song->audioUrl;
        out.mediaKey = mediaKeyOf(song->audioUrl);
        return out;
    });
}

Result<LrcFile> WorksService::lrc(const std::optional<std::string>& viewerId, const std::string& songId) {
    const std::string id = trim(songId);
    if (id.empty()) {
        return notFound();
    }
    return readOnly(_store, [&](Repositories& repos) -> Result<LrcFile> {
        auto view = repos.songs().findAsSeenBy(id, std::string());
        const std::optional<Song> song = view ? std::optional<Song>(view->song) : std::nullopt;
        if (auto allowed = downloadable(song, viewerId); !allowed) {
            return allowed.error();
        }
        if (!view->timeline || view->timeline->empty()) {
            return DomainError{ErrorCode::NotFound, std::string(kNoTimelineMessage)};
        }
        return LrcFile{song->title, lrcOf(*view->timeline, song->title, song->userName, song->duration)};
    });
}

Result<Song> WorksService::memberCopyOf(const std::optional<std::string>& viewerId, const std::string& songId,
                                        std::string_view membersOnly) {
    auto mp3 = download(viewerId, songId); // the same access rules as the MP3
    if (!mp3) {
        return mp3.error();
    }
    if (!viewerId) {
        return DomainError{ErrorCode::Unauthorized, "请先登录"};
    }
    const TimePoint now = _clock.now();
    auto found = readOnly(_store, [&](Repositories& repos) -> std::optional<std::pair<Song, std::optional<User>>> {
        auto song = repos.songs().findById(trim(songId));
        if (!song) {
            return std::nullopt;
        }
        return std::make_pair(std::move(*song), repos.users().findById(*viewerId));
    });
    if (!found || !found->second) {
        return notFound();
    }
    if (effectiveLevel(membershipOf(*found->second), now) < 1) {
        return DomainError{ErrorCode::Forbidden, std::string(membersOnly)};
    }
    return std::move(found->first);
}

std::optional<WavRequest> WorksService::renderRequestOf(const Song& song, std::string_view gone,
                                                        std::optional<DomainError>& error) {
    auto task = readOnly(_store, [&](Repositories& repos) { return repos.tasks().findById(song.taskId); });
    auto stored = task ? decodeTaskRequest(task->requestJson) : std::nullopt;
    if (!task || !stored || task->provider != _generator.name()) {
        return std::nullopt;
    }
    WavRequest request;
    request.request = stored->request;
    request.request.taskId = task->id;
    request.clipIndex = song.clipIndex;
    if (!_generator.capabilities().rendersSources) {
        auto clipId = upstreamClipIdOf(_store, _generator, song.id, gone);
        if (!clipId) {
            if (upstreamFailureOf(clipId.error()) != UpstreamFailure::Permanent) {
                error = clipId.error();
            }
            return std::nullopt;
        }
        request.upstreamClipId = *clipId;
    } else {
        // The composer renders the chain again, as it did for the MP3 (GenerationWorker::upstreamRequest).
        auto sources = readOnly(_store, [&](Repositories& repos) { return sourcesOf(repos, request.request); });
        if (!sources) {
            return std::nullopt;
        }
        request.request.sources = std::move(*sources);
    }
    return request;
}

Result<SongDownload> WorksService::downloadWav(const std::optional<std::string>& viewerId, const std::string& songId) {
    auto found = memberCopyOf(viewerId, songId, rules::kDownloadMessagesWavMembersOnly);
    if (!found) {
        return found.error();
    }
    const Song& song = *found;
    const DomainError unavailable{ErrorCode::Conflict, std::string(kWavUnavailableMessage)};
    if (!_media) {
        return unavailable;
    }
    SongDownload out;
    out.title = song.title;
    out.mediaKey = song.id + ".wav";
    out.url = _media->urlFor(out.mediaKey);
    if (_media->exists(out.mediaKey)) {
        return out;
    }
    // The first request for this song's WAV: the provider that made it makes it.
    std::optional<DomainError> error;
    auto request = renderRequestOf(song, kWavUnavailableMessage, error);
    if (!request) {
        return error ? *error : unavailable;
    }
    request->mediaKey = out.mediaKey;
    auto made = _generator.wav(*request);
    if (!made) {
        return upstreamFailureOf(made.error()) == UpstreamFailure::Permanent ? unavailable : made.error();
    }
    if (!made->empty() && made->front() == '/') {
        return mediaKeyOf(*made) == out.mediaKey ? Result<SongDownload>(out) : Result<SongDownload>(unavailable);
    }
    if (!_fetcher) {
        return unavailable;
    }
    auto copied = _fetcher->fetchWav(song.id, *made);
    if (!copied) {
        return upstreamError(UpstreamFailure::Retryable);
    }
    return out;
}

Result<MidiDownload> WorksService::downloadMidi(const std::optional<std::string>& viewerId, const std::string& songId) {
    auto found = memberCopyOf(viewerId, songId, rules::kMessagesMidiMembersOnly);
    if (!found) {
        return found.error();
    }
    const DomainError unavailable{ErrorCode::Conflict, std::string(kMidiUnavailableMessage)};
    std::optional<DomainError> error;
    auto request = renderRequestOf(*found, kMidiUnavailableMessage, error);
    if (!request) {
        return error ? *error : unavailable;
    }
    auto made = _generator.midi(*request);
    if (!made) {
        return upstreamFailureOf(made.error()) == UpstreamFailure::Permanent ? unavailable : made.error();
    }
    return MidiDownload{found->title, std::move(*made)};
}

Result<std::string> WorksService::stems(const std::optional<std::string>& viewerId, const std::string& songId, bool wav,
                                        const std::function<void(const StemFile&)>& each) {
    auto source = download(viewerId, songId); // the same access rules as the MP3
    if (!source) {
        return source.error();
    }
    if (!viewerId) {
        return DomainError{ErrorCode::Unauthorized, "请先登录"};
    }
    if (wav) {
        auto member = memberCopyOf(viewerId, songId, rules::kDownloadMessagesWavMembersOnly);
        if (!member) {
            return member.error();
        }
    }
    const std::string id = trim(songId);
    auto made = readOnly(_store, [&](Repositories& repos) { return repos.songs().listMadeFrom(*viewerId, id); });
    std::vector<Song> finished;
    bool generating = false;
    for (auto& song : made) {
        if (!isStems(song.origin)) {
            continue;
        }
        if (song.complete == SongStatus::Done) {
            finished.push_back(std::move(song));
        } else if (song.complete == SongStatus::Generating) {
            generating = true;
        }
    }
    if (finished.empty()) {
        return DomainError{ErrorCode::Conflict, std::string(generating ? kStemsGeneratingMessage : kNoStemsMessage)};
    }
    const DomainError missing{ErrorCode::Conflict, std::string(kStemFileMissingMessage)};
    if (!_media) {
        return missing;
    }
    std::vector<std::string> names;
    for (const Song& stem : finished) {
        std::string key;
        if (wav) {
            auto file = downloadWav(viewerId, stem.id);
            if (!file) {
                return file.error();
            }
            key = file->mediaKey;
        } else {
            key = mediaKeyOf(stem.audioUrl);
        }
        auto bytes = key.empty() ? std::nullopt : _media->read(key);
        if (!bytes) {
            return missing;
        }
        // Two splits of one song both have a 《…》人声: the later one is 《…》人声 (2).
        const std::string base = stem.title.empty() ? std::string("stem") : stem.title;
        std::string name = base;
        for (int n = 2; std::find(names.begin(), names.end(), name) != names.end(); ++n) {
            name = base + " (" + std::to_string(n) + ")";
        }
        names.push_back(name);
        each(StemFile{name + (wav ? ".wav" : ".mp3"), std::move(*bytes)});
    }
    return source->title;
}

Result<Lyrics> WorksService::lyrics(const std::string& rawPrompt) {
    if (!isValidUtf8(rawPrompt) || hasControlChars(rawPrompt, false)) {
        return invalid("歌曲名称包含不支持的字符");
    }
    const std::string prompt = trim(rawPrompt);
    if (prompt.empty()) {
        return invalid("请先输入歌曲名称");
    }
    if (codePointCount(prompt) > kMaxTitleChars) {
        return invalid("歌曲名称不能超过" + std::to_string(kMaxTitleChars) + "个字符");
    }
    if (_moderation.findRefused(prompt)) {
        return DomainError{ErrorCode::Refused, std::string(kOwnModerationMessage)};
    }
    auto lyrics = _generator.lyrics(prompt);
    if (lyrics) {
        return lyrics;
    }
    switch (upstreamFailureOf(lyrics.error())) {
    case UpstreamFailure::Refused:
        // Only the two texts the web recognises ever reach it.
        if (lyrics.error().message == kOwnModerationMessage) {
            return lyrics.error();
        }
        return DomainError{ErrorCode::Refused, std::string(kUpstreamRefusedMessage)};
    case UpstreamFailure::Retryable:
    case UpstreamFailure::Configuration:
    case UpstreamFailure::Permanent:
        break;
    }
    return DomainError{ErrorCode::Upstream, std::string(kUpstreamBusyMessage)};
}

} // namespace gequ::domain
