#pragma once

// Operator use cases behind gequ-admin: invariant checks, statistics, manual point grants.

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gequ::domain {

struct Stats {
    std::int64_t users = 0;
    std::vector<std::pair<SongStatus, std::int64_t>> songsByStatus;
    std::vector<std::pair<TaskState, std::int64_t>> tasksByState;
    std::vector<std::pair<OrderState, std::int64_t>> ordersByState;
};

/// A user with the newest records of their ledger.
struct UserDetail {
    User user;
    std::vector<PointsRecord> recentRecords; ///< newest first
    std::int64_t recordCount = 0;
};

class AdminService {
public:
    AdminService(Store& store, const Clock& clock, IdGenerator& ids);

    /// Every broken ledger, membership or redemption invariant, one Chinese sentence each; empty when all hold.
    std::vector<std::string> check();
    /// Counts of users, songs, tasks and orders.
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

private:
    Store& _store;
    const Clock& _clock;
    IdGenerator& _ids;
};

} // namespace gequ::domain
