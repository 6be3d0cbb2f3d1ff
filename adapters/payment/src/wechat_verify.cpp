#include "wechat_verify.h"

#include <Poco/Dynamic/Var.h>
#include <Poco/Exception.h>
#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <cstdlib>

namespace gequ::payment::detail {

namespace {

Poco::JSON::Object::Ptr parseObject(std::string_view text) {
    try {
        Poco::JSON::Parser parser;
        const Poco::Dynamic::Var value = parser.parse(std::string(text));
        if (value.type() == typeid(Poco::JSON::Object::Ptr)) {
            return value.extract<Poco::JSON::Object::Ptr>();
        }
    } catch (const Poco::Exception&) {
    } catch (const std::exception&) {
    }
    return nullptr;
}

std::optional<std::string> stringMember(const Poco::JSON::Object::Ptr& object, const std::string& name) {
    if (!object || !object->has(name)) {
        return std::nullopt;
    }
    const Poco::Dynamic::Var value = object->get(name);
    if (!value.isString()) {
        return std::nullopt;
    }
    return value.convert<std::string>();
}

std::optional<std::int64_t> integerMember(const Poco::JSON::Object::Ptr& object, const std::string& name) {
    if (!object || !object->has(name)) {
        return std::nullopt;
    }
    const Poco::Dynamic::Var value = object->get(name);
    if (!value.isInteger()) {
        return std::nullopt;
    }
    try {
        return value.convert<std::int64_t>();
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

} // namespace

const char* describe(Refusal refusal) {
    switch (refusal) {
    case Refusal::None:
        return "accepted";
    case Refusal::Unsigned:
        return "no Wechatpay signature headers";
    case Refusal::SignTest:
        return "a WECHATPAY/SIGNTEST/ signature probe";
    case Refusal::StaleTimestamp:
        return "Wechatpay-Timestamp more than 300 s off";
    case Refusal::UnknownSerial:
        return "unknown Wechatpay-Serial";
    case Refusal::BadSignature:
        return "the signature does not match";
    case Refusal::KeysUnavailable:
        return "the platform certificates could not be fetched";
    }
    return "refused";
}

std::string signatureSerial(const HeaderList& headers) {
    return findHeader(headers, "Wechatpay-Serial").value_or("");
}

Refusal verifySignedMessage(const HeaderList& headers, std::string_view body, std::int64_t nowSeconds,
                            const KeyFinder& findKey) {
    const auto timestamp = findHeader(headers, "Wechatpay-Timestamp");
    const auto nonce = findHeader(headers, "Wechatpay-Nonce");
    const auto signature = findHeader(headers, "Wechatpay-Signature");
    const auto serial = findHeader(headers, "Wechatpay-Serial");
    if (!timestamp || !nonce || !signature || !serial || timestamp->empty() || nonce->empty() || signature->empty() ||
        serial->empty()) {
        return Refusal::Unsigned;
    }
    if (signature->starts_with(kSignTestPrefix)) {
        return Refusal::SignTest;
    }
    if (!isDigits(*timestamp) || timestamp->size() > 12) {
        return Refusal::StaleTimestamp;
    }
    const std::int64_t seconds = std::strtoll(timestamp->c_str(), nullptr, 10);
    if (seconds > nowSeconds + kMaxClockSkewSeconds || seconds < nowSeconds - kMaxClockSkewSeconds) {
        return Refusal::StaleTimestamp;
    }
    const KeyLookup lookup = findKey(*serial);
    if (!lookup.key) {
        return lookup.unavailable ? Refusal::KeysUnavailable : Refusal::UnknownSerial;
    }
    if (!verifyBase64(*lookup.key, responseMessage(*timestamp, *nonce, body), *signature)) {
        return Refusal::BadSignature;
    }
    return Refusal::None;
}

std::optional<std::map<std::string, RsaPublicKey>> readCertificateList(std::string_view body, std::string_view apiV3Key,
                                                                       std::int64_t nowSeconds, std::string& problems) {
    const auto root = parseObject(body);
    if (!root || !root->has("data") || !root->isArray("data")) {
        return std::nullopt;
    }
    std::map<std::string, RsaPublicKey> keys;
    const auto list = root->getArray("data");
    for (std::size_t i = 0; i < list->size(); ++i) {
        const auto entry = list->getObject(static_cast<unsigned>(i));
        const auto serial = stringMember(entry, "serial_no");
        const auto encrypted = entry ? entry->getObject("encrypt_certificate") : nullptr;
        const auto algorithm = stringMember(encrypted, "algorithm");
        const auto nonce = stringMember(encrypted, "nonce");
        const auto associatedData = stringMember(encrypted, "associated_data");
        const auto ciphertext = stringMember(encrypted, "ciphertext");
        if (!serial || !algorithm || !nonce || !ciphertext) {
            problems += "entry " + std::to_string(i) + " is incomplete; ";
            continue;
        }
        if (*algorithm != "AEAD_AES_256_GCM") {
            problems += *serial + ": algorithm " + *algorithm + "; ";
            continue;
        }
        const auto decoded = base64Decode(*ciphertext);
        const auto pem = decoded ? aesGcmDecrypt(apiV3Key, *nonce, associatedData.value_or(""), *decoded)
                                 : std::optional<std::string>{};
        if (!pem) {
            problems += *serial + ": cannot be decrypted with the APIv3 key; ";
            continue;
        }
        try {
            Certificate certificate = Certificate::fromPem(*pem);
            if (certificate.serialHex != *serial) {
                problems += *serial + ": the certificate's serial is " + certificate.serialHex + "; ";
                continue;
            }
            if (nowSeconds < certificate.notBefore || nowSeconds > certificate.notAfter) {
                problems += *serial + ": outside its validity period; ";
                continue;
            }
            keys.emplace(*serial, certificate.publicKey);
        } catch (const std::invalid_argument& e) {
            problems += *serial + ": " + e.what() + "; ";
        }
    }
    return keys;
}

std::optional<domain::PaymentResult> readTransaction(std::string_view json, std::string* tradeState) {
    const auto root = parseObject(json);
    const auto orderNo = stringMember(root, "out_trade_no");
    const auto state = stringMember(root, "trade_state");
    if (!orderNo || !state) {
        return std::nullopt;
    }
    domain::PaymentResult result;
    result.orderNo = *orderNo;
    result.paid = *state == "SUCCESS";
    result.closed = *state == "CLOSED" || *state == "REVOKED" || *state == "PAYERROR";
    result.providerTxnId = stringMember(root, "transaction_id").value_or("");
    result.appId = stringMember(root, "appid").value_or("");
    result.mchId = stringMember(root, "mchid").value_or("");
    const auto amount = root->has("amount") && root->isObject("amount") ? root->getObject("amount") : nullptr;
    result.paidAmountFen = integerMember(amount, "total").value_or(0);
    if (const auto when = stringMember(root, "success_time")) {
        result.paidAt = parseRfc3339(*when);
    }
    if (tradeState != nullptr) {
        *tradeState = *state;
    }
    return result;
}

std::optional<NotificationEnvelope> readNotificationEnvelope(std::string_view body) {
    const auto root = parseObject(body);
    const auto eventType = stringMember(root, "event_type");
    if (!eventType || !root->has("resource") || !root->isObject("resource")) {
        return std::nullopt;
    }
    const auto resource = root->getObject("resource");
    NotificationEnvelope envelope;
    envelope.id = stringMember(root, "id").value_or("");
    envelope.eventType = *eventType;
    const auto algorithm = stringMember(resource, "algorithm");
    const auto ciphertext = stringMember(resource, "ciphertext");
    const auto nonce = stringMember(resource, "nonce");
    if (!algorithm || !ciphertext || !nonce) {
        return std::nullopt;
    }
    envelope.algorithm = *algorithm;
    envelope.ciphertext = *ciphertext;
    envelope.nonce = *nonce;
    envelope.associatedData = stringMember(resource, "associated_data").value_or("");
    return envelope;
}

WechatError readWechatError(std::string_view body) {
    const auto root = parseObject(body);
    return WechatError{stringMember(root, "code").value_or(""), stringMember(root, "message").value_or("")};
}

std::optional<std::string> readJsonString(std::string_view body, const std::string& member) {
    return stringMember(parseObject(body), member);
}

std::optional<std::int64_t> readJsonInteger(std::string_view body, const std::string& member) {
    return integerMember(parseObject(body), member);
}

} // namespace gequ::payment::detail
