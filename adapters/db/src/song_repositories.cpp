// Songs (with likes and play de-duplication) and generation tasks.

#include "binder.h"
#include "gequ/domain/model/hotness.h"
#include "gequ/domain/model/text.h"
#include "repositories.h"
#include "sql_text.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gequ::db::detail {

using domain::Page;
using domain::TimePoint;

namespace {

const std::string kSongSelect =
    std::string("SELECT ") + RowMapping<domain::Song>::kColumns + " FROM songs s JOIN users u ON u.id = s.user_id ";

/// A song's columns with some of them replaced (each `from` must be there: a changed mapping fails at start-up).
std::string songColumnsWith(const std::vector<std::pair<std::string, std::string>>& replaced) {
    std::string columns = RowMapping<domain::Song>::kColumns;
    for (const auto& [from, to] : replaced) {
        const std::size_t at = columns.find(from);
        if (at == std::string::npos) {
            throw DbException("song column " + from + " is not in the row mapping");
        }
        columns.replace(at, from.size(), to);
    }
    return columns;
}

/// The columns of a list row: a song's without its prompt and lyric (read as ''), which no list shows and which are
/// the longest texts of a row.
const std::string kListColumns = songColumnsWith({{"s.prompt, s.lyric", "'', ''"}});
/// The columns of a works row (SongRepository::listByUser): what my works shows, read from the song row alone. The
/// owner's name is the same on every row, so it is read once (the first `?` is the owner's id) instead of joining
/// users per row; the texts no works row shows are read as '', and a live song's deleted_at as NULL.
const std::string kWorksColumns = songColumnsWith({
    {"s.prompt, s.lyric, s.model", "'', '', ''"},
    {"s.stream_url, s.upstream_audio_url, s.upstream_image_url", "'', '', ''"},
    {"s.deleted_at", "NULL"},
    {"s.hotness", "0"},
    {"COALESCE(u.nickname, '')", "COALESCE((SELECT u.nickname FROM users u WHERE u.id = ?), '')"},
});
/// The works columns of findWorksPages, where each row's owner is joined (users u), as the owners differ.
const std::string kBatchWorksColumns = songColumnsWith({
    {"s.prompt, s.lyric, s.model", "'', '', ''"},
    {"s.stream_url, s.upstream_audio_url, s.upstream_image_url", "'', '', ''"},
    {"s.deleted_at", "NULL"},
    {"s.hotness", "0"},
});
/// A works row's failure text: its task's error when the song failed, else ''.
const std::string kWorksError =
    "CASE WHEN s.complete = " + std::to_string(static_cast<int>(domain::SongStatus::Failed)) +
    " THEN COALESCE((SELECT t.error FROM generation_tasks t WHERE t.id = s.task_id), '') "
    "ELSE '' END";
/// A page of works read straight from songs_user_live when it skips at most this many pages' worth of entries
/// (reading a skipped entry's row costs more than a deferred join's key lookup only past that).
constexpr std::int64_t kDirectWorksSkipPages = 1;
/// What the square and search show. The same terms as the partial indexes of the migrations, so they apply.
const std::string kPublic = "s.open = 1 AND s.complete = 1 AND s.hidden = 0 AND s.deleted_at IS NULL";
const std::string kNewest = " ORDER BY s.created_at DESC, s.id DESC";
const std::string kHottest = " ORDER BY s.hotness DESC, s.created_at DESC, s.id DESC";

/// An extra column: 1 when the user named by `user` (an SQL expression or ?) likes the row's song, else 0.
std::string likedBy(const std::string& user) {
    return ", CASE WHEN EXISTS (SELECT 1 FROM song_likes l WHERE l.user_id = " + user +
           " AND l.song_id = s.id) THEN 1 ELSE 0 END";
}

/// Trigram full text needs three characters; shorter keywords match titles through song_title_grams.
constexpr std::size_t kTrigram = 3;
/// PostgreSQL search: the day of songs_text_day (milliseconds), and how many of the newest days are searched a day
/// at a time before a keyword counts as rare: kSearchDays for every kSearchDayRows rows of the page's end.
constexpr std::int64_t kSearchDayMs = 86400000;
constexpr std::int64_t kSearchDays = 14;
constexpr std::int64_t kSearchDayRows = 20;
/// PostgreSQL search: songs_text_sample indexes the public songs whose created_at % kSearchSampleModulus is 0 (about
/// one in 61). A keyword matching at least kSearchSampleCommon of them (about 1,000 matches in all) is common enough to
/// walk the newest days; one matching fewer goes straight to the trigrams. Keep in step with migration 0009.
constexpr int kSearchSampleModulus = 61;
constexpr std::int64_t kSearchSampleCommon = 16;
/// likedAmong asks about at most this many ids per statement.
constexpr std::size_t kIdChunk = 500;

std::vector<domain::Song> songs(Query& query) {
    std::vector<domain::Song> rows;
    query.into(rows).execute();
    return rows;
}

/// The column a page's keys are joined on: SQLite's rowid alias, PostgreSQL's primary key.
std::string keyColumn(const Connection& c) {
    return c.postgres() ? "id" : "seq";
}

/// A deferred join (docs/performance.md): `keys` selects the page's keys as column k, in order, from an index alone
/// (so skipping `offset` rows reads no table rows); only the page's rows are then read whole, with their owner's
/// name, in `order`.
/// `extra` adds columns after the song's.
std::string pageOfKeys(const Connection& c, const std::string& keys, const std::string& order,
                       const std::string& extra = "") {
    return "SELECT " + kListColumns + extra + " FROM (" + keys + ") p JOIN songs s ON s." + keyColumn(c) +
           " = p.k JOIN users u ON u.id = s.user_id" + order;
}

/// The next text_seq, as an SQL expression (search_cache.h follows songs by it). SQLite has a single writer, so the
/// highest number plus one is never handed out twice; it is the same for every row of one statement.
std::string nextTextSeq(const Connection& c) {
    return c.postgres() ? "nextval('songs_text_seq')" : "(SELECT COALESCE(MAX(text_seq), 0) + 1 FROM songs)";
}

/// What the search index reads of a song: whether it is public, its text_seq, and its list row with its lyric.
const std::string kIndexedColumns = "CASE WHEN " + kPublic + " THEN 1 ELSE 0 END, s.text_seq, " +
                                    songColumnsWith({{"s.prompt", "''"}}) +
                                    " FROM songs s JOIN users u ON u.id = s.user_id";

std::vector<IndexedSong> indexedSongs(Query& query) {
    std::vector<std::int64_t> open, seqs;
    std::vector<domain::Song> songs;
    query.into(open).into(seqs).into(songs).execute();
    std::vector<IndexedSong> out(songs.size());
    for (std::size_t i = 0; i < out.size() && i < open.size() && i < seqs.size(); ++i) {
        out[i].song = std::move(songs[i]);
        out[i].isPublic = open[i] != 0;
        out[i].textSeq = seqs[i];
    }
    return out;
}

} // namespace

std::int64_t highestTextSeq(Connection& c) {
    std::vector<std::int64_t> seq;
    Query(c, "SELECT COALESCE(MAX(text_seq), 0) FROM songs").into(seq).execute();
    return seq.empty() ? 0 : seq.front();
}

std::vector<IndexedSong> readPublicSongs(Connection& c, std::int64_t createdAt, const std::string& id, int limit) {
    // The public songs' index (created_at DESC, id DESC), read from the older end.
    Query query(c, "SELECT " + kIndexedColumns + " WHERE " + kPublic +
                       " AND (s.created_at, s.id) > (?, ?) ORDER BY s.created_at, s.id LIMIT ?");
    query.bind(createdAt).bind(id).bind(limit);
    return indexedSongs(query);
}

std::vector<IndexedSong> readChangedSongs(Connection& c, std::int64_t seq, int limit) {
    Query query(c, "SELECT " + kIndexedColumns + " WHERE s.text_seq > ? ORDER BY s.text_seq LIMIT ?");
    query.bind(seq).bind(limit);
    return indexedSongs(query);
}

void noteNameChanged(Connection& c, const std::string& userId) {
    Query(c, "UPDATE songs AS s SET text_seq = " + nextTextSeq(c) + " WHERE s.user_id = ? AND " + kPublic)
        .bind(userId)
        .execute();
}

std::vector<IndexedSong> readSongsById(Connection& c, const std::set<std::string>& ids) {
    std::vector<IndexedSong> out;
    for (const auto& id : ids) {
        Query query(c, "SELECT " + kIndexedColumns + " WHERE s.id = ?");
        query.bind(id);
        for (auto& song : indexedSongs(query)) {
            out.push_back(std::move(song));
        }
    }
    return out;
}

const char* const kSongInsertColumns =
    "id, task_id, user_id, clip_index, title, tags, prompt, lyric, model, image_url, audio_url, stream_url, "
    "upstream_audio_url, upstream_image_url, duration, complete, open, hidden, deleted_at, play_count, forward_count, "
    "like_count, hotness, created_at, finished_at, source_id, origin";

/// The distinct style tags of a tag string as song_tags holds them: split at commas, trimmed, ASCII lower case.
std::vector<std::string> songTagKeys(const std::string& tags) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= tags.size()) {
        std::size_t comma = tags.find(',', start);
        if (comma == std::string::npos) {
            comma = tags.size();
        }
        std::string tag = domain::trim(domain::toLowerAscii(std::string_view(tags).substr(start, comma - start)), " ");
        if (!tag.empty() && std::find(out.begin(), out.end(), tag) == out.end()) {
            out.push_back(std::move(tag));
        }
        start = comma + 1;
    }
    return out;
}

std::vector<std::string> titleGramKeys(const std::string& title) {
    const std::u32string text = domain::decodeUtf8(domain::toLowerAscii(title));
    const auto blank = [](char32_t c) { return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r'; };
    std::vector<std::string> out;
    const auto add = [&](std::u32string_view piece) {
        std::string gram = domain::encodeUtf8(piece);
        if (std::find(out.begin(), out.end(), gram) == out.end()) {
            out.push_back(std::move(gram));
        }
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (blank(text[i])) {
            continue;
        }
        add(std::u32string_view(text).substr(i, 1));
        if (i + 1 < text.size() && !blank(text[i + 1])) {
            add(std::u32string_view(text).substr(i, 2));
        }
    }
    return out;
}

bool isPublicSong(const domain::Song& song) {
    return song.open && song.complete == domain::SongStatus::Done && !song.hidden && !song.deletedAt;
}

const std::string kTaskSelect =
    std::string("SELECT ") + RowMapping<domain::GenerationTask>::kColumns + " FROM generation_tasks ";

std::vector<domain::TaskState> activeStates() {
    return {domain::TaskState::Queued, domain::TaskState::Submitted, domain::TaskState::Running};
}

// --- songs

void SqlSongRepository::insert(const domain::Song& song) {
    domain::Song stored = song;
    stored.hotness = domain::hotRank(song.playCount, song.likeCount, song.forwardCount, song.createdAt);
    Query query(_c, std::string("INSERT INTO songs (") + kSongInsertColumns + ") VALUES (" +
                        placeholders(columnCount<domain::Song>() - 1) + ")");
    bindColumns(query, stored, columnCount<domain::Song>() - 1);
    query.execute();
    if (!stored.deletedAt) {
        addToWorkCount(stored.userId, 1);
    }
    syncListRows(stored);
    noteWorksChanged(_c, stored.userId);
}

void SqlSongRepository::addToWorkCount(const std::string& userId, std::int64_t delta) {
    Query(_c, "INSERT INTO user_song_counts (user_id, live) VALUES (?, ?) "
              "ON CONFLICT (user_id) DO UPDATE SET live = user_song_counts.live + excluded.live")
        .bind(userId)
        .bind(delta)
        .execute();
}

void noteWorksChanged(Connection& c, const std::string& userId) {
    if (c.inTransaction()) {
        c.worksChanged.insert(userId);
    } else {
        bumpWorksVersion(c, userId);
    }
}

void bumpWorksVersion(Connection& c, const std::string& userId) {
    Query(c, "INSERT INTO user_song_counts (user_id, live, version) VALUES (?, 0, 1) "
             "ON CONFLICT (user_id) DO UPDATE SET version = user_song_counts.version + 1")
        .bind(userId)
        .execute();
}

std::int64_t worksVersion(Connection& c, const std::string& userId) {
    std::vector<std::int64_t> version;
    Query(c, "SELECT version FROM user_song_counts WHERE user_id = ?").bind(userId).into(version).execute();
    return version.empty() ? 0 : version.front();
}

void SqlSongRepository::syncListRows(const domain::Song& song) {
    // The genre lists' and short keywords' rows: the song's tags and title pieces while it is public, none
    // otherwise. Cheap (indexes on song_id), so it runs on every write rather than tracking what changed.
    Query(_c, "DELETE FROM song_tags WHERE song_id = ?").bind(song.id).execute();
    Query(_c, "DELETE FROM song_title_grams WHERE song_id = ?").bind(song.id).execute();
    // The search indexes in memory (search_cache.h) follow songs by text_seq: this row is the newest change.
    Query(_c, "UPDATE songs SET text_seq = " + nextTextSeq(_c) + " WHERE id = ?").bind(song.id).execute();
    if (_c.inTransaction()) {
        _c.searchChanged.insert(song.id);
    }
    if (!isPublicSong(song)) {
        return;
    }
    for (const auto& tag : songTagKeys(song.tags)) {
        Query(_c, "INSERT INTO song_tags (tag, created_at, song_id) VALUES (?, ?, ?)")
            .bind(tag)
            .bind(song.createdAt)
            .bind(song.id)
            .execute();
    }
    for (const auto& gram : titleGramKeys(song.title)) {
        Query(_c, "INSERT INTO song_title_grams (gram, created_at, song_id) VALUES (?, ?, ?)")
            .bind(gram)
            .bind(song.createdAt)
            .bind(song.id)
            .execute();
    }
}

std::optional<domain::Song> SqlSongRepository::findById(const std::string& id) {
    Query query(_c, kSongSelect + "WHERE s.id = ?");
    query.bind(id);
    auto rows = songs(query);
    return firstOf(rows);
}

std::vector<std::optional<domain::SongView>> findSongsAsSeenBy(Connection& c,
                                                               const std::vector<const std::string*>& ids,
                                                               const std::vector<const std::string*>& viewers) {
    // The pairs as two parallel arrays, numbered; what findAsSeenBy reads for each, with its number.
    Query query(c, std::string("SELECT q.i, ") + RowMapping<domain::Song>::kColumns +
                       ", CASE WHEN EXISTS (SELECT 1 FROM song_likes l WHERE l.user_id = q.v AND l.song_id = s.id) "
                       "THEN 1 ELSE 0 END, COALESCE(t.body, '') FROM unnest(?::text[], ?::text[]) WITH ORDINALITY "
                       "AS q(id, v, i) JOIN songs s ON s.id = q.id JOIN users u ON u.id = s.user_id "
                       "LEFT JOIN song_timelines t ON t.song_id = s.id AND t.state = 1");
    query.bind(textArray(ids)).bind(textArray(viewers)).genericPlan();
    std::vector<std::int64_t> numbers;
    std::vector<domain::Song> songs;
    std::vector<std::int64_t> likes;
    std::vector<std::string> timelines;
    query.into(numbers).into(songs).into(likes).into(timelines).execute();
    std::vector<std::optional<domain::SongView>> out(ids.size());
    for (std::size_t row = 0; row < numbers.size(); ++row) {
        const auto at = static_cast<std::size_t>(numbers[row] - 1); // WITH ORDINALITY counts from 1
        if (at >= out.size()) {
            continue;
        }
        domain::SongView view{std::move(songs[row]), likes[row] != 0, std::nullopt};
        if (!timelines[row].empty()) {
            view.timeline = domain::decodeTimeline(timelines[row]);
        }
        out[at] = std::move(view);
    }
    return out;
}

std::vector<std::vector<domain::OwnSong>> findWorksPages(Connection& c, const std::vector<WorksPageAsk>& asks) {
    // listByUser's plan, for every ask at once (docs/performance.md, "Batched reads"): the asks are numbered rows of
    // three parallel arrays, each with its owner's row (for the name). Per ask, one of four branches reads the page
    // from songs_user_live: newest first, or, for a page in the older half, oldest first from the other end (the
    // count, from user_song_counts, is read only for a page past the first); a page within one page of its end is
    // read straight from the index (one row lookup per song), a deeper one takes its keys from the index alone and
    // then reads only the page's rows. The branches that do not apply are cut off before they read anything, as their
    // conditions name no column of the scan. The final ORDER BY puts each ask's rows in the list's order with the
    // database's own collation, as listByUser's statement does.
    std::vector<const std::string*> users;
    std::string offsets = "{";
    std::string limits = "{";
    for (const WorksPageAsk& ask : asks) {
        users.push_back(ask.userId);
        if (offsets.size() > 1) {
            offsets += ',';
            limits += ',';
        }
        offsets += std::to_string(offsetOf(ask.page));
        limits += std::to_string(limitOf(ask.page));
    }
    offsets += '}';
    limits += '}';
    const std::string row = "SELECT " + kBatchWorksColumns + likedBy("s.user_id") + ", " + kWorksError;
    const std::string newest = " ORDER BY s.created_at DESC, s.id DESC";
    const std::string oldest = " ORDER BY s.created_at, s.id";
    const std::string newestHalf = "(q.skip = 0 OR q.skip < t.total / 2)";
    const std::string oldestHalf = "q.skip > 0 AND q.skip >= t.total / 2 AND q.skip < t.total";
    const std::string oldestLimit = " LIMIT GREATEST(0, LEAST(q.lim, t.total - q.skip)) OFFSET GREATEST(0, t.total - "
                                    "q.skip - q.lim)";
    const auto direct = [&](const std::string& when, const std::string& order, const std::string& limit) {
        return "(" + row + " FROM songs s WHERE s.user_id = q.u AND s.deleted_at IS NULL AND " + when + order + limit +
               ")";
    };
    const auto deferred = [&](const std::string& when, const std::string& order, const std::string& limit) {
        return "(" + row + " FROM (SELECT s.id AS k FROM songs s WHERE s.user_id = q.u AND s.deleted_at IS NULL AND " +
               when + order + limit + ") p JOIN songs s ON s.id = p.k)";
    };
    const std::string nearNewest = " AND q.skip <= q.lim";
    const std::string nearOldest = " AND t.total - q.skip - q.lim <= q.lim";
    const std::string newestLimit = " LIMIT q.lim OFFSET q.skip";
    Query query(c, "SELECT q.i, x.* FROM unnest(?::text[], ?::bigint[], ?::bigint[]) WITH ORDINALITY AS q(u, skip, "
                   "lim, i) LEFT JOIN users u ON u.id = q.u "
                   "CROSS JOIN LATERAL (SELECT CASE WHEN q.skip = 0 THEN 0 ELSE COALESCE((SELECT n.live FROM "
                   "user_song_counts n WHERE n.user_id = q.u), 0) END AS total OFFSET 0) t CROSS JOIN LATERAL (" +
                       direct(newestHalf + nearNewest, newest, newestLimit) + " UNION ALL " +
                       deferred(newestHalf + " AND q.skip > q.lim", newest, newestLimit) + " UNION ALL " +
                       direct(oldestHalf + nearOldest, oldest, oldestLimit) + " UNION ALL " +
                       deferred(oldestHalf + " AND t.total - q.skip - q.lim > q.lim", oldest, oldestLimit) +
                       ") x ORDER BY q.i, x.created_at DESC, x.id DESC");
    query.bind(textArray(users)).bind(offsets).bind(limits).genericPlan();
    std::vector<std::int64_t> numbers;
    std::vector<domain::Song> songs;
    std::vector<std::int64_t> likes;
    std::vector<std::string> errors;
    query.into(numbers).into(songs).into(likes).into(errors).execute();
    std::vector<std::vector<domain::OwnSong>> out(asks.size());
    for (std::size_t row = 0; row < numbers.size(); ++row) {
        const auto at = static_cast<std::size_t>(numbers[row] - 1); // WITH ORDINALITY counts from 1
        if (at < out.size()) {
            out[at].push_back({std::move(songs[row]), likes[row] != 0, std::move(errors[row])});
        }
    }
    return out;
}

std::vector<std::int64_t> countWorks(Connection& c, const std::vector<const std::string*>& users,
                                     const std::vector<WorkTally>& tallies) {
    // The same reads as countByUser, countGeneratingByUser (its status written into the statement, so the partial
    // index songs_user_generating applies) and worksVersion, one per numbered ask; only the one the ask names runs.
    std::string kinds = "{";
    for (const WorkTally tally : tallies) {
        kinds += kinds.size() > 1 ? "," : "";
        kinds += std::to_string(static_cast<int>(tally));
    }
    kinds += '}';
    static_assert(static_cast<int>(WorkTally::Live) == 0 && static_cast<int>(WorkTally::Generating) == 1 &&
                  static_cast<int>(WorkTally::Version) == 2);
    Query query(c, "SELECT q.i, CASE q.g WHEN 0 THEN COALESCE((SELECT n.live FROM user_song_counts n WHERE n.user_id "
                   "= q.u), 0) WHEN 2 THEN COALESCE((SELECT n.version FROM user_song_counts n WHERE n.user_id = q.u), "
                   "0) ELSE (SELECT COUNT(*) FROM songs s WHERE s.user_id = q.u AND s.complete = " +
                       std::to_string(static_cast<int>(domain::SongStatus::Generating)) +
                       " AND s.deleted_at IS NULL) END FROM unnest(?::text[], ?::int[]) WITH ORDINALITY AS q(u, g, i)");
    query.bind(textArray(users)).bind(kinds).genericPlan();
    std::vector<std::int64_t> numbers;
    std::vector<std::int64_t> counts;
    query.into(numbers).into(counts).execute();
    std::vector<std::int64_t> out(users.size(), 0);
    for (std::size_t row = 0; row < numbers.size() && row < counts.size(); ++row) {
        const auto at = static_cast<std::size_t>(numbers[row] - 1); // WITH ORDINALITY counts from 1
        if (at < out.size()) {
            out[at] = counts[row];
        }
    }
    return out;
}

std::optional<domain::SongView> SqlSongRepository::findAsSeenBy(const std::string& id, const std::string& viewerId) {
    // The timeline rides along (state 1: stored; see timeline_repository.cpp).
    Query query(_c, std::string("SELECT ") + RowMapping<domain::Song>::kColumns + likedBy("?") +
                        ", COALESCE(t.body, '') FROM songs s JOIN users u ON u.id = s.user_id "
                        "LEFT JOIN song_timelines t ON t.song_id = s.id AND t.state = 1 WHERE s.id = ?");
    query.bind(viewerId).bind(id);
    std::vector<domain::Song> songs;
    std::vector<std::int64_t> likes;
    std::vector<std::string> timelines;
    query.into(songs).into(likes).into(timelines).execute();
    if (songs.empty()) {
        return std::nullopt;
    }
    domain::SongView view{std::move(songs.front()), !likes.empty() && likes.front() != 0, std::nullopt};
    if (!timelines.empty() && !timelines.front().empty()) {
        view.timeline = domain::decodeTimeline(timelines.front());
    }
    return view;
}

std::optional<domain::Song> SqlSongRepository::findByMediaUrl(const std::string& url) {
    Query query(_c, kSongSelect + "WHERE s.audio_url = ? OR s.image_url = ? "
                                  "ORDER BY CASE WHEN s.deleted_at IS NULL THEN 0 ELSE 1 END, s.id LIMIT 1");
    query.bind(url).bind(url);
    auto rows = songs(query);
    if (rows.empty()) {
        return std::nullopt;
    }
    return std::move(rows.front());
}

std::optional<domain::Song> SqlSongRepository::findLiveJoin(const std::string& userId, const std::string& extensionId) {
    // Through the user's live songs (songs_user_live): a user has few, and no index on source_id is needed.
    Query query(_c, kSongSelect + "WHERE s.user_id = ? AND s.source_id = ? AND s.origin = 'concat' AND "
                                  "s.deleted_at IS NULL AND s.complete <> ? ORDER BY s.created_at, s.id LIMIT 1");
    query.bind(userId).bind(extensionId).bind(static_cast<int>(domain::SongStatus::Failed));
    auto rows = songs(query);
    if (rows.empty()) {
        return std::nullopt;
    }
    return std::move(rows.front());
}

std::vector<domain::Song> SqlSongRepository::listMadeFrom(const std::string& userId, const std::string& sourceId) {
    // Through the user's live songs (songs_user_live), as findLiveJoin.
    Query query(_c, kSongSelect + "WHERE s.user_id = ? AND s.source_id = ? AND s.deleted_at IS NULL "
                                  "ORDER BY s.created_at, s.task_id, s.clip_index");
    query.bind(userId).bind(sourceId);
    return songs(query);
}

void SqlSongRepository::update(const domain::Song& song) {
    if (song.deletedAt) {
        // Deleting: only the statement that flips deleted_at (the row stays locked to the end of the unit of work)
        // takes the song off its owner's count, so two deletes of one song count once.
        const bool deleted = Query(_c, "UPDATE songs SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL")
                                 .bind(song.deletedAt)
                                 .bind(song.id)
                                 .execute() == 1;
        if (deleted) {
            addToWorkCount(song.userId, -1);
        }
    }
    noteWorksChanged(_c, song.userId); // whatever changed shows on the owner's works pages
    // The counters and hotness are left out on purpose: addCounts and refreshHotness change them atomically, and
    // writing back a value read earlier would lose concurrent plays and likes. Owner, task, clip index and creation
    // time never change.
    Query(_c, "UPDATE songs SET title = ?, tags = ?, prompt = ?, lyric = ?, model = ?, image_url = ?, audio_url = ?, "
              "stream_url = ?, upstream_audio_url = ?, upstream_image_url = ?, duration = ?, complete = ?, open = ?, "
              "hidden = ?, deleted_at = ?, finished_at = ? WHERE id = ?")
        .bind(song.title)
        .bind(song.tags)
        .bind(song.prompt)
        .bind(song.lyric)
        .bind(song.model)
        .bind(song.imageUrl)
        .bind(song.audioUrl)
        .bind(song.streamUrl)
        .bind(song.upstreamAudioUrl)
        .bind(song.upstreamImageUrl)
        .bind(song.duration)
        .bind(static_cast<int>(song.complete))
        .bind(song.open)
        .bind(song.hidden)
        .bind(song.deletedAt)
        .bind(song.finishedAt)
        .bind(song.id)
        .execute();
    syncListRows(song);
}

std::vector<domain::Song> SqlSongRepository::listPublic(domain::SongOrder order, Page page) {
    // The partial indexes songs_public_hot / songs_public_new hold exactly these rows in exactly this order.
    const std::string& orderBy = order == domain::SongOrder::Hotness ? kHottest : kNewest;
    Query query(_c, pageOfKeys(_c,
                               "SELECT s." + keyColumn(_c) + " AS k FROM songs s WHERE " + kPublic + orderBy +
                                   " LIMIT ? OFFSET ?",
                               orderBy));
    query.bind(limitOf(page)).bind(offsetOf(page));
    return songs(query);
}

std::vector<domain::Song> SqlSongRepository::searchByStyle(const std::string& style, Page page) {
    const std::string wanted = domain::trim(domain::toLowerAscii(style), " \t");
    // song_tags holds (tag, created_at, song_id) for public songs only: its primary key is the list's order.
    const std::string order = " ORDER BY s.created_at DESC, s.id DESC";
    Query query(_c, "SELECT " + kListColumns +
                        " FROM (SELECT song_id FROM song_tags WHERE tag = ? ORDER BY created_at DESC, song_id DESC "
                        "LIMIT ? OFFSET ?) p JOIN songs s ON s.id = p.song_id JOIN users u ON u.id = s.user_id" +
                        order);
    query.bind(wanted).bind(limitOf(page)).bind(offsetOf(page));
    return songs(query);
}

std::vector<domain::Song> SqlSongRepository::searchText(const std::string& text, Page page) {
    // The database's own indexes (gequ-server searches its index in memory instead once built: SqlStore::searchText).
    if (!_c.postgres() && domain::codePointCount(text) >= kTrigram) {
        // FTS5 walks its matches in descending rowid (seq, the order songs were stored in) and stops once the page
        // is full, instead of collecting every match and sorting.
        const std::string order = " ORDER BY s.seq DESC";
        Query query(_c, pageOfKeys(_c,
                                   "SELECT f.rowid AS k FROM songs_fts f WHERE songs_fts MATCH ? AND EXISTS (SELECT 1 "
                                   "FROM songs s INDEXED BY songs_public_seq WHERE s.seq = f.rowid AND " +
                                       kPublic + ") ORDER BY f.rowid DESC LIMIT ? OFFSET ?",
                                   order));
        query.bind(ftsPhrase(text)).bind(limitOf(page)).bind(offsetOf(page));
        return songs(query);
    }
    if (domain::codePointCount(text) < kTrigram) {
        // One or two characters: no trigram index serves them, so they match titles through song_title_grams, read
        // newest first by its primary key like a genre list.
        const std::string order = " ORDER BY s.created_at DESC, s.id DESC";
        Query query(_c, "SELECT " + kListColumns +
                            " FROM (SELECT song_id FROM song_title_grams WHERE gram = ? ORDER BY created_at DESC, "
                            "song_id DESC LIMIT ? OFFSET ?) p JOIN songs s ON s.id = p.song_id JOIN users u ON u.id = "
                            "s.user_id" +
                            order);
        query.bind(domain::toLowerAscii(text)).bind(limitOf(page)).bind(offsetOf(page));
        return songs(query);
    }
    // PostgreSQL, three characters or more (docs/performance.md, "Search"): the GIN index songs_text_day holds each
    // public song's trigrams (of title, tags and lyric joined) beside its day. A keyword that the sample index
    // songs_text_sample finds often enough is common: the newest days are searched a day at a time, newest first (a
    // day's matches are found from the index by both keys, so only that day's rows are read, and sorted), and the
    // walk stops once the page is full, so a common keyword costs one or two days. A rare keyword, and a common one
    // that does not fill its page within those days, has all its matches found from the trigrams alone and sorted
    // (ORDER BY created_at + 0 keeps the planner off the newest-first walk of every public song).
    // The joined text only finds candidates: each column is matched on its own, so nothing matches across two.
    const std::string pattern = "%" + escapeLike(text) + "%";
    const std::string like = hasNoCase(text) ? " LIKE " : " ILIKE ";
    const std::string match = "(s.title || ' ' || s.tags || ' ' || s.lyric)" + like + "? ESCAPE '\\' AND (s.title" +
                              like + "? ESCAPE '\\' OR s.tags" + like + "? ESCAPE '\\' OR s.lyric" + like +
                              "? ESCAPE '\\')";
    const auto bindPattern = [&pattern](Query& query) -> Query& {
        return query.bind(pattern).bind(pattern).bind(pattern).bind(pattern);
    };
    // How common the keyword is, from the sample index: a bitmap of its few entries, and at most
    // kSearchSampleCommon rows read.
    Query sample(_c, "SELECT COUNT(*) FROM (SELECT 1 FROM songs s WHERE " + kPublic + " AND s.created_at % " +
                         std::to_string(kSearchSampleModulus) + " = 0 AND " + match + " LIMIT " +
                         std::to_string(kSearchSampleCommon) + ") x");
    bindPattern(sample).genericPlan();
    const bool common = scalar(sample) >= kSearchSampleCommon;
    const std::string newestDay =
        "(SELECT s.created_at FROM songs s WHERE " + kPublic + kNewest + " LIMIT 1) / " + std::to_string(kSearchDayMs);
    const std::int64_t days = kSearchDays * ((offsetOf(page) + limitOf(page) + kSearchDayRows - 1) / kSearchDayRows);
    Query recent(_c, pageOfKeys(_c,
                                "SELECT x.id AS k FROM generate_series(" + newestDay + ", " + newestDay +
                                    " - ? + 1, -1) AS d(day) CROSS JOIN LATERAL (SELECT s.id, s.created_at FROM songs "
                                    "s WHERE " +
                                    kPublic + " AND s.created_at / " + std::to_string(kSearchDayMs) + " = d.day AND " +
                                    match + kNewest + ") x LIMIT ? OFFSET ?",
                                kNewest));
    if (common) {
        recent.bind(days);
        bindPattern(recent).bind(limitOf(page)).bind(offsetOf(page)).genericPlan();
        auto found = songs(recent);
        if (static_cast<std::int64_t>(found.size()) == limitOf(page)) {
            return found;
        }
    }
    Query rare(_c, pageOfKeys(_c,
                              "SELECT s.id AS k FROM songs s WHERE " + kPublic + " AND " + match +
                                  " ORDER BY s.created_at + 0 DESC, s.id DESC LIMIT ? OFFSET ?",
                              kNewest));
    bindPattern(rare).bind(limitOf(page)).bind(offsetOf(page)).genericPlan();
    return songs(rare);
}

std::vector<domain::OwnSong> SqlSongRepository::listByUser(const std::string& userId, Page page) {
    // songs_user_live (user_id, created_at DESC, id DESC, only songs not deleted) holds the list in order; whether the
    // owner likes each song, and a failed song's failure text, are read in the same statement. The first page needs
    // nothing else; pages in the older half are read from the other end of the index (oldest first, then reversed,
    // which needs the count), so the last page of 10,000 songs skips as few entries as the first. A page near either
    // end is read straight from the index (one row lookup per song shown, no join); a page deep inside a long list
    // is a deferred join, so the entries skipped cost no row reads.
    const std::string extra = likedBy("s.user_id") + ", " + kWorksError;
    const auto read = [](Query& query) {
        std::vector<domain::Song> songs;
        std::vector<std::int64_t> likes;
        std::vector<std::string> errors;
        query.into(songs).into(likes).into(errors).execute();
        std::vector<domain::OwnSong> rows;
        rows.reserve(songs.size());
        for (std::size_t i = 0; i < songs.size(); ++i) {
            rows.push_back({std::move(songs[i]), i < likes.size() && likes[i] != 0,
                            i < errors.size() ? std::move(errors[i]) : std::string()});
        }
        return rows;
    };
    const auto pageQuery = [&](const std::string& order, std::int64_t limit, std::int64_t skip) {
        const std::string live = " FROM songs s WHERE s.user_id = ? AND s.deleted_at IS NULL";
        if (skip <= kDirectWorksSkipPages * limit) {
            Query query(_c, "SELECT " + kWorksColumns + extra + live + order + " LIMIT ? OFFSET ?");
            query.bind(userId).bind(userId).bind(limit).bind(skip);
            return read(query);
        }
        Query query(_c, "SELECT " + kWorksColumns + extra + " FROM (SELECT s." + keyColumn(_c) + " AS k" + live +
                            order + " LIMIT ? OFFSET ?) p JOIN songs s ON s." + keyColumn(_c) + " = p.k" + order);
        query.bind(userId).bind(userId).bind(limit).bind(skip);
        return read(query);
    };
    const std::int64_t offset = offsetOf(page);
    const std::int64_t limit = limitOf(page);
    if (offset == 0) {
        return pageQuery(kNewest, limit, 0);
    }
    const std::int64_t total = countByUser(userId);
    if (offset >= total) {
        return {};
    }
    if (offset < total / 2) {
        return pageQuery(kNewest, limit, offset);
    }
    const std::int64_t fromOldest = std::max<std::int64_t>(0, total - offset - limit);
    auto rows = pageQuery(" ORDER BY s.created_at ASC, s.id ASC", total - offset - fromOldest, fromOldest);
    std::reverse(rows.begin(), rows.end());
    return rows;
}

std::int64_t SqlSongRepository::countByUser(const std::string& userId) {
    // Kept by insert and update (user_song_counts), so counting does not walk a large collection.
    Query query(_c, "SELECT live FROM user_song_counts WHERE user_id = ?");
    query.bind(userId);
    return scalar(query);
}

std::int64_t SqlSongRepository::countGeneratingByUser(const std::string& userId) {
    // The status is written into the statement, not bound, so the partial index songs_user_generating applies.
    Query query(_c, "SELECT COUNT(*) FROM songs WHERE user_id = ? AND complete = " +
                        std::to_string(static_cast<int>(domain::SongStatus::Generating)) + " AND deleted_at IS NULL");
    query.bind(userId);
    return scalar(query);
}

std::vector<domain::Song> SqlSongRepository::listByTask(const std::string& taskId) {
    Query query(_c, kSongSelect + "WHERE s.task_id = ? ORDER BY s.clip_index, s.id");
    query.bind(taskId);
    return songs(query);
}

void SqlSongRepository::addCounts(const std::string& id, std::int64_t plays, std::int64_t shares, std::int64_t likes) {
    // The counters move atomically (the row stays locked to the end of the unit of work); the hot list's key is then
    // recomputed from what they became, so it is always current without a periodic pass.
    std::vector<std::int64_t> playCount, forwardCount, likeCount, createdAt;
    std::vector<std::string> owner;
    Query(_c, "UPDATE songs SET play_count = play_count + ?, forward_count = forward_count + ?, "
              "like_count = like_count + ? WHERE id = ? RETURNING play_count, forward_count, like_count, created_at, "
              "user_id")
        .bind(plays)
        .bind(shares)
        .bind(likes)
        .bind(id)
        .into(playCount)
        .into(forwardCount)
        .into(likeCount)
        .into(createdAt)
        .into(owner)
        .execute();
    if (playCount.empty()) {
        return;
    }
    // The owner's works pages show the counters (and, for a like, whether the owner likes it).
    noteWorksChanged(_c, owner[0]);
    const double rank =
        domain::hotRank(playCount[0], likeCount[0], forwardCount[0], domain::fromEpochMillis(createdAt[0]));
    // The search indexes in memory (search_cache.h) hold the counters too: the row is changed again.
    Query(_c, "UPDATE songs SET hotness = ?, text_seq = " + nextTextSeq(_c) + " WHERE id = ?")
        .bind(rank)
        .bind(id)
        .execute();
}

std::vector<std::pair<domain::SongStatus, std::int64_t>> SqlSongRepository::countByStatus() {
    std::vector<std::int64_t> statuses, counts;
    Query(_c, "SELECT complete, COUNT(*) FROM songs WHERE deleted_at IS NULL GROUP BY complete ORDER BY complete")
        .into(statuses)
        .into(counts)
        .execute();
    std::vector<std::pair<domain::SongStatus, std::int64_t>> out;
    for (std::size_t i = 0; i < statuses.size() && i < counts.size(); ++i) {
        out.emplace_back(static_cast<domain::SongStatus>(statuses[i]), counts[i]);
    }
    return out;
}

bool SqlSongRepository::addLike(const std::string& userId, const std::string& songId, TimePoint at) {
    const bool added =
        Query(_c, "INSERT INTO song_likes (user_id, song_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING")
            .bind(userId)
            .bind(songId)
            .bind(at)
            .execute() == 1;
    if (added) {
        noteWorksChanged(_c, userId); // the liker's works pages say which of their own songs they like
    }
    return added;
}

bool SqlSongRepository::removeLike(const std::string& userId, const std::string& songId) {
    const bool removed =
        Query(_c, "DELETE FROM song_likes WHERE user_id = ? AND song_id = ?").bind(userId).bind(songId).execute() == 1;
    if (removed) {
        noteWorksChanged(_c, userId);
    }
    return removed;
}

std::vector<std::string> SqlSongRepository::likedAmong(const std::string& userId,
                                                       const std::vector<std::string>& songIds) {
    std::vector<std::string> liked;
    for (std::size_t start = 0; start < songIds.size(); start += kIdChunk) {
        const std::size_t n = std::min(kIdChunk, songIds.size() - start);
        std::vector<std::string> rows;
        Query query(_c, "SELECT song_id FROM song_likes WHERE user_id = ? AND song_id IN (" + placeholders(n) + ")");
        query.bind(userId);
        for (std::size_t i = start; i < start + n; ++i) {
            query.bind(songIds[i]);
        }
        query.into(rows).execute();
        liked.insert(liked.end(), rows.begin(), rows.end());
    }
    return liked;
}

bool SqlSongRepository::recordPlay(const std::string& songId, const std::string& viewerKey, TimePoint at,
                                   domain::Millis window) {
    // Inserted (first play) or moved forward (the last counted play is at least `window` old): one row changed.
    return Query(_c, "INSERT INTO play_events (song_id, viewer_key, at) VALUES (?, ?, ?) "
                     "ON CONFLICT (song_id, viewer_key) DO UPDATE SET at = excluded.at WHERE play_events.at <= ?")
               .bind(songId)
               .bind(viewerKey)
               .bind(at)
               .bind(at - window)
               .execute() == 1;
}

std::int64_t SqlSongRepository::prunePlayEvents(TimePoint before, int limit) {
    // Oldest first through play_events_at, a bounded batch per call (row values work in both dialects).
    return Query(_c, "DELETE FROM play_events WHERE (song_id, viewer_key) IN (SELECT song_id, viewer_key FROM "
                     "play_events WHERE at < ? ORDER BY at LIMIT ?)")
        .bind(before)
        .bind(limit)
        .execute();
}

std::vector<domain::Song> SqlSongRepository::listDeletedWithMedia(TimePoint deletedBefore, int limit) {
    Query query(_c,
                kSongSelect +
                    "WHERE s.deleted_at IS NOT NULL AND s.deleted_at < ? AND "
                    "(s.audio_url LIKE '/media/%' OR s.image_url LIKE '/media/%') ORDER BY s.deleted_at, s.id LIMIT ?");
    query.bind(deletedBefore).bind(std::max(1, limit));
    return songs(query);
}

// --- tasks

void SqlTaskRepository::insert(const domain::GenerationTask& task) {
    Query query(_c, std::string("INSERT INTO generation_tasks (") + RowMapping<domain::GenerationTask>::kColumns +
                        ") VALUES (" + placeholders(columnCount<domain::GenerationTask>()) + ")");
    bindColumns(query, task);
    query.execute();
}

std::optional<domain::GenerationTask> SqlTaskRepository::findById(const std::string& id) {
    std::vector<domain::GenerationTask> rows;
    Query(_c, kTaskSelect + "WHERE id = ?").bind(id).into(rows).execute();
    return firstOf(rows);
}

void SqlTaskRepository::update(const domain::GenerationTask& task) {
    // The lease columns are left out: only claimDue and releaseLease move a lease, so a worker whose lease expired
    // cannot take back one that another worker holds now. Owner and creation time never change.
    Query(_c, "UPDATE generation_tasks SET provider = ?, upstream_task_id = ?, request_json = ?, state = ?, "
              "channel = ?, charged = ?, refunded = ?, error = ?, attempts = ?, next_poll_at = ?, submitted_at = ?, "
              "finished_at = ? WHERE id = ?")
        .bind(task.provider)
        .bind(task.upstreamTaskId)
        .bind(task.requestJson)
        .bind(domain::toString(task.state))
        .bind(domain::toString(task.channel))
        .bind(task.charged)
        .bind(task.refunded)
        .bind(task.error)
        .bind(task.attempts)
        .bind(task.nextPollAt)
        .bind(task.submittedAt)
        .bind(task.finishedAt)
        .bind(task.id)
        .execute();
}

std::int64_t SqlTaskRepository::countActiveByUser(const std::string& userId) {
    const auto states = activeStates();
    Query query(_c, "SELECT COUNT(*) FROM generation_tasks WHERE user_id = ? AND state IN (" +
                        placeholders(states.size()) + ")");
    query.bind(userId);
    for (auto state : states) {
        query.bind(domain::toString(state));
    }
    return scalar(query);
}

std::vector<domain::GenerationTask> SqlTaskRepository::claimDue(const std::vector<domain::TaskState>& states,
                                                                const std::string& owner, TimePoint now,
                                                                TimePoint until, int limit) {
    if (states.empty() || limit <= 0) {
        return {};
    }
    // One statement: pick the due rows and lease them. PostgreSQL skips rows another claimer has locked; SQLite has
    // one writer at a time, so the statement alone is atomic.
    const std::string sql =
        "UPDATE generation_tasks SET lease_owner = ?, lease_until = ? WHERE id IN (SELECT id FROM generation_tasks "
        "WHERE state IN (" +
        placeholders(states.size()) +
        ") AND (next_poll_at IS NULL OR next_poll_at <= ?) AND (lease_until IS NULL OR lease_until <= ?) "
        "ORDER BY CASE WHEN channel = ? THEN 0 ELSE 1 END, created_at, id LIMIT ?" +
        (_c.postgres() ? " FOR UPDATE SKIP LOCKED" : "") + ") RETURNING " +
        RowMapping<domain::GenerationTask>::kColumns;
    Query query(_c, sql);
    query.bind(owner).bind(until);
    for (auto state : states) {
        query.bind(domain::toString(state));
    }
    query.bind(now).bind(now).bind(domain::toString(domain::TaskChannel::Member)).bind(limit);
    std::vector<domain::GenerationTask> rows;
    query.into(rows).execute();
    // RETURNING keeps no order: members first, then oldest.
    std::sort(rows.begin(), rows.end(), [](const domain::GenerationTask& a, const domain::GenerationTask& b) {
        const bool am = a.channel == domain::TaskChannel::Member;
        const bool bm = b.channel == domain::TaskChannel::Member;
        if (am != bm) {
            return am;
        }
        if (a.createdAt != b.createdAt) {
            return a.createdAt < b.createdAt;
        }
        return a.id < b.id;
    });
    return rows;
}

void SqlTaskRepository::releaseLease(const std::string& id, const std::string& owner) {
    Query(_c, "UPDATE generation_tasks SET lease_owner = '', lease_until = NULL WHERE id = ? AND lease_owner = ?")
        .bind(id)
        .bind(owner)
        .execute();
}

std::vector<domain::GenerationTask> SqlTaskRepository::listByState(std::optional<domain::TaskState> state, Page page) {
    return pageInState<domain::GenerationTask>(_c, kTaskSelect, "ORDER BY created_at, id", state, page);
}

std::vector<std::pair<domain::TaskState, std::int64_t>> SqlTaskRepository::countByState() {
    return countsByText<domain::TaskState>(_c,
                                           "SELECT state, COUNT(*) FROM generation_tasks GROUP BY state ORDER BY state",
                                           [](const std::string& s) { return domain::parseTaskState(s); });
}

} // namespace gequ::db::detail
