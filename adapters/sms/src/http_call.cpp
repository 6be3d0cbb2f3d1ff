#include "http_call.h"

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

namespace gequ::sms::detail {

namespace {

/// Providers answer in a few hundred bytes; anything past this is not read.
constexpr std::size_t kMaxReplyBytes = 256 * 1024;

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

std::string Endpoint::hostHeader() const {
    const std::uint16_t defaultPort = https ? 443 : 80;
    return port == defaultPort ? host : host + ":" + std::to_string(port);
}

Endpoint parseEndpoint(const std::string& url, const char* key) {
    Poco::URI uri;
    try {
        uri = Poco::URI(url);
    } catch (const Poco::Exception& e) {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' is not a URL (" + e.message() + ")");
    }
    Endpoint endpoint;
    if (uri.getScheme() == "https") {
        endpoint.https = true;
    } else if (uri.getScheme() == "http") {
        endpoint.https = false;
    } else {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' must start with https:// (or http://)");
    }
    if (uri.getHost().empty()) {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' has no host");
    }
    if (!uri.getQuery().empty() || !uri.getFragment().empty()) {
        throw std::invalid_argument(std::string(key) + ": '" + url + "' must not have a query or fragment");
    }
    endpoint.host = uri.getHost();
    endpoint.port = uri.getPort();
    endpoint.path = uri.getPath().empty() ? "/" : uri.getPath();
    return endpoint;
}

HttpPoster::HttpPoster(Endpoint endpoint, int timeoutSeconds, const std::string& caFile)
    : _endpoint(std::move(endpoint)), _timeoutSeconds(timeoutSeconds) {
    if (_endpoint.https) {
        initializeSslOnce();
        // VERIFY_STRICT, not RELAXED: Poco skips the host-name check for localhost names under RELAXED; for a
        // client the two are otherwise the same (verify the chain against the system's CAs and caFile).
        _context = new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, caFile, Poco::Net::Context::VERIFY_STRICT,
                                          9, true, "ALL:!ADH:!LOW:!EXP:!MD5:@STRENGTH");
        _context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    }
}

HttpReply HttpPoster::post(const HttpHeaders& headers, const std::string& contentType, const std::string& body) const {
    try {
        std::unique_ptr<Poco::Net::HTTPClientSession> session;
        if (_endpoint.https) {
            session = std::make_unique<Poco::Net::HTTPSClientSession>(_endpoint.host, _endpoint.port, _context);
        } else {
            session = std::make_unique<Poco::Net::HTTPClientSession>(_endpoint.host, _endpoint.port);
        }
        session->setTimeout(Poco::Timespan(_timeoutSeconds, 0));
        session->setKeepAlive(false);

        Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, _endpoint.path,
                                       Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost(_endpoint.hostHeader());
        request.setContentType(contentType);
        request.setContentLength(static_cast<std::streamsize>(body.size()));
        request.set("Accept", "application/json");
        for (const auto& [name, value] : headers) {
            request.set(name, value);
        }
        session->sendRequest(request) << body;

        Poco::Net::HTTPResponse response;
        std::istream& in = session->receiveResponse(response);
        HttpReply reply;
        reply.status = static_cast<int>(response.getStatus());
        reply.reason = response.getReason();
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

} // namespace gequ::sms::detail
