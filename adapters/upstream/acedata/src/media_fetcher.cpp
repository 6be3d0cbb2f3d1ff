#include "gequ/acedata/media_fetcher.h"

#include "gequ/domain/model/text.h"
#include "gequ/net/address_policy.h"
#include "gequ/net/http_client.h"
#include "log_url.h"

#include <Poco/Logger.h>
#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string_view>
#include <unistd.h>

namespace gequ::acedata {

namespace {

namespace fs = std::filesystem;

/// How much of the start of a download is kept for the signature checks.
constexpr std::size_t kHeadBytes = 1024;
/// An SVG cover larger than this is not read for the script check, and refused.
constexpr std::size_t kMaxSvgBytes = 1024 * 1024;

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.upstream.fetch");
}

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

/// An ID3v2 tag, or an MPEG audio frame header (11 sync bits, a valid version and layer).
bool looksLikeMp3(std::string_view bytes) {
    if (startsWith(bytes, "ID3")) {
        return true;
    }
    if (bytes.size() < 2) {
        return false;
    }
    const auto b0 = static_cast<unsigned char>(bytes[0]);
    const auto b1 = static_cast<unsigned char>(bytes[1]);
    return b0 == 0xFF && (b1 & 0xE0) == 0xE0 && (b1 & 0x18) != 0x08 && (b1 & 0x06) != 0;
}

/// A RIFF/WAVE file: "RIFF", its size, "WAVE".
bool looksLikeWav(std::string_view bytes) {
    return bytes.size() >= 12 && startsWith(bytes, "RIFF") && bytes.substr(8, 4) == "WAVE";
}

/// Whether the start of a file is SVG text: an optional BOM, white space, XML declaration, comments or doctype, then
/// an <svg element.
bool looksLikeSvg(std::string_view head) {
    if (startsWith(head, "\xEF\xBB\xBF")) {
        head.remove_prefix(3);
    }
    const std::string lower = domain::toLowerAscii(head);
    const std::size_t svg = lower.find("<svg");
    if (svg == std::string::npos) {
        return false;
    }
    const std::string_view before = std::string_view(lower).substr(0, svg);
    const std::size_t first = before.find_first_not_of(" \t\r\n");
    return first == std::string_view::npos || before.substr(first, 1) == "<";
}

/// An SVG whose text could run script when opened from our origin: refused rather than cleaned.
bool svgHasActiveContent(std::string_view svg) {
    const std::string lower = domain::toLowerAscii(svg);
    for (const char* needle : {"<script", "javascript:", "<foreignobject", "<iframe", "<embed", "<object",
                               "xlink:href=\"data:", "href=\"data:"}) {
        if (lower.find(needle) != std::string::npos) {
            return true;
        }
    }
    // on…= event attributes: white space, "on", letters, optional white space, "=".
    for (std::size_t at = lower.find("on"); at != std::string::npos; at = lower.find("on", at + 2)) {
        if (at == 0 || std::string_view(" \t\r\n/\"'").find(lower[at - 1]) == std::string_view::npos) {
            continue;
        }
        std::size_t end = at + 2;
        while (end < lower.size() && lower[end] >= 'a' && lower[end] <= 'z') {
            ++end;
        }
        while (end < lower.size() &&
               (lower[end] == ' ' || lower[end] == '\t' || lower[end] == '\r' || lower[end] == '\n')) {
            ++end;
        }
        if (end > at + 2 && end < lower.size() && lower[end] == '=') {
            return true;
        }
    }
    return false;
}

/// The image kind of a file from its first bytes: "jpg", "png", "webp", "svg", or "".
std::string sniffImage(std::string_view head) {
    if (startsWith(head, "\xFF\xD8\xFF")) {
        return "jpg";
    }
    if (startsWith(head, "\x89PNG\r\n\x1A\n")) {
        return "png";
    }
    if (head.size() >= 12 && startsWith(head, "RIFF") && head.substr(8, 4) == "WEBP") {
        return "webp";
    }
    if (looksLikeSvg(head)) {
        return "svg";
    }
    return {};
}

std::string contentTypeOf(const std::string& extension) {
    if (extension == "png") {
        return "image/png";
    }
    if (extension == "webp") {
        return "image/webp";
    }
    if (extension == "svg") {
        return "image/svg+xml";
    }
    return "image/jpeg";
}

constexpr std::array<std::string_view, 4> kImageExtensions = {"jpg", "png", "webp", "svg"};

/// A temporary file that is removed unless released; written through a descriptor.
class TempFile {
public:
    explicit TempFile(const fs::path& directory) {
        std::error_code ignored;
        fs::create_directories(directory, ignored);
        std::string pattern = (directory / ".gequ-fetch-XXXXXX").string();
        _fd = ::mkstemp(pattern.data());
        if (_fd < 0) {
            throw std::runtime_error("cannot create a temporary file in " + directory.string() + ": " +
                                     std::strerror(errno));
        }
        _path = pattern;
    }
    ~TempFile() {
        close();
        if (!_path.empty()) {
            std::error_code ignored;
            fs::remove(_path, ignored);
        }
    }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;

    void write(std::string_view chunk) {
        while (!chunk.empty()) {
            const ssize_t wrote = ::write(_fd, chunk.data(), chunk.size());
            if (wrote < 0) {
                if (errno == EINTR) {
                    continue;
                }
                throw std::runtime_error("cannot write " + _path.string() + ": " + std::strerror(errno));
            }
            chunk.remove_prefix(static_cast<std::size_t>(wrote));
        }
    }
    /// Empties the file (the body of a redirect or an error answer is not wanted).
    void clear() {
        if (::ftruncate(_fd, 0) != 0 || ::lseek(_fd, 0, SEEK_SET) != 0) {
            throw std::runtime_error("cannot truncate " + _path.string() + ": " + std::strerror(errno));
        }
    }
    void close() {
        if (_fd >= 0) {
            ::close(_fd);
            _fd = -1;
        }
    }
    const fs::path& path() const { return _path; }

private:
    int _fd = -1;
    fs::path _path;
};

/// The whole of a small file.
std::string readSmallFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

const net::HttpClient& http() {
    static const net::HttpClient client;
    return client;
}

} // namespace

struct HttpMediaFetcher::Download {
    std::unique_ptr<TempFile> file;
    std::string head; ///< the first kHeadBytes bytes
    std::uint64_t size = 0;
    std::string contentType;
};

HttpMediaFetcher::HttpMediaFetcher(domain::MediaStore& store, FetchConfig config)
    : _store(store), _config(std::move(config)) {
    if (_config.maxBytes < 1) {
        throw std::invalid_argument("media.fetch_max_bytes: must be at least 1");
    }
    if (_config.timeoutSeconds < 1 || _config.totalSeconds < 1) {
        throw std::invalid_argument("media.fetch_timeout: must be at least 1 second");
    }
    if (_config.maxRedirects < 0) {
        throw std::invalid_argument("media fetch redirects: must not be negative");
    }
    for (std::string& address : _config.allowedAddresses) {
        const auto canonical = net::canonicalAddress(address);
        if (!canonical) {
            throw std::invalid_argument("media fetch allowed address: '" + address + "' is not an IP address");
        }
        address = *canonical;
    }
    if (_config.tempDir.empty()) {
        _config.tempDir = fs::temp_directory_path().string();
    }
}

domain::Result<HttpMediaFetcher::Download> HttpMediaFetcher::download(const std::string& url) const {
    const std::string logged = detail::loggedUrl(url);
    const auto failure = [&logged](const std::string& reason, const std::string& detail) {
        logger().warning("re-hosting " + logged + " failed: " + detail);
        return domain::DomainError{domain::ErrorCode::Upstream, reason};
    };
    std::optional<net::Url> target = net::parseUrl(url);
    if (!target) {
        return failure("媒体地址无效", "not an http(s) URL");
    }
    net::Limits limits;
    limits.timeout = std::chrono::seconds(_config.timeoutSeconds);
    limits.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(_config.totalSeconds);
    limits.maxBytes = _config.maxBytes;

    Download result;
    try {
        result.file = std::make_unique<TempFile>(_config.tempDir);
    } catch (const std::runtime_error& e) {
        logger().error(std::string("re-hosting: ") + e.what());
        return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件保存失败"};
    }
    for (int redirects = 0;; ++redirects) {
        if (_config.httpsOnly && !target->https) {
            return failure("媒体地址必须使用 HTTPS", "plain http to " + target->withoutQuery());
        }
        // Resolve once, check every address, and connect to the one checked: a second lookup could answer otherwise.
        std::vector<std::string> addresses;
        try {
            addresses = net::resolveHost(target->host);
        } catch (const net::TransportError& e) {
            return failure("媒体文件下载失败", e.what());
        }
        for (const std::string& address : addresses) {
            const bool allowed = std::find(_config.allowedAddresses.begin(), _config.allowedAddresses.end(), address) !=
                                 _config.allowedAddresses.end();
            if (const auto reason = net::nonPublicReason(address); reason && !allowed) {
                return failure("媒体地址不可访问", "refused " + target->withoutQuery() + ": " + target->host + " is " +
                                                       address + " (" + *reason + ")");
            }
        }
        net::Request request;
        request.method = "GET";
        request.url = *target;
        request.connectAddress = addresses.front();
        request.headers = {{"accept", "audio/mpeg, image/*;q=0.9, */*;q=0.5"}, {"user-agent", "Gequ/1.0"}};
        result.head.clear();
        net::Response reply;
        try {
            result.file->clear();
            reply = http().send(request, limits, [&result](std::string_view chunk) {
                if (result.head.size() < kHeadBytes) {
                    result.head.append(chunk.substr(0, kHeadBytes - result.head.size()));
                }
                result.file->write(chunk);
            });
        } catch (const net::TransportError& e) {
            return failure(e.timedOut() ? "媒体文件下载超时" : "媒体文件下载失败", e.what());
        } catch (const std::runtime_error& e) {
            logger().error(std::string("re-hosting: ") + e.what());
            return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件保存失败"};
        }
        const int status = reply.status;
        if (status == 301 || status == 302 || status == 303 || status == 307 || status == 308) {
            if (redirects >= _config.maxRedirects) {
                return failure("媒体文件重定向次数过多",
                               "more than " + std::to_string(_config.maxRedirects) + " redirects");
            }
            const std::string location = reply.header("Location");
            target = net::resolveUrl(*target, location);
            if (location.empty() || !target) {
                return failure("媒体地址无效",
                               "redirected to '" + detail::loggedUrl(location) + "', not an http(s) URL");
            }
            continue;
        }
        if (status != 200) {
            return failure("媒体文件下载失败（HTTP " + std::to_string(status) + "）", "HTTP " + std::to_string(status));
        }
        if (reply.tooLarge) {
            return failure("媒体文件过大", "larger than " + std::to_string(_config.maxBytes) + " bytes");
        }
        if (reply.bodyBytes == 0) {
            return failure("媒体文件为空", "empty body");
        }
        result.size = reply.bodyBytes;
        result.contentType = reply.header("Content-Type");
        result.file->close();
        return result;
    }
}

domain::Result<std::string> HttpMediaFetcher::ownUrl(const std::vector<std::string>& keys,
                                                     const std::string& url) const {
    for (const auto& key : keys) {
        if (url == _store.urlFor(key)) {
            return url;
        }
    }
    // Another song's file, or a path of ours that is no media key: never stored as this song's (docs/security.md).
    logger().warning("re-hosting refused the local URL " + detail::loggedUrl(url) + " for " + keys.front());
    return domain::DomainError{domain::ErrorCode::Upstream, "媒体地址无效"};
}

domain::Result<std::string> HttpMediaFetcher::fetchSound(const std::string& key, const std::string& url,
                                                         bool (*looksRight)(std::string_view),
                                                         const std::string& contentType, const std::string& refusal) {
    if (startsWith(url, "/")) {
        return ownUrl({key}, url);
    }
    if (_store.exists(key)) {
        return _store.urlFor(key);
    }
    auto file = download(url);
    if (!file) {
        return file.error();
    }
    if (!looksRight(file->head)) {
        logger().warning("copying " + detail::loggedUrl(url) + " to " + key + " failed: not " + contentType + " (" +
                         file->contentType + ")");
        return domain::DomainError{domain::ErrorCode::Upstream, refusal};
    }
    try {
        return _store.putFile(key, file->file->path().string(), contentType);
    } catch (const std::runtime_error& e) {
        logger().error("storing " + key + " failed: " + e.what());
        return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件保存失败"};
    }
}

domain::Result<std::string> HttpMediaFetcher::fetchAudio(const std::string& songId, const std::string& url) {
    return fetchSound(songId + ".mp3", url, looksLikeMp3, "audio/mpeg", "媒体文件不是 MP3 音频");
}

domain::Result<std::string> HttpMediaFetcher::fetchWav(const std::string& songId, const std::string& url) {
    return fetchSound(songId + ".wav", url, looksLikeWav, "audio/wav", "媒体文件不是 WAV 音频");
}

domain::Result<std::string> HttpMediaFetcher::fetchCover(const std::string& songId, const std::string& url) {
    if (startsWith(url, "/")) {
        std::vector<std::string> keys;
        for (const auto extension : kImageExtensions) {
            keys.push_back(songId + "." + std::string(extension));
        }
        return ownUrl(keys, url);
    }
    for (const auto extension : kImageExtensions) {
        const std::string key = songId + "." + std::string(extension);
        if (_store.exists(key)) {
            return _store.urlFor(key);
        }
    }
    auto file = download(url);
    if (!file) {
        return file.error();
    }
    // The bytes decide, not the Content-Type: a cover is stored and served as an image only when it is one.
    const std::string extension = sniffImage(file->head);
    const bool badSvg =
        extension == "svg" && (file->size > kMaxSvgBytes || svgHasActiveContent(readSmallFile(file->file->path())));
    if (extension.empty() || badSvg) {
        logger().warning("re-hosting " + detail::loggedUrl(url) +
                         " failed: not a JPEG, PNG, WebP or plain SVG image (" + file->contentType + ")");
        return domain::DomainError{domain::ErrorCode::Upstream, "封面不是支持的图片格式"};
    }
    const std::string key = songId + "." + extension;
    try {
        return _store.putFile(key, file->file->path().string(), contentTypeOf(extension));
    } catch (const std::runtime_error& e) {
        logger().error("storing " + key + " failed: " + e.what());
        return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件保存失败"};
    }
}

std::unique_ptr<domain::MediaFetcher> makeMediaFetcher(domain::MediaStore& store, const FetchConfig& config) {
    return std::make_unique<HttpMediaFetcher>(store, config);
}

} // namespace gequ::acedata
