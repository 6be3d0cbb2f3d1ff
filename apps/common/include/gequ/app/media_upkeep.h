#pragma once

// Removes deleted songs' media in the background (docs/data.md retention, docs/security.md "Media"): one thread runs
// MediaService::purgeDeleted() at start and then every `interval`, until stopped. Harmless on several instances at
// once (removing a missing file is not an error; each song's URLs are cleared once).

#include "gequ/domain/services/media_service.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace gequ::app {

/// How often gequ-server looks for deleted songs past the retention.
inline constexpr std::chrono::milliseconds kMediaUpkeepInterval = std::chrono::hours{1};

class MediaUpkeep {
public:
    /// `media` must outlive the runner.
    explicit MediaUpkeep(domain::MediaService& media, std::chrono::milliseconds interval = kMediaUpkeepInterval,
                         domain::Millis retention = domain::kDeletedMediaRetention);
    ~MediaUpkeep();
    MediaUpkeep(const MediaUpkeep&) = delete;
    MediaUpkeep& operator=(const MediaUpkeep&) = delete;

    /// Starts the thread (its first pass runs at once). Once.
    void start();
    /// Lets a pass in progress finish and joins the thread. Idempotent.
    void stop();
    /// How many passes have finished (successful or not); for tests.
    std::uint64_t passes() const;

private:
    void run();

    domain::MediaService& _media;
    std::chrono::milliseconds _interval;
    domain::Millis _retention;
    mutable std::mutex _mutex;
    std::condition_variable _wakeUp;
    bool _stopping = false;
    std::uint64_t _passes = 0;
    std::thread _thread;
};

} // namespace gequ::app
