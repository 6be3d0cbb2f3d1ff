#pragma once

// The persistent entities (docs/data.md). Plain values: the rules that govern them live beside them in model/,
// the repositories that store them in ports/store.h.

#include "gequ/domain/model/time.h"
#include "gequ/domain/model/timeline.h"

#include <cstdint>
#include <optional>
#include <string>

namespace gequ::domain {

/// What a generation task does (and, for the songs it makes, their `origin`; docs/product.md): a new song, an
/// extension (继续创作), a join of an extension's chain (合成完整歌曲), a cover in another style (换个风格), the two
/// stems of a song (人声, 伴奏) or its four (人声, 鼓, 贝斯, 其他; members). Stored and sent by its name (toString).
enum class TaskAction { Generate, Extend, Concat, Cover, Stems, AllStems };

struct User {
    std::string id;
    std::string phone; ///< normalised mainland number, 11 digits
    std::string nickname;
    std::string avatarUrl;
    std::int64_t integral = 0; ///< points balance; equals the sum of the user's ledger deltas
    int membershipLevel = 0;   ///< stored level; see effectiveLevel() in model/plans.h
    std::optional<TimePoint> membershipExpiresAt;
    bool lifetime = false;
    TimePoint createdAt{};
    bool disabled = false;
};

struct Session {
    std::string tokenHash; ///< SHA-256 of the token, hex; the token itself is never stored
    std::string userId;
    TimePoint createdAt{};
    TimePoint expiresAt{};
    std::optional<TimePoint> revokedAt;
    std::string lastIp;
};

/// A session as authentication reads it: with its owner's disabled flag (SessionRepository::findWithOwner).
struct SessionOwner {
    Session session;
    bool ownerDisabled = false;
};

struct SmsCode {
    std::int64_t id = 0; ///< assigned by the store
    std::string phone;
    std::string codeHash; ///< HMAC-SHA256 of the code with the server secret
    TimePoint createdAt{};
    TimePoint expiresAt{};
    int attempts = 0;
    std::optional<TimePoint> consumedAt;
    std::string ip;      ///< the client that asked for it (an IPv4 address or an IPv6 /64)
    std::string network; ///< the network that asked for it (an IPv4 /24 or an IPv6 /56); empty before schema 8
};

enum class PointsType : int { Increase = 1, Decrease = 2 };

/// One change of a user's points (docs/product.md, "Points").
struct PointsRecord {
    std::int64_t id = 0; ///< assigned by the store
    std::string userId;
    std::int64_t delta = 0; ///< signed
    PointsType type = PointsType::Increase;
    std::int64_t balance = 0; ///< the user's balance after this record
    std::string remark;       ///< Chinese, shown to the user
    std::string ref;          ///< idempotency key, unique across the ledger
    TimePoint createdAt{};
};

/// Song `complete` values of the API.
enum class SongStatus : int { Failed = -1, Generating = 0, Done = 1 };

/// One generated clip. Its id is the `native_id` of the API.
struct Song {
    std::string id;
    std::string taskId;
    std::string userId;
    int clipIndex = 0;
    std::string title;
    std::string tags; ///< the normalised English style string, comma separated
    std::string prompt;
    std::string lyric;
    std::string model;
    std::string imageUrl; ///< our own /media/... URL once re-hosted, else the upstream one
    std::string audioUrl;
    std::string streamUrl; ///< upstream preview while running
    std::string upstreamAudioUrl;
    std::string upstreamImageUrl;
    double duration = 0; ///< seconds
    SongStatus complete = SongStatus::Generating;
    bool open = false;   ///< public
    bool hidden = false; ///< hidden by moderation
    std::optional<TimePoint> deletedAt;
    std::int64_t playCount = 0;
    std::int64_t forwardCount = 0;
    std::int64_t likeCount = 0;
    double hotness = 0;
    TimePoint createdAt{};
    std::optional<TimePoint> finishedAt;
    std::string sourceId; ///< the song an extension continues, or the extension a joined song was made from
    TaskAction origin = TaskAction::Generate; ///< the action of the task that made it
    std::string userName;                     ///< the owner's nickname, joined on read (not stored with the song)
};

/// A song as a viewer sees it.
struct SongView {
    Song song;
    bool liked = false;               ///< whether the viewer likes it (false for visitors)
    std::optional<Timeline> timeline; ///< its synced lyrics (read by the player detail only; lists leave it empty)
};

/// One of a user's own songs as my works reads it.
struct OwnSong {
    Song song;
    bool liked = false;    ///< whether the owner likes it
    std::string taskError; ///< a failed song's task's failure text ('' for other songs, or when the task has none)
};

enum class TaskState { Queued, Submitted, Running, Succeeded, Failed };

/// The task channel (docs/product.md): members (level >= 2) are served first.
enum class TaskChannel { Ordinary, Member };

/// One create request: one upstream task, two songs.
struct GenerationTask {
    std::string id;
    std::string userId;
    std::string provider;       ///< "local" or "ace"
    std::string upstreamTaskId; ///< empty until submitted
    std::string requestJson;    ///< the normalised request as sent upstream
    TaskState state = TaskState::Queued;
    TaskChannel channel = TaskChannel::Ordinary;
    bool charged = false;
    bool refunded = false;
    std::string error;
    int attempts = 0;
    std::optional<TimePoint> nextPollAt;
    std::string leaseOwner;
    std::optional<TimePoint> leaseUntil;
    TimePoint createdAt{};
    std::optional<TimePoint> submittedAt;
    std::optional<TimePoint> finishedAt;
};

enum class OrderState { Created, Paid, Closed };
enum class PayChannel { Native, H5, Jsapi };

struct Order {
    std::string orderNo;
    std::string userId;
    int planId = 0;
    std::int64_t amountFen = 0;
    PayChannel channel = PayChannel::Native;
    std::string provider; ///< "sandbox" or "wechat"
    OrderState state = OrderState::Created;
    std::string providerTxnId;
    std::optional<std::int64_t> paidAmountFen;
    std::string codeUrl;
    TimePoint createdAt{};
    TimePoint expiresAt{};
    std::optional<TimePoint> paidAt;
    std::optional<TimePoint> closedAt;
    int notifyCount = 0;
    bool anomaly = false;
};

struct RedeemCode {
    std::string id;
    std::string codeHash; ///< HMAC-SHA256 hex, under a key derived from the server secret, of the SHA-256 hex of the
                          ///< normalised code (RedeemService)
    std::int64_t points = 0;
    std::optional<int> planId;
    int maxUses = 1;
    int usedCount = 0;
    std::optional<TimePoint> expiresAt;
    bool disabled = false;
    TimePoint createdAt{};
    std::string note;
};

/// "generate", "extend", "concat", "cover", "stems" or "all_stems": the API's and the database's word.
std::string toString(TaskAction action);
std::optional<TaskAction> parseTaskAction(const std::string& text);
/// Whether an action makes its songs from one of ours (audio_id): everything but generate.
bool hasSource(TaskAction action);
/// Whether an action separates a song into its parts (stems, all_stems).
bool isStems(TaskAction action);
std::string toString(TaskState state);
std::optional<TaskState> parseTaskState(const std::string& text);
std::string toString(TaskChannel channel);
std::optional<TaskChannel> parseTaskChannel(const std::string& text);
std::string toString(OrderState state);
std::optional<OrderState> parseOrderState(const std::string& text);
std::string toString(PayChannel channel);
std::optional<PayChannel> parsePayChannel(const std::string& text);
/// "generating", "done" or "failed" (the /metrics label and gequ-admin's word); "unknown" for any other value.
std::string toString(SongStatus status);

} // namespace gequ::domain
