#include "http_transport.h"

#include <Poco/Exception.h>
#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPSClientSession.h>
#include <Poco/Net/NetException.h>
#include <Poco/Net/SSLManager.h>
#include <Poco/URI.h>
#include <algorithm>
#include <cctype>
#include <istream>
#include <memory>
#include <ostream>

namespace gequ::upstream::detail {

namespace {

// One client context for the process. VERIFY_STRICT rather than RELAXED: under RELAXED Poco skips the host-name
// check for localhost names; for a client the two are otherwise the same (the chain is verified against the system's
// CAs). With no certificate handler registered in the SSLManager, a chain that does not verify is rejected.
Poco::Net::Context::Ptr clientContext() {
    static const Poco::Net::Context::Ptr context = [] {
        Poco::Net::initializeSSL();
        Poco::Net::Context::Ptr ptr =
            new Poco::Net::Context(Poco::Net::Context::TLS_CLIENT_USE, "", Poco::Net::Context::VERIFY_STRICT, 9, true,
                                   "ALL:!ADH:!LOW:!EXP:!MD5:@STRENGTH");
        ptr->requireMinimumProtocol(Poco::Net::Context::PROTO_TLSV1_2);
        return ptr;
    }();
    return context;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::optional<Url> fromUri(const Poco::URI& uri) {
    const std::string scheme = lower(uri.getScheme());
    if ((scheme != "http" && scheme != "https") || uri.getHost().empty()) {
        return std::nullopt;
    }
    Url url;
    url.https = scheme == "https";
    url.host = uri.getHost();
    url.port = uri.getPort();
    url.target = uri.getPathAndQuery();
    if (url.target.empty()) {
        url.target = "/";
    }
    return url;
}

Poco::Timespan timespan(std::chrono::steady_clock::duration duration) {
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(duration).count();
    return Poco::Timespan(std::max<Poco::Timespan::TimeDiff>(micros, 1000));
}

} // namespace

std::string Url::hostHeader() const {
    const std::uint16_t defaultPort = https ? 443 : 80;
    const std::string name = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return port == defaultPort ? name : name + ":" + std::to_string(port);
}

std::optional<Url> parseUrl(const std::string& text) {
    try {
        return fromUri(Poco::URI(text));
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

std::optional<Url> resolveUrl(const Url& base, const std::string& reference) {
    try {
        Poco::URI uri(std::string(base.https ? "https" : "http") + "://" + base.hostHeader() + base.target);
        uri.resolve(reference);
        return fromUri(uri);
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
}

std::string mediaType(const std::string& contentType) {
    std::string type = contentType.substr(0, contentType.find(';'));
    const auto begin = type.find_first_not_of(" \t");
    const auto end = type.find_last_not_of(" \t");
    return begin == std::string::npos ? std::string() : lower(type.substr(begin, end - begin + 1));
}

HttpReply exchange(const HttpRequestSpec& spec, const ExchangeLimits& limits) {
    using Clock = std::chrono::steady_clock;
    const bool hasDeadline = limits.deadline != Clock::time_point{};
    const auto remaining = [&] { return limits.deadline - Clock::now(); };
    try {
        std::unique_ptr<Poco::Net::HTTPClientSession> session;
        if (spec.url.https) {
            session = std::make_unique<Poco::Net::HTTPSClientSession>(spec.url.host, spec.url.port, clientContext());
        } else {
            session = std::make_unique<Poco::Net::HTTPClientSession>(spec.url.host, spec.url.port);
        }
        Clock::duration timeout = limits.timeout;
        if (hasDeadline) {
            timeout = std::min(timeout, remaining());
            if (timeout <= Clock::duration::zero()) {
                throw TransportError("the deadline passed before connecting", true);
            }
        }
        session->setTimeout(timespan(timeout));
        session->setKeepAlive(false);

        Poco::Net::HTTPRequest request(spec.method, spec.url.target, Poco::Net::HTTPMessage::HTTP_1_1);
        request.setHost(spec.url.hostHeader());
        for (const auto& [name, value] : spec.headers) {
            request.set(name, value);
        }
        if (!spec.body.empty() || spec.method == Poco::Net::HTTPRequest::HTTP_POST) {
            if (!spec.contentType.empty()) {
                request.setContentType(spec.contentType);
            }
            request.setContentLength(static_cast<std::streamsize>(spec.body.size()));
        }
        session->sendRequest(request) << spec.body;

        Poco::Net::HTTPResponse response;
        std::istream& in = session->receiveResponse(response);
        HttpReply reply;
        reply.status = static_cast<int>(response.getStatus());
        reply.contentType = response.get("Content-Type", "");
        reply.location = response.get("Location", "");
        if (response.hasContentLength() && response.getContentLength64() > 0 &&
            static_cast<std::uint64_t>(response.getContentLength64()) > limits.maxBytes) {
            reply.tooLarge = true;
            return reply;
        }
        // A timeout or a broken connection while reading the body must not pass for a short body: let the
        // stream rethrow what its buffer throws, and compare the length read with the one announced.
        in.exceptions(std::ios::badbit);
        char buffer[16384];
        while (in) {
            if (hasDeadline && remaining() <= Clock::duration::zero()) {
                throw TransportError("the download took longer than allowed", true);
            }
            in.read(buffer, sizeof buffer);
            const auto got = static_cast<std::size_t>(in.gcount());
            if (reply.body.size() + got > limits.maxBytes) {
                reply.tooLarge = true;
                return reply;
            }
            reply.body.append(buffer, got);
        }
        if (response.hasContentLength() && response.getContentLength64() >= 0 &&
            static_cast<std::uint64_t>(response.getContentLength64()) != reply.body.size()) {
            throw TransportError("the connection closed after " + std::to_string(reply.body.size()) + " of " +
                                     std::to_string(response.getContentLength64()) + " bytes",
                                 false);
        }
        return reply;
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

} // namespace gequ::upstream::detail
