#include "gequ/domain/services/admin_service.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/services/ledger.h"

#include <string_view>

namespace gequ::domain {

namespace {

/// Users are checked this many at a time.
constexpr int kUserBatch = 500;
constexpr int kMaxLevel = 6;
/// The lowest level a lifetime plan grants (plans 6 and 7).
constexpr int kLowestLifetimeLevel = 5;

constexpr std::string_view kDefaultRemark = "系统调整";

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {
        return {};
    }
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last + 1 - first);
}

/// The broken membership invariants of one user, one sentence each.
std::vector<std::string> checkMembership(const User& user) {
    std::vector<std::string> problems;
    const std::string who = "用户 " + user.id + " ";
    const int level = user.membershipLevel;
    if (level < 0 || level > kMaxLevel) {
        problems.push_back(who + "的会员等级 " + std::to_string(level) + " 超出范围（0–6）");
    }
    if (level >= 1 && !user.lifetime && !user.membershipExpiresAt) {
        problems.push_back(who + "的会员等级为 " + std::to_string(level) + "，但既不是永久会员也没有到期时间");
    }
    if (user.lifetime && level < kLowestLifetimeLevel) {
        problems.push_back(who + "是永久会员，但会员等级 " + std::to_string(level) + " 低于 5");
    }
    return problems;
}

/// The user with this id, else with this phone (normalised), or nullopt.
std::optional<User> findUser(Repositories& repos, const std::string& userIdOrPhone) {
    const std::string key = trimmed(userIdOrPhone);
    if (key.empty()) {
        return std::nullopt;
    }
    auto user = repos.users().findById(key);
    if (!user) {
        user = repos.users().findByPhone(normalizePhone(key));
    }
    return user;
}

DomainError unknownUser() {
    return {ErrorCode::NotFound, "用户不存在"};
}

/// The broken redemption invariants of one code: used_count equals its redemptions and stays within max_uses, and
/// each redemption of a code with points has its ledger record.
std::vector<std::string> checkRedemptions(Repositories& repos, const RedeemCode& code) {
    std::vector<std::string> problems;
    const std::string which = "兑换码 " + code.id + " ";
    const auto redeemers = repos.redeemCodes().redeemersOf(code.id);
    if (code.usedCount != static_cast<int>(redeemers.size())) {
        problems.push_back(which + "记录的使用次数 " + std::to_string(code.usedCount) + " 与兑换记录数 " +
                           std::to_string(redeemers.size()) + " 不一致");
    }
    if (code.usedCount > code.maxUses) {
        problems.push_back(which + "的使用次数 " + std::to_string(code.usedCount) + " 超过上限 " +
                           std::to_string(code.maxUses));
    }
    if (code.points > 0) {
        for (const auto& userId : redeemers) {
            if (!repos.points().hasRef(redeemRef(code.id, userId))) {
                problems.push_back(which + "被用户 " + userId + " 兑换，但没有对应的积分记录");
            }
        }
    }
    return problems;
}

} // namespace

AdminService::AdminService(Store& store, const Clock& clock, IdGenerator& ids)
    : _store(store), _clock(clock), _ids(ids) {}

std::vector<std::string> AdminService::check() {
    std::vector<std::string> problems;
    _store.read([&](Repositories& repos) {
        for (int offset = 0;; offset += kUserBatch) {
            const auto users = repos.users().list(Page{offset, kUserBatch});
            for (const auto& user : users) {
                const auto records = repos.points().allByUser(user.id);
                for (auto& problem : checkLedger(user, records)) {
                    problems.push_back(std::move(problem));
                }
                for (auto& problem : checkMembership(user)) {
                    problems.push_back(std::move(problem));
                }
            }
            if (users.size() < static_cast<std::size_t>(kUserBatch)) {
                break;
            }
        }
        for (int offset = 0;; offset += kUserBatch) {
            const auto codes = repos.redeemCodes().list(Page{offset, kUserBatch});
            for (const auto& code : codes) {
                for (auto& problem : checkRedemptions(repos, code)) {
                    problems.push_back(std::move(problem));
                }
            }
            if (codes.size() < static_cast<std::size_t>(kUserBatch)) {
                break;
            }
        }
        for (const auto& ref : repos.points().duplicateRefs()) {
            problems.push_back("积分记录的引用 " + ref + " 出现了不止一次");
        }
    });
    return problems;
}

Stats AdminService::stats() {
    Stats stats;
    _store.read([&](Repositories& repos) {
        stats.users = repos.users().count();
        stats.songsByStatus = repos.songs().countByStatus();
        stats.tasksByState = repos.tasks().countByState();
        stats.ordersByState = repos.orders().countByState();
    });
    return stats;
}

Result<PointsRecord> AdminService::grantPoints(const std::string& userIdOrPhone, std::int64_t amount,
                                               const std::string& remark) {
    if (amount == 0) {
        return invalid("调整的积分不能为0");
    }
    const std::string key = trimmed(userIdOrPhone);
    if (key.empty()) {
        return DomainError{ErrorCode::NotFound, "用户不存在"};
    }
    const std::string text = trimmed(remark).empty() ? std::string(kDefaultRemark) : trimmed(remark);
    const std::string ref = adminRef(_ids.newId());
    const TimePoint at = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<PointsRecord> {
        auto user = findUser(repos, key);
        if (!user) {
            return unknownUser();
        }
        return applyPoints(repos, user->id, amount, text, ref, at);
    });
}

std::vector<User> AdminService::listUsers(Page page) {
    return readOnly(_store, [&](Repositories& repos) { return repos.users().list(page); });
}

Result<UserDetail> AdminService::showUser(const std::string& userIdOrPhone, int recent) {
    return readOnly(_store, [&](Repositories& repos) -> Result<UserDetail> {
        auto user = findUser(repos, userIdOrPhone);
        if (!user) {
            return unknownUser();
        }
        UserDetail detail;
        detail.recordCount = repos.points().countByUser(user->id);
        if (recent > 0) {
            detail.recentRecords = repos.points().listByUser(user->id, Page{0, recent});
        }
        detail.user = std::move(*user);
        return detail;
    });
}

Result<User> AdminService::setUserDisabled(const std::string& userIdOrPhone, bool disabled) {
    const TimePoint at = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<User> {
        auto user = findUser(repos, userIdOrPhone);
        if (!user) {
            return unknownUser();
        }
        repos.users().setDisabled(user->id, disabled);
        if (disabled) {
            repos.sessions().revokeAllForUser(user->id, at);
        }
        user->disabled = disabled;
        return std::move(*user);
    });
}

} // namespace gequ::domain
