#include "gequ/media/s3_media_store.h"

#include "gequ/crypto/digest.h"
#include "gequ/domain/model/text.h"
#include "gequ/media/exceptions.h"
#include "gequ/media/sigv4.h"
#include "gequ/net/http_client.h"
#include "gequ/net/url.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gequ::media {

namespace {

constexpr std::size_t kMaxKeyBytes = 200;
/// Error answers of S3 are small XML documents; object bodies are never read by this store.
constexpr std::size_t kMaxAnswerBytes = 64 * 1024;
/// The largest object read returns (a long song's WAV is about 50 MB).
constexpr std::size_t kMaxReadBytes = 512 * 1024 * 1024;

/// The text of <tag>…</tag> in an S3 error document, or "".
std::string xmlElement(const std::string& xml, const std::string& tag) {
    const auto open = xml.find("<" + tag + ">");
    if (open == std::string::npos) {
        return "";
    }
    const auto start = open + tag.size() + 2;
    const auto close = xml.find("</" + tag + ">", start);
    return close == std::string::npos ? "" : xml.substr(start, close - start);
}

} // namespace

struct S3MediaStore::Impl {
    S3Config config;
    Now now;
    net::Url endpoint;
    net::HttpClient client;
    sigv4::Credentials credentials;
    sigv4::Scope scope;

    Impl(S3Config c, Now n)
        : config(std::move(c)), now(std::move(n)),
          endpoint(net::parseConfiguredUrl(config.endpoint, "media.s3.endpoint", net::UrlShape::OriginOnly)),
          client(config.caFile), credentials{config.accessKeyId, config.secretAccessKey}, scope{config.region, "s3"} {}

    /// The URL of key (path-style or virtual-hosted) and the path as sent, encoded once.
    net::Url objectUrl(const std::string& key) const {
        net::Url url = endpoint;
        if (config.pathStyle) {
            url.target = "/" + sigv4::uriEncode(config.bucket) + "/" + sigv4::uriEncode(key);
        } else {
            url.host = config.bucket + "." + endpoint.host;
            url.target = "/" + sigv4::uriEncode(key);
        }
        return url;
    }

    /// Sends method on key, signed in the Authorization header, and returns the answer (body at most 64 KiB).
    net::Response send(const std::string& method, const std::string& key, const std::string& body,
                       const std::string& contentType, std::size_t maxBytes = kMaxAnswerBytes) const {
        if (!isSafeKey(key)) {
            throw std::invalid_argument("not a safe media key: '" + key + "'");
        }
        const net::Url url = objectUrl(key);
        const std::string date = sigv4::amzDate(now());
        sigv4::SignableRequest signable;
        signable.method = method;
        signable.host = url.hostHeader();
        signable.encodedPath = url.target;
        signable.payloadHash = crypto::sha256Hex(body);
        signable.headers = {{"x-amz-content-sha256", signable.payloadHash}, {"x-amz-date", date}};
        if (!contentType.empty()) {
            signable.headers.emplace_back("content-type", contentType);
        }
        net::Request request;
        request.method = method;
        request.url = url;
        request.body = body;
        request.headers = signable.headers;
        request.headers.emplace_back("Authorization", sigv4::authorization(signable, credentials, date, scope));
        net::Limits limits;
        limits.timeout = config.timeout;
        limits.maxBytes = maxBytes;
        try {
            return client.send(request, limits);
        } catch (const net::TransportError& e) {
            throw MediaError("S3 " + method + " " + key + " failed: " + e.what());
        }
    }

    [[noreturn]] void refuse(const std::string& method, const std::string& key, const net::Response& response) const {
        std::string code = xmlElement(response.body, "Code");
        std::string message = xmlElement(response.body, "Message");
        throw MediaError("S3 " + method + " " + key + " answered " + std::to_string(response.status) +
                         (code.empty() ? "" : " " + code) + (message.empty() ? "" : ": " + message));
    }

    std::string presign(const net::Url& url, sigv4::Pairs query = {}) const;
};

S3MediaStore::S3MediaStore(S3Config config, Now now) {
    if (config.bucket.empty() || config.accessKeyId.empty() || config.secretAccessKey.empty()) {
        throw std::invalid_argument("media.s3.bucket, media.s3.access_key_id and media.s3.secret_access_key are "
                                    "required when media.provider = s3");
    }
    _impl = std::make_unique<Impl>(std::move(config), std::move(now));
}

S3MediaStore::~S3MediaStore() = default;

bool S3MediaStore::isSafeKey(std::string_view key) {
    if (key.empty() || key.size() > kMaxKeyBytes || key.front() == '.' || !domain::isValidUtf8(key) ||
        domain::hasControlChars(key, false)) {
        return false;
    }
    return key.find_first_of("/\\") == std::string_view::npos && key.find("..") == std::string_view::npos;
}

std::string S3MediaStore::put(const std::string& key, const std::string& bytes, const std::string& contentType) {
    if (exists(key)) {
        return urlFor(key);
    }
    const auto response = _impl->send("PUT", key, bytes, contentType);
    if (response.status != 200) {
        _impl->refuse("PUT", key, response);
    }
    return urlFor(key);
}

std::string S3MediaStore::putFile(const std::string& key, const std::string& path, const std::string& contentType) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw MediaError("cannot read " + path);
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (!in && !in.eof()) {
        throw MediaError("cannot read " + path);
    }
    return put(key, bytes.str(), contentType);
}

bool S3MediaStore::exists(const std::string& key) const {
    const auto response = _impl->send("HEAD", key, "", "");
    if (response.status == 200) {
        return true;
    }
    if (response.status == 404) {
        return false;
    }
    _impl->refuse("HEAD", key, response);
}

std::string S3MediaStore::urlFor(const std::string& key) const {
    return _impl->config.urlPrefix + key;
}

std::optional<std::string> S3MediaStore::read(const std::string& key) const {
    auto response = _impl->send("GET", key, "", "", kMaxReadBytes);
    if (response.status == 200) {
        return std::move(response.body);
    }
    if (response.status == 404) {
        return std::nullopt;
    }
    _impl->refuse("GET", key, response);
}

void S3MediaStore::remove(const std::string& key) {
    const auto response = _impl->send("DELETE", key, "", "");
    if (response.status != 204 && response.status != 200 && response.status != 404) {
        _impl->refuse("DELETE", key, response);
    }
}

std::string S3MediaStore::Impl::presign(const net::Url& url, sigv4::Pairs query) const {
    sigv4::SignableRequest signable;
    signable.method = "GET";
    signable.host = url.hostHeader();
    signable.encodedPath = url.target;
    signable.query = std::move(query);
    const std::string signedQuery =
        sigv4::presignedQuery(signable, credentials, sigv4::amzDate(now()), scope, config.presignLifetime);
    return url.text() + "?" + signedQuery;
}

std::string S3MediaStore::presignedGet(const std::string& key) const {
    if (!isSafeKey(key)) {
        throw std::invalid_argument("not a safe media key: '" + key + "'");
    }
    return _impl->presign(_impl->objectUrl(key));
}

std::string S3MediaStore::presignedDownload(const std::string& key, const std::string& disposition) const {
    if (!isSafeKey(key)) {
        throw std::invalid_argument("not a safe media key: '" + key + "'");
    }
    return _impl->presign(_impl->objectUrl(key), {{"response-content-disposition", disposition}});
}

} // namespace gequ::media
