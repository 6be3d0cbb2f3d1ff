#include "gequ/domain/model/ledger.h"

#include <initializer_list>
#include <unordered_map>

namespace gequ::domain {

namespace {

std::string concat(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (std::string_view part : parts) {
        out += part;
    }
    return out;
}

} // namespace

std::string createRemark(std::string_view title) {
    return concat({"创作歌曲《", title, "》"});
}

std::string signupRef(std::string_view userId) {
    return concat({"signup:", userId});
}
std::string taskChargeRef(std::string_view taskId) {
    return concat({"task:", taskId, ":charge"});
}
std::string taskRefundRef(std::string_view taskId) {
    return concat({"task:", taskId, ":refund"});
}
std::string orderRef(std::string_view orderNo) {
    return concat({"order:", orderNo});
}
std::string redeemRef(std::string_view codeId, std::string_view userId) {
    return concat({"redeem:", codeId, ":", userId});
}
std::string adminRef(std::string_view uuid) {
    return concat({"admin:", uuid});
}

PointsType pointsTypeOf(std::int64_t delta) {
    return delta < 0 ? PointsType::Decrease : PointsType::Increase;
}

std::vector<std::string> checkLedger(const User& user, std::span<const PointsRecord> records) {
    std::vector<std::string> violations;
    const std::string who = "用户 " + user.id + " ";
    std::int64_t sum = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const PointsRecord& record = records[i];
        const std::string which = who + "第" + std::to_string(i + 1) + "条积分记录（" + record.ref + "）";
        sum += record.delta;
        if (record.balance != sum) {
            violations.push_back(which + "的余额 " + std::to_string(record.balance) + " 与累计值 " +
                                 std::to_string(sum) + " 不符");
        }
        if (record.balance < 0) {
            violations.push_back(which + "的余额为负数：" + std::to_string(record.balance));
        }
        if (record.delta != 0 && record.type != pointsTypeOf(record.delta)) {
            violations.push_back(which + "的类型与变动 " + std::to_string(record.delta) + " 的方向不符");
        }
    }
    if (user.integral != sum) {
        violations.push_back(who + "的积分 " + std::to_string(user.integral) + " 与积分记录合计 " +
                             std::to_string(sum) + " 不符");
    }
    return violations;
}

std::vector<std::string> duplicateRefs(std::span<const PointsRecord> records) {
    std::unordered_map<std::string_view, int> seen;
    std::vector<std::string> duplicates;
    for (const PointsRecord& record : records) {
        if (++seen[record.ref] == 2) {
            duplicates.push_back(record.ref);
        }
    }
    return duplicates;
}

} // namespace gequ::domain
