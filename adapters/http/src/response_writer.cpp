#include "response_writer.h"

#include "files.h"
#include "gequ/domain/model/text.h"

#include <Poco/DeflatingStream.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gequ::http {

namespace {

constexpr std::size_t kGzipCacheMaxBytes = 32 * 1024 * 1024;

std::string readRange(const FileBody& file) {
    std::ifstream in(file.path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot open " + file.path.string());
    }
    in.seekg(static_cast<std::streamoff>(file.offset));
    std::string data(file.length, '\0');
    in.read(data.data(), static_cast<std::streamsize>(file.length));
    if (static_cast<std::uint64_t>(in.gcount()) != file.length) {
        throw std::runtime_error("short read of " + file.path.string());
    }
    return data;
}

void streamRange(const FileBody& file, std::ostream& out) {
    std::ifstream in(file.path, std::ios::binary);
    if (!in) {
        throw std::runtime_error("cannot open " + file.path.string());
    }
    in.seekg(static_cast<std::streamoff>(file.offset));
    std::uint64_t left = file.length;
    char buffer[64 * 1024];
    while (left > 0 && out) {
        auto chunk = static_cast<std::streamsize>(std::min<std::uint64_t>(left, sizeof buffer));
        in.read(buffer, chunk);
        std::streamsize got = in.gcount();
        if (got <= 0) {
            throw std::runtime_error("short read of " + file.path.string());
        }
        out.write(buffer, got);
        left -= static_cast<std::uint64_t>(got);
    }
}

std::string* findHeader(Response& response, std::string_view name) {
    for (auto& [key, value] : response.headers) {
        if (domain::equalsIgnoreCase(key, name)) {
            return &value;
        }
    }
    return nullptr;
}

} // namespace

bool acceptsGzip(std::string_view acceptEncoding) {
    std::string text = domain::toLowerAscii(acceptEncoding);
    std::size_t pos = 0;
    while (pos <= text.size()) {
        std::size_t comma = text.find(',', pos);
        if (comma == std::string::npos) {
            comma = text.size();
        }
        std::string item = text.substr(pos, comma - pos);
        const std::string coding = domain::trim(item.substr(0, item.find(';')), " \t");
        if (coding == "gzip" || coding == "*") {
            std::size_t q = item.find("q=");
            if (q == std::string::npos) {
                return true;
            }
            std::string qValue = item.substr(q + 2);
            // q=0, q=0.0, q=0.00 ... refuse; anything else accepts.
            bool zero = !qValue.empty() && qValue.find_first_not_of("0. \t") == std::string::npos;
            if (!zero) {
                return true;
            }
        }
        pos = comma + 1;
    }
    return false;
}

std::string gzip(std::string_view data, int level) {
    std::ostringstream out;
    {
        Poco::DeflatingOutputStream deflater(out, Poco::DeflatingStreamBuf::STREAM_GZIP, level);
        deflater.write(data.data(), static_cast<std::streamsize>(data.size()));
        deflater.close();
    }
    return std::move(out).str();
}

ResponseWriter::ResponseWriter(Headers fixedHeaders, Headers documentHeaders)
    : _fixedHeaders(std::move(fixedHeaders)), _documentHeaders(std::move(documentHeaders)) {}

namespace {

/// A script or a stylesheet: a browser applies no Content-Security-Policy, frame or referrer policy read from its
/// answer, so those headers would only add bytes to every asset of a page (docs/web-performance.md).
bool isSubresourceCode(std::string_view contentType) {
    return contentType.starts_with("text/javascript") || contentType.starts_with("application/javascript") ||
           contentType.starts_with("text/css");
}

} // namespace

std::string ResponseWriter::gzippedFile(const FileBody& file, const std::string& etag) {
    std::string key = file.path.string() + '\n' + etag;
    {
        std::lock_guard lock(_cacheMutex);
        if (auto it = _gzipCache.find(key); it != _gzipCache.end()) {
            return it->second;
        }
    }
    std::string compressed = gzip(readRange(file), kGzipLevelBest);
    std::lock_guard lock(_cacheMutex);
    if (_gzipCacheBytes + compressed.size() > kGzipCacheMaxBytes) {
        _gzipCache.clear(); // simple and bounded; the hashed assets are few and come back at once
        _gzipCacheBytes = 0;
    }
    if (_gzipCache.emplace(key, compressed).second) {
        _gzipCacheBytes += compressed.size();
    }
    return compressed;
}

void ResponseWriter::write(const Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& out,
                           Response& response, const std::string& requestId) {
    const bool head = request.getMethod() == Poco::Net::HTTPRequest::HTTP_HEAD;
    out.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(response.status));
    for (const auto& [name, value] : _fixedHeaders) {
        out.set(name, value);
    }
    if (!isSubresourceCode(response.contentType)) {
        for (const auto& [name, value] : _documentHeaders) {
            out.set(name, value);
        }
    }
    out.set("X-Request-Id", requestId);

    std::uint64_t length = response.file ? response.file->length : response.body.size();
    const bool typeCompressible =
        response.compressible && response.status == 200 && isCompressibleType(response.contentType);
    if (typeCompressible) {
        std::string* vary = findHeader(response, "Vary");
        if (vary == nullptr) {
            response.set("Vary", "Accept-Encoding");
        } else {
            *vary += ", Accept-Encoding";
        }
        bool fileTooBig = response.file && response.file->length > kGzipMaxFileBytes;
        if (length >= kGzipMinBytes && !fileTooBig && acceptsGzip(request.get("Accept-Encoding", ""))) {
            if (response.file) {
                std::string* etag = findHeader(response, "ETag");
                std::string tag = etag != nullptr ? *etag : std::string{};
                response.body = gzippedFile(*response.file, tag);
                response.file.reset();
                if (etag != nullptr && etag->size() >= 2) {
                    // A different representation gets a different tag: "abc" -> "abc-gz".
                    etag->insert(etag->size() - 1, "-gz");
                }
            } else {
                response.body = gzip(response.body);
            }
            response.set("Content-Encoding", "gzip");
            length = response.body.size();
        }
    }
    for (const auto& [name, value] : response.headers) {
        out.set(name, value);
    }
    if (response.closeConnection) {
        out.setKeepAlive(false);
    }
    if (response.status == 304 || response.status == 204) {
        out.send(); // Poco writes the header only for these
        return;
    }
    if (!response.contentType.empty()) {
        out.setContentType(response.contentType);
    }
    out.setContentLength64(static_cast<Poco::Int64>(length));
    std::ostream& stream = out.send(); // for HEAD Poco sends the header only
    if (head) {
        return;
    }
    if (response.file) {
        streamRange(*response.file, stream);
    } else {
        stream.write(response.body.data(), static_cast<std::streamsize>(response.body.size()));
    }
    stream.flush();
}

} // namespace gequ::http
