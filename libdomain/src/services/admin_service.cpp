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
        auto user = repos.users().findById(key);
        if (!user) {
            user = repos.users().findByPhone(normalizePhone(key));
        }
        if (!user) {
            return DomainError{ErrorCode::NotFound, "用户不存在"};
        }
        return applyPoints(repos, user->id, amount, text, ref, at);
    });
}

} // namespace gequ::domain
