#pragma once

// The public music square: hot and new lists, search, the player detail, and what listeners do with a song (plays,
// likes, shares) plus the upkeep of the hot list (docs/api.md, docs/product.md "Lists and engagement").

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/store.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gequ::domain {

/// One viewer's plays of one song count at most once in this window (docs/api.md, addNumberOfViews).
inline constexpr Millis kPlayWindow = std::chrono::minutes{30};

/// A song's likes after POST /music/like.
struct LikeState {
    std::int64_t likeCount = 0;
    bool liked = false;
};

/// Who plays a song, for the play de-duplication: "u:<user id>" for a signed-in user, else "ip:<client address>".
std::string playViewerKey(const std::optional<std::string>& userId, const std::string& clientIp);

/// The public lists (hot, new, genre, search) serve their first kMaxSquareRows rows; a page that starts deeper is
/// refused with 4000 (docs/performance.md: every list page then costs O(log n + page) rows).
inline constexpr int kMaxSquareRows = 1000;
/// The upkeep forgets play notes this many per unit of work, so no transaction holds the write lock for long.
inline constexpr int kMaintainBatch = 500;
/// And at most this many batches a pass.
inline constexpr int kMaintainMaxBatches = 200;

class SquareService {
public:
    SquareService(Store& store, const Clock& clock);

    /// Public finished songs by hotness.
    Result<std::vector<SongView>> popular(Page page, const std::optional<std::string>& viewerId);
    /// Public finished songs, newest first.
    Result<std::vector<SongView>> latest(Page page, const std::optional<std::string>& viewerId);
    /// The keyword rules of docs/api.md: "fiery", "new", a genre label or style name, else full text. 4000 when
    /// empty.
    Result<std::vector<SongView>> search(const std::string& keyword, Page page,
                                         const std::optional<std::string>& viewerId);
    /// A public list as the viewer sees it: the same songs with `liked` read from the viewer's likes (one read), so
    /// a list made for everyone can be shared by signed-in viewers.
    std::vector<SongView> asSeenBy(const std::vector<SongView>& songs, const std::string& viewerId);
    /// The player detail, or nullopt when the song is unknown, deleted, hidden, unfinished, or private to another user.
    std::optional<SongView> song(const std::string& id, const std::optional<std::string>& viewerId);
    /// The song `song` was made from (a cover's original, a stem's or an extension's source) when the viewer may see
    /// it as song() decides (public and finished, or their own), else nullopt: the player's 翻唱自 credit.
    std::optional<Song> sourceOf(const Song& song, const std::optional<std::string>& viewerId);

    // What listeners do. A song can be played, liked or shared when the viewer may see it: public, or their own, and
    // neither deleted nor hidden (otherwise 4040 歌曲不存在, so nothing leaks about others' private songs); it must be
    // finished (4090 音乐正在生成中，请稍候 while generating, 仅支持已完成的作品 when failed).

    /// Counts a play by `viewerKey` (playViewerKey) unless the same viewer's last counted play of the song is less
    /// than kPlayWindow old; the song's play count afterwards. One unit of work, so counts are exact under
    /// concurrency.
    Result<std::int64_t> addPlay(const std::string& songId, const std::string& viewerKey,
                                 const std::optional<std::string>& viewerId);
    /// Sets whether the user likes the song (idempotent: the count moves only when the state changes); the count and
    /// state afterwards.
    Result<LikeState> like(const std::string& userId, const std::string& songId, bool like);
    /// Counts a share by `viewerKey` (playViewerKey) unless the same viewer's last counted share of the song is less
    /// than kPlayWindow old, as plays are counted (a share weighs in the hot list); its share count afterwards.
    Result<std::int64_t> share(const std::string& songId, const std::string& viewerKey,
                               const std::optional<std::string>& viewerId);

    /// The periodic upkeep of the square: forgets plays older than kPlayWindow (they can no longer hold a repeat
    /// back), kMaintainBatch at a time, each batch its own short unit of work, and at most kMaintainMaxBatches
    /// batches a pass (the next pass goes on). Its cost does not grow with the number of songs: the hot list's key is
    /// kept current by every counter change (hotRank), not recomputed here. How many play notes it forgot.
    std::int64_t maintain();

private:
    Store& _store;
    const Clock& _clock;
};

} // namespace gequ::domain
