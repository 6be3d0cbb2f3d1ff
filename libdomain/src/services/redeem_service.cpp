#include "gequ/domain/services/redeem_service.h"

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/services/ledger.h"

namespace gequ::domain {

namespace {

/// 32 characters without 0, O, 1 and I: five bits a character, 80 bits a code.
constexpr std::string_view kAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
constexpr int kCodeChars = 16;
constexpr int kGroupChars = 4;
/// Longer input is not a code of ours (and is not hashed).
constexpr std::size_t kMaxCodeChars = 64;

constexpr const char* kMessageInvalid = "兑换码无效";

DomainError invalidCode() {
    return invalid(kMessageInvalid);
}

} // namespace

std::string normalizeRedeemCode(std::string_view raw) {
    std::string out;
    out.reserve(raw.size());
    for (char c : raw) {
        if (c == '-' || c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            continue;
        }
        out += (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
    }
    return out;
}

RedeemService::RedeemService(Store& store, const Clock& clock, Random& random, IdGenerator& ids, const Hasher& hasher,
                             const std::string& secret)
    : _store(store), _clock(clock), _random(random), _ids(ids), _hasher(hasher),
      _key(hasher.hmacSha256Hex(secret, "gequ redeem codes")) {}

std::string RedeemService::storedHash(const std::string& normalized) const {
    // The HMAC of the plain SHA-256, so that codes stored as that SHA-256 before can be upgraded in place.
    return _hasher.hmacSha256Hex(_key, _hasher.sha256Hex(normalized));
}

std::int64_t RedeemService::upgradeStoredHashes() {
    constexpr int kBatch = 500;
    std::int64_t upgraded = 0;
    for (;;) {
        std::int64_t batch = 0;
        _store.transact([&](Repositories& repos) {
            auto& codes = repos.redeemCodes();
            for (const auto& code : codes.listPlainSha256(kBatch)) {
                codes.rehash(code.id, _hasher.hmacSha256Hex(_key, code.codeHash));
                ++batch;
            }
            return true;
        });
        upgraded += batch;
        if (batch < kBatch) {
            return upgraded;
        }
    }
}

Result<std::vector<IssuedRedeemCode>> RedeemService::createCodes(const RedeemCodeSpec& spec) {
    const TimePoint now = _clock.now();
    if (spec.points < 0 || spec.points > kMaxRedeemPoints) {
        return invalid("积分必须是0到" + std::to_string(kMaxRedeemPoints) + "之间的整数");
    }
    if (spec.planId && !findPlan(*spec.planId)) {
        return invalid("套餐不存在：" + std::to_string(*spec.planId));
    }
    if (spec.points == 0 && !spec.planId) {
        return invalid("兑换码至少要包含积分或会员套餐");
    }
    if (spec.count < 1 || spec.count > kMaxRedeemCodesPerBatch) {
        return invalid("数量必须是1到" + std::to_string(kMaxRedeemCodesPerBatch) + "之间的整数");
    }
    if (spec.maxUses < 1 || spec.maxUses > kMaxRedeemUses) {
        return invalid("可用次数必须是1到" + std::to_string(kMaxRedeemUses) + "之间的整数");
    }
    if (spec.expiresAt && *spec.expiresAt <= now) {
        return invalid("到期时间必须晚于现在");
    }
    const std::string note = trim(spec.note);
    if (!isValidUtf8(note) || hasControlChars(note, false)) {
        return invalid("备注包含无效的字符");
    }
    if (codePointCount(note) > kMaxRedeemNoteChars) {
        return invalid("备注不能超过" + std::to_string(kMaxRedeemNoteChars) + "个字符");
    }

    std::vector<IssuedRedeemCode> issued;
    issued.reserve(static_cast<std::size_t>(spec.count));
    for (int i = 0; i < spec.count; ++i) {
        std::string plain;
        for (int c = 0; c < kCodeChars; ++c) {
            if (c > 0 && c % kGroupChars == 0) {
                plain += '-';
            }
            plain += kAlphabet[static_cast<std::size_t>(
                _random.uniform(0, static_cast<std::int64_t>(kAlphabet.size()) - 1))];
        }
        RedeemCode code;
        code.id = _ids.newId();
        code.codeHash = storedHash(normalizeRedeemCode(plain));
        code.points = spec.points;
        code.planId = spec.planId;
        code.maxUses = spec.maxUses;
        code.expiresAt = spec.expiresAt;
        code.createdAt = now;
        code.note = note;
        issued.push_back(IssuedRedeemCode{std::move(code), std::move(plain)});
    }
    _store.transact([&](Repositories& repos) {
        for (const auto& each : issued) {
            repos.redeemCodes().insert(each.code);
        }
        return true;
    });
    return issued;
}

std::vector<RedeemCode> RedeemService::list(Page page) {
    return readOnly(_store, [&](Repositories& repos) { return repos.redeemCodes().list(page); });
}

Result<RedeemCode> RedeemService::disable(const std::string& id) {
    return inTransaction(_store, [&](Repositories& repos) -> Result<RedeemCode> {
        auto code = repos.redeemCodes().findById(trim(id));
        if (!code) {
            return DomainError{ErrorCode::NotFound, "兑换码不存在"};
        }
        if (!code->disabled) {
            repos.redeemCodes().setDisabled(code->id, true);
            code->disabled = true;
        }
        return std::move(*code);
    });
}

Result<Profile> RedeemService::redeem(const std::string& userId, const std::string& rawCode) {
    const std::string normalized = normalizeRedeemCode(trim(rawCode));
    if (normalized.empty()) {
        return invalid("请输入兑换码");
    }
    if (normalized.size() > kMaxCodeChars) {
        return invalidCode();
    }
    const std::string hash = storedHash(normalized);
    const TimePoint now = _clock.now();
    return inTransaction(_store, [&](Repositories& repos) -> Result<Profile> {
        auto user = repos.users().findById(userId);
        if (!user) {
            return DomainError{ErrorCode::NotFound, "用户不存在"};
        }
        auto& codes = repos.redeemCodes();
        const auto code = codes.findByHash(hash);
        if (!code || code->disabled || (code->expiresAt && now >= *code->expiresAt)) {
            return invalidCode();
        }
        // Both conditional: a second redemption by this user, or a use past max_uses, changes nothing and fails (the
        // whole transaction then rolls back).
        if (!codes.insertRedemption(code->id, userId, now) || !codes.addUse(code->id)) {
            return invalidCode();
        }
        if (code->points > 0) {
            auto applied =
                applyPoints(repos, userId, code->points, std::string(kRedeemRemark), redeemRef(code->id, userId), now);
            if (!applied) {
                return applied.error().code == ErrorCode::Conflict ? invalidCode() : applied.error();
            }
            user->integral = applied->balance;
        }
        if (code->planId) {
            const Plan* plan = findPlan(*code->planId);
            if (!plan) {
                return invalidCode();
            }
            // The membership must be read under the user's row lock (taken by the points change, or by a change of
            // nothing), so a concurrent purchase or redemption cannot be overwritten.
            if (code->points == 0) {
                repos.users().addPoints(userId, 0);
            }
            user = repos.users().findById(userId);
            if (!user) {
                return DomainError{ErrorCode::NotFound, "用户不存在"};
            }
            const Membership after = applyPlan(membershipOf(*user), *plan, now);
            repos.users().updateMembership(user->id, after.level, after.expiresAt, after.lifetime);
            user->membershipLevel = after.level;
            user->membershipExpiresAt = after.expiresAt;
            user->lifetime = after.lifetime;
        }
        return profileOf(*user, now);
    });
}

} // namespace gequ::domain
