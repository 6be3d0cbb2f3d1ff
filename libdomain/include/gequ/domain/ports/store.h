#pragma once

// The database port: repositories bound to one transaction, and the Store that runs units of work.
// Implementations: adapters/db (SQLite and PostgreSQL through one Poco::Data code path).

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/timeline.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gequ::domain {

/// A page of a list: 0-based offset and a row limit.
struct Page {
    int offset = 0;
    int limit = 20;
};

class UserRepository {
public:
    virtual ~UserRepository() = default;
    /// The user with this id, or nullopt.
    virtual std::optional<User> findById(const std::string& id) = 0;
    /// The user with this normalised phone, or nullopt.
    virtual std::optional<User> findByPhone(const std::string& phone) = 0;
    /// Inserts a new user; the phone must not be taken (an exception otherwise).
    virtual void insert(const User& user) = 0;
    /// Inserts a new user unless the phone is taken (then nothing is written, after waiting for a concurrent insert of
    /// the same phone to commit or roll back); whether it was inserted.
    virtual bool insertIfPhoneFree(const User& user) = 0;
    /// Adds delta to the user's points only if the balance stays >= 0 (one conditional UPDATE); the new balance, or
    /// nullopt when refused or no such user.
    virtual std::optional<std::int64_t> addPoints(const std::string& id, std::int64_t delta) = 0;
    /// Sets the nickname.
    virtual void updateNickname(const std::string& id, const std::string& nickname) = 0;
    /// Sets the stored membership level, expiry and lifetime flag.
    virtual void updateMembership(const std::string& id, int level, std::optional<TimePoint> expiresAt,
                                  bool lifetime) = 0;
    /// Sets or clears the disabled flag.
    virtual void setDisabled(const std::string& id, bool disabled) = 0;
    /// Users, oldest first.
    virtual std::vector<User> list(Page page) = 0;
    /// The number of users.
    virtual std::int64_t count() = 0;
};

class SessionRepository {
public:
    virtual ~SessionRepository() = default;
    /// Stores a new session.
    virtual void insert(const Session& session) = 0;
    /// The session with this token hash, revoked or not, or nullopt.
    virtual std::optional<Session> findByTokenHash(const std::string& tokenHash) = 0;
    /// The session with this token hash and whether its owner is disabled, in one read; nullopt without an owner.
    virtual std::optional<SessionOwner> findWithOwner(const std::string& tokenHash) = 0;
    /// Marks the session revoked at `at` (no-op when already revoked).
    virtual void revoke(const std::string& tokenHash, TimePoint at) = 0;
    /// Revokes every live session of the user.
    virtual void revokeAllForUser(const std::string& userId, TimePoint at) = 0;
    /// Whether a session of the user was opened from the client (its last_ip) at or after `since`.
    virtual bool openedFrom(const std::string& userId, const std::string& client, TimePoint since) = 0;
};

class SmsCodeRepository {
public:
    virtual ~SmsCodeRepository() = default;
    /// Stores a new code and returns its id.
    virtual std::int64_t insert(const SmsCode& code) = 0;
    /// The newest unconsumed code for the phone, or nullopt.
    virtual std::optional<SmsCode> findLatestActive(const std::string& phone) = 0;
    /// The newest code sent to the phone (consumed or not), or nullopt.
    virtual std::optional<SmsCode> findLatest(const std::string& phone) = 0;
    /// The newest unconsumed code for the phone asked for from the network, or from no recorded network; or nullopt.
    virtual std::optional<SmsCode> findLatestActiveFrom(const std::string& phone, const std::string& network) = 0;
    /// The newest code sent to the phone at the request of the network (consumed or not), or nullopt.
    virtual std::optional<SmsCode> findLatestFrom(const std::string& phone, const std::string& network) = 0;
    /// Codes requested from the network at or after `since`.
    virtual std::int64_t countForNetworkSince(const std::string& network, TimePoint since) = 0;
    /// Codes sent to the phone at or after `since`.
    virtual std::int64_t countForPhoneSince(const std::string& phone, TimePoint since) = 0;
    /// Codes requested from the IP at or after `since`.
    virtual std::int64_t countForIpSince(const std::string& ip, TimePoint since) = 0;
    /// Codes sent to the phone at the request of the IP at or after `since`.
    virtual std::int64_t countForPhoneFromIpSince(const std::string& phone, const std::string& ip, TimePoint since) = 0;
    /// Codes sent to anyone at or after `since` (the site-wide budget).
    virtual std::int64_t countAllSince(TimePoint since) = 0;
    /// Records one wrong code guess for the phone from the client (an IP, or an IPv6 /64).
    virtual void addFailure(const std::string& phone, const std::string& client, TimePoint at) = 0;
    /// Wrong guesses for the phone from the client at or after `since`.
    virtual std::int64_t countFailures(const std::string& phone, const std::string& client, TimePoint since) = 0;
    /// Wrong guesses from the client, for any phone, at or after `since`.
    virtual std::int64_t countClientFailures(const std::string& client, TimePoint since) = 0;
    /// Wrong guesses for the phone from every client at or after `since`.
    virtual std::int64_t countPhoneFailures(const std::string& phone, TimePoint since) = 0;
    /// Forgets wrong guesses made before `before`.
    virtual void pruneFailures(TimePoint before) = 0;
    /// Adds one failed attempt and returns the new count.
    virtual int addAttempt(std::int64_t id) = 0;
    /// Marks the code consumed unless it already is; whether this call consumed it.
    virtual bool consume(std::int64_t id, TimePoint at) = 0;
    /// Marks every unconsumed code of the phone consumed.
    virtual void consumeAllForPhone(const std::string& phone, TimePoint at) = 0;
    /// Marks every unconsumed code of the phone asked for from the network consumed (a new code replaces them).
    virtual void consumeAllForPhoneFrom(const std::string& phone, const std::string& network, TimePoint at) = 0;
    /// Records a proof-of-work challenge as used until it expires; false when it already was (each is good once).
    virtual bool spendChallenge(const std::string& challenge, TimePoint expiresAt) = 0;
    /// Forgets used challenges that expired before `before`.
    virtual void pruneChallenges(TimePoint before) = 0;
    /// Makes a reserved code (one inserted already consumed, so it counts for the limits but cannot be used) usable.
    virtual void activate(std::int64_t id) = 0;
    /// Deletes the code (a reservation whose SMS could not be sent).
    virtual void remove(std::int64_t id) = 0;
    /// Holds a lock on key until the unit of work ends, so units of work locking the same key run one after the other
    /// (PostgreSQL: a transaction-level advisory lock; SQLite runs one writer at a time anyway).
    virtual void lock(const std::string& key) = 0;
};

class PointsRepository {
public:
    virtual ~PointsRepository() = default;
    /// Appends a record; false (and nothing written) when its ref already exists.
    virtual bool append(const PointsRecord& record) = 0;
    /// Whether a record with this ref exists.
    virtual bool hasRef(const std::string& ref) = 0;
    /// The user's records, newest first.
    virtual std::vector<PointsRecord> listByUser(const std::string& userId, Page page) = 0;
    /// The number of the user's records.
    virtual std::int64_t countByUser(const std::string& userId) = 0;
    /// Every record of the user, oldest first (for the invariant check).
    virtual std::vector<PointsRecord> allByUser(const std::string& userId) = 0;
    /// The refs that appear more than once (must be empty; for the invariant check).
    virtual std::vector<std::string> duplicateRefs() = 0;
};

/// Which songs a public list shows, and in what order.
enum class SongOrder { Hotness, Newest };

class SongRepository {
public:
    virtual ~SongRepository() = default;
    /// Stores a new song; its stored hotness is hotRank of its counters and creation time (song.hotness is ignored).
    virtual void insert(const Song& song) = 0;
    /// The song with this id, deleted or not, or nullopt.
    virtual std::optional<Song> findById(const std::string& id) = 0;
    /// The song with this id, deleted or not, with whether the viewer likes it ("" for a visitor: false) and its
    /// stored timeline (one statement), or nullopt.
    virtual std::optional<SongView> findAsSeenBy(const std::string& id, const std::string& viewerId) = 0;
    /// The song whose audio or cover URL is `url` (a live one before a deleted one), or nullopt.
    virtual std::optional<Song> findByMediaUrl(const std::string& url) = 0;
    /// The user's first join (origin concat) of the extension that is neither deleted nor failed, or nullopt.
    virtual std::optional<Song> findLiveJoin(const std::string& userId, const std::string& extensionId) = 0;
    /// The user's songs made from the song (source_id) that are not deleted, oldest first (stems, covers, extensions).
    virtual std::vector<Song> listMadeFrom(const std::string& userId, const std::string& sourceId) = 0;
    /// Writes every mutable field of the song back (matched by id).
    virtual void update(const Song& song) = 0;
    // The lists below return rows without their prompt and lyric (left empty: no list shows them; findById has them).

    /// Public, finished, not hidden, not deleted songs in the given order (ties: newer first). Costs O(log n + offset +
    /// limit) rows at any table size.
    virtual std::vector<Song> listPublic(SongOrder order, Page page) = 0;
    /// Public finished songs whose style tags contain this style (case-insensitive, whole tag), newest first; an index
    /// of (tag, time) serves it, so it costs O(log n + offset + limit).
    virtual std::vector<Song> searchByStyle(const std::string& style, Page page) = 0;
    /// Public finished songs whose title, tags or lyric contain the text (Chinese substrings included), newest first
    /// (by the order songs were stored in).
    virtual std::vector<Song> searchText(const std::string& text, Page page) = 0;
    /// The user's songs that are not deleted, newest first, each with whether the user likes it and a failed song's
    /// failure text (the first page is one statement).
    virtual std::vector<OwnSong> listByUser(const std::string& userId, Page page) = 0;
    /// The number of the user's songs that are not deleted.
    virtual std::int64_t countByUser(const std::string& userId) = 0;
    /// The number of the user's songs still generating.
    virtual std::int64_t countGeneratingByUser(const std::string& userId) = 0;
    /// The songs of a task, by clip index.
    virtual std::vector<Song> listByTask(const std::string& taskId) = 0;
    /// Adds to the play, share and like counters atomically and stores the song's new hotRank.
    virtual void addCounts(const std::string& id, std::int64_t plays, std::int64_t shares, std::int64_t likes) = 0;
    /// The number of songs in each status (generating, done, failed), not deleted.
    virtual std::vector<std::pair<SongStatus, std::int64_t>> countByStatus() = 0;
    /// Records that the user likes the song; false (nothing written) when they already do. like_count is left to
    /// addCounts.
    virtual bool addLike(const std::string& userId, const std::string& songId, TimePoint at) = 0;
    /// Removes the user's like of the song; false when there was none. like_count is left to addCounts.
    virtual bool removeLike(const std::string& userId, const std::string& songId) = 0;
    /// The ids among songIds that the user likes.
    virtual std::vector<std::string> likedAmong(const std::string& userId, const std::vector<std::string>& songIds) = 0;
    /// Notes a play of the song by the viewer unless one was noted less than `window` before `at` (one conditional
    /// upsert); whether it counts. play_count is left to addCounts.
    virtual bool recordPlay(const std::string& songId, const std::string& viewerKey, TimePoint at, Millis window) = 0;
    /// Forgets at most `limit` of the plays noted before `before` (oldest first); how many it forgot.
    virtual std::int64_t prunePlayEvents(TimePoint before, int limit) = 0;
    /// Up to `limit` songs deleted before `deletedBefore` whose audio or cover URL is still one of ours ("/media/..."),
    /// the longest-deleted first (for the media purge).
    virtual std::vector<Song> listDeletedWithMedia(TimePoint deletedBefore, int limit) = 0;
};

class TaskRepository {
public:
    virtual ~TaskRepository() = default;
    /// Stores a new task.
    virtual void insert(const GenerationTask& task) = 0;
    /// The task with this id, or nullopt.
    virtual std::optional<GenerationTask> findById(const std::string& id) = 0;
    /// Writes every mutable field of the task back (matched by id).
    virtual void update(const GenerationTask& task) = 0;
    /// The user's tasks in a non-final state (queued, submitted, running).
    virtual std::int64_t countActiveByUser(const std::string& userId) = 0;
    /// Leases up to `limit` due tasks in `states` (next_poll_at <= now or null, lease free or expired) to `owner` until
    /// `until`; member channel first, then oldest. No two owners ever hold the same task.
    virtual std::vector<GenerationTask> claimDue(const std::vector<TaskState>& states, const std::string& owner,
                                                 TimePoint now, TimePoint until, int limit) = 0;
    /// Releases the lease if `owner` holds it.
    virtual void releaseLease(const std::string& id, const std::string& owner) = 0;
    /// Tasks in a state, oldest first.
    virtual std::vector<GenerationTask> listByState(std::optional<TaskState> state, Page page) = 0;
    /// The number of tasks in each state.
    virtual std::vector<std::pair<TaskState, std::int64_t>> countByState() = 0;
};

class OrderRepository {
public:
    virtual ~OrderRepository() = default;
    /// Stores a new order.
    virtual void insert(const Order& order) = 0;
    /// The order with this number, or nullopt.
    virtual std::optional<Order> findByNo(const std::string& orderNo) = 0;
    /// Moves the order from created (or closed) to paid in one conditional update; whether this call moved it.
    virtual bool markPaid(const std::string& orderNo, const std::string& providerTxnId, std::int64_t paidAmountFen,
                          TimePoint paidAt) = 0;
    /// Moves a created order to closed; whether this call moved it.
    virtual bool markClosed(const std::string& orderNo, TimePoint at) = 0;
    /// Flags the order as an anomaly (amount or merchant mismatch).
    virtual void markAnomaly(const std::string& orderNo) = 0;
    /// Stores what the provider's start gave (the native code_url, the H5 redirect or the JSAPI prepay id).
    virtual void setCodeUrl(const std::string& orderNo, const std::string& codeUrl) = 0;
    /// Counts one more notification for the order.
    virtual void addNotify(const std::string& orderNo) = 0;
    /// Orders in a state, oldest first (all states when nullopt).
    virtual std::vector<Order> listByState(std::optional<OrderState> state, Page page) = 0;
    /// The number of orders in each state.
    virtual std::vector<std::pair<OrderState, std::int64_t>> countByState() = 0;
};

class RedeemRepository {
public:
    virtual ~RedeemRepository() = default;
    /// Stores a new code.
    virtual void insert(const RedeemCode& code) = 0;
    /// The code with this hash, or nullopt.
    virtual std::optional<RedeemCode> findByHash(const std::string& codeHash) = 0;
    /// Up to `limit` codes still stored as the plain SHA-256 of schema versions before 8.
    virtual std::vector<RedeemCode> listPlainSha256(int limit) = 0;
    /// Replaces a code's stored hash with its HMAC form (and clears the plain SHA-256 mark).
    virtual void rehash(const std::string& id, const std::string& codeHash) = 0;
    /// The code with this id, or nullopt.
    virtual std::optional<RedeemCode> findById(const std::string& id) = 0;
    /// Counts one use if used_count < max_uses (one conditional update); whether it was counted.
    virtual bool addUse(const std::string& id) = 0;
    /// Records that the user redeemed the code; false when they already had.
    virtual bool insertRedemption(const std::string& codeId, const std::string& userId, TimePoint at) = 0;
    /// Sets the disabled flag.
    virtual void setDisabled(const std::string& id, bool disabled) = 0;
    /// All codes, newest first.
    virtual std::vector<RedeemCode> list(Page page) = 0;
    /// The users who redeemed the code, oldest first.
    virtual std::vector<std::string> redeemersOf(const std::string& codeId) = 0;
};

/// The repositories of one unit of work, all bound to the same transaction.
/// A song whose timeline is to be asked of upstream (TimelineRepository::claimDue).
struct PendingTimeline {
    std::string songId;
    std::string upstreamClipId; ///< what upstream calls the clip (AceData's audio_id)
    int attempts = 0;           ///< failed tries so far
};

/// Synced lyrics (model/timeline.h): each song's timeline, or the wait for one.
class TimelineRepository {
public:
    virtual ~TimelineRepository() = default;
    /// Stores the song's timeline, replacing what was there (a pending wait included).
    virtual void put(const std::string& songId, const Timeline& timeline, TimePoint at) = 0;
    /// The song's stored timeline, or nullopt (none, still pending, or upstream had none).
    virtual std::optional<Timeline> find(const std::string& songId) = 0;
    /// Notes that the song's timeline is to be asked of upstream from `at` on; nothing when the song has a row already.
    virtual void addPending(const std::string& songId, const std::string& upstreamClipId, TimePoint at) = 0;
    /// Takes up to `limit` pending songs due at `now` (oldest due first), moving their next try to `until` so that no
    /// other taker gets them meanwhile.
    virtual std::vector<PendingTimeline> claimDue(TimePoint now, TimePoint until, int limit) = 0;
    /// Counts a failed try of a pending song and moves its next try to `at`.
    virtual void retryLater(const std::string& songId, TimePoint at) = 0;
    /// Stops asking for a pending song's timeline (upstream has none, or every try failed).
    virtual void giveUp(const std::string& songId, TimePoint at) = 0;
    /// The number of songs waiting for their timeline.
    virtual std::int64_t countPending() = 0;
};

class Repositories {
public:
    virtual ~Repositories() = default;
    virtual UserRepository& users() = 0;
    virtual SessionRepository& sessions() = 0;
    virtual SmsCodeRepository& smsCodes() = 0;
    virtual PointsRepository& points() = 0;
    virtual SongRepository& songs() = 0;
    virtual TaskRepository& tasks() = 0;
    virtual OrderRepository& orders() = 0;
    virtual RedeemRepository& redeemCodes() = 0;
    virtual TimelineRepository& timelines() = 0;
};

/// The database: runs units of work.
class Store {
public:
    virtual ~Store() = default;
    /// Runs fn in one transaction; commits when fn returns true, rolls back when it returns false or throws (rethrown).
    virtual void transact(const std::function<bool(Repositories&)>& fn) = 0;
    /// Runs fn for reading, with no write guarantees across its statements.
    virtual void read(const std::function<void(Repositories&)>& fn) = 0;
    /// The ids among songIds that the user likes (SongRepository::likedAmong), read on its own: what was committed
    /// before the call is seen. An implementation may answer calls made at the same time together in one statement
    /// (adapters/db does on PostgreSQL), never with a read that started before a call was made.
    virtual std::vector<std::string> likedAmong(const std::string& userId, const std::vector<std::string>& songIds);
    /// The song with this id as the viewer sees it ("" for a visitor; SongRepository::findAsSeenBy), read on its own
    /// like likedAmong (calls made at the same time may be answered together).
    virtual std::optional<SongView> songAsSeenBy(const std::string& id, const std::string& viewerId);
    /// A page of the user's works (SongRepository::listByUser), read on its own like likedAmong (calls made at the same
    /// time may be answered together).
    virtual std::vector<OwnSong> worksOf(const std::string& userId, Page page);
    /// How many of the user's songs are not deleted (countByUser) or still generating (countGeneratingByUser), read on
    /// its own like likedAmong (calls made at the same time may be answered together).
    virtual std::int64_t worksCount(const std::string& userId, bool generating);
    /// A page of the public songs a keyword finds (SongRepository::searchText), read on its own like likedAmong: an
    /// implementation may answer it from an index of its own and answer calls made at the same time together.
    virtual std::vector<Song> searchText(const std::string& text, Page page);
    /// Whether the database answers.
    virtual bool ping() = 0;
    /// "sqlite" or "postgresql".
    virtual std::string dialect() const = 0;
};

/// Runs f(Repositories&) -> Result<T> in one transaction, committing only when it succeeds.
template <class F> auto inTransaction(Store& store, F&& f) {
    using R = decltype(f(std::declval<Repositories&>()));
    std::optional<R> out;
    store.transact([&](Repositories& repos) {
        out.emplace(f(repos));
        return out->ok();
    });
    return std::move(*out);
}

/// Runs f(Repositories&) for reading and returns what it returns.
template <class F> auto readOnly(Store& store, F&& f) {
    using R = decltype(f(std::declval<Repositories&>()));
    std::optional<R> out;
    store.read([&](Repositories& repos) { out.emplace(f(repos)); });
    return std::move(*out);
}

inline std::vector<std::string> Store::likedAmong(const std::string& userId, const std::vector<std::string>& songIds) {
    std::vector<std::string> liked;
    read([&](Repositories& repos) { liked = repos.songs().likedAmong(userId, songIds); });
    return liked;
}

inline std::vector<OwnSong> Store::worksOf(const std::string& userId, Page page) {
    std::vector<OwnSong> works;
    read([&](Repositories& repos) { works = repos.songs().listByUser(userId, page); });
    return works;
}

inline std::int64_t Store::worksCount(const std::string& userId, bool generating) {
    std::int64_t count = 0;
    read([&](Repositories& repos) {
        count = generating ? repos.songs().countGeneratingByUser(userId) : repos.songs().countByUser(userId);
    });
    return count;
}

inline std::vector<Song> Store::searchText(const std::string& text, Page page) {
    std::vector<Song> songs;
    read([&](Repositories& repos) { songs = repos.songs().searchText(text, page); });
    return songs;
}

inline std::optional<SongView> Store::songAsSeenBy(const std::string& id, const std::string& viewerId) {
    std::optional<SongView> found;
    read([&](Repositories& repos) { found = repos.songs().findAsSeenBy(id, viewerId); });
    return found;
}

} // namespace gequ::domain
