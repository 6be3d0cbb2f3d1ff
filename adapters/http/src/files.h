#pragma once

// Serving files: the built web app (with history-mode fallback) and /media/. Conditional requests (ETag,
// Last-Modified, 304), single byte ranges (206, 416), MIME types, and refusal of paths that leave the root.

#include "gequ/http/server.h"
#include "request.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace gequ::http {

inline constexpr const char* kCacheImmutable = "public, max-age=31536000, immutable";
inline constexpr const char* kCacheNoCache = "no-cache";
/// Media only their owner may fetch: never stored by a browser or a shared cache.
inline constexpr const char* kCachePrivate = "private, no-store";

/// The Content-Type for a file name (by extension); application/octet-stream when unknown.
std::string mimeTypeFor(const std::filesystem::path& file);
/// Whether a Content-Type is worth gzipping (text, JSON, JavaScript, SVG, ...).
bool isCompressibleType(std::string_view contentType);

/// root/relative when relative (a decoded URL path without the leading '/') stays inside root: no "..", no
/// backslash, no NUL, no dot-files. nullopt when refused.
std::optional<std::filesystem::path> safeJoin(const std::filesystem::path& root, std::string_view relative);

struct FileOptions {
    std::string cacheControl;
    bool ranges = false; ///< honour Range (media)
};

/// Answers a GET/HEAD for an existing regular file: 200, 206, 304 or 416. nullopt when the file is missing, not a
/// regular file, or (through a symlink) outside root.
std::optional<Response> serveFile(const Request& request, const std::filesystem::path& root,
                                  const std::filesystem::path& file, const FileOptions& options);

/// The web app: a file of root, else <path>/index.html when the build wrote a page for that route, else index.html for
/// history-mode routes. Missing /assets/ files are a 404 (an HTML
/// page served as a script only breaks the page). Paths that try to leave root are a 400.
Response serveWebApp(const Request& request, const std::filesystem::path& root);

/// How a stored media file leaves the server once its access check has passed (docs/deploy.md): media on S3 are a
/// 302 to a short-lived presigned URL; local media behind nginx are an X-Accel-Redirect to nginx's internal location;
/// otherwise the server sends the file itself.
struct MediaDelivery {
    std::filesystem::path root; ///< media.dir
    std::string accelRedirect;  ///< the internal location ("/_media/"), or empty
    MediaRedirect redirect;     ///< the presigned URL of a key, or empty
};

/// Answers GET/HEAD for the stored media key with the given Cache-Control (and Content-Disposition when disposition
/// is not empty), as delivery says. A local file that does not exist is the 404 envelope (文件不存在), in every mode.
Response deliverMedia(const Request& request, const MediaDelivery& delivery, const std::string& key,
                      const std::string& cacheControl, const std::string& disposition = {});

/// The Content-Disposition of a song download: attachment; filename="song.mp3"; filename*=UTF-8''<title>.mp3 (or the
/// extension given, ".wav") with the title percent-encoded (RFC 5987/6266); control characters, slashes and quotes in
/// it become '_', an empty title is "song".
std::string attachmentDisposition(const std::string& title, std::string_view extension = ".mp3");

/// A single byte range resolved against a size.
struct ByteRange {
    std::uint64_t first = 0;
    std::uint64_t length = 0;
};
/// What a Range header asks for: a range, an unsatisfiable one (416), or nothing (absent, malformed or several
/// ranges: the whole file is sent).
struct RangeRequest {
    std::optional<ByteRange> range;
    bool unsatisfiable = false;
};
/// Parses a Range header value against the file size (single ranges: a-b, a-, -n).
RangeRequest parseRange(std::string_view header, std::uint64_t size);

} // namespace gequ::http
