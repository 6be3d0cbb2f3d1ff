#include "files.h"

#include "envelope.h"
#include "gequ/domain/model/text.h"

#include <Poco/DateTime.h>
#include <Poco/DateTimeFormat.h>
#include <Poco/DateTimeFormatter.h>
#include <Poco/DateTimeParser.h>
#include <Poco/Timestamp.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <system_error>

namespace gequ::http {

namespace fs = std::filesystem;

namespace {

std::string lowerExtension(const fs::path& file) {
    return domain::toLowerAscii(file.extension().string());
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && text.compare(0, prefix.size(), prefix) == 0;
}

/// text without HTTP's optional white space (spaces and tabs) at either end.
std::string trimmed(std::string_view text) {
    return domain::trim(text, " \t");
}

/// Whether an If-None-Match value matches the ETag (weak comparison; "-gz" variants match their source).
bool etagMatches(std::string_view header, const std::string& etag) {
    std::string bare = etag.substr(1, etag.size() - 2);
    std::size_t pos = 0;
    while (pos <= header.size()) {
        std::size_t comma = header.find(',', pos);
        if (comma == std::string_view::npos) {
            comma = header.size();
        }
        std::string item = trimmed(header.substr(pos, comma - pos));
        if (item == "*") {
            return true;
        }
        if (startsWith(item, "W/")) {
            item = item.substr(2);
        }
        if (item.size() >= 2 && item.front() == '"' && item.back() == '"') {
            std::string value = item.substr(1, item.size() - 2);
            if (value == bare || value == bare + "-gz") {
                return true;
            }
        }
        pos = comma + 1;
    }
    return false;
}

std::optional<std::int64_t> parseHttpDate(const std::string& text) {
    Poco::DateTime parsed;
    int tz = 0;
    if (!Poco::DateTimeParser::tryParse(Poco::DateTimeFormat::HTTP_FORMAT, text, parsed, tz)) {
        return std::nullopt;
    }
    return parsed.timestamp().epochTime() - tz;
}

std::string httpDate(std::int64_t epochSeconds) {
    return Poco::DateTimeFormatter::format(Poco::Timestamp::fromEpochTime(static_cast<std::time_t>(epochSeconds)),
                                           Poco::DateTimeFormat::HTTP_FORMAT);
}

bool isInside(const fs::path& root, const fs::path& file) {
    std::error_code ec;
    fs::path canonicalRoot = fs::canonical(root, ec);
    if (ec) {
        return false;
    }
    fs::path canonicalFile = fs::canonical(file, ec);
    if (ec) {
        return false;
    }
    auto [rootEnd, fileIt] =
        std::mismatch(canonicalRoot.begin(), canonicalRoot.end(), canonicalFile.begin(), canonicalFile.end());
    return rootEnd == canonicalRoot.end();
}

constexpr const char* kFallbackFileName = "song";

/// The title as a file name: characters a file system or a header cannot take become '_'; empty is "song".
std::string fileNameOf(const std::string& title) {
    std::string name;
    for (const char c : title) {
        const auto byte = static_cast<unsigned char>(c);
        name += (byte < 0x20 || byte == 0x7F || c == '/' || c == '\\' || c == '"') ? '_' : c;
    }
    return name.empty() ? std::string("song") : name;
}

/// RFC 5987 ext-value characters: attr-char stays, every other byte is %XX.
std::string percentEncode(const std::string& text) {
    static const char* kHex = "0123456789ABCDEF";
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        const bool attrChar = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                              std::string_view("!#$&+-.^_`|~").find(c) != std::string_view::npos;
        if (attrChar) {
            out += c;
        } else {
            out += '%';
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        }
    }
    return out;
}

} // namespace

std::string mimeTypeFor(const fs::path& file) {
    static const std::array<std::pair<const char*, const char*>, 24> kTypes{{
        {".html", "text/html; charset=utf-8"},
        {".htm", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json; charset=utf-8"},
        {".map", "application/json; charset=utf-8"},
        {".webmanifest", "application/manifest+json; charset=utf-8"},
        {".txt", "text/plain; charset=utf-8"},
        {".xml", "application/xml; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".jpeg", "image/jpeg"},
        {".gif", "image/gif"},
        {".webp", "image/webp"},
        {".ico", "image/x-icon"},
        {".mp3", "audio/mpeg"},
        {".wav", "audio/wav"},
        {".ogg", "audio/ogg"},
        {".m4a", "audio/mp4"},
        {".woff", "font/woff"},
        {".woff2", "font/woff2"},
        {".ttf", "font/ttf"},
    }};
    std::string ext = lowerExtension(file);
    for (const auto& [extension, type] : kTypes) {
        if (ext == extension) {
            return type;
        }
    }
    return "application/octet-stream";
}

bool isCompressibleType(std::string_view contentType) {
    return startsWith(contentType, "text/") || startsWith(contentType, "application/json") ||
           startsWith(contentType, "application/javascript") || startsWith(contentType, "application/xml") ||
           startsWith(contentType, "application/manifest+json") || startsWith(contentType, "image/svg+xml") ||
           startsWith(contentType, "font/ttf");
}

std::optional<fs::path> safeJoin(const fs::path& root, std::string_view relative) {
    if (relative.find('\0') != std::string_view::npos || relative.find('\\') != std::string_view::npos) {
        return std::nullopt;
    }
    fs::path joined = root;
    std::size_t pos = 0;
    while (pos <= relative.size()) {
        std::size_t slash = relative.find('/', pos);
        if (slash == std::string_view::npos) {
            slash = relative.size();
        }
        std::string_view segment = relative.substr(pos, slash - pos);
        if (!segment.empty()) {
            if (segment.front() == '.') {
                return std::nullopt; // "..", "." and dot-files
            }
            joined /= std::string(segment);
        }
        pos = slash + 1;
    }
    return joined;
}

RangeRequest parseRange(std::string_view header, std::uint64_t size) {
    RangeRequest request;
    std::string value = trimmed(header);
    if (!startsWith(value, "bytes=")) {
        return request;
    }
    std::string spec = trimmed(std::string_view(value).substr(6));
    if (spec.find(',') != std::string::npos) {
        return request; // several ranges: answer with the whole file
    }
    std::size_t dash = spec.find('-');
    if (dash == std::string::npos) {
        return request;
    }
    std::string firstText = trimmed(std::string_view(spec).substr(0, dash));
    std::string lastText = trimmed(std::string_view(spec).substr(dash + 1));
    auto isDigits = [](const std::string& s) {
        return !s.empty() && s.size() <= 18 &&
               std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
    };
    if (firstText.empty()) {
        if (!isDigits(lastText)) {
            return request;
        }
        std::uint64_t suffix = std::stoull(lastText);
        if (suffix == 0 || size == 0) {
            request.unsatisfiable = true;
            return request;
        }
        suffix = std::min(suffix, size);
        request.range = ByteRange{size - suffix, suffix};
        return request;
    }
    if (!isDigits(firstText) || (!lastText.empty() && !isDigits(lastText))) {
        return request;
    }
    std::uint64_t first = std::stoull(firstText);
    std::uint64_t last = lastText.empty() ? size - 1 : std::stoull(lastText);
    if (!lastText.empty() && last < first) {
        return request; // syntactically invalid: ignored
    }
    if (first >= size) {
        request.unsatisfiable = true;
        return request;
    }
    last = std::min(last, size - 1);
    request.range = ByteRange{first, last - first + 1};
    return request;
}

std::optional<Response> serveFile(const Request& request, const fs::path& root, const fs::path& file,
                                  const FileOptions& options) {
    std::error_code ec;
    auto status = fs::status(file, ec);
    if (ec || !fs::is_regular_file(status) || !isInside(root, file)) {
        return std::nullopt;
    }
    std::uint64_t size = fs::file_size(file, ec);
    if (ec) {
        return std::nullopt;
    }
    auto modified = fs::last_write_time(file, ec);
    if (ec) {
        return std::nullopt;
    }
    auto modifiedSys = std::chrono::file_clock::to_sys(modified);
    auto modifiedNanos = std::chrono::duration_cast<std::chrono::nanoseconds>(modifiedSys.time_since_epoch()).count();
    auto modifiedSeconds = std::chrono::duration_cast<std::chrono::seconds>(modifiedSys.time_since_epoch()).count();

    char tag[64];
    std::snprintf(tag, sizeof tag, "\"%llx-%llx\"", static_cast<unsigned long long>(size),
                  static_cast<unsigned long long>(modifiedNanos));
    std::string etag = tag;
    std::string lastModified = httpDate(modifiedSeconds);

    Response response;
    response.contentType = mimeTypeFor(file);
    response.compressible = isCompressibleType(response.contentType);
    response.set("ETag", etag);
    response.set("Last-Modified", lastModified);
    response.set("Cache-Control", options.cacheControl);
    if (options.ranges) {
        response.set("Accept-Ranges", "bytes");
    }

    std::string ifNoneMatch = request.header("If-None-Match");
    bool notModified = false;
    if (!ifNoneMatch.empty()) {
        notModified = etagMatches(ifNoneMatch, etag);
    } else if (std::string since = request.header("If-Modified-Since"); !since.empty()) {
        auto sinceSeconds = parseHttpDate(since);
        notModified = sinceSeconds && *sinceSeconds >= modifiedSeconds;
    }
    if (notModified) {
        response.status = 304;
        response.contentType.clear();
        return response;
    }

    FileBody body{file, 0, size};
    std::string rangeHeader = options.ranges ? request.header("Range") : std::string{};
    if (!rangeHeader.empty()) {
        std::string ifRange = trimmed(request.header("If-Range"));
        bool rangeApplies = ifRange.empty() || ifRange == etag || ifRange == lastModified;
        if (rangeApplies) {
            RangeRequest range = parseRange(rangeHeader, size);
            if (range.unsatisfiable) {
                response.status = 416;
                // An error about this request, not the file: never kept by a cache (the file's caching is for 200s
                // and 206s).
                std::erase_if(response.headers, [](const auto& h) { return h.first == "Cache-Control"; });
                response.set("Cache-Control", "no-store");
                response.set("Content-Range", "bytes */" + std::to_string(size));
                response.contentType = "text/plain; charset=utf-8";
                response.compressible = false;
                return response;
            }
            if (range.range) {
                response.status = 206;
                response.compressible = false;
                body.offset = range.range->first;
                body.length = range.range->length;
                response.set("Content-Range", "bytes " + std::to_string(body.offset) + "-" +
                                                  std::to_string(body.offset + body.length - 1) + "/" +
                                                  std::to_string(size));
            }
        }
    }
    response.file = body;
    return response;
}

Response serveWebApp(const Request& request, const fs::path& root) {
    std::string_view relative = request.path;
    while (!relative.empty() && relative.front() == '/') {
        relative.remove_prefix(1);
    }
    auto file = safeJoin(root, relative);
    if (!file) {
        return errorResponse(domain::ErrorCode::InvalidInput, "请求路径无效");
    }
    bool isAsset = startsWith(request.path, "/assets/");
    if (!relative.empty()) {
        FileOptions options{isAsset ? kCacheImmutable : kCacheNoCache, false};
        if (file->filename() == "index.html") {
            options.cacheControl = kCacheNoCache;
        }
        if (auto response = serveFile(request, root, *file, options)) {
            return std::move(*response);
        }
    }
    if (isAsset) {
        return errorResponse(domain::ErrorCode::NotFound, "文件不存在");
    }
    if (!relative.empty()) {
        // A route the web build wrote its own page for (<route>/index.html: its title, description and first screen).
        if (auto response = serveFile(request, root, *file / "index.html", FileOptions{kCacheNoCache, false})) {
            return std::move(*response);
        }
    }
    if (auto response = serveFile(request, root, root / "index.html", FileOptions{kCacheNoCache, false})) {
        return std::move(*response);
    }
    return errorResponse(domain::ErrorCode::NotFound, "页面不存在");
}

Response deliverMedia(const Request& request, const MediaDelivery& delivery, const std::string& key,
                      const std::string& cacheControl, const std::string& disposition) {
    auto file = safeJoin(delivery.root, key);
    if (!file) {
        return errorResponse(domain::ErrorCode::NotFound, "文件不存在");
    }
    if (delivery.redirect) {
        // The bucket answers the Range requests; a redirect to a URL that expires must not be kept for long.
        Response redirect;
        redirect.status = 302;
        redirect.body.clear();
        redirect.set("Location", delivery.redirect(key, disposition));
        redirect.set("Cache-Control", "private, no-store");
        return redirect;
    }
    std::error_code error;
    if (!std::filesystem::is_regular_file(*file, error)) {
        return errorResponse(domain::ErrorCode::NotFound, "文件不存在");
    }
    if (!delivery.accelRedirect.empty()) {
        // nginx sends the file from its internal location (Range, conditional requests); the headers set here reach
        // the client with it. Local keys are plain file names (LocalMediaStore), so they need no escaping.
        Response accel;
        accel.body.clear();
        accel.contentType = mimeTypeFor(*file);
        accel.compressible = false;
        accel.set("X-Accel-Redirect", delivery.accelRedirect + percentEncode(key));
        accel.set("Cache-Control", cacheControl);
        if (!disposition.empty()) {
            accel.set("Content-Disposition", disposition);
        }
        return accel;
    }
    auto response = serveFile(request, delivery.root, *file, FileOptions{cacheControl, true});
    if (!response) {
        return errorResponse(domain::ErrorCode::NotFound, "文件不存在");
    }
    if (startsWith(response->contentType, "audio/") || !disposition.empty()) {
        response->compressible = false;
    }
    if (!disposition.empty()) {
        response->set("Content-Disposition", disposition);
    }
    return std::move(*response);
}

std::string attachmentDisposition(const std::string& title, std::string_view extension) {
    return std::string("attachment; filename=\"") + kFallbackFileName + std::string(extension) +
           "\"; filename*=UTF-8''" + percentEncode(fileNameOf(title) + std::string(extension));
}

} // namespace gequ::http
