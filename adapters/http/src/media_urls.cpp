#include "media_urls.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"
#include "gequ/crypto/random.h"

namespace gequ::http {

namespace {

constexpr std::string_view kMediaPrefix = "/media/";

} // namespace

MediaUrlSigner::MediaUrlSigner(std::string key)
    // A key of its own, derived from the one given (the server secret), so a media signature is never a login code's.
    : _key(crypto::hmacSha256(key.empty() ? crypto::randomBytes(32) : key, "gequ media url v1")) {}

std::string MediaUrlSigner::computeSignature(const std::string& message) const {
    return crypto::base64Encode(crypto::hmacSha256(_key, message), crypto::Base64::Url);
}

std::string MediaUrlSigner::signature(const std::string& key, std::int64_t exp, bool remember) const {
    std::string message = key + "\n" + std::to_string(exp);
    Shard& shard = (*_cache)[std::hash<std::string>{}(message) % kShards];
    {
        std::lock_guard lock(shard.mutex);
        if (const auto it = shard.signatures.find(message); it != shard.signatures.end()) {
            return it->second;
        }
    }
    std::string signature = computeSignature(message);
    if (!remember) {
        return signature;
    }
    std::lock_guard lock(shard.mutex);
    if (shard.signatures.size() >= kShardCap) {
        shard.signatures.clear(); // old hours' signatures go with the rest; the current ones come back at once
    }
    shard.signatures.emplace(std::move(message), signature);
    return signature;
}

std::string MediaUrlSigner::sign(const std::string& url, std::int64_t nowEpochSeconds) const {
    if (url.size() <= kMediaPrefix.size() || url.compare(0, kMediaPrefix.size(), kMediaPrefix) != 0 ||
        url.find('?') != std::string::npos) {
        return url;
    }
    const std::int64_t hour = kLifetime.count();
    const std::int64_t exp = (nowEpochSeconds / hour + 2) * hour;
    const std::string key = url.substr(kMediaPrefix.size());
    return url + "?exp=" + std::to_string(exp) + "&sig=" + signature(key, exp, true);
}

bool MediaUrlSigner::verify(const std::string& key, std::string_view exp, std::string_view sig,
                            std::int64_t nowEpochSeconds) const {
    if (exp.empty() || exp.size() > 12 || exp.find_first_not_of("0123456789") != std::string_view::npos ||
        sig.size() > 64) {
        return false;
    }
    const std::int64_t expiry = std::stoll(std::string(exp));
    if (expiry <= nowEpochSeconds || expiry > nowEpochSeconds + 2 * kLifetime.count()) {
        return false;
    }
    // Checking reads what signing remembered but adds nothing: a client's made-up keys and expiries stay out.
    return crypto::constantTimeEquals(signature(key, expiry, false), sig);
}

} // namespace gequ::http
