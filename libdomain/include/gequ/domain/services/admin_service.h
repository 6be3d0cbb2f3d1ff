#pragma once

// Operator use cases behind gequ-admin: invariant checks, statistics, manual point grants.

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gequ::domain {

struct Stats {
    std::int64_t users = 0;
    std::vector<std::pair<SongStatus, std::int64_t>> songsByStatus;
    std::vector<std::pair<TaskState, std::int64_t>> tasksByState;
    std::vector<std::pair<OrderState, std::int64_t>> ordersByState;
    std::int64_t revenueFen = 0; ///< what the paid orders brought in (their paid amounts)
};

/// A user with the newest records of their ledger.
struct UserDetail {
    User user;
    std::vector<PointsRecord> recentRecords; ///< newest first
    std::int64_t recordCount = 0;
};

/// A song with its generation task, for the operator.
struct SongDetail {
    Song song;
    std::optional<GenerationTask> task;
};

/// What `tasks retry` made: a new queued task in place of the failed one.
struct RetriedTask {
    GenerationTask task; ///< the new task
    std::vector<std::string> songIds;
    std::int64_t charge = 0; ///< points charged for it
};

class AdminService {
public:
    AdminService(Store& store, const Clock& clock, IdGenerator& ids);

    /// Every broken ledger, membership, redemption or generation-task invariant, one Chinese sentence each; empty
    /// when all hold. For tasks: a task is charged (ref task:<id>:charge) exactly when it says so; a failed, charged
    /// task with no finished song is refunded (ref task:<id>:refund) and marked so; a task with a finished song, or one
    /// that did not fail, has no refund. For orders: a paid order has exactly one ledger record order:<no> of its
    /// plan's points, an unpaid one none, and every order:<no> record has its order.
    std::vector<std::string> check();
    /// Counts of users, songs, tasks and orders, and the revenue of the paid orders.
    Stats stats();
    /// Grants (or, negative, takes) points to the user found by id or phone, never below zero; ref admin:<uuid>.
    Result<PointsRecord> grantPoints(const std::string& userIdOrPhone, std::int64_t amount, const std::string& remark);
    /// Users, oldest first.
    std::vector<User> listUsers(Page page);
    /// The user found by id or phone with their newest `recent` ledger records; 4040 when unknown.
    Result<UserDetail> showUser(const std::string& userIdOrPhone, int recent);
    /// Disables the user found by id or phone and revokes all their sessions, or enables them again; the user
    /// afterwards, 4040 when unknown.
    Result<User> setUserDisabled(const std::string& userIdOrPhone, bool disabled);

    /// The song with this id (deleted or not) and its task; 4040 when unknown.
    Result<SongDetail> showSong(const std::string& songId);
    /// Hides a song from everyone (moderation) or shows it again; the song afterwards, 4040 when unknown.
    Result<Song> setSongHidden(const std::string& songId, bool hidden);
    /// Generation tasks in a state (all when nullopt), oldest first.
    std::vector<GenerationTask> listTasks(std::optional<TaskState> state, Page page);
    /// Retries a task that failed before upstream ever accepted it (no upstream id; refunded): a new queued task
    /// "<id>-retry" with the same request, channel and two new songs, charged again like a create (ref
    /// task:<new id>:charge, remark 创作歌曲《title》) in one unit of work. The failed task and its songs stay as they
    /// are. 4040 unknown task; 4090 when it did not fail, reached upstream, is not refunded yet, or was retried
    /// already; 4020 when the user lacks the points.
    Result<RetriedTask> retryTask(const std::string& taskId);

private:
    Store& _store;
    const Clock& _clock;
    IdGenerator& _ids;
};

} // namespace gequ::domain
