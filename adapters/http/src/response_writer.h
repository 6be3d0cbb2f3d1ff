#pragma once

// Writes a Response through Poco: status, the headers every answer carries, gzip, Content-Length (so keep-alive
// works), file bodies and their ranges, HEAD without a body.

#include "request.h"

#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace Poco::Net {
class HTTPServerRequest;
class HTTPServerResponse;
} // namespace Poco::Net

namespace gequ::http {

/// Bodies at least this large are gzipped when the client accepts it.
inline constexpr std::size_t kGzipMinBytes = 1024;
/// Files larger than this are sent as they are (they are read whole to be compressed).
inline constexpr std::size_t kGzipMaxFileBytes = 4 * 1024 * 1024;

/// Whether an Accept-Encoding value accepts gzip (a "gzip" or "*" token whose q is not 0).
bool acceptsGzip(std::string_view acceptEncoding);
/// zlib's default level: what a response made for one request is compressed with.
inline constexpr int kGzipLevelDefault = -1;
/// zlib's best level: for files, which are compressed once and kept (a few percent smaller than the default).
inline constexpr int kGzipLevelBest = 9;

/// data compressed as a gzip stream at `level` (zlib's 0-9, or kGzipLevelDefault).
std::string gzip(std::string_view data, int level = kGzipLevelDefault);

class ResponseWriter {
public:
    using Headers = std::vector<std::pair<std::string, std::string>>;

    /// fixedHeaders go on every answer, documentHeaders on every answer but scripts and stylesheets (which browsers
    /// read no policy from); a Response header of the same name replaces one.
    explicit ResponseWriter(Headers fixedHeaders, Headers documentHeaders = {});

    /// Sends the response. Throws on I/O errors (the caller logs them; the answer is then cut short).
    void write(const Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& out, Response& response,
               const std::string& requestId);

private:
    /// The gzipped bytes of a whole file, cached by path and ETag (bounded in total size).
    std::string gzippedFile(const FileBody& file, const std::string& etag);

    Headers _fixedHeaders;
    Headers _documentHeaders;
    std::mutex _cacheMutex;
    std::unordered_map<std::string, std::string> _gzipCache;
    std::size_t _gzipCacheBytes = 0;
};

} // namespace gequ::http
