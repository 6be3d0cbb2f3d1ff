#include "gequ/domain/services/user_service.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/text.h"

namespace gequ::domain {

namespace {

DomainError unknownUser() {
    return {ErrorCode::NotFound, "用户不存在"};
}

} // namespace

Profile profileOf(const User& user, TimePoint at) {
    Profile profile;
    profile.user = user;
    profile.level = effectiveLevel(membershipOf(user), at);
    profile.lifetime = user.lifetime;
    if (profile.level > 0 && !user.lifetime) {
        profile.expiresAt = user.membershipExpiresAt;
    }
    return profile;
}

UserService::UserService(Store& store, const Clock& clock) : _store(store), _clock(clock) {}

Result<Profile> UserService::profile(const std::string& userId) {
    auto user = readOnly(_store, [&](Repositories& repos) { return repos.users().findById(userId); });
    if (!user) {
        return unknownUser();
    }
    return profileOf(*user, _clock.now());
}

Result<PointsPage> UserService::pointsRecords(const std::string& userId, Page page) {
    if (page.offset < 0) {
        return invalid("页码必须是正整数");
    }
    if (page.limit < 1 || page.limit > kMaxPointsPageSize) {
        return invalid("每页数量必须是1到" + std::to_string(kMaxPointsPageSize) + "之间的整数");
    }
    return readOnly(_store, [&](Repositories& repos) {
        PointsPage out;
        out.total = repos.points().countByUser(userId);
        if (page.offset < out.total) {
            out.items = repos.points().listByUser(userId, page);
        }
        return out;
    });
}

Result<Profile> UserService::rename(const std::string& userId, const std::string& requestedId,
                                    const std::string& nickname) {
    const std::string target = trim(requestedId);
    if (target.empty()) {
        return invalid("缺少用户ID");
    }
    if (target != userId) {
        return DomainError{ErrorCode::Forbidden, "无权修改他人信息"};
    }
    auto name = validateUsername(nickname);
    if (!name) {
        return name.error();
    }
    auto user = readOnly(_store, [&](Repositories& repos) { return repos.users().findById(userId); });
    if (!user) {
        return unknownUser();
    }
    if (user->nickname != *name) {
        _store.transact([&](Repositories& repos) {
            repos.users().updateNickname(userId, *name);
            return true;
        });
        user->nickname = *name;
    }
    return profileOf(*user, _clock.now());
}

} // namespace gequ::domain
