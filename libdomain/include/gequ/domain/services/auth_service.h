#pragma once

// Login by phone and SMS code, sessions (docs/accounts.md, "Codes" and "Sessions").
//
// Codes: 6 digits, stored only as HMAC-SHA256 under the server secret, valid 10 minutes; a new code invalidates the
// older ones. Limits, all kept in the database so they hold across instances: one code per phone per 60 s, 10 per
// phone in any rolling 24 hours, 20 per client IP in any rolling hour. At most 5 wrong attempts per code.
// Sessions: 32 random bytes in base64url; only their SHA-256 is stored.

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/hasher.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/sms_sender.h"
#include "gequ/domain/ports/store.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>

namespace gequ::domain {

inline constexpr Millis kCodeLifetime = std::chrono::minutes{10};
inline constexpr Millis kCodeResendInterval = std::chrono::seconds{60};
inline constexpr Millis kCodePhoneWindow = std::chrono::hours{24};
inline constexpr int kCodesPerPhoneWindow = 10;
inline constexpr Millis kCodeIpWindow = std::chrono::hours{1};
inline constexpr int kCodesPerIpWindow = 20;
inline constexpr int kMaxCodeAttempts = 5;
inline constexpr int kDefaultSessionDays = 30;

/// The message of a successful POST /login/code.
inline constexpr const char* kCodeSentMessage = "验证码发送成功，10分钟内有效";

struct AuthSettings {
    std::string secret; ///< the server secret (auth.secret); the HMAC key of the codes
    int sessionDays = kDefaultSessionDays;
    std::int64_t signupBonus = 20; ///< points.signup_bonus
};

struct LoginResult {
    std::string token; ///< shown once; only its hash is stored
    std::string userId;
    bool isNew = false; ///< this login registered the user
};

class AuthService {
public:
    AuthService(Store& store, const Clock& clock, Random& random, IdGenerator& ids, const Hasher& hasher,
                SmsSender& sms, AuthSettings settings);

    /// Sends a new login code to the phone. 4000 for a bad phone; 4290 inside 60 s of the last code (saying how many
    /// seconds to wait), past 10 codes to the phone in 24 h, or past 20 codes from the IP in an hour; 5020 when the
    /// SMS provider fails, leaving nothing behind (no code, no counted request, the previous code still valid).
    Status requestCode(const std::string& rawPhone, const std::string& ip);
    /// Checks the code and opens a session, registering an unknown phone (sign-up gift in the same transaction).
    /// 4000 for a bad phone, a missing, wrong, expired, burnt or used code; 4030 for a disabled user.
    Result<LoginResult> login(const std::string& rawPhone, const std::string& code, const std::string& ip);
    /// Revokes the session of the token; unknown tokens are ignored.
    void logout(const std::string& token);
    /// The user of a live session: nullopt for an unknown, expired or revoked token, or a disabled user.
    std::optional<std::string> authenticate(const std::string& token);

    /// The SHA-256 hex under which a session token is stored.
    std::string tokenHash(const std::string& token) const;

private:
    Store& _store;
    const Clock& _clock;
    Random& _random;
    IdGenerator& _ids;
    const Hasher& _hasher;
    SmsSender& _sms;
    AuthSettings _settings;
};

} // namespace gequ::domain
