#include "gequ/upstream/media_fetcher.h"

#include "gequ/net/http_client.h"

#include <Poco/Logger.h>
#include <array>
#include <stdexcept>
#include <string_view>

namespace gequ::upstream {

namespace {

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

/// The file extension of an image from its signature, or "".
std::string sniffImage(std::string_view bytes) {
    if (startsWith(bytes, "\xFF\xD8\xFF")) {
        return "jpg";
    }
    if (startsWith(bytes, "\x89PNG\r\n\x1A\n")) {
        return "png";
    }
    if (bytes.size() >= 12 && startsWith(bytes, "RIFF") && bytes.substr(8, 4) == "WEBP") {
        return "webp";
    }
    return {};
}

std::string imageExtension(const std::string& mediaType) {
    if (mediaType == "image/jpeg" || mediaType == "image/jpg" || mediaType == "image/pjpeg") {
        return "jpg";
    }
    if (mediaType == "image/png") {
        return "png";
    }
    if (mediaType == "image/webp") {
        return "webp";
    }
    return {};
}

std::string contentTypeOf(const std::string& extension) {
    return extension == "png" ? "image/png" : extension == "webp" ? "image/webp" : "image/jpeg";
}

constexpr std::array<std::string_view, 3> kImageExtensions = {"jpg", "png", "webp"};

} // namespace

struct HttpMediaFetcher::Download {
    std::string contentType;
    std::string body;
};

HttpMediaFetcher::HttpMediaFetcher(domain::MediaStore& store, FetchConfig config) : _store(store), _config(config) {
    if (_config.maxBytes < 1) {
        throw std::invalid_argument("media.fetch_max_bytes: must be at least 1");
    }
    if (_config.timeoutSeconds < 1 || _config.totalSeconds < 1) {
        throw std::invalid_argument("media.fetch_timeout: must be at least 1 second");
    }
    if (_config.maxRedirects < 0) {
        throw std::invalid_argument("media fetch redirects: must not be negative");
    }
}

domain::Result<HttpMediaFetcher::Download> HttpMediaFetcher::download(const std::string& url) const {
    const auto failure = [&url](const std::string& reason, const std::string& detail) {
        logger().warning("re-hosting " + url + " failed: " + detail);
        return domain::DomainError{domain::ErrorCode::Upstream, reason};
    };
    std::optional<net::Url> target = net::parseUrl(url);
    if (!target) {
        return failure("媒体地址无效", "not an http(s) URL");
    }
    static const net::HttpClient http;
    net::Limits limits;
    limits.timeout = std::chrono::seconds(_config.timeoutSeconds);
    limits.deadline = std::chrono::steady_clock::now() + std::chrono::seconds(_config.totalSeconds);
    limits.maxBytes = _config.maxBytes;
    for (int redirects = 0;; ++redirects) {
        net::Request request;
        request.method = "GET";
        request.url = *target;
        request.headers = {{"accept", "audio/mpeg, image/*;q=0.9, */*;q=0.5"}, {"user-agent", "Gequ/1.0"}};
        net::Response reply;
        try {
            reply = http.send(request, limits);
        } catch (const net::TransportError& e) {
            return failure(e.timedOut() ? "媒体文件下载超时" : "媒体文件下载失败", e.what());
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
                return failure("媒体地址无效", "redirected to '" + location + "', not an http(s) URL");
            }
            continue;
        }
        if (status != 200) {
            return failure("媒体文件下载失败（HTTP " + std::to_string(status) + "）", "HTTP " + std::to_string(status));
        }
        if (reply.tooLarge) {
            return failure("媒体文件过大", "larger than " + std::to_string(_config.maxBytes) + " bytes");
        }
        if (reply.body.empty()) {
            return failure("媒体文件为空", "empty body");
        }
        return Download{reply.header("Content-Type"), std::move(reply.body)};
    }
}

domain::Result<std::string> HttpMediaFetcher::fetchAudio(const std::string& songId, const std::string& url) {
    if (startsWith(url, "/")) {
        return url;
    }
    const std::string key = songId + ".mp3";
    if (_store.exists(key)) {
        return _store.urlFor(key);
    }
    auto file = download(url);
    if (!file) {
        return file.error();
    }
    if (!looksLikeMp3(file->body)) {
        logger().warning("re-hosting " + url + " failed: not MP3 (" + file->contentType + ")");
        return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件不是 MP3 音频"};
    }
    try {
        return _store.put(key, file->body, "audio/mpeg");
    } catch (const std::runtime_error& e) {
        logger().error("storing " + key + " failed: " + e.what());
        return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件保存失败"};
    }
}

domain::Result<std::string> HttpMediaFetcher::fetchCover(const std::string& songId, const std::string& url) {
    if (startsWith(url, "/")) {
        return url;
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
    std::string extension = imageExtension(net::mediaType(file->contentType));
    if (extension.empty()) {
        extension = sniffImage(file->body);
    }
    if (extension.empty()) {
        logger().warning("re-hosting " + url + " failed: not a JPEG, PNG or WebP image (" + file->contentType + ")");
        return domain::DomainError{domain::ErrorCode::Upstream, "封面不是支持的图片格式"};
    }
    const std::string key = songId + "." + extension;
    try {
        return _store.put(key, file->body, contentTypeOf(extension));
    } catch (const std::runtime_error& e) {
        logger().error("storing " + key + " failed: " + e.what());
        return domain::DomainError{domain::ErrorCode::Upstream, "媒体文件保存失败"};
    }
}

std::unique_ptr<domain::MediaFetcher> makeMediaFetcher(domain::MediaStore& store, const FetchConfig& config) {
    return std::make_unique<HttpMediaFetcher>(store, config);
}

} // namespace gequ::upstream
