#include "gequ/domain/services/admin_service.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/song_state.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/services/ledger.h"
#include "gequ/domain/services/task_request.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace gequ::domain {

namespace {

/// Users are checked this many at a time.
constexpr int kUserBatch = 500;
constexpr int kMaxLevel = 6;
/// The lowest level a lifetime plan grants (plans 6 and 7).
constexpr int kLowestLifetimeLevel = 5;

constexpr std::string_view kDefaultRemark = "系统调整";

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
    const std::string key = trim(userIdOrPhone, " \t\r\n");
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

/// The broken generation-task invariants of one task: charged exactly when it says so, refunded exactly when it
/// failed with no finished song.
std::vector<std::string> checkTask(Repositories& repos, const GenerationTask& task) {
    std::vector<std::string> problems;
    const std::string which = "任务 " + task.id + " ";
    const bool chargeRecorded = repos.points().hasRef(taskChargeRef(task.id));
    if (task.charged && !chargeRecorded) {
        problems.push_back(which + "标记为已扣费，但没有扣费记录");
    } else if (!task.charged && chargeRecorded) {
        problems.push_back(which + "有扣费记录，但未标记为已扣费");
    }
    const auto songs = repos.songs().listByTask(task.id);
    const bool anyDone =
        std::any_of(songs.begin(), songs.end(), [](const Song& song) { return song.complete == SongStatus::Done; });
    const bool refundRecorded = repos.points().hasRef(taskRefundRef(task.id));
    if (task.refunded != refundRecorded) {
        problems.push_back(which + (refundRecorded ? "有退款记录，但未标记为已退款" : "标记为已退款，但没有退款记录"));
    }
    if (task.state == TaskState::Failed && task.charged && !anyDone && !refundRecorded) {
        problems.push_back(which + "生成失败且没有完成的歌曲，但没有退款");
    }
    if (refundRecorded && anyDone) {
        problems.push_back(which + "有完成的歌曲，却退了款");
    }
    if (refundRecorded && task.state != TaskState::Failed) {
        problems.push_back(which + "没有失败（" + toString(task.state) + "），却退了款");
    }
    if (refundRecorded && !chargeRecorded) {
        problems.push_back(which + "没有扣费，却退了款");
    }
    return problems;
}

/// The broken fulfilment invariants of one order (docs/payments.md): a paid order has exactly one ledger record
/// order:<no> of its plan's points for its user; an unpaid one has none. `records` are its user's.
std::vector<std::string> checkOrder(const Order& order, const std::vector<PointsRecord>& records) {
    std::vector<std::string> problems;
    const std::string which = "订单 " + order.orderNo + " ";
    const std::string ref = orderRef(order.orderNo);
    std::vector<const PointsRecord*> granted;
    for (const auto& record : records) {
        if (record.ref == ref) {
            granted.push_back(&record);
        }
    }
    if (order.state != OrderState::Paid) {
        if (!granted.empty()) {
            problems.push_back(which + "未支付（" + toString(order.state) + "），却有积分记录 " + ref);
        }
        return problems;
    }
    if (granted.size() != 1) {
        problems.push_back(which + "已支付，但有 " + std::to_string(granted.size()) + " 条积分记录 " + ref +
                           "（应为 1 条）");
        return problems;
    }
    const Plan* plan = findPlan(order.planId);
    if (plan == nullptr) {
        problems.push_back(which + "的套餐 " + std::to_string(order.planId) + " 不存在");
    } else if (granted.front()->delta != plan->points) {
        problems.push_back(which + "的积分记录为 " + std::to_string(granted.front()->delta) + "，套餐应为 " +
                           std::to_string(plan->points));
    }
    return problems;
}

DomainError unknownSong() {
    return {ErrorCode::NotFound, "歌曲不存在"};
}

} // namespace

AdminService::AdminService(Store& store, const Clock& clock, IdGenerator& ids)
    : _store(store), _clock(clock), _ids(ids) {}

std::vector<std::string> AdminService::check() {
    std::vector<std::string> problems;
    std::map<std::string, std::optional<std::vector<PointsRecord>>> orderUserRecords;
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
                for (const auto& record : records) {
                    if (record.ref.starts_with("order:") &&
                        !repos.orders().findByNo(record.ref.substr(std::string_view("order:").size()))) {
                        problems.push_back("积分记录 " + record.ref + " 对应的订单不存在");
                    }
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
        for (int offset = 0;; offset += kUserBatch) {
            const auto tasks = repos.tasks().listByState(std::nullopt, Page{offset, kUserBatch});
            for (const auto& task : tasks) {
                for (auto& problem : checkTask(repos, task)) {
                    problems.push_back(std::move(problem));
                }
            }
            if (tasks.size() < static_cast<std::size_t>(kUserBatch)) {
                break;
            }
        }
        for (int offset = 0;; offset += kUserBatch) {
            const auto orders = repos.orders().listByState(std::nullopt, Page{offset, kUserBatch});
            for (const auto& order : orders) {
                // Orders are checked against the ledger of their user; the records of a batch's users are read once.
                auto& records = orderUserRecords[order.userId];
                if (!records) {
                    records = repos.points().allByUser(order.userId);
                }
                for (auto& problem : checkOrder(order, *records)) {
                    problems.push_back(std::move(problem));
                }
            }
            orderUserRecords.clear();
            if (orders.size() < static_cast<std::size_t>(kUserBatch)) {
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
        for (int offset = 0;; offset += kUserBatch) {
            const auto paid = repos.orders().listByState(OrderState::Paid, Page{offset, kUserBatch});
            for (const auto& order : paid) {
                stats.revenueFen += order.paidAmountFen.value_or(order.amountFen);
            }
            if (paid.size() < static_cast<std::size_t>(kUserBatch)) {
                break;
            }
        }
    });
    return stats;
}

Result<PointsRecord> AdminService::grantPoints(const std::string& userIdOrPhone, std::int64_t amount,
                                               const std::string& remark) {
    if (amount == 0) {
        return invalid("调整的积分不能为0");
    }
    const std::string key = trim(userIdOrPhone, " \t\r\n");
    if (key.empty()) {
        return DomainError{ErrorCode::NotFound, "用户不存在"};
    }
    const std::string text = trim(remark, " \t\r\n").empty() ? std::string(kDefaultRemark) : trim(remark, " \t\r\n");
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

Result<SongDetail> AdminService::showSong(const std::string& songId) {
    return readOnly(_store, [&](Repositories& repos) -> Result<SongDetail> {
        auto song = repos.songs().findById(trim(songId, " \t\r\n"));
        if (!song) {
            return unknownSong();
        }
        SongDetail detail;
        if (!song->taskId.empty()) {
            detail.task = repos.tasks().findById(song->taskId);
        }
        detail.song = std::move(*song);
        return detail;
    });
}

Result<Song> AdminService::setSongHidden(const std::string& songId, bool hidden) {
    return inTransaction(_store, [&](Repositories& repos) -> Result<Song> {
        auto song = repos.songs().findById(trim(songId, " \t\r\n"));
        if (!song) {
            return unknownSong();
        }
        if (song->hidden != hidden) {
            song->hidden = hidden;
            repos.songs().update(*song);
        }
        return std::move(*song);
    });
}

std::vector<GenerationTask> AdminService::listTasks(std::optional<TaskState> state, Page page) {
    return readOnly(_store, [&](Repositories& repos) { return repos.tasks().listByState(state, page); });
}

Result<RetriedTask> AdminService::retryTask(const std::string& rawTaskId) {
    const std::string taskId = trim(rawTaskId, " \t\r\n");
    const TimePoint now = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<RetriedTask> {
        auto failed = taskId.empty() ? std::nullopt : repos.tasks().findById(taskId);
        if (!failed) {
            return DomainError{ErrorCode::NotFound, "任务不存在"};
        }
        auto conflict = [](std::string message) { return DomainError{ErrorCode::Conflict, std::move(message)}; };
        if (failed->state != TaskState::Failed) {
            return conflict("只能重试失败的任务（该任务为 " + toString(failed->state) + "）");
        }
        if (!failed->upstreamTaskId.empty()) {
            return conflict("只能重试提交失败的任务：该任务已提交到上游（" + failed->upstreamTaskId + "）");
        }
        if (failed->charged && !failed->refunded) {
            return conflict("该任务尚未退款，无法重试");
        }
        auto stored = decodeTaskRequest(failed->requestJson);
        if (!stored) {
            return conflict("该任务的请求数据无法读取，无法重试");
        }
        const std::string newId = failed->id + "-retry";
        if (repos.tasks().findById(newId)) {
            return conflict("该任务已重试过，新任务为 " + newId);
        }
        const auto oldSongs = repos.songs().listByTask(failed->id);
        const std::string title = oldSongs.empty() ? stored->request.title : oldSongs.front().title;

        RetriedTask retried;
        retried.charge = failed->charged ? stored->charge : 0;
        if (retried.charge > 0) {
            auto charged =
                applyPoints(repos, failed->userId, -retried.charge, createRemark(title), taskChargeRef(newId), now);
            if (!charged) {
                if (charged.error().code == ErrorCode::InsufficientPoints) {
                    return DomainError{ErrorCode::InsufficientPoints,
                                       "用户积分不足，无法重试（需要 " + std::to_string(retried.charge) + " 积分）"};
                }
                return charged.error();
            }
        }
        stored->request.taskId = newId;
        GenerationTask& task = retried.task;
        task.id = newId;
        task.userId = failed->userId;
        task.provider = failed->provider;
        task.requestJson = encodeTaskRequest(*stored);
        task.state = TaskState::Queued;
        task.channel = failed->channel;
        task.charged = retried.charge > 0;
        task.createdAt = now;
        repos.tasks().insert(task);
        // As many songs as the failed task had (a join one, stems two or four), with what they were made from.
        const int songs = oldSongs.empty() ? kSongsPerTask : static_cast<int>(oldSongs.size());
        for (int i = 0; i < songs; ++i) {
            Song song;
            song.origin = stored->request.action;
            if (static_cast<std::size_t>(i) < oldSongs.size()) {
                const Song& old = oldSongs[static_cast<std::size_t>(i)];
                song.title = old.title;
                song.tags = old.tags;
                song.prompt = old.prompt;
                song.lyric = old.lyric;
                song.model = old.model;
                song.sourceId = old.sourceId;
                song.origin = old.origin;
            } else {
                song.title = title;
                song.tags = stored->request.style;
                song.prompt = stored->request.prompt;
                song.lyric = stored->request.lyric;
                song.model = stored->request.model;
            }
            song.id = _ids.newId();
            song.taskId = newId;
            song.userId = failed->userId;
            song.clipIndex = i;
            song.complete = SongStatus::Generating;
            song.createdAt = now;
            repos.songs().insert(song);
            retried.songIds.push_back(song.id);
        }
        return retried;
    });
}

} // namespace gequ::domain
