#pragma once

// Redeem codes (docs/data.md, redeem_codes and redemptions): made by the operator, redeemed by users exactly once
// per user per code, applying points through the ledger and a plan's membership through the purchase rules.

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/hasher.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/user_service.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

inline constexpr int kMaxRedeemCodesPerBatch = 1000;
inline constexpr int kMaxRedeemUses = 1000000;
inline constexpr std::int64_t kMaxRedeemPoints = 10000000;
inline constexpr std::size_t kMaxRedeemNoteChars = 200;
/// The ledger remark of a redemption's points.
inline constexpr std::string_view kRedeemRemark = "兑换码兑换";

/// What a batch of codes grants and how often each may be used.
struct RedeemCodeSpec {
    std::int64_t points = 0;   ///< points each redemption adds (may be 0 when a plan is set)
    std::optional<int> planId; ///< a plan whose membership (level and validity, not its points) each redemption grants
    int count = 1;             ///< how many codes to make
    int maxUses = 1;           ///< redemptions per code, each by a different user
    std::optional<TimePoint> expiresAt;
    std::string note; ///< for the operator
};

/// A new code: its stored row and the plain code, shown once (only its hash is stored).
struct IssuedRedeemCode {
    RedeemCode code;
    std::string plain; ///< XXXX-XXXX-XXXX-XXXX
};

/// The lookup form of a code as typed: upper case, without dashes and white space.
std::string normalizeRedeemCode(std::string_view raw);

class RedeemService {
public:
    /// `secret` is the server secret (auth.secret): codes are stored only as an HMAC under a key derived from it.
    RedeemService(Store& store, const Clock& clock, Random& random, IdGenerator& ids, const Hasher& hasher,
                  const std::string& secret);

    /// Rewrites every code stored as the plain SHA-256 of schema versions before 8 to its HMAC (computed from the
    /// stored hash, so the code keeps working), a batch per unit of work; how many. Run at start; idempotent.
    std::int64_t upgradeStoredHashes();

    /// Makes `spec.count` codes of 16 characters from an unambiguous alphabet (no 0/O/1/I), in one transaction.
    /// 4000 for negative points, neither points nor a plan, an unknown plan, a count outside 1..1000, uses outside
    /// 1..1000000, an expiry in the past or a note past 200 characters.
    Result<std::vector<IssuedRedeemCode>> createCodes(const RedeemCodeSpec& spec);
    /// Codes, newest first.
    std::vector<RedeemCode> list(Page page);
    /// Disables the code; 4040 when unknown.
    Result<RedeemCode> disable(const std::string& id);
    /// Redeems the code for the user in one transaction: the redemption, one use, the points (ref
    /// redeem:<codeId>:<user>, remark 兑换码兑换) and the plan's membership (applyPlan at now). The profile afterwards.
    /// 4000 请输入兑换码 when empty; 4000 兑换码无效 for an unknown, disabled, expired or used-up code, or one this
    /// user already redeemed (the same message for all).
    Result<Profile> redeem(const std::string& userId, const std::string& code);

private:
    /// What is stored for a normalised code.
    std::string storedHash(const std::string& normalized) const;

    Store& _store;
    const Clock& _clock;
    Random& _random;
    IdGenerator& _ids;
    const Hasher& _hasher;
    std::string _key; ///< the HMAC key, derived from the server secret
};

} // namespace gequ::domain
