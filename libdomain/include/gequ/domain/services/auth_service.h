#pragma once

// Login by phone and SMS code, sessions (docs/accounts.md, "Codes" and "Sessions").
//
// Codes: 6 digits, stored only as HMAC-SHA256 under the server secret, valid 10 minutes, good only for the network
// that asked for it; a new code replaces that network's older ones. A "client" is what the HTTP adapter hands in (an
// IPv4 address or an IPv6 /64), its "network" the IPv4 /24 or IPv6 /56 around it. Limits, all kept in the database
// so they hold across instances (docs/security.md "Login abuse", docs/accounts.md "Codes"):
// - sending: one code per phone per network per 60 s; 10 per phone in any rolling 24 hours over all clients (a client
//   that opened a session of the phone's account in the last 30 days is held only by its own 10); 20 per client and
//   a share of the site-wide budget (a twentieth, at least 20) per network in any rolling hour; the site-wide budget
//   (auth.sms_hourly_budget). Once the phone has had 3 codes in 24 hours, or the network 5 in the hour, a code is sent
//   only with a solved proof-of-work challenge (ALTCHA's SHA-256 format, HMAC-signed, 5 minutes, each good once).
// - guessing: 5 wrong guesses for one phone from one client, or 20 from one client over all phones, within a code's
//   lifetime lock that client out (4290) until the oldest is a code's lifetime old; 10 wrong guesses burn a code;
//   after 15 wrong guesses for a phone in 24 hours over all clients, only a client that has not guessed wrong for the
//   phone that day may still try, and only the code it asked for itself. So the phone's owner, whose fresh code no
//   other network can use, burn or replace, signs in unless they guess wrong themselves.
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
/// Wrong guesses after which a code is burnt (only its own network can guess it).
inline constexpr int kMaxCodeGuesses = 10;
/// Codes one phone may get in kCodePhoneWindow over all clients (clients known to the account excepted).
inline constexpr int kCodesPerPhoneAllClients = 10;
/// Wrong guesses for one phone over all clients in kCodePhoneWindow after which only fresh clients may try their own
/// code.
inline constexpr int kPhoneGuessesPerDay = 15;
/// A client that opened a session of the phone's account this recently is known to it.
inline constexpr Millis kKnownClientWindow = std::chrono::days{30};
/// Codes the phone may have had in kCodePhoneWindow, or the network in kCodeIpWindow, before a challenge is needed.
inline constexpr int kCodesBeforeChallengePhone = 3;
inline constexpr int kCodesBeforeChallengeNetwork = 5;
/// A network's share of the site-wide hourly budget: budget / kNetworkBudgetShare, at least kMinNetworkBudget.
inline constexpr std::int64_t kNetworkBudgetShare = 20;
inline constexpr std::int64_t kMinNetworkBudget = 20;
/// How long an issued challenge may be solved and used.
inline constexpr Millis kChallengeLifetime = std::chrono::minutes{5};
/// The default difficulty: the secret number is drawn from [0, maxnumber].
inline constexpr std::int64_t kDefaultChallengeMaxNumber = 100000;

/// Refusals that the client answers by solving a challenge (POST /login/code; the HTTP adapter marks them).
inline constexpr const char* kChallengeRequiredMessage = "请先完成人机验证";
inline constexpr const char* kChallengeInvalidMessage = "人机验证已失效，请重新验证";
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
    std::int64_t challengeMaxNumber = kDefaultChallengeMaxNumber; ///< auth.challenge_max_number: the work asked
};

/// A proof-of-work challenge in ALTCHA's format (https://altcha.org, "SHA-256"): find the number n in [0, maxNumber]
/// with SHA-256 hex of (salt + n) equal to `challenge`. The salt ends in "?expires=<unix seconds>&"; `signature` is
/// the HMAC-SHA256 hex of `challenge` under a key derived from the server secret, so any instance can check it.
struct LoginChallenge {
    std::string algorithm = "SHA-256";
    std::string challenge;
    std::int64_t maxNumber = 0;
    std::string salt;
    std::string signature;
};

/// A client's answer to a LoginChallenge (ALTCHA's payload, decoded by the HTTP adapter).
struct ChallengeSolution {
    std::string algorithm;
    std::string challenge;
    std::int64_t number = -1;
    std::string salt;
    std::string signature;
};

/// Who asks for or tries a code: the client (an IPv4 address or an IPv6 /64) and its network (the /24 or /56 around
/// it; empty means the client itself).
struct LoginOrigin {
    std::string client;
    std::string network;
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

    /// Sends a new login code to the phone for `from`. 4000 for a bad phone; 4290 inside 60 s of the network's last
    /// code for the phone (saying how many seconds to wait), past the phone's, the client's or the network's caps, or
    /// when the site-wide hourly budget is spent; 4290 kChallengeRequiredMessage when a challenge is needed and none
    /// came, 4000 kChallengeInvalidMessage for a wrong, expired or used one; 5020 when the SMS provider fails, leaving
    /// nothing behind (no code, no counted request, the previous code still valid).
    Status requestCode(const std::string& rawPhone, const LoginOrigin& from,
                       const std::optional<ChallengeSolution>& proof = std::nullopt);
    Status requestCode(const std::string& rawPhone, const std::string& client) {
        return requestCode(rawPhone, LoginOrigin{client, {}});
    }
    /// Checks the code the network of `from` asked for and opens a session, registering an unknown phone (sign-up
    /// gift in the same transaction). 4000 for a bad phone, a missing, wrong, expired, burnt or used code; 4290 while
    /// the client is locked out by its own wrong guesses or the phone's daily guesses are spent (see above); 4030 for
    /// a disabled user.
    Result<LoginResult> login(const std::string& rawPhone, const std::string& code, const LoginOrigin& from);
    Result<LoginResult> login(const std::string& rawPhone, const std::string& code, const std::string& client) {
        return login(rawPhone, code, LoginOrigin{client, {}});
    }
    /// A new proof-of-work challenge (GET /login/challenge).
    LoginChallenge issueChallenge();
    /// Whether a solution is right, signed by us and unexpired (it is not spent here).
    bool checkSolution(const ChallengeSolution& solution) const;
    /// Revokes the session of the token; unknown tokens are ignored.
    void logout(const std::string& token);
    /// The user of a live session and when it expires: nullopt for an unknown, expired or revoked token, or a
    /// disabled user.
    std::optional<SignedIn> authenticate(const std::string& token);

    /// The SHA-256 hex under which a session token is stored.
    std::string tokenHash(const std::string& token) const;

private:
    /// The unix second a challenge's salt says it expires, or nullopt.
    static std::optional<std::int64_t> saltExpiry(const std::string& salt);

    Store& _store;
    const Clock& _clock;
    Random& _random;
    IdGenerator& _ids;
    const Hasher& _hasher;
    SmsSender& _sms;
    AuthSettings _settings;
    std::string _challengeKey; ///< HMAC key of the challenges, derived from the server secret
};

} // namespace gequ::domain
