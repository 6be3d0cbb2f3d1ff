#include "gequ/app/media_upkeep.h"

#include <Poco/Logger.h>
#include <exception>
#include <string>

namespace gequ::app {

MediaUpkeep::MediaUpkeep(domain::MediaService& media, std::chrono::milliseconds interval, domain::Millis retention)
    : _media(media), _interval(interval), _retention(retention) {}

MediaUpkeep::~MediaUpkeep() {
    stop();
}

void MediaUpkeep::start() {
    std::lock_guard lock(_mutex);
    if (_thread.joinable() || _stopping) {
        return;
    }
    _thread = std::thread([this] { run(); });
}

void MediaUpkeep::stop() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wakeUp.notify_all();
    if (_thread.joinable()) {
        _thread.join();
    }
}

std::uint64_t MediaUpkeep::passes() const {
    std::lock_guard lock(_mutex);
    return _passes;
}

void MediaUpkeep::run() {
    Poco::Logger& log = Poco::Logger::get("gequ.media");
    for (;;) {
        try {
            const auto purged = _media.purgeDeleted(_retention);
            if (purged.songs > 0) {
                log.information("removed " + std::to_string(purged.files) + " media files of " +
                                std::to_string(purged.songs) + " deleted songs");
            }
        } catch (const std::exception& e) {
            // The database or the disk is away, most likely: try again on the next pass.
            log.error("media upkeep failed: %s", std::string(e.what()));
        }
        std::unique_lock lock(_mutex);
        ++_passes;
        _wakeUp.notify_all();
        if (_wakeUp.wait_for(lock, _interval, [this] { return _stopping; })) {
            return;
        }
    }
}

} // namespace gequ::app
