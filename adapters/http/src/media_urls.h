#pragma once

// Short-lived signed /media/ URLs (docs/security.md, "Media"). A song only its owner may see (private, unfinished or
// hidden) has its audio and cover served only to the owner; but a browser's <audio> and <img> elements send no
// Authorization header, so the owner's views of such a song carry URLs signed for them:
// /media/<key>?exp=<epoch seconds>&sig=<base64url HMAC-SHA256(key, "<key>\n<exp>")>. The expiry is rounded to the
// hour (valid one to two hours from signing), so the same song renders the same URL for an hour and a player polling
// the works list does not restart.

#include <array>
#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>

namespace gequ::http {

class MediaUrlSigner {
public:
    /// How long a signed URL is valid at least (and at most twice that).
    static constexpr std::chrono::seconds kLifetime{3600};

    /// An empty key draws a random one (URLs then hold only in this process).
    explicit MediaUrlSigner(std::string key);

    /// The URL with exp and sig added when it is one of ours ("/media/<key>" without a query); anything else as is.
    std::string sign(const std::string& url, std::int64_t nowEpochSeconds) const;
    /// Whether sig is the signature of key until exp and exp has not passed.
    bool verify(const std::string& key, std::string_view exp, std::string_view sig, std::int64_t nowEpochSeconds) const;

private:
    /// The signature of key until exp, from the cache when it is there; `remember` adds a computed one to it.
    std::string signature(const std::string& key, std::int64_t exp, bool remember) const;
    std::string computeSignature(const std::string& message) const;

    /// Signatures already computed, by "<key>\n<exp>": a URL keeps its expiry for an hour, so a works list signs the
    /// same URLs request after request. Sharded to keep threads apart; a shard is emptied when it grows past its cap.
    struct Shard {
        std::mutex mutex;
        std::unordered_map<std::string, std::string> signatures;
    };
    static constexpr std::size_t kShards = 16;
    static constexpr std::size_t kShardCap = 4096;

    std::string _key;
    std::unique_ptr<std::array<Shard, kShards>> _cache = std::make_unique<std::array<Shard, kShards>>();
};

} // namespace gequ::http
