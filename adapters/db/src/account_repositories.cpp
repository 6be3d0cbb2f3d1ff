// Users, sessions and SMS codes.

#include "binder.h"
#include "repositories.h"

namespace gequ::db::detail {

using domain::Page;
using domain::TimePoint;

namespace {

const std::string kUserSelect = std::string("SELECT ") + RowMapping<domain::User>::kColumns + " FROM users ";
const std::string kSessionSelect = std::string("SELECT ") + RowMapping<domain::Session>::kColumns + " FROM sessions ";
const std::string kSmsSelect = std::string("SELECT ") + RowMapping<domain::SmsCode>::kColumns + " FROM sms_codes ";

} // namespace

// --- users

std::optional<domain::User> SqlUserRepository::findById(const std::string& id) {
    std::vector<domain::User> rows;
    Query(_c, kUserSelect + "WHERE id = ?").bind(id).into(rows).execute();
    return firstOf(rows);
}

std::optional<domain::User> SqlUserRepository::findByPhone(const std::string& phone) {
    std::vector<domain::User> rows;
    Query(_c, kUserSelect + "WHERE phone = ?").bind(phone).into(rows).execute();
    return firstOf(rows);
}

void SqlUserRepository::insert(const domain::User& user) {
    Query query(_c, std::string("INSERT INTO users (") + RowMapping<domain::User>::kColumns + ") VALUES (" +
                        placeholders(columnCount<domain::User>()) + ")");
    bindColumns(query, user);
    query.execute();
}

bool SqlUserRepository::insertIfPhoneFree(const domain::User& user) {
    // ON CONFLICT rather than a failing insert: a PostgreSQL transaction is unusable after an error. PostgreSQL waits
    // for a concurrent uncommitted insert of the same phone and then does nothing if it committed.
    Query query(_c, std::string("INSERT INTO users (") + RowMapping<domain::User>::kColumns + ") VALUES (" +
                        placeholders(columnCount<domain::User>()) + ") ON CONFLICT (phone) DO NOTHING");
    bindColumns(query, user);
    return query.execute() == 1;
}

std::optional<std::int64_t> SqlUserRepository::addPoints(const std::string& id, std::int64_t delta) {
    // One conditional update: concurrent changes serialise on the row and each re-checks the condition.
    std::vector<std::int64_t> balance;
    Query(_c, "UPDATE users SET integral = integral + ? WHERE id = ? AND integral + ? >= 0 RETURNING integral")
        .bind(delta)
        .bind(id)
        .bind(delta)
        .into(balance)
        .execute();
    if (balance.empty()) {
        return std::nullopt;
    }
    return balance.front();
}

void SqlUserRepository::updateNickname(const std::string& id, const std::string& nickname) {
    Query(_c, "UPDATE users SET nickname = ? WHERE id = ?").bind(nickname).bind(id).execute();
    noteWorksChanged(_c, id); // the works pages show the owner's name
    noteNameChanged(_c, id);  // and so do the list rows the search indexes hold
}

void SqlUserRepository::updateMembership(const std::string& id, int level, std::optional<TimePoint> expiresAt,
                                         bool lifetime) {
    Query(_c, "UPDATE users SET membership_level = ?, membership_expires_at = ?, lifetime = ? WHERE id = ?")
        .bind(level)
        .bind(expiresAt)
        .bind(lifetime)
        .bind(id)
        .execute();
}

void SqlUserRepository::setDisabled(const std::string& id, bool disabled) {
    Query(_c, "UPDATE users SET disabled = ? WHERE id = ?").bind(disabled).bind(id).execute();
}

std::vector<domain::User> SqlUserRepository::list(Page page) {
    std::vector<domain::User> rows;
    Query(_c, kUserSelect + "ORDER BY created_at, id LIMIT ? OFFSET ?")
        .bind(limitOf(page))
        .bind(offsetOf(page))
        .into(rows)
        .execute();
    return rows;
}

std::int64_t SqlUserRepository::count() {
    Query query(_c, "SELECT COUNT(*) FROM users");
    return scalar(query);
}

// --- sessions

void SqlSessionRepository::insert(const domain::Session& session) {
    Query query(_c, std::string("INSERT INTO sessions (") + RowMapping<domain::Session>::kColumns + ") VALUES (" +
                        placeholders(columnCount<domain::Session>()) + ")");
    bindColumns(query, session);
    query.execute();
}

std::optional<domain::Session> SqlSessionRepository::findByTokenHash(const std::string& tokenHash) {
    std::vector<domain::Session> rows;
    Query(_c, kSessionSelect + "WHERE token_hash = ?").bind(tokenHash).into(rows).execute();
    return firstOf(rows);
}

std::optional<domain::SessionOwner> SqlSessionRepository::findWithOwner(const std::string& tokenHash) {
    std::vector<domain::Session> rows;
    std::vector<std::int64_t> disabled;
    // A session without an owner reads as disabled.
    Query(_c, std::string("SELECT ") + RowMapping<domain::Session>::kColumns +
                  ", COALESCE((SELECT u.disabled FROM users u WHERE u.id = sessions.user_id), 1) FROM sessions "
                  "WHERE token_hash = ?")
        .bind(tokenHash)
        .into(rows)
        .into(disabled)
        .execute();
    if (rows.empty() || disabled.empty()) {
        return std::nullopt;
    }
    return domain::SessionOwner{std::move(rows.front()), disabled.front() != 0};
}

void SqlSessionRepository::revoke(const std::string& tokenHash, TimePoint at) {
    Query(_c, "UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL")
        .bind(at)
        .bind(tokenHash)
        .execute();
}

void SqlSessionRepository::revokeAllForUser(const std::string& userId, TimePoint at) {
    Query(_c, "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL")
        .bind(at)
        .bind(userId)
        .execute();
}

bool SqlSessionRepository::openedFrom(const std::string& userId, const std::string& client, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM sessions WHERE user_id = ? AND last_ip = ? AND created_at >= ?");
    query.bind(userId).bind(client).bind(since);
    return scalar(query) > 0;
}

// --- SMS codes

std::int64_t SqlSmsCodeRepository::insert(const domain::SmsCode& code) {
    // Every column but the id, which the database assigns.
    std::vector<std::int64_t> id;
    Query query(_c, "INSERT INTO sms_codes (phone, code_hash, created_at, expires_at, attempts, consumed_at, ip, "
                    "network) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id");
    query.bind(code.phone)
        .bind(code.codeHash)
        .bind(code.createdAt)
        .bind(code.expiresAt)
        .bind(code.attempts)
        .bind(code.consumedAt)
        .bind(code.ip)
        .bind(code.network)
        .into(id)
        .execute();
    if (id.empty()) {
        throw DbException("INSERT INTO sms_codes returned no id");
    }
    return id.front();
}

std::optional<domain::SmsCode> SqlSmsCodeRepository::findLatestActive(const std::string& phone) {
    std::vector<domain::SmsCode> rows;
    Query(_c, kSmsSelect + "WHERE phone = ? AND consumed_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(phone)
        .into(rows)
        .execute();
    return firstOf(rows);
}

std::optional<domain::SmsCode> SqlSmsCodeRepository::findLatest(const std::string& phone) {
    std::vector<domain::SmsCode> rows;
    Query(_c, kSmsSelect + "WHERE phone = ? ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(phone)
        .into(rows)
        .execute();
    return firstOf(rows);
}

std::optional<domain::SmsCode> SqlSmsCodeRepository::findLatestActiveFrom(const std::string& phone,
                                                                          const std::string& network) {
    std::vector<domain::SmsCode> rows;
    Query(_c, kSmsSelect + "WHERE phone = ? AND (network = ? OR network = '') AND consumed_at IS NULL "
                           "ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(phone)
        .bind(network)
        .into(rows)
        .execute();
    return firstOf(rows);
}

std::optional<domain::SmsCode> SqlSmsCodeRepository::findLatestFrom(const std::string& phone,
                                                                    const std::string& network) {
    std::vector<domain::SmsCode> rows;
    Query(_c, kSmsSelect + "WHERE phone = ? AND network = ? ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(phone)
        .bind(network)
        .into(rows)
        .execute();
    return firstOf(rows);
}

std::int64_t SqlSmsCodeRepository::countForNetworkSince(const std::string& network, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM sms_codes WHERE network = ? AND created_at >= ?");
    query.bind(network).bind(since);
    return scalar(query);
}

std::int64_t SqlSmsCodeRepository::countForPhoneSince(const std::string& phone, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM sms_codes WHERE phone = ? AND created_at >= ?");
    query.bind(phone).bind(since);
    return scalar(query);
}

std::int64_t SqlSmsCodeRepository::countForIpSince(const std::string& ip, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM sms_codes WHERE ip = ? AND created_at >= ?");
    query.bind(ip).bind(since);
    return scalar(query);
}

std::int64_t SqlSmsCodeRepository::countForPhoneFromIpSince(const std::string& phone, const std::string& ip,
                                                            TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM sms_codes WHERE phone = ? AND ip = ? AND created_at >= ?");
    query.bind(phone).bind(ip).bind(since);
    return scalar(query);
}

std::int64_t SqlSmsCodeRepository::countAllSince(TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM sms_codes WHERE created_at >= ?");
    query.bind(since);
    return scalar(query);
}

void SqlSmsCodeRepository::addFailure(const std::string& phone, const std::string& client, TimePoint at) {
    Query(_c, "INSERT INTO login_failures (phone, client, at) VALUES (?, ?, ?)")
        .bind(phone)
        .bind(client)
        .bind(at)
        .execute();
}

std::int64_t SqlSmsCodeRepository::countFailures(const std::string& phone, const std::string& client, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM login_failures WHERE phone = ? AND client = ? AND at >= ?");
    query.bind(phone).bind(client).bind(since);
    return scalar(query);
}

std::int64_t SqlSmsCodeRepository::countClientFailures(const std::string& client, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM login_failures WHERE client = ? AND at >= ?");
    query.bind(client).bind(since);
    return scalar(query);
}

std::int64_t SqlSmsCodeRepository::countPhoneFailures(const std::string& phone, TimePoint since) {
    Query query(_c, "SELECT COUNT(*) FROM login_failures WHERE phone = ? AND at >= ?");
    query.bind(phone).bind(since);
    return scalar(query);
}

void SqlSmsCodeRepository::pruneFailures(TimePoint before) {
    Query(_c, "DELETE FROM login_failures WHERE at < ?").bind(before).execute();
}

int SqlSmsCodeRepository::addAttempt(std::int64_t id) {
    Query query(_c, "UPDATE sms_codes SET attempts = attempts + 1 WHERE id = ? RETURNING attempts");
    query.bind(id);
    return static_cast<int>(scalar(query));
}

bool SqlSmsCodeRepository::consume(std::int64_t id, TimePoint at) {
    return Query(_c, "UPDATE sms_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL")
               .bind(at)
               .bind(id)
               .execute() == 1;
}

void SqlSmsCodeRepository::consumeAllForPhone(const std::string& phone, TimePoint at) {
    Query(_c, "UPDATE sms_codes SET consumed_at = ? WHERE phone = ? AND consumed_at IS NULL")
        .bind(at)
        .bind(phone)
        .execute();
}

void SqlSmsCodeRepository::consumeAllForPhoneFrom(const std::string& phone, const std::string& network, TimePoint at) {
    Query(_c, "UPDATE sms_codes SET consumed_at = ? WHERE phone = ? AND (network = ? OR network = '') AND "
              "consumed_at IS NULL")
        .bind(at)
        .bind(phone)
        .bind(network)
        .execute();
}

bool SqlSmsCodeRepository::spendChallenge(const std::string& challenge, TimePoint expiresAt) {
    // ON CONFLICT rather than a failing insert: a PostgreSQL transaction is unusable after an error.
    return Query(_c, "INSERT INTO login_challenges_spent (challenge, expires_at) VALUES (?, ?) "
                     "ON CONFLICT (challenge) DO NOTHING")
               .bind(challenge)
               .bind(expiresAt)
               .execute() == 1;
}

void SqlSmsCodeRepository::pruneChallenges(TimePoint before) {
    Query(_c, "DELETE FROM login_challenges_spent WHERE expires_at < ?").bind(before).execute();
}

void SqlSmsCodeRepository::activate(std::int64_t id) {
    Query(_c, "UPDATE sms_codes SET consumed_at = NULL WHERE id = ?").bind(id).execute();
}

void SqlSmsCodeRepository::remove(std::int64_t id) {
    Query(_c, "DELETE FROM sms_codes WHERE id = ?").bind(id).execute();
}

void SqlSmsCodeRepository::lock(const std::string& key) {
    if (!_c.postgres()) {
        return; // SQLite: BEGIN IMMEDIATE already made this the only writer
    }
    // pg_advisory_xact_lock returns void: count the one row instead.
    Query query(_c, "SELECT COUNT(*) FROM (SELECT pg_advisory_xact_lock(hashtextextended(?, 0))) AS locked");
    query.bind(key);
    scalar(query);
}

} // namespace gequ::db::detail
