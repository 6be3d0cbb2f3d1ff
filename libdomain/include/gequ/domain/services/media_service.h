#pragma once

// Who may fetch a song's stored audio and cover, and the removal of deleted songs' files after the retention period
// (docs/security.md "Media", docs/data.md). The HTTP adapter asks access() before it serves /media/<key>; the upkeep
// and `gequ-admin media purge` call purgeDeleted().

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/media_store.h"
#include "gequ/domain/ports/store.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gequ::domain {

/// The URL path our media are served under (MediaStore::urlFor).
inline constexpr std::string_view kMediaUrlPrefix = "/media/";

/// How long a deleted song's files are kept before they are removed (docs/data.md).
inline constexpr Millis kDeletedMediaRetention = std::chrono::days{30};

/// Who may fetch one stored media file.
struct MediaAccess {
    std::string songId;
    std::string ownerId;
    /// Public, finished and not hidden: anyone may fetch it (and it may be cached publicly). Otherwise only the owner.
    bool isPublic = false;
};

/// What one purge did.
struct MediaPurge {
    std::int64_t songs = 0; ///< deleted songs whose files were removed
    std::int64_t files = 0; ///< media keys removed
};

class MediaService {
public:
    /// `files` is where the media live (removal only).
    MediaService(Store& store, const Clock& clock, MediaStore& files);

    /// The song that stored media key `key` belongs to: the song whose audio or cover URL is /media/<key>, when it is
    /// not deleted. nullopt otherwise (deleted, or a file no song uses), so the file is served to no one.
    std::optional<MediaAccess> access(const std::string& key);

    /// Removes the stored audio and cover of songs deleted at least `retention` ago, and clears their media URLs so
    /// each is done once. Works in batches until none is left; safe to run on several instances at once (removing a
    /// missing file is not an error).
    MediaPurge purgeDeleted(Millis retention = kDeletedMediaRetention);

private:
    Store& _store;
    const Clock& _clock;
    MediaStore& _files;
};

} // namespace gequ::domain
