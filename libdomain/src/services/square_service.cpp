#include "gequ/domain/services/square_service.h"

#include "gequ/domain/model/genres.h"
#include "gequ/domain/model/song_state.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/services/works_service.h"

#include <algorithm>
#include <unordered_set>

namespace gequ::domain {

namespace {

constexpr int kMaxPageSize = 50;
constexpr std::size_t kMaxKeywordChars = 100;

/// A page the public lists accept: offset >= 0, 1..50 rows, starting within the first kMaxSquareRows rows. A page
/// that runs past that depth is cut short there.
std::optional<DomainError> checkPage(Page& page) {
    if (page.offset < 0) {
        return invalid("页码必须是正整数");
    }
    if (page.limit < 1 || page.limit > kMaxPageSize) {
        return invalid("每页数量必须是1到" + std::to_string(kMaxPageSize) + "之间的整数");
    }
    if (page.offset >= kMaxSquareRows) {
        return invalid("列表最多可浏览前" + std::to_string(kMaxSquareRows) + "首歌曲，请换个关键词搜索");
    }
    page.limit = std::min(page.limit, kMaxSquareRows - page.offset);
    return std::nullopt;
}

/// Songs as a viewer sees them: `liked` from the viewer's likes (false for visitors).
std::vector<SongView> asViews(Repositories& repos, std::vector<Song> songs,
                              const std::optional<std::string>& viewerId) {
    std::unordered_set<std::string> liked;
    if (viewerId && !songs.empty()) {
        std::vector<std::string> ids;
        ids.reserve(songs.size());
        for (const auto& song : songs) {
            ids.push_back(song.id);
        }
        for (auto& id : repos.songs().likedAmong(*viewerId, ids)) {
            liked.insert(std::move(id));
        }
    }
    std::vector<SongView> views;
    views.reserve(songs.size());
    for (auto& song : songs) {
        bool likes = liked.contains(song.id);
        views.push_back(SongView{std::move(song), likes, std::nullopt});
    }
    return views;
}

/// Whether the public may see the song (the square's rule), or the viewer owns it.
bool visibleTo(const Song& song, const std::optional<std::string>& viewerId) {
    if (song.deletedAt || song.hidden || song.complete != SongStatus::Done) {
        return false;
    }
    return song.open || (viewerId && *viewerId == song.userId);
}

DomainError songNotFound() {
    return {ErrorCode::NotFound, std::string(kSongNotFoundMessage)};
}

/// The song a viewer may play, like or share (see the header), or why not.
Result<Song> engageable(Repositories& repos, const std::string& songId, const std::optional<std::string>& viewerId) {
    auto found = songId.empty() ? std::nullopt : repos.songs().findById(songId);
    if (!found || found->deletedAt || found->hidden) {
        return songNotFound();
    }
    const bool own = viewerId && *viewerId == found->userId;
    if (!found->open && !own) {
        return songNotFound();
    }
    if (auto playable = checkPlayable(found->complete); !playable) {
        return playable.error();
    }
    return std::move(*found);
}

} // namespace

std::string playViewerKey(const std::optional<std::string>& userId, const std::string& clientIp) {
    return userId ? "u:" + *userId : "ip:" + clientIp;
}

SquareService::SquareService(Store& store, const Clock& clock) : _store(store), _clock(clock) {}

Result<std::vector<SongView>> SquareService::popular(Page page, const std::optional<std::string>& viewerId) {
    if (auto error = checkPage(page)) {
        return *error;
    }
    return readOnly(_store, [&](Repositories& repos) {
        return asViews(repos, repos.songs().listPublic(SongOrder::Hotness, page), viewerId);
    });
}

Result<std::vector<SongView>> SquareService::latest(Page page, const std::optional<std::string>& viewerId) {
    if (auto error = checkPage(page)) {
        return *error;
    }
    return readOnly(_store, [&](Repositories& repos) {
        return asViews(repos, repos.songs().listPublic(SongOrder::Newest, page), viewerId);
    });
}

Result<std::vector<SongView>> SquareService::search(const std::string& keyword, Page page,
                                                    const std::optional<std::string>& viewerId) {
    if (!isValidUtf8(keyword)) {
        return invalid("搜索关键词不是有效的文本");
    }
    std::string text = trim(keyword);
    if (text.empty()) {
        return invalid("请输入搜索关键词");
    }
    // A NUL or another control character is never part of a search (and would break the full-text query).
    if (hasControlChars(text, false)) {
        return invalid("搜索关键词包含不支持的控制字符");
    }
    if (codePointCount(text) > kMaxKeywordChars) {
        return invalid("搜索关键词不能超过" + std::to_string(kMaxKeywordChars) + "个字符");
    }
    if (text == "fiery") {
        return popular(page, viewerId);
    }
    if (text == "new") {
        return latest(page, viewerId);
    }
    if (auto error = checkPage(page)) {
        return *error;
    }
    // A genre: its Chinese label maps to the English style; an English style name is used as it is (the
    // repository matches tags ignoring case).
    std::optional<std::string> style = genreEnglish(text);
    if (!style && isKnownStyle(text)) {
        style = text;
    }
    if (!style) {
        // Read on its own (Store::searchText): the store may answer it from its search index, and concurrent searches
        // together.
        std::vector<SongView> views;
        for (auto& song : _store.searchText(text, page)) {
            views.push_back(SongView{std::move(song), false, std::nullopt});
        }
        if (!viewerId) {
            return views;
        }
        return asSeenBy(views, *viewerId);
    }
    return readOnly(_store, [&](Repositories& repos) {
        return asViews(repos, repos.songs().searchByStyle(*style, page), viewerId);
    });
}

std::vector<SongView> SquareService::asSeenBy(const std::vector<SongView>& songs, const std::string& viewerId) {
    if (songs.empty()) {
        return {};
    }
    std::vector<std::string> ids;
    ids.reserve(songs.size());
    for (const auto& view : songs) {
        ids.push_back(view.song.id);
    }
    // Read on its own (Store::likedAmong): concurrent viewers' likes may be read by one statement.
    const std::vector<std::string> liked = _store.likedAmong(viewerId, ids);
    std::vector<SongView> views;
    views.reserve(songs.size());
    for (const auto& view : songs) {
        const bool likes = std::find(liked.begin(), liked.end(), view.song.id) != liked.end();
        views.push_back(SongView{view.song, likes, std::nullopt});
    }
    return views;
}

std::optional<SongView> SquareService::song(const std::string& id, const std::optional<std::string>& viewerId) {
    if (id.empty()) {
        return std::nullopt;
    }
    // The song, the viewer's like and the timeline in one statement (concurrent viewers' may share one).
    std::optional<SongView> found = _store.songAsSeenBy(id, viewerId.value_or(std::string()));
    if (!found || !visibleTo(found->song, viewerId)) {
        return std::nullopt;
    }
    return found;
}

std::optional<Song> SquareService::sourceOf(const Song& song, const std::optional<std::string>& viewerId) {
    if (song.sourceId.empty()) {
        return std::nullopt;
    }
    auto source = readOnly(_store, [&](Repositories& repos) { return repos.songs().findById(song.sourceId); });
    if (!source || !visibleTo(*source, viewerId)) {
        return std::nullopt;
    }
    return source;
}

Result<std::int64_t> SquareService::addPlay(const std::string& songId, const std::string& viewerKey,
                                            const std::optional<std::string>& viewerId) {
    const std::string id = trim(songId);
    const TimePoint now = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<std::int64_t> {
        auto song = engageable(repos, id, viewerId);
        if (!song.ok()) {
            return song.error();
        }
        if (!repos.songs().recordPlay(id, viewerKey, now, kPlayWindow)) {
            return song->playCount;
        }
        repos.songs().addCounts(id, 1, 0, 0);
        auto after = repos.songs().findById(id);
        return after ? after->playCount : song->playCount + 1;
    });
}

Result<LikeState> SquareService::like(const std::string& userId, const std::string& songId, bool like) {
    const std::string id = trim(songId);
    const TimePoint now = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<LikeState> {
        auto song = engageable(repos, id, userId);
        if (!song.ok()) {
            return song.error();
        }
        auto& songs = repos.songs();
        const bool changed = like ? songs.addLike(userId, id, now) : songs.removeLike(userId, id);
        std::int64_t count = song->likeCount;
        if (changed) {
            songs.addCounts(id, 0, 0, like ? 1 : -1);
            auto after = songs.findById(id);
            count = after ? after->likeCount : count + (like ? 1 : -1);
        }
        return LikeState{count, like};
    });
}

Result<std::int64_t> SquareService::share(const std::string& songId, const std::string& viewerKey,
                                          const std::optional<std::string>& viewerId) {
    const std::string id = trim(songId);
    const TimePoint now = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<std::int64_t> {
        auto song = engageable(repos, id, viewerId);
        if (!song.ok()) {
            return song.error();
        }
        // Noted beside the plays under its own key, so the upkeep forgets both alike.
        if (!repos.songs().recordPlay(id, "share:" + viewerKey, now, kPlayWindow)) {
            return song->forwardCount;
        }
        repos.songs().addCounts(id, 0, 1, 0);
        auto after = repos.songs().findById(id);
        return after ? after->forwardCount : song->forwardCount + 1;
    });
}

std::int64_t SquareService::maintain() {
    const TimePoint before = _clock.now() - kPlayWindow;
    std::int64_t forgotten = 0;
    for (int batch = 0; batch < kMaintainMaxBatches; ++batch) {
        std::int64_t n = 0;
        _store.transact([&](Repositories& repos) {
            n = repos.songs().prunePlayEvents(before, kMaintainBatch);
            return true;
        });
        forgotten += n;
        if (n < kMaintainBatch) {
            break;
        }
    }
    return forgotten;
}

} // namespace gequ::domain
