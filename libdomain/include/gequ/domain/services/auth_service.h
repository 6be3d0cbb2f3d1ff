#pragma once

// Login by phone and SMS code, sessions (docs/accounts.md, "Codes" and "Sessions").
//
// Codes: 6 digits, stored only as HMAC-SHA256 under the server secret, valid 10 minutes; a new code invalidates the
// older ones. Limits, all kept in the database so they hold across instances (docs/security.md "Login abuse"): one
// code per phone per 60 s; 10 per phone requested by one client in any rolling 24 hours; 20 per client in any rolling
// hour; a site-wide budget per rolling hour (auth.sms_hourly_budget). A "client" is what the HTTP adapter hands in:
// an IPv4 address or an IPv6 /64.
// Wrong guesses stop the guesser, not the phone's owner: 5 wrong guesses for one phone from one client, or 20 from
// one client over all phones, within a code's lifetime lock that client out (4290) until the oldest of them is a
// code's lifetime old; the code stays good for everyone else. Only a flood from many clients together (50 wrong
// guesses) burns a code, so a distributed brute force cannot get far either.
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
/// Wrong guesses for one phone from one client within kCodeLifetime before that client is locked out of it.
inline constexpr int kMaxCodeAttempts = 5;
/// Wrong guesses from one client over all phones within kCodeLifetime before it is locked out of every phone.
inline constexpr int kMaxClientGuesses = 20;
/// Wrong guesses from all clients together after which a code is burnt.
inline constexpr int kMaxCodeGuesses = 50;
/// The window of the site-wide SMS budget.
inline constexpr Millis kSmsBudgetWindow = std::chrono::hours{1};
inline constexpr std::int64_t kDefaultSmsHourlyBudget = 1000;
inline constexpr int kDefaultSessionDays = 30;

/// The message of a successful POST /login/code.
inline constexpr const char* kCodeSentMessage = "验证码发送成功，10分钟内有效";

struct AuthSettings {
    std::string secret; ///< the server secret (auth.secret); the HMAC key of the codes
    int sessionDays = kDefaultSessionDays;
    std::int64_t signupBonus = 20; ///< points.signup_bonus
    std::int64_t smsHourlyBudget =
        kDefaultSmsHourlyBudget; ///< auth.sms_hourly_budget: codes per rolling hour, site-wide
};

/// Who a session token signs in, and until when.
struct SignedIn {
    std::string userId;
    TimePoint expiresAt{};
    bool operator==(const SignedIn&) const = default;
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

    /// Sends a new login code to the phone for `client` (an IP, or an IPv6 /64). 4000 for a bad phone; 4290 inside
    /// 60 s of the last code (saying how many seconds to wait), past 10 codes to the phone from this client in 24 h,
    /// past 20 codes from the client in an hour, or when the site-wide hourly budget is spent; 5020 when the SMS
    /// provider fails, leaving nothing behind (no code, no counted request, the previous code still valid).
    Status requestCode(const std::string& rawPhone, const std::string& client);
    /// Checks the code and opens a session, registering an unknown phone (sign-up gift in the same transaction).
    /// 4000 for a bad phone, a missing, wrong, expired, burnt or used code; 4290 while `client` is locked out by its
    /// own wrong guesses (see above); 4030 for a disabled user.
    Result<LoginResult> login(const std::string& rawPhone, const std::string& code, const std::string& client);
    /// Revokes the session of the token; unknown tokens are ignored.
    void logout(const std::string& token);
    /// The user of a live session and when it expires: nullopt for an unknown, expired or revoked token, or a
    /// disabled user.
    std::optional<SignedIn> authenticate(const std::string& token);

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
