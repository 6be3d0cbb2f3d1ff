#pragma once

// Re-hosting finished upstream clips (docs/generation.md: upstream links expire or go 403, so a finished clip's
// mp3 and cover are copied into the media store and served from /media/).
//
// It lives here, not in adapters/media, because it is the upstream's download side: it shares this library's HTTP(S)
// client and TLS set-up with the AceData client, while gequ_media stays a plain file store with no network code.
// It reaches the store only through the domain::MediaStore port.

#include "gequ/domain/ports/media_fetcher.h"
#include "gequ/domain/ports/media_store.h"

#include <cstddef>
#include <memory>

namespace gequ::upstream {

struct FetchConfig {
    std::size_t maxBytes = 100 * 1024 * 1024; ///< media.fetch_max_bytes: a larger file is refused
    int timeoutSeconds = 60;                  ///< media.fetch_timeout: connecting, and each read
    int totalSeconds = 600;                   ///< the whole download, redirects included
    int maxRedirects = 3;                     ///< 301/302/303/307/308 followed, http(s) only
};

/// domain::MediaFetcher over HTTP(S) (GET, strict TLS verification as for the AceData client).
///
/// - fetchAudio stores "<songId>.mp3" (audio/mpeg); the body must look like MP3 (an ID3 tag or an MPEG audio frame
///   header), whatever its Content-Type says.
/// - fetchCover stores "<songId>.jpg", ".png" or ".webp" from the Content-Type (image/jpeg, image/png, image/webp),
///   or, when that is none of them (application/octet-stream, ...), from the bytes' signature; anything else is
///   refused.
/// - Failures are values (ErrorCode::Upstream, a Chinese reason, logged at warning with the technical detail): an
///   empty or non-http(s) URL, an unreachable host or TLS failure, a status other than 200 after at most maxRedirects
///   redirects, a body larger than maxBytes (by Content-Length before reading, or while reading), a timeout, an
///   empty body, the wrong kind of file, and a store that throws a std::runtime_error (an I/O failure). A songId the
///   store refuses as a key (std::invalid_argument) is a bug and propagates.
/// - An already stored key is returned without downloading; a URL starting with "/" (already ours) comes back as is.
class HttpMediaFetcher : public domain::MediaFetcher {
public:
    /// Throws std::invalid_argument naming media.fetch_max_bytes or media.fetch_timeout when one is below 1.
    /// `store` must outlive the fetcher.
    explicit HttpMediaFetcher(domain::MediaStore& store, FetchConfig config = {});

    domain::Result<std::string> fetchAudio(const std::string& songId, const std::string& url) override;
    domain::Result<std::string> fetchCover(const std::string& songId, const std::string& url) override;

private:
    struct Download;
    domain::Result<Download> download(const std::string& url) const;

    domain::MediaStore& _store;
    FetchConfig _config;
};

/// The fetcher as the port (see HttpMediaFetcher).
std::unique_ptr<domain::MediaFetcher> makeMediaFetcher(domain::MediaStore& store, const FetchConfig& config = {});

} // namespace gequ::upstream
