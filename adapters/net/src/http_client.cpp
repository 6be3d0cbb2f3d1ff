#include "gequ/net/http_client.h"

#include "gequ/domain/model/text.h"

#include <Poco/Exception.h>
#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SSLManager.h>
#include <Poco/Net/SecureStreamSocket.h>
#include <algorithm>
#include <istream>
#include <mutex>
#include <ostream>

namespace gequ::net {

namespace {

using Clock = std::chrono::steady_clock;

// VERIFY_STRICT rather than RELAXED: under RELAXED Poco skips the host-name check for localhost names; for a client
// the two are otherwise the same (the chain is verified against the system's CAs and caFile). With no certificate
// handler registered in the SSLManager, a chain that does not verify is rejected.
Poco::Net::Context::Ptr makeContext(const std::string& caFile) {
    static std::once_flag once;
    std::call_once(once, [] { Poco::Net::initializeSSL(); });
    Poco::Net::Context::Ptr context =
        new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, caFile, Poco::Net::Context::VERIFY_STRICT, 9, true,
                               "ALL:!ADH:!LOW:!EXP:!MD5:@STRENGTH");
    context->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
    return context;
}

Poco::Timespan timespan(Clock::duration duration) {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(duration).count();
    return Poco::Timespan(std::max<Poco::Timespan::TimeDiff>(micros, 1000));
}

bool hasBodyMethod(const std::string& method) {
    return method == "POST" || method == "PUT" || method == "PATCH";
}

} // namespace

std::optional<std::string> findHeader(const Headers& headers, std::string_view name) {
    const std::string wanted = domain::toLowerAscii(name);
    for (const auto& [key, value] : headers) {
        if (domain::toLowerAscii(key) == wanted) {
            return value;
        }
    }
    return std::nullopt;
}

std::string mediaType(std::string_view contentType) {
    return domain::toLowerAscii(domain::trim(contentType.substr(0, contentType.find(';'))));
}

std::string Response::header(std::string_view name) const {
    return findHeader(headers, name).value_or("");
}

struct HttpClient::Impl {
    Poco::Net::Context::Ptr context;
};

HttpClient::HttpClient(const std::string& caFile) : _impl(std::make_unique<Impl>()) {
    if (caFile.empty()) {
        static const Poco::Net::Context::Ptr shared = makeContext("");
        _impl->context = shared;
    } else {
        _impl->context = makeContext(caFile);
    }
}

HttpClient::~HttpClient() = default;
HttpClient::HttpClient(HttpClient&&) noexcept = default;

Response HttpClient::send(const Request& request, const Limits& limits) const {
    return send(request, limits, {});
}

Response HttpClient::send(const Request& spec, const Limits& limits, const BodySink& sink) const {
    const bool hasDeadline = limits.deadline != Clock::time_point{};
    const auto remaining = [&] { return limits.deadline - Clock::now(); };
    try {
        Clock::duration timeout = limits.timeout;
        if (hasDeadline) {
            timeout = std::min(timeout, remaining());
            if (timeout <= Clock::duration::zero()) {
                throw TransportError("the deadline passed before connecting", true);
            }
        }
        // The session connects to connectAddress when one is given (no name resolution), else to url.host. For TLS
        // the socket carries url.host as the peer name: it is sent as SNI and the certificate must be for it.
        const std::string connectHost = spec.connectAddress.empty() ? spec.url.host : spec.connectAddress;
        std::unique_ptr<Poco::Net::HTTPClientSession> session;
        if (spec.url.https) {
            Poco::Net::SecureStreamSocket socket(_impl->context);
            socket.setPeerHostName(spec.url.host);
            auto secure = std::make_unique<Poco::Net::HTTPSClientSession>(socket);
            secure->setHost(connectHost);
            secure->setPort(spec.url.port);
            session = std::move(secure);
        } else {
            session = std::make_unique<Poco::Net::HTTPClientSession>(connectHost, spec.url.port);
        }
        session->setTimeout(timespan(timeout));
        session->setKeepAlive(false);

        Poco::Net::HTTPRequest request(spec.method, spec.url.target, Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost(spec.url.hostHeader());
        for (const auto& [name, value] : spec.headers) {
            request.set(name, value);
        }
        if (!spec.body.empty() || hasBodyMethod(spec.method)) {
            request.setContentLength(static_cast<std::streamsize>(spec.body.size()));
        }
        session->sendRequest(request) << spec.body;

        Poco::Net::HTTPResponse answer;
        std::istream& in = session->receiveResponse(answer);
        Response response;
        response.status = static_cast<int>(answer.getStatus());
        response.reason = answer.getReason();
        for (const auto& [name, value] : answer) {
            response.headers.emplace_back(name, value);
        }
        // A HEAD answer, a 204 and a 304 have no body whatever Content-Length they announce (RFC 9110 6.4.1).
        const int status = response.status;
        if (spec.method == "HEAD" || status == 204 || status == 304 || (status >= 100 && status < 200)) {
            return response;
        }
        const bool announced = answer.hasContentLength() && answer.getContentLength64() >= 0;
        const auto announcedBytes = announced ? static_cast<std::uint64_t>(answer.getContentLength64()) : 0;
        if (announced && announcedBytes > limits.maxBytes) {
            response.tooLarge = true;
            return response;
        }
        // A timeout or a broken connection while reading must not pass for a short body: let the stream rethrow what
        // its buffer throws, and compare the length read with the one announced.
        in.exceptions(std::ios::badbit);
        char buffer[16384];
        while (in) {
            if (hasDeadline && remaining() <= Clock::duration::zero()) {
                throw TransportError("the transfer took longer than allowed", true);
            }
            in.read(buffer, sizeof buffer);
            auto got = static_cast<std::size_t>(in.gcount());
            if (response.bodyBytes + got > limits.maxBytes) {
                got = limits.maxBytes - static_cast<std::size_t>(response.bodyBytes);
                response.tooLarge = true;
            }
            if (sink) {
                sink(std::string_view(buffer, got));
            } else {
                response.body.append(buffer, got);
            }
            response.bodyBytes += got;
            if (response.tooLarge) {
                return response;
            }
        }
        if (announced && announcedBytes != response.bodyBytes) {
            throw TransportError("the connection closed after " + std::to_string(response.bodyBytes) + " of " +
                                     std::to_string(announcedBytes) + " bytes",
                                 false);
        }
        return response;
    } catch (const TransportError&) {
        throw;
    } catch (const Poco::TimeoutException& e) {
        throw TransportError("timed out (" + e.displayText() + ")", true);
    } catch (const Poco::Exception& e) {
        throw TransportError(e.displayText(), false);
    } catch (const std::ios_base::failure& e) {
        throw TransportError(e.what(), false);
    }
}

} // namespace gequ::net
