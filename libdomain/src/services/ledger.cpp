#include "gequ/domain/services/ledger.h"

#include "gequ/domain/model/ledger.h"

namespace gequ::domain {

Result<PointsRecord> applyPoints(Repositories& repos, const std::string& userId, std::int64_t delta,
                                 const std::string& remark, const std::string& ref, TimePoint at) {
    if (repos.points().hasRef(ref)) {
        return DomainError{ErrorCode::Conflict, "重复的积分操作"};
    }
    if (!repos.users().findById(userId)) {
        return DomainError{ErrorCode::NotFound, "用户不存在"};
    }
    const auto balance = repos.users().addPoints(userId, delta);
    if (!balance) {
        return DomainError{ErrorCode::InsufficientPoints, "积分不足，请充值或开通会员"};
    }
    PointsRecord record;
    record.userId = userId;
    record.delta = delta;
    record.type = pointsTypeOf(delta);
    record.balance = *balance;
    record.remark = remark;
    record.ref = ref;
    record.createdAt = at;
    if (!repos.points().append(record)) {
        // A concurrent unit of work applied the same ref after our hasRef check: take the change back, so nothing
        // stays written even if the caller commits anyway.
        repos.users().addPoints(userId, -delta);
        return DomainError{ErrorCode::Conflict, "重复的积分操作"};
    }
    return record;
}

} // namespace gequ::domain
