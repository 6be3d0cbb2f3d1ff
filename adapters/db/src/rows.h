#pragma once

// How each entity maps to a row: one visit() per entity lists its columns in SELECT order, and a RowReader
// specialisation (connection.h) uses it to read rows straight into domain values (`into(std::vector<Song>)`).

#include "connection.h"
#include "gequ/db/db_exception.h"
#include "gequ/domain/model/entities.h"

#include <concepts>
#include <cstdint>
#include <optional>
#include <string>

namespace gequ::db::detail {

template <class T> struct RowMapping;

template <class T>
concept Mapped = requires {
    RowMapping<T>::kColumns;
};

template <> struct RowMapping<domain::User> {
    static constexpr const char* kColumns = "id, phone, nickname, avatar_url, integral, membership_level, "
                                            "membership_expires_at, lifetime, created_at, disabled";
    template <class V> static void visit(V& v, domain::User& u) {
        v.text(u.id);
        v.text(u.phone);
        v.text(u.nickname);
        v.text(u.avatarUrl);
        v.int64(u.integral);
        v.int32(u.membershipLevel);
        v.optionalTime(u.membershipExpiresAt);
        v.flag(u.lifetime);
        v.time(u.createdAt);
        v.flag(u.disabled);
    }
};

template <> struct RowMapping<domain::Session> {
    static constexpr const char* kColumns = "token_hash, user_id, created_at, expires_at, revoked_at, last_ip";
    template <class V> static void visit(V& v, domain::Session& s) {
        v.text(s.tokenHash);
        v.text(s.userId);
        v.time(s.createdAt);
        v.time(s.expiresAt);
        v.optionalTime(s.revokedAt);
        v.text(s.lastIp);
    }
};

template <> struct RowMapping<domain::SmsCode> {
    static constexpr const char* kColumns =
        "id, phone, code_hash, created_at, expires_at, attempts, consumed_at, ip, network";
    template <class V> static void visit(V& v, domain::SmsCode& c) {
        v.int64(c.id);
        v.text(c.phone);
        v.text(c.codeHash);
        v.time(c.createdAt);
        v.time(c.expiresAt);
        v.int32(c.attempts);
        v.optionalTime(c.consumedAt);
        v.text(c.ip);
        v.text(c.network);
    }
};

template <> struct RowMapping<domain::PointsRecord> {
    static constexpr const char* kColumns = "id, user_id, delta, type, balance, remark, ref, created_at";
    template <class V> static void visit(V& v, domain::PointsRecord& r) {
        v.int64(r.id);
        v.text(r.userId);
        v.int64(r.delta);
        v.pointsType(r.type);
        v.int64(r.balance);
        v.text(r.remark);
        v.text(r.ref);
        v.time(r.createdAt);
    }
};

/// Songs are read joined with their owner (alias s and u) for userName.
template <> struct RowMapping<domain::Song> {
    static constexpr const char* kColumns =
        "s.id, s.task_id, s.user_id, s.clip_index, s.title, s.tags, s.prompt, s.lyric, s.model, s.image_url, "
        "s.audio_url, s.stream_url, s.upstream_audio_url, s.upstream_image_url, s.duration, s.complete, s.open, "
        "s.hidden, s.deleted_at, s.play_count, s.forward_count, s.like_count, s.hotness, s.created_at, s.finished_at, "
        "s.source_id, s.origin, COALESCE(u.nickname, '')";
    template <class V> static void visit(V& v, domain::Song& s) {
        v.text(s.id);
        v.text(s.taskId);
        v.text(s.userId);
        v.int32(s.clipIndex);
        v.text(s.title);
        v.text(s.tags);
        v.text(s.prompt);
        v.text(s.lyric);
        v.text(s.model);
        v.text(s.imageUrl);
        v.text(s.audioUrl);
        v.text(s.streamUrl);
        v.text(s.upstreamAudioUrl);
        v.text(s.upstreamImageUrl);
        v.real(s.duration);
        v.songStatus(s.complete);
        v.flag(s.open);
        v.flag(s.hidden);
        v.optionalTime(s.deletedAt);
        v.int64(s.playCount);
        v.int64(s.forwardCount);
        v.int64(s.likeCount);
        v.real(s.hotness);
        v.time(s.createdAt);
        v.optionalTime(s.finishedAt);
        v.text(s.sourceId);
        v.taskAction(s.origin);
        v.text(s.userName);
    }
};

template <> struct RowMapping<domain::GenerationTask> {
    static constexpr const char* kColumns =
        "id, user_id, provider, upstream_task_id, request_json, state, channel, charged, refunded, error, attempts, "
        "next_poll_at, lease_owner, lease_until, created_at, submitted_at, finished_at";
    template <class V> static void visit(V& v, domain::GenerationTask& t) {
        v.text(t.id);
        v.text(t.userId);
        v.text(t.provider);
        v.text(t.upstreamTaskId);
        v.text(t.requestJson);
        v.taskState(t.state);
        v.taskChannel(t.channel);
        v.flag(t.charged);
        v.flag(t.refunded);
        v.text(t.error);
        v.int32(t.attempts);
        v.optionalTime(t.nextPollAt);
        v.text(t.leaseOwner);
        v.optionalTime(t.leaseUntil);
        v.time(t.createdAt);
        v.optionalTime(t.submittedAt);
        v.optionalTime(t.finishedAt);
    }
};

template <> struct RowMapping<domain::Order> {
    static constexpr const char* kColumns =
        "order_no, user_id, plan_id, amount_fen, channel, provider, state, provider_txn_id, paid_amount_fen, "
        "code_url, created_at, expires_at, paid_at, closed_at, notify_count, anomaly";
    template <class V> static void visit(V& v, domain::Order& o) {
        v.text(o.orderNo);
        v.text(o.userId);
        v.int32(o.planId);
        v.int64(o.amountFen);
        v.payChannel(o.channel);
        v.text(o.provider);
        v.orderState(o.state);
        v.text(o.providerTxnId);
        v.optionalInt64(o.paidAmountFen);
        v.text(o.codeUrl);
        v.time(o.createdAt);
        v.time(o.expiresAt);
        v.optionalTime(o.paidAt);
        v.optionalTime(o.closedAt);
        v.int32(o.notifyCount);
        v.flag(o.anomaly);
    }
};

template <> struct RowMapping<domain::RedeemCode> {
    static constexpr const char* kColumns =
        "id, code_hash, points, plan_id, max_uses, used_count, expires_at, disabled, created_at, note";
    template <class V> static void visit(V& v, domain::RedeemCode& c) {
        v.text(c.id);
        v.text(c.codeHash);
        v.int64(c.points);
        v.optionalInt32(c.planId);
        v.int32(c.maxUses);
        v.int32(c.usedCount);
        v.optionalTime(c.expiresAt);
        v.flag(c.disabled);
        v.time(c.createdAt);
        v.text(c.note);
    }
};

/// Counts the columns of a mapping.
struct ColumnCounter {
    std::size_t count = 0;
    template <class T> void text(T&) { ++count; }
    template <class T> void int64(T&) { ++count; }
    template <class T> void int32(T&) { ++count; }
    template <class T> void real(T&) { ++count; }
    template <class T> void flag(T&) { ++count; }
    template <class T> void time(T&) { ++count; }
    template <class T> void optionalTime(T&) { ++count; }
    template <class T> void optionalInt64(T&) { ++count; }
    template <class T> void optionalInt32(T&) { ++count; }
    template <class T> void pointsType(T&) { ++count; }
    template <class T> void songStatus(T&) { ++count; }
    template <class T> void taskState(T&) { ++count; }
    template <class T> void taskChannel(T&) { ++count; }
    template <class T> void taskAction(T&) { ++count; }
    template <class T> void orderState(T&) { ++count; }
    template <class T> void payChannel(T&) { ++count; }
};

/// Reads one row into a domain value, column by column. Every integer is read as a 64-bit value.
struct ColumnExtractor {
    const Row& row;
    int& pos;

    /// The next column; nullopt when it is NULL.
    std::optional<std::int64_t> nextInt() {
        const int column = pos++;
        if (row.isNull(column)) {
            return std::nullopt;
        }
        return row.integer(column);
    }
    std::string nextText() { return row.text(pos++); }

    void text(std::string& out) { out = nextText(); }
    void int64(std::int64_t& out) { out = nextInt().value_or(0); }
    void int32(int& out) { out = static_cast<int>(nextInt().value_or(0)); }
    void real(double& out) { out = row.real(pos++); }
    void flag(bool& out) { out = nextInt().value_or(0) != 0; }
    void time(domain::TimePoint& out) { out = domain::fromEpochMillis(nextInt().value_or(0)); }
    void optionalTime(std::optional<domain::TimePoint>& out) {
        const auto value = nextInt();
        out = value ? std::optional(domain::fromEpochMillis(*value)) : std::nullopt;
    }
    void optionalInt64(std::optional<std::int64_t>& out) {
        const auto value = nextInt();
        out = value ? std::optional<std::int64_t>(*value) : std::nullopt;
    }
    void optionalInt32(std::optional<int>& out) {
        const auto value = nextInt();
        out = value ? std::optional(static_cast<int>(*value)) : std::nullopt;
    }
    void pointsType(domain::PointsType& out) { out = static_cast<domain::PointsType>(nextInt().value_or(1)); }
    void songStatus(domain::SongStatus& out) { out = static_cast<domain::SongStatus>(nextInt().value_or(0)); }
    void taskState(domain::TaskState& out) { out = parsed(domain::parseTaskState(nextText()), "task state"); }
    void taskChannel(domain::TaskChannel& out) { out = parsed(domain::parseTaskChannel(nextText()), "task channel"); }
    void taskAction(domain::TaskAction& out) { out = parsed(domain::parseTaskAction(nextText()), "song origin"); }
    void orderState(domain::OrderState& out) { out = parsed(domain::parseOrderState(nextText()), "order state"); }
    void payChannel(domain::PayChannel& out) { out = parsed(domain::parsePayChannel(nextText()), "pay channel"); }

    template <class E> static E parsed(const std::optional<E>& value, const char* what) {
        if (!value) {
            throw DbException(std::string("unknown ") + what + " in the database");
        }
        return *value;
    }
};

/// Rows of mapped entities: `into(std::vector<domain::Song>)` and the like.
template <class T>
requires Mapped<T>
struct RowReader<T> {
    static void read(const Row& row, int& column, T& out) {
        ColumnExtractor reader{row, column};
        RowMapping<T>::visit(reader, out);
    }
};

} // namespace gequ::db::detail
