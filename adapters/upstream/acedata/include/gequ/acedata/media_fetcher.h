#pragma once

// Re-hosting finished upstream clips (docs/generation.md, "Re-hosting media": upstream links expire or go 403, so a
// finished clip's mp3 and cover are copied into the media store and served from /media/).
//
// It lives here, next to the AceData client, not in adapters/media, because it is the upstream's download side, while
// gequ_media stays a plain file store with no network code. It reaches the store only through the domain::MediaStore
// port, and the network only through gequ_net.

#include "gequ/domain/ports/media_fetcher.h"
#include "gequ/domain/ports/media_store.h"

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::acedata {

struct FetchConfig {
    std::size_t maxBytes = 100 * 1024 * 1024; ///< media.fetch_max_bytes: a larger file is refused
    int timeoutSeconds = 60;                  ///< media.fetch_timeout: connecting, and each read
    int totalSeconds = 600;                   ///< the whole download, redirects included
    int maxRedirects = 3;                     ///< 301/302/303/307/308 followed, each hop checked like the first
    bool httpsOnly = false;                   ///< app.env = production: plain http:// URLs are refused
    /// Where downloads are streamed while they arrive (created when missing); best on the media store's file system.
    /// Empty: the system's temporary directory.
    std::string tempDir;
    /// Test-only: IP literals exempt from the public-address rule (a test's fake file host on 127.0.0.1). Empty by
    /// default, and no configuration key fills it: the server never fetches from a non-public address.
    std::vector<std::string> allowedAddresses;
};

/// domain::MediaFetcher over HTTP(S) (GET through gequ_net: strict TLS, timeouts).
///
/// - Where: the URL (and every redirect target) must be http(s) (https only with httpsOnly); its host is resolved
///   once and refused (媒体地址不可访问, nothing sent) when any address it names is not public unicast: loopback,
///   private, link-local (cloud metadata), carrier-grade NAT, multicast, unspecified, broadcast, reserved, or the IPv6
///   equivalents including unique-local and IPv4-mapped forms (net::nonPublicReason). The connection then goes to the
///   address that was checked, so a second DNS answer cannot redirect it.
/// - How much: the body streams into a temporary file and stops at maxBytes (by Content-Length before reading, or
///   while reading); nothing is held in memory beyond a small buffer.
/// - What: fetchAudio stores "<songId>.mp3" (audio/mpeg) when the bytes start like MP3 (an ID3 tag or an MPEG audio
///   frame header). fetchCover stores "<songId>.jpg", ".png", ".webp" or ".svg" by the bytes' signature (JPEG, PNG,
///   WebP, or SVG text without scripts), whatever the Content-Type said; anything else is refused. fetchWav stores
///   "<songId>.wav" (audio/wav) when the bytes are a RIFF/WAVE file.
/// - Failures are values (ErrorCode::Upstream, a Chinese reason, logged at warning with the URL without its query):
///   an empty or non-http(s) URL, a refused address, an unreachable host or TLS failure, a status other than 200
///   after at most maxRedirects redirects, too large, a timeout, an empty body, the wrong kind of file, and a store
///   that throws a std::runtime_error. A songId the store refuses as a key (std::invalid_argument) is a bug and
///   propagates.
/// - An already stored key is returned without downloading. A URL starting with "/" (already ours) comes back as is
///   only when it is the store's URL of this song's own key ("<songId>.mp3", ".wav", or a cover's); any other path
///   (another song's file) is refused as 媒体地址无效, so a song never points at a file that is not its own.
class HttpMediaFetcher : public domain::MediaFetcher {
public:
    /// Throws std::invalid_argument naming media.fetch_max_bytes or media.fetch_timeout when one is below 1, or an
    /// allowedAddresses entry that is not an IP literal. `store` must outlive the fetcher.
    explicit HttpMediaFetcher(domain::MediaStore& store, FetchConfig config = {});

    domain::Result<std::string> fetchAudio(const std::string& songId, const std::string& url) override;
    domain::Result<std::string> fetchCover(const std::string& songId, const std::string& url) override;
    domain::Result<std::string> fetchWav(const std::string& songId, const std::string& url) override;

private:
    struct Download;
    domain::Result<Download> download(const std::string& url) const;
    /// url when it is the store's URL of one of keys, else 媒体地址无效.
    domain::Result<std::string> ownUrl(const std::vector<std::string>& keys, const std::string& url) const;
    /// One audio file: what fetchAudio and fetchWav share (their key, the check of the first bytes, the type and the
    /// Chinese message when the bytes are not that audio).
    domain::Result<std::string> fetchSound(const std::string& key, const std::string& url,
                                           bool (*looksRight)(std::string_view), const std::string& contentType,
                                           const std::string& refusal);

    domain::MediaStore& _store;
    FetchConfig _config;
};

/// The fetcher as the port (see HttpMediaFetcher).
std::unique_ptr<domain::MediaFetcher> makeMediaFetcher(domain::MediaStore& store, const FetchConfig& config = {});

} // namespace gequ::acedata
