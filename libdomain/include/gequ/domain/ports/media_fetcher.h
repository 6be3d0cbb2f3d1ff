#pragma once

#include "gequ/domain/model/result.h"

#include <string>

namespace gequ::domain {

/// Re-hosts a finished clip: copies its audio and cover from upstream URLs (which expire or turn 403) into the
/// MediaStore, under the song's id. Until a copy exists the caller keeps serving the upstream URL, so every failure
/// (unreachable, 4xx/5xx, too large, too slow, not audio or not an image) is a value to retry later, never an
/// exception; the error's message is a Chinese sentence for the log. Calls block for the download: run them on a
/// background thread. A key that is already stored is not downloaded again. A url that is already one of ours (it
/// starts with "/", e.g. the composer's "/media/…") comes back unchanged.
class MediaFetcher {
public:
    virtual ~MediaFetcher() = default;
    /// Downloads the clip's audio at url and stores it as "<songId>.mp3"; returns its /media/ URL.
    virtual Result<std::string> fetchAudio(const std::string& songId, const std::string& url) = 0;
    /// Downloads a lossless copy (a RIFF/WAVE file) at url and stores it as "<songId>.wav"; returns its URL.
    virtual Result<std::string> fetchWav(const std::string& songId, const std::string& url) = 0;
    /// Downloads the cover at url and stores it as "<songId>.jpg", ".png", ".webp" or ".svg" by its bytes; returns its
    /// URL.
    virtual Result<std::string> fetchCover(const std::string& songId, const std::string& url) = 0;
};

} // namespace gequ::domain
