#include "gequ/domain/services/auth_service.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/model/time.h"
#include "gequ/domain/services/ledger.h"

#include <algorithm>
#include <stdexcept>

namespace gequ::domain {

namespace {

constexpr std::size_t kTokenBytes = 32;
/// Tokens are 43 characters; anything much longer is not one of ours and is not even hashed.
constexpr std::size_t kMaxTokenChars = 256;
constexpr std::int64_t kMaxCode = 999999;
constexpr std::size_t kCodeDigits = 6;
constexpr std::size_t kMaxCodeChars = 32;

constexpr const char* kMessageNoCode = "请先获取验证码";
constexpr const char* kMessageWrongCode = "验证码错误";
constexpr const char* kMessageExpired = "验证码已过期，请重新获取";
constexpr const char* kMessageBurnt = "验证码错误次数过多，请重新获取";
constexpr const char* kMessageDailyCap = "今日验证码发送次数已达上限";
constexpr const char* kMessageIpCap = "操作过于频繁，请稍后再试";
constexpr const char* kMessageBudget = "本小时验证码发送量已达上限，请稍后再试";
constexpr const char* kMessageClientLocked = "验证码错误次数过多，请10分钟后再试";
constexpr const char* kMessagePhoneLocked = "该手机号今日验证码错误次数过多，请重新获取验证码后再试";
constexpr const char* kMessageDisabled = "账号已被停用，请联系客服";

/// Equality that takes the same time wherever the strings differ (they are hashes of equal length).
bool sameHash(const std::string& a, const std::string& b) {
    if (a.size() != b.size()) {
        return false;
    }
    unsigned char diff = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        diff |= static_cast<unsigned char>(a[i] ^ b[i]);
    }
    return diff == 0;
}

std::string phoneLock(const std::string& phone) {
    return "sms:phone:" + phone;
}

std::string ipLock(const std::string& ip) {
    return "sms:ip:" + ip;
}

/// Serialises the count and the reservation of the site-wide budget.
constexpr const char* kBudgetLock = "sms:budget";

std::string guessLock(const std::string& client) {
    return "login:client:" + client;
}

std::string networkLock(const std::string& network) {
    return "sms:net:" + network;
}

std::string digitsOnly(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c >= '0' && c <= '9') {
            out += c;
        } else {
            break;
        }
    }
    return out;
}

} // namespace

AuthService::AuthService(Store& store, const Clock& clock, Random& random, IdGenerator& ids, const Hasher& hasher,
                         SmsSender& sms, AuthSettings settings)
    : _store(store), _clock(clock), _random(random), _ids(ids), _hasher(hasher), _sms(sms),
      _settings(std::move(settings)), _challengeKey(_hasher.hmacSha256Hex(_settings.secret, "gequ login challenge")) {}

LoginChallenge AuthService::issueChallenge() {
    const std::int64_t expires = toEpochMillis(_clock.now() + kChallengeLifetime) / 1000;
    LoginChallenge out;
    out.maxNumber = std::max<std::int64_t>(1, _settings.challengeMaxNumber);
    std::string salt;
    static constexpr char kHex[] = "0123456789abcdef";
    for (unsigned char byte : _random.bytes(12)) {
        salt += kHex[byte >> 4];
        salt += kHex[byte & 15];
    }
    out.salt = salt + "?expires=" + std::to_string(expires) + "&";
    const std::int64_t number = _random.uniform(0, out.maxNumber);
    out.challenge = _hasher.sha256Hex(out.salt + std::to_string(number));
    out.signature = _hasher.hmacSha256Hex(_challengeKey, out.challenge);
    return out;
}

std::optional<std::int64_t> AuthService::saltExpiry(const std::string& salt) {
    const std::size_t query = salt.find('?');
    if (query == std::string::npos) {
        return std::nullopt;
    }
    const std::string params = "&" + salt.substr(query + 1);
    const std::size_t at = params.find("&expires=");
    if (at == std::string::npos) {
        return std::nullopt;
    }
    const std::string digits = digitsOnly(params.substr(at + 9));
    if (digits.empty() || digits.size() > 12) {
        return std::nullopt;
    }
    return std::stoll(digits);
}

bool AuthService::checkSolution(const ChallengeSolution& solution) const {
    if (solution.algorithm != "SHA-256" || solution.number < 0 || solution.challenge.size() != 64 ||
        solution.salt.size() > 200 || solution.signature.size() != 64) {
        return false;
    }
    const auto expires = saltExpiry(solution.salt);
    if (!expires || toEpochMillis(_clock.now()) / 1000 >= *expires) {
        return false;
    }
    // The signature covers the challenge, and the challenge covers the salt with its expiry.
    return sameHash(_hasher.hmacSha256Hex(_challengeKey, solution.challenge), solution.signature) &&
           sameHash(_hasher.sha256Hex(solution.salt + std::to_string(solution.number)), solution.challenge);
}

std::string AuthService::tokenHash(const std::string& token) const {
    return _hasher.sha256Hex(token);
}

Status AuthService::requestCode(const std::string& rawPhone, const LoginOrigin& from,
                                const std::optional<ChallengeSolution>& proof) {
    auto phone = validatePhone(rawPhone);
    if (!phone) {
        return phone.error();
    }
    const std::string& client = from.client;
    const std::string network = from.network.empty() ? from.client : from.network;
    const TimePoint now = _clock.now();
    std::string code = std::to_string(_random.uniform(0, kMaxCode));
    code.insert(0, kCodeDigits - code.size(), '0');
    // A solution is checked (pure computation) before the transaction, and spent in it only when one is needed.
    const bool proofValid = proof && checkSolution(*proof);

    // A reservation first: the row counts for every limit from now on, but stays unusable (consumed) until the SMS is
    // out. The SMS is sent outside any transaction (a provider call must not hold the database), and a failed send
    // deletes the reservation, so a provider failure leaves nothing behind: no code, no used-up request, and the
    // previous code still valid.
    SmsCode row;
    row.phone = *phone;
    row.codeHash = _hasher.hmacSha256Hex(_settings.secret, *phone + ":" + code);
    row.createdAt = now;
    row.expiresAt = now + kCodeLifetime;
    row.consumedAt = now;
    row.ip = client;
    row.network = network;
    std::int64_t id = 0;
    Status reserved = inTransaction(_store, [&](Repositories& repos) -> Status {
        auto& codes = repos.smsCodes();
        codes.lock(phoneLock(*phone));
        codes.lock(ipLock(client));
        codes.lock(networkLock(network));
        if (auto latest = codes.findLatestFrom(*phone, network);
            latest && now < latest->createdAt + kCodeResendInterval) {
            const auto wait = latest->createdAt + kCodeResendInterval - now;
            const auto seconds = std::chrono::ceil<std::chrono::seconds>(wait).count();
            return DomainError{ErrorCode::TooManyRequests,
                               "发送过于频繁，请" + std::to_string(seconds < 1 ? 1 : seconds) + "秒后再试"};
        }
        if (codes.countForPhoneFromIpSince(*phone, client, now - kCodePhoneWindow) >= kCodesPerPhoneWindow) {
            return DomainError{ErrorCode::TooManyRequests, kMessageDailyCap};
        }
        // Over all clients: a phone gets at most kCodesPerPhoneAllClients a day, except from a client its account
        // has signed in from lately (its owner's phone or home), so many clients together cannot shut the owner out.
        const std::int64_t phoneCodes = codes.countForPhoneSince(*phone, now - kCodePhoneWindow);
        if (phoneCodes >= kCodesPerPhoneAllClients) {
            const auto user = repos.users().findByPhone(*phone);
            if (!user || !repos.sessions().openedFrom(user->id, client, now - kKnownClientWindow)) {
                return DomainError{ErrorCode::TooManyRequests, kMessageDailyCap};
            }
        }
        if (codes.countForIpSince(client, now - kCodeIpWindow) >= kCodesPerIpWindow) {
            return DomainError{ErrorCode::TooManyRequests, kMessageIpCap};
        }
        const std::int64_t networkCodes = codes.countForNetworkSince(network, now - kCodeIpWindow);
        if (networkCodes >= std::max(kMinNetworkBudget, _settings.smsHourlyBudget / kNetworkBudgetShare)) {
            return DomainError{ErrorCode::TooManyRequests, kMessageIpCap};
        }
        if (phoneCodes >= kCodesBeforeChallengePhone || networkCodes >= kCodesBeforeChallengeNetwork) {
            if (!proof) {
                return DomainError{ErrorCode::TooManyRequests, kChallengeRequiredMessage};
            }
            codes.pruneChallenges(now);
            if (!proofValid || !codes.spendChallenge(proof->challenge, now + kChallengeLifetime)) {
                return invalid(kChallengeInvalidMessage);
            }
        }
        codes.lock(kBudgetLock);
        if (codes.countAllSince(now - kSmsBudgetWindow) >= _settings.smsHourlyBudget) {
            return DomainError{ErrorCode::TooManyRequests, kMessageBudget};
        }
        id = codes.insert(row);
        return success();
    });
    if (!reserved) {
        return reserved;
    }

    auto release = [&] {
        _store.transact([&](Repositories& repos) {
            repos.smsCodes().remove(id);
            return true;
        });
    };
    Status sent = success();
    try {
        sent = _sms.sendCode(*phone, code);
    } catch (...) {
        release();
        throw;
    }
    if (!sent) {
        release();
        return sent;
    }
    _store.transact([&](Repositories& repos) {
        auto& codes = repos.smsCodes();
        codes.lock(phoneLock(*phone));
        // Only this network's older codes are replaced: nobody elsewhere can take the owner's code away.
        codes.consumeAllForPhoneFrom(*phone, network, now);
        codes.activate(id);
        return true;
    });
    return success();
}

Result<LoginResult> AuthService::login(const std::string& rawPhone, const std::string& rawCode,
                                       const LoginOrigin& from) {
    auto phone = validatePhone(rawPhone);
    if (!phone) {
        return phone.error();
    }
    const std::string code = trim(rawCode);
    if (code.empty()) {
        return invalid("请输入验证码");
    }
    if (code.size() > kMaxCodeChars) {
        return invalid(kMessageWrongCode);
    }
    const std::string& ip = from.client;
    const std::string network = from.network.empty() ? from.client : from.network;
    const TimePoint now = _clock.now();
    const std::string codeHash = _hasher.hmacSha256Hex(_settings.secret, *phone + ":" + code);
    const std::string token = _hasher.base64Url(_random.bytes(kTokenBytes));
    const std::string newUserId = _ids.newId();

    std::optional<Result<LoginResult>> out;
    _store.transact([&](Repositories& repos) {
        // One login of a phone, and one guess of a client, at a time: the limits cannot be outrun by parallel guesses.
        auto& codes = repos.smsCodes();
        codes.lock(phoneLock(*phone));
        codes.lock(guessLock(ip));
        // A client locked out by its own wrong guesses is refused before its guess is even looked at; the lock ends
        // when its oldest counted guess is a code's lifetime old, and nobody else is affected.
        const TimePoint guessWindow = now - kCodeLifetime;
        if (codes.countFailures(*phone, ip, guessWindow) >= kMaxCodeAttempts ||
            codes.countClientFailures(ip, guessWindow) >= kMaxClientGuesses) {
            out.emplace(DomainError{ErrorCode::TooManyRequests, kMessageClientLocked});
            return false;
        }
        const auto active = codes.findLatestActiveFrom(*phone, network);
        // Past the phone's daily wrong guesses, only a client that has not guessed wrong for it today may try, and
        // only the code it asked for itself: each further guess costs a code, and codes are capped.
        const TimePoint day = now - kCodePhoneWindow;
        if (codes.countPhoneFailures(*phone, day) >= kPhoneGuessesPerDay &&
            (codes.countFailures(*phone, ip, day) > 0 || !active || active->ip != ip)) {
            out.emplace(DomainError{ErrorCode::TooManyRequests, kMessagePhoneLocked});
            return false;
        }
        if (!active) {
            out.emplace(invalid(kMessageNoCode));
            return false;
        }
        if (active->attempts >= kMaxCodeGuesses) {
            out.emplace(invalid(kMessageBurnt));
            return false;
        }
        if (now >= active->expiresAt) {
            out.emplace(invalid(kMessageExpired));
            return false;
        }
        if (!sameHash(active->codeHash, codeHash)) {
            codes.pruneFailures(day);
            codes.addFailure(*phone, ip, now);
            const int attempts = codes.addAttempt(active->id);
            out.emplace(invalid(attempts >= kMaxCodeGuesses ? kMessageBurnt : kMessageWrongCode));
            return true; // the guess counts
        }
        if (!repos.smsCodes().consume(active->id, now)) {
            out.emplace(invalid(kMessageNoCode));
            return false;
        }

        auto user = repos.users().findByPhone(*phone);
        bool isNew = false;
        if (!user) {
            User created;
            created.id = newUserId;
            created.phone = *phone;
            created.nickname = defaultNickname(*phone);
            created.createdAt = now;
            if (repos.users().insertIfPhoneFree(created)) {
                isNew = true;
                if (_settings.signupBonus > 0) {
                    auto gift = applyPoints(repos, created.id, _settings.signupBonus, std::string(kSignupRemark),
                                            signupRef(created.id), now);
                    if (!gift) {
                        out.emplace(gift.error());
                        return false;
                    }
                }
                user = std::move(created);
            } else {
                // Registered by a concurrent unit of work after our lookup: use theirs.
                user = repos.users().findByPhone(*phone);
                if (!user) {
                    throw std::runtime_error("a user with this phone exists but cannot be found");
                }
            }
        }
        if (user->disabled) {
            out.emplace(DomainError{ErrorCode::Forbidden, kMessageDisabled});
            return false;
        }

        Session session;
        session.tokenHash = tokenHash(token);
        session.userId = user->id;
        session.createdAt = now;
        session.expiresAt = now + std::chrono::days{_settings.sessionDays};
        session.lastIp = ip;
        repos.sessions().insert(session);
        out.emplace(LoginResult{token, user->id, isNew});
        return true;
    });
    return std::move(*out);
}

void AuthService::logout(const std::string& token) {
    if (token.empty() || token.size() > kMaxTokenChars) {
        return;
    }
    const std::string hash = tokenHash(token);
    const TimePoint now = _clock.now();
    _store.transact([&](Repositories& repos) {
        repos.sessions().revoke(hash, now);
        return true;
    });
}

std::optional<SignedIn> AuthService::authenticate(const std::string& token) {
    if (token.empty() || token.size() > kMaxTokenChars) {
        return std::nullopt;
    }
    const std::string hash = tokenHash(token);
    const TimePoint now = _clock.now();
    return readOnly(_store, [&](Repositories& repos) -> std::optional<SignedIn> {
        // One read per request: the session and its owner's flag together.
        const auto found = repos.sessions().findWithOwner(hash);
        if (!found || found->session.revokedAt || now >= found->session.expiresAt || found->ownerDisabled) {
            return std::nullopt;
        }
        return SignedIn{found->session.userId, found->session.expiresAt};
    });
}

} // namespace gequ::domain
