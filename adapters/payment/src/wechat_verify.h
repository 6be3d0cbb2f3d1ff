#pragma once

// Checking what WeChat sends us (API answers, notifications, the platform certificate list) and reading its JSON.
// Pure: no network, no clock of its own. Internal to gequ_payment.

#include "gequ/domain/ports/payment_gateway.h"
#include "wechat_crypto.h"
#include "wechat_format.h"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace gequ::payment::detail {

/// How far a Wechatpay-Timestamp may be from our clock, in seconds.
inline constexpr std::int64_t kMaxClockSkewSeconds = 300;
/// The prefix of WeChat's signature probes, which must always fail verification.
inline constexpr std::string_view kSignTestPrefix = "WECHATPAY/SIGNTEST/";

/// Why a signed message was refused (None: it was not).
enum class Refusal {
    None,
    Unsigned,        ///< a Wechatpay-Timestamp, -Nonce, -Signature or -Serial header is missing or empty
    SignTest,        ///< the signature is a WECHATPAY/SIGNTEST/ probe
    StaleTimestamp,  ///< the timestamp is not a number or more than 300 s from our clock
    UnknownSerial,   ///< no key with that serial
    BadSignature,    ///< the signature does not match the message
    KeysUnavailable, ///< the platform certificates could not be fetched to look the serial up
};
/// A short English description, for logs.
const char* describe(Refusal refusal);

/// The key for a serial: a key, none (unknown serial), or unavailable (the certificates could not be fetched).
struct KeyLookup {
    std::optional<RsaPublicKey> key;
    bool unavailable = false;
};
using KeyFinder = std::function<KeyLookup(const std::string& serial)>;

/// Checks the Wechatpay-* headers and the signature of TIMESTAMP\nNONCE\nBODY\n over the raw body, in this order:
/// headers present, not a probe, timestamp within 300 s of nowSeconds, a key for the serial, the signature.
Refusal verifySignedMessage(const HeaderList& headers, std::string_view body, std::int64_t nowSeconds,
                            const KeyFinder& findKey);

/// The serial a signed message names (Wechatpay-Serial), empty when absent.
std::string signatureSerial(const HeaderList& headers);

/// The usable certificates of a GET /v3/certificates answer, by serial: each encrypt_certificate decrypted with the
/// APIv3 key (AEAD_AES_256_GCM), parsed, its serial matching serial_no, and valid at nowSeconds. Entries that fail
/// are left out and described in problems (for logs). nullopt when the body is not the expected JSON.
std::optional<std::map<std::string, RsaPublicKey>> readCertificateList(std::string_view body, std::string_view apiV3Key,
                                                                       std::int64_t nowSeconds, std::string& problems);

/// A transaction object (a query answer or a decrypted TRANSACTION.* resource) as a PaymentResult: trade_state
/// SUCCESS → paid; CLOSED, REVOKED, PAYERROR → closed; anything else neither. nullopt when it is not JSON with an
/// out_trade_no and a trade_state. tradeState receives the trade_state.
std::optional<domain::PaymentResult> readTransaction(std::string_view json, std::string* tradeState = nullptr);

/// A notification body: {event_type, resource:{algorithm, ciphertext, nonce, associated_data}}.
struct NotificationEnvelope {
    std::string id;
    std::string eventType;
    std::string algorithm;
    std::string ciphertext; ///< base64
    std::string nonce;
    std::string associatedData;
};
/// nullopt when body is not such a JSON object.
std::optional<NotificationEnvelope> readNotificationEnvelope(std::string_view body);

/// A WeChat error answer's {"code","message"}; empty strings when the body is not that.
struct WechatError {
    std::string code;
    std::string message;
};
WechatError readWechatError(std::string_view body);

/// A string member of a JSON object body; nullopt when the body is not an object or the member is not a string.
std::optional<std::string> readJsonString(std::string_view body, const std::string& member);
/// An integer member of a JSON object body; nullopt when the body is not an object or the member not an integer.
std::optional<std::int64_t> readJsonInteger(std::string_view body, const std::string& member);

} // namespace gequ::payment::detail
