#pragma once

// The repositories of ports/store.h on one Connection (and so one transaction). One code path for both dialects;
// the few unavoidable differences ask Connection::postgres().

#include "binder.h"
#include "connection.h"
#include "gequ/domain/ports/store.h"
#include "rows.h"
#include "search_index.h"

namespace gequ::db::detail {

class SqlUserRepository final : public domain::UserRepository {
public:
    explicit SqlUserRepository(Connection& connection) : _c(connection) {}
    std::optional<domain::User> findById(const std::string& id) override;
    std::optional<domain::User> findByPhone(const std::string& phone) override;
    void insert(const domain::User& user) override;
    bool insertIfPhoneFree(const domain::User& user) override;
    std::optional<std::int64_t> addPoints(const std::string& id, std::int64_t delta) override;
    void updateNickname(const std::string& id, const std::string& nickname) override;
    void updateMembership(const std::string& id, int level, std::optional<domain::TimePoint> expiresAt,
                          bool lifetime) override;
    void setDisabled(const std::string& id, bool disabled) override;
    std::vector<domain::User> list(domain::Page page) override;
    std::int64_t count() override;

private:
    Connection& _c;
};

class SqlSessionRepository final : public domain::SessionRepository {
public:
    explicit SqlSessionRepository(Connection& connection) : _c(connection) {}
    void insert(const domain::Session& session) override;
    std::optional<domain::Session> findByTokenHash(const std::string& tokenHash) override;
    std::optional<domain::SessionOwner> findWithOwner(const std::string& tokenHash) override;
    void revoke(const std::string& tokenHash, domain::TimePoint at) override;
    void revokeAllForUser(const std::string& userId, domain::TimePoint at) override;
    bool openedFrom(const std::string& userId, const std::string& client, domain::TimePoint since) override;

private:
    Connection& _c;
};

class SqlSmsCodeRepository final : public domain::SmsCodeRepository {
public:
    explicit SqlSmsCodeRepository(Connection& connection) : _c(connection) {}
    std::int64_t insert(const domain::SmsCode& code) override;
    std::optional<domain::SmsCode> findLatestActive(const std::string& phone) override;
    std::optional<domain::SmsCode> findLatest(const std::string& phone) override;
    std::optional<domain::SmsCode> findLatestActiveFrom(const std::string& phone, const std::string& network) override;
    std::optional<domain::SmsCode> findLatestFrom(const std::string& phone, const std::string& network) override;
    std::int64_t countForNetworkSince(const std::string& network, domain::TimePoint since) override;
    std::int64_t countForPhoneSince(const std::string& phone, domain::TimePoint since) override;
    std::int64_t countForIpSince(const std::string& ip, domain::TimePoint since) override;
    std::int64_t countForPhoneFromIpSince(const std::string& phone, const std::string& ip,
                                          domain::TimePoint since) override;
    std::int64_t countAllSince(domain::TimePoint since) override;
    void addFailure(const std::string& phone, const std::string& client, domain::TimePoint at) override;
    std::int64_t countFailures(const std::string& phone, const std::string& client, domain::TimePoint since) override;
    std::int64_t countClientFailures(const std::string& client, domain::TimePoint since) override;
    std::int64_t countPhoneFailures(const std::string& phone, domain::TimePoint since) override;
    void pruneFailures(domain::TimePoint before) override;
    int addAttempt(std::int64_t id) override;
    bool consume(std::int64_t id, domain::TimePoint at) override;
    void consumeAllForPhone(const std::string& phone, domain::TimePoint at) override;
    void consumeAllForPhoneFrom(const std::string& phone, const std::string& network, domain::TimePoint at) override;
    bool spendChallenge(const std::string& challenge, domain::TimePoint expiresAt) override;
    void pruneChallenges(domain::TimePoint before) override;
    void activate(std::int64_t id) override;
    void remove(std::int64_t id) override;
    void lock(const std::string& key) override;

private:
    Connection& _c;
};

class SqlPointsRepository final : public domain::PointsRepository {
public:
    explicit SqlPointsRepository(Connection& connection) : _c(connection) {}
    bool append(const domain::PointsRecord& record) override;
    bool hasRef(const std::string& ref) override;
    std::vector<domain::PointsRecord> listByUser(const std::string& userId, domain::Page page) override;
    std::int64_t countByUser(const std::string& userId) override;
    std::vector<domain::PointsRecord> allByUser(const std::string& userId) override;
    std::vector<std::string> duplicateRefs() override;

private:
    Connection& _c;
};

/// The stored columns of a song, in RowMapping order (the mapping's last column, userName, is joined on read).
extern const char* const kSongInsertColumns;
/// The distinct style tags of a tag string as song_tags holds them: split at commas, trimmed, ASCII lower case.
std::vector<std::string> songTagKeys(const std::string& tags);
/// The distinct 1- and 2-character pieces of a title as song_title_grams holds them: ASCII lower case, none with
/// whitespace.
std::vector<std::string> titleGramKeys(const std::string& title);
/// PostgreSQL: SongRepository::findAsSeenBy for many (song, viewer) pairs in one statement, in their order.
std::vector<std::optional<domain::SongView>> findSongsAsSeenBy(Connection& c,
                                                               const std::vector<const std::string*>& ids,
                                                               const std::vector<const std::string*>& viewers);
/// One page of a user's works to read (findWorksPages).
struct WorksPageAsk {
    const std::string* userId;
    domain::Page page;
};
/// PostgreSQL: SongRepository::listByUser for many (user, page) pairs in one statement, in their order.
std::vector<std::vector<domain::OwnSong>> findWorksPages(Connection& c, const std::vector<WorksPageAsk>& asks);
/// What countWorks reads for a user.
enum class WorkTally {
    Live,       ///< countByUser
    Generating, ///< countGeneratingByUser
    Version,    ///< worksVersion
};
/// PostgreSQL: one WorkTally each for many users in one statement, in their order.
std::vector<std::int64_t> countWorks(Connection& c, const std::vector<const std::string*>& users,
                                     const std::vector<WorkTally>& tallies);
/// A number that grows whenever anything the user's works pages show changes (user_song_counts.version, migration
/// 0006); 0 before the first change.
std::int64_t worksVersion(Connection& c, const std::string& userId);
/// Marks the user's works pages changed (worksVersion grows) now.
void bumpWorksVersion(Connection& c, const std::string& userId);
/// Marks the user's works pages changed: at the end of the open transaction (SqlStore::transact bumps every user
/// noted, in order, just before COMMIT, so no unit of work waits for another row while it holds a version's row
/// lock), or at once outside one.
void noteWorksChanged(Connection& c, const std::string& userId);
/// Whether the song is on the square: public, finished, not hidden, not deleted.
bool isPublicSong(const domain::Song& song);

/// The search index's reads (search_cache.h). The highest songs.text_seq (0 for none).
std::int64_t highestTextSeq(Connection& c);
/// Up to `limit` public songs after (createdAt, id), oldest first.
std::vector<IndexedSong> readPublicSongs(Connection& c, std::int64_t createdAt, const std::string& id, int limit);
/// Up to `limit` songs whose text_seq is above `seq`, in text_seq order, public or not.
std::vector<IndexedSong> readChangedSongs(Connection& c, std::int64_t seq, int limit);
/// The songs of these ids as the index reads them (those that exist).
std::vector<IndexedSong> readSongsById(Connection& c, const std::set<std::string>& ids);
/// Gives the user's public songs the next text_seq, as their rows show the user's name (search_cache.h).
void noteNameChanged(Connection& c, const std::string& userId);

/// Rows of (text key, count) as pairs of parsed keys (`parse` returns an optional); unknown keys are an error.
template <class E, class Parse>
std::vector<std::pair<E, std::int64_t>> countsByText(Connection& c, const std::string& sql, Parse parse) {
    std::vector<std::string> keys;
    std::vector<std::int64_t> counts;
    Query(c, sql).into(keys).into(counts).execute();
    std::vector<std::pair<E, std::int64_t>> out;
    for (std::size_t i = 0; i < keys.size() && i < counts.size(); ++i) {
        out.emplace_back(ColumnExtractor::parsed(parse(keys[i]), "state"), counts[i]);
    }
    return out;
}

/// A page of `select`'s rows (a SELECT … FROM with no WHERE) in `order` (an ORDER BY clause), only those whose state
/// column is `state` when one is given (the admin lists of orders and tasks).
template <class T, class State>
std::vector<T> pageInState(Connection& c, const std::string& select, const std::string& order,
                           const std::optional<State>& state, domain::Page page) {
    std::vector<T> rows;
    Query query(c, select + (state ? "WHERE state = ? " : "") + order + " LIMIT ? OFFSET ?");
    if (state) {
        query.bind(domain::toString(*state));
    }
    query.bind(limitOf(page)).bind(offsetOf(page)).into(rows).execute();
    return rows;
}

class SqlSongRepository final : public domain::SongRepository {
public:
    explicit SqlSongRepository(Connection& connection) : _c(connection) {}
    void insert(const domain::Song& song) override;
    std::optional<domain::Song> findById(const std::string& id) override;
    std::optional<domain::SongView> findAsSeenBy(const std::string& id, const std::string& viewerId) override;
    std::optional<domain::Song> findByMediaUrl(const std::string& url) override;
    std::optional<domain::Song> findLiveJoin(const std::string& userId, const std::string& extensionId) override;
    std::vector<domain::Song> listMadeFrom(const std::string& userId, const std::string& sourceId) override;
    void update(const domain::Song& song) override;
    std::vector<domain::Song> listPublic(domain::SongOrder order, domain::Page page) override;
    std::vector<domain::Song> searchByStyle(const std::string& style, domain::Page page) override;
    std::vector<domain::Song> searchText(const std::string& text, domain::Page page) override;
    std::vector<domain::OwnSong> listByUser(const std::string& userId, domain::Page page) override;
    std::int64_t countByUser(const std::string& userId) override;
    std::int64_t countGeneratingByUser(const std::string& userId) override;
    std::vector<domain::Song> listByTask(const std::string& taskId) override;
    void addCounts(const std::string& id, std::int64_t plays, std::int64_t shares, std::int64_t likes) override;
    std::vector<std::pair<domain::SongStatus, std::int64_t>> countByStatus() override;
    bool addLike(const std::string& userId, const std::string& songId, domain::TimePoint at) override;
    bool removeLike(const std::string& userId, const std::string& songId) override;
    std::vector<std::string> likedAmong(const std::string& userId, const std::vector<std::string>& songIds) override;
    bool recordPlay(const std::string& songId, const std::string& viewerKey, domain::TimePoint at,
                    domain::Millis window) override;
    std::int64_t prunePlayEvents(domain::TimePoint before, int limit) override;
    std::vector<domain::Song> listDeletedWithMedia(domain::TimePoint deletedBefore, int limit) override;

private:
    /// Makes song_tags and song_title_grams hold the song's tags and title pieces if it is public, nothing otherwise.
    void syncListRows(const domain::Song& song);
    /// Moves the user's count of songs not deleted (user_song_counts) by delta.
    void addToWorkCount(const std::string& userId, std::int64_t delta);

    Connection& _c;
};

class SqlTaskRepository final : public domain::TaskRepository {
public:
    explicit SqlTaskRepository(Connection& connection) : _c(connection) {}
    void insert(const domain::GenerationTask& task) override;
    std::optional<domain::GenerationTask> findById(const std::string& id) override;
    void update(const domain::GenerationTask& task) override;
    std::int64_t countActiveByUser(const std::string& userId) override;
    std::vector<domain::GenerationTask> claimDue(const std::vector<domain::TaskState>& states, const std::string& owner,
                                                 domain::TimePoint now, domain::TimePoint until, int limit) override;
    void releaseLease(const std::string& id, const std::string& owner) override;
    std::vector<domain::GenerationTask> listByState(std::optional<domain::TaskState> state, domain::Page page) override;
    std::vector<std::pair<domain::TaskState, std::int64_t>> countByState() override;

private:
    Connection& _c;
};

class SqlOrderRepository final : public domain::OrderRepository {
public:
    explicit SqlOrderRepository(Connection& connection) : _c(connection) {}
    void insert(const domain::Order& order) override;
    std::optional<domain::Order> findByNo(const std::string& orderNo) override;
    bool markPaid(const std::string& orderNo, const std::string& providerTxnId, std::int64_t paidAmountFen,
                  domain::TimePoint paidAt) override;
    bool markClosed(const std::string& orderNo, domain::TimePoint at) override;
    void markAnomaly(const std::string& orderNo) override;
    void setCodeUrl(const std::string& orderNo, const std::string& codeUrl) override;
    void addNotify(const std::string& orderNo) override;
    std::vector<domain::Order> listByState(std::optional<domain::OrderState> state, domain::Page page) override;
    std::vector<std::pair<domain::OrderState, std::int64_t>> countByState() override;

private:
    Connection& _c;
};

class SqlRedeemRepository final : public domain::RedeemRepository {
public:
    explicit SqlRedeemRepository(Connection& connection) : _c(connection) {}
    void insert(const domain::RedeemCode& code) override;
    std::optional<domain::RedeemCode> findByHash(const std::string& codeHash) override;
    std::vector<domain::RedeemCode> listPlainSha256(int limit) override;
    void rehash(const std::string& id, const std::string& codeHash) override;
    std::optional<domain::RedeemCode> findById(const std::string& id) override;
    bool addUse(const std::string& id) override;
    bool insertRedemption(const std::string& codeId, const std::string& userId, domain::TimePoint at) override;
    void setDisabled(const std::string& id, bool disabled) override;
    std::vector<domain::RedeemCode> list(domain::Page page) override;
    std::vector<std::string> redeemersOf(const std::string& codeId) override;

private:
    Connection& _c;
};

class SqlTimelineRepository final : public domain::TimelineRepository {
public:
    explicit SqlTimelineRepository(Connection& connection) : _c(connection) {}
    void put(const std::string& songId, const domain::Timeline& timeline, domain::TimePoint at) override;
    std::optional<domain::Timeline> find(const std::string& songId) override;
    void addPending(const std::string& songId, const std::string& upstreamClipId, domain::TimePoint at) override;
    std::vector<domain::PendingTimeline> claimDue(domain::TimePoint now, domain::TimePoint until, int limit) override;
    void retryLater(const std::string& songId, domain::TimePoint at) override;
    void giveUp(const std::string& songId, domain::TimePoint at) override;
    std::int64_t countPending() override;

private:
    Connection& _c;
};

/// All repositories of one unit of work.
class SqlRepositories final : public domain::Repositories {
public:
    explicit SqlRepositories(Connection& connection)
        : _connection(connection), _users(connection), _sessions(connection), _smsCodes(connection),
          _points(connection), _songs(connection), _tasks(connection), _orders(connection), _redeemCodes(connection),
          _timelines(connection) {}
    domain::UserRepository& users() override { return _users; }
    domain::SessionRepository& sessions() override { return _sessions; }
    domain::SmsCodeRepository& smsCodes() override { return _smsCodes; }
    domain::PointsRepository& points() override { return _points; }
    domain::SongRepository& songs() override { return _songs; }
    domain::TaskRepository& tasks() override { return _tasks; }
    domain::OrderRepository& orders() override { return _orders; }
    domain::RedeemRepository& redeemCodes() override { return _redeemCodes; }
    domain::TimelineRepository& timelines() override { return _timelines; }
    /// The connection of this unit of work (for the bulk loader).
    Connection& connection() { return _connection; }

private:
    Connection& _connection;
    SqlUserRepository _users;
    SqlSessionRepository _sessions;
    SqlSmsCodeRepository _smsCodes;
    SqlPointsRepository _points;
    SqlSongRepository _songs;
    SqlTaskRepository _tasks;
    SqlOrderRepository _orders;
    SqlRedeemRepository _redeemCodes;
    SqlTimelineRepository _timelines;
};

} // namespace gequ::db::detail
