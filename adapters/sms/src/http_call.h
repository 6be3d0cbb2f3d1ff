#pragma once

// One HTTP(S) POST to a provider with timeouts and a bounded answer. Internal to gequ_sms.

#include <Poco/Net/Context.h>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace gequ::sms::detail {

/// A provider endpoint: https://host[:port]/path (or http:// for local fakes).
struct Endpoint {
    bool https = true;
    std::string host;
    std::uint16_t port = 443;
    std::string path = "/";

    /// The Host header: host, plus :port when it is not the scheme's default.
    std::string hostHeader() const;
};

/// url parsed; std::invalid_argument "<key>: …" when it is not an http(s) URL with a host.
Endpoint parseEndpoint(const std::string& url, const char* key);

struct HttpReply {
    int status = 0;
    std::string reason;
    std::string body;
};

/// The call did not produce an HTTP answer (refused, timed out, TLS failure, …).
class TransportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

/// POSTs to one endpoint. HTTPS verifies the server against the system's CAs and the host name. Thread-safe: each
/// post opens its own session.
class HttpPoster {
public:
    /// caFile: a PEM file of extra trusted CAs (tests); the system's CAs are always trusted.
    HttpPoster(Endpoint endpoint, int timeoutSeconds, const std::string& caFile = "");

    /// The reply, whatever its status; TransportError when there is none. The Host header is hostHeader().
    HttpReply post(const HttpHeaders& headers, const std::string& contentType, const std::string& body) const;

    const Endpoint& endpoint() const { return _endpoint; }

private:
    Endpoint _endpoint;
    int _timeoutSeconds;
    Poco::Net::Context::Ptr _context;
};

} // namespace gequ::sms::detail
