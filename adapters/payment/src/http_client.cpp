#include "http_client.h"

#include <Poco/Exception.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SSLManager.h>
#include <Poco/URI.h>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>

namespace gequ::payment::detail {

namespace {

/// WeChat answers in a few kilobytes (the certificate list is the largest); anything past this is not read.
constexpr std::size_t kMaxReplyBytes = 1024 * 1024;

void initializeSslOnce() {
    static std::once_flag once;
    std::call_once(once, [] { Poco::Net::initializeSSL(); });
}

std::string readBounded(std::istream& in) {
    std::string body;
    char buffer[4096];
    while (body.size() < kMaxReplyBytes && in) {
        in.read(buffer, sizeof buffer);
        body.append(buffer, static_cast<std::size_t>(in.gcount()));
    }
    if (body.size() > kMaxReplyBytes) {
        body.resize(kMaxReplyBytes);
    }
    return body;
}

} // namespace

std::string BaseUrl::hostHeader() const {
    const std::uint16_t defaultPort = https ? 443 : 80;
    return port == defaultPort ? host : host + ":" + std::to_string(port);
}

BaseUrl parseBaseUrl(const std::string& url, const char* key) {
    Poco::URI uri;
    try {
        uri = Poco::URI(url);
    } catch (const Poco::Exception& e) {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' is not a URL (" + e.message() + ")");
    }
    BaseUrl base;
    if (uri.getScheme() == "https") {
        base.https = true;
    } else if (uri.getScheme() == "http") {
        base.https = false;
    } else {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' must start with https:// (or http://)");
    }
    if (uri.getHost().empty()) {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' has no host");
    }
    if ((!uri.getPath().empty() && uri.getPath() != "/") || !uri.getQuery().empty() || !uri.getFragment().empty()) {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' must be only scheme, host and port");
    }
    base.host = uri.getHost();
    base.port = uri.getPort();
    return base;
}

HttpClient::HttpClient(BaseUrl base, int timeoutSeconds, std::string userAgent)
    : _base(std::move(base)), _timeoutSeconds(timeoutSeconds), _userAgent(std::move(userAgent)) {
    if (_base.https) {
        initializeSslOnce();
        _context = new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, "", Poco::Net::Context::VERIFY_RELAXED, 9,
                                          true, "ALL:!ADH:!LOW:!EXP:!MD5:@STRENGTH");
        _context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    }
}

HttpReply HttpClient::send(const std::string& method, const std::string& pathAndQuery, const HeaderList& headers,
                           const std::string& body) const {
    try {
        std::unique_ptr<Poco::Net::HTTPClientSession> session;
        if (_base.https) {
            session = std::make_unique<Poco::Net::HTTPSClientSession>(_base.host, _base.port, _context);
        } else {
            session = std::make_unique<Poco::Net::HTTPClientSession>(_base.host, _base.port);
        }
        session->setTimeout(Poco::Timespan(_timeoutSeconds, 0));
        session->setKeepAlive(false);

        Poco::Net::HTTPRequest request(method, pathAndQuery, Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost(_base.hostHeader());
        request.set("User-Agent", _userAgent);
        for (const auto& [name, value] : headers) {
            request.set(name, value);
        }
        if (method != Poco::Net::HTTPRequest::HTTP_GET || !body.empty()) {
            request.setContentLength(static_cast<std::streamsize>(body.size()));
        }
        session->sendRequest(request) << body;

        Poco::Net::HTTPResponse response;
        std::istream& in = session->receiveResponse(response);
        HttpReply reply;
        reply.status = static_cast<int>(response.getStatus());
        for (const auto& [name, value] : response) {
            reply.headers.emplace_back(name, value);
        }
        reply.body = readBounded(in);
        return reply;
    } catch (const Poco::TimeoutException& e) {
        throw TransportError("timed out after " + std::to_string(_timeoutSeconds) + " s (" + e.displayText() + ")");
    } catch (const Poco::Exception& e) {
        throw TransportError(e.displayText());
    } catch (const std::exception& e) {
        throw TransportError(e.what());
    }
}

} // namespace gequ::payment::detail
