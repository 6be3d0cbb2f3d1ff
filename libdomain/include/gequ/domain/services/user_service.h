#pragma once

// The personal centre: the profile, the points records, renaming (docs/api.md, "Login and user").

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gequ::domain {

inline constexpr int kPointsPageSize = 50;
inline constexpr int kMaxPointsPageSize = 100;

/// A user as they see themselves at one instant.
struct Profile {
    User user;
    int level = 0; ///< the effective level: the stored one while in force, else 0
    /// The expiry while a time-limited membership is in force; nullopt for no membership, an expired one, or lifetime.
    std::optional<TimePoint> expiresAt;
    bool lifetime = false; ///< a lifetime membership (never expires)
};

/// The profile of user at `at`.
Profile profileOf(const User& user, TimePoint at);

struct PointsPage {
    std::vector<PointsRecord> items; ///< newest first
    std::int64_t total = 0;          ///< all of the user's records
};

class UserService {
public:
    UserService(Store& store, const Clock& clock);

    /// The user's profile now; 4040 for an unknown user.
    Result<Profile> profile(const std::string& userId);
    /// One page of the user's points records, newest first, and their total; 4000 for a page outside 1..100 rows.
    Result<PointsPage> pointsRecords(const std::string& userId, Page page);
    /// Renames the caller. `requestedId` must be the caller's own id (4030 无权修改他人信息 otherwise; 4000 when
    /// empty); the nickname follows validateUsername. An unchanged name writes nothing. The profile afterwards.
    Result<Profile> rename(const std::string& userId, const std::string& requestedId, const std::string& nickname);

private:
    Store& _store;
    const Clock& _clock;
};

} // namespace gequ::domain
