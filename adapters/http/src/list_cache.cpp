#include "list_cache.h"

namespace gequ::http {

ListCache::ListCache(std::chrono::milliseconds ttl, std::size_t maxEntries)
    : _answers(ttl, maxEntries, [](const Response& r) { return r.status == 200 && !r.file; }),
      _songs(ttl, maxEntries, [](const SharedSongs& songs) { return songs != nullptr; }) {}

Response ListCache::get(const std::string& key, const std::function<Response()>& make) {
    return _answers.get(key, make);
}

SharedSongs ListCache::songs(const std::string& key, const std::function<SharedSongs()>& make) {
    return _songs.get(key, make);
}

void ListCache::clear() {
    _answers.clear();
    _songs.clear();
}

std::size_t ListCache::size() const {
    return _answers.size();
}

} // namespace gequ::http
