// Synced lyrics: song_timelines (migration 0005). States: 0 to be asked of upstream, 1 stored, 2 upstream had none.

#include "binder.h"
#include "repositories.h"

namespace gequ::db::detail {

using domain::TimePoint;

namespace {

constexpr int kPending = 0;
constexpr int kStored = 1;
constexpr int kNone = 2;

} // namespace

void SqlTimelineRepository::put(const std::string& songId, const domain::Timeline& timeline, TimePoint at) {
    Query(_c, "INSERT INTO song_timelines (song_id, state, body, updated_at) VALUES (?, ?, ?, ?) "
              "ON CONFLICT (song_id) DO UPDATE SET state = excluded.state, body = excluded.body, "
              "next_try_at = NULL, updated_at = excluded.updated_at")
        .bind(songId)
        .bind(kStored)
        .bind(domain::encodeTimeline(timeline))
        .bind(at)
        .execute();
}

std::optional<domain::Timeline> SqlTimelineRepository::find(const std::string& songId) {
    Query query(_c, "SELECT body FROM song_timelines WHERE song_id = ? AND state = ?");
    query.bind(songId).bind(kStored);
    std::vector<std::string> bodies;
    query.into(bodies).execute();
    if (bodies.empty()) {
        return std::nullopt;
    }
    return domain::decodeTimeline(bodies.front());
}

void SqlTimelineRepository::addPending(const std::string& songId, const std::string& upstreamClipId, TimePoint at) {
    Query(_c, "INSERT INTO song_timelines (song_id, state, upstream_clip_id, next_try_at, updated_at) "
              "VALUES (?, ?, ?, ?, ?) ON CONFLICT (song_id) DO NOTHING")
        .bind(songId)
        .bind(kPending)
        .bind(upstreamClipId)
        .bind(at)
        .bind(at)
        .execute();
}

std::vector<domain::PendingTimeline> SqlTimelineRepository::claimDue(TimePoint now, TimePoint until, int limit) {
    if (limit <= 0) {
        return {};
    }
    // One statement, as TaskRepository::claimDue: PostgreSQL skips rows another taker has locked; SQLite has one
    // writer at a time.
    Query query(_c, std::string("UPDATE song_timelines SET next_try_at = ? WHERE song_id IN (SELECT song_id FROM "
                                "song_timelines WHERE state = ? AND next_try_at <= ? ORDER BY next_try_at LIMIT ?") +
                        (_c.postgres() ? " FOR UPDATE SKIP LOCKED" : "") +
                        ") RETURNING song_id, upstream_clip_id, attempts");
    query.bind(until).bind(kPending).bind(now).bind(limit);
    std::vector<std::string> songIds;
    std::vector<std::string> clipIds;
    std::vector<std::int64_t> attempts;
    query.into(songIds).into(clipIds).into(attempts).execute();
    std::vector<domain::PendingTimeline> due;
    for (std::size_t i = 0; i < songIds.size(); ++i) {
        due.push_back({songIds[i], clipIds[i], static_cast<int>(attempts[i])});
    }
    return due;
}

void SqlTimelineRepository::retryLater(const std::string& songId, TimePoint at) {
    Query(_c, "UPDATE song_timelines SET attempts = attempts + 1, next_try_at = ?, updated_at = ? "
              "WHERE song_id = ? AND state = ?")
        .bind(at)
        .bind(at)
        .bind(songId)
        .bind(kPending)
        .execute();
}

void SqlTimelineRepository::giveUp(const std::string& songId, TimePoint at) {
    Query(_c, "UPDATE song_timelines SET state = ?, next_try_at = NULL, updated_at = ? WHERE song_id = ? AND state = ?")
        .bind(kNone)
        .bind(at)
        .bind(songId)
        .bind(kPending)
        .execute();
}

std::int64_t SqlTimelineRepository::countPending() {
    Query query(_c, "SELECT COUNT(*) FROM song_timelines WHERE state = ?");
    query.bind(kPending);
    return scalar(query);
}

} // namespace gequ::db::detail
