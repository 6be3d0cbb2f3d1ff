#include "media_urls.h"

#include <Poco/Base64Encoder.h>
#include <Poco/HMACEngine.h>
#include <Poco/SHA2Engine.h>
#include <random>
#include <sstream>

namespace gequ::http {

namespace {

constexpr std::string_view kMediaPrefix = "/media/";

/// HMACEngine wants a default-constructible engine with BLOCK_SIZE and DIGEST_SIZE.
class Sha256 : public Poco::SHA2Engine {
public:
    enum { BLOCK_SIZE = 64, DIGEST_SIZE = 32 };
    Sha256() : Poco::SHA2Engine(Poco::SHA2Engine::SHA_256) {}
};

std::string base64Url(const Poco::DigestEngine::Digest& digest) {
    std::ostringstream out;
    Poco::Base64Encoder encoder(out, Poco::BASE64_URL_ENCODING | Poco::BASE64_NO_PADDING);
    encoder.write(reinterpret_cast<const char*>(digest.data()), static_cast<std::streamsize>(digest.size()));
    encoder.close();
    return out.str();
}

std::string randomKey() {
    std::random_device device;
    std::string key(32, '\0');
    for (auto& c : key) {
        c = static_cast<char>(device() & 0xFF);
    }
    return key;
}

} // namespace

MediaUrlSigner::MediaUrlSigner(std::string key) : _key(key.empty() ? randomKey() : std::move(key)) {
    // A key of its own, derived from the one given (the server secret), so a media signature is never a login code's.
    Poco::HMACEngine<Sha256> engine(_key);
    engine.update(std::string("gequ media url v1"));
    const auto& digest = engine.digest();
    _key.assign(digest.begin(), digest.end());
}

std::string MediaUrlSigner::computeSignature(const std::string& message) const {
    Poco::HMACEngine<Sha256> engine(_key);
    engine.update(message);
    return base64Url(engine.digest());
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
    const std::string expected = signature(key, expiry, false);
    unsigned char diff = expected.size() == sig.size() ? 0 : 1;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        diff |= static_cast<unsigned char>(expected[i] ^ (i < sig.size() ? sig[i] : 0));
    }
    return diff == 0;
}

} // namespace gequ::http
