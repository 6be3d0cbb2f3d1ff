#pragma once

// One HTTP(S) exchange with WeChat, with timeouts and a bounded answer. Internal to gequ_payment.

#include "wechat_format.h"

#include <Poco/Net/Context.h>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace gequ::payment::detail {

/// A host to call: https://host[:port] (or http:// for local fakes), without a path.
struct BaseUrl {
    bool https = true;
    std::string host;
    std::uint16_t port = 443;

    /// The Host header: host, plus :port when it is not the scheme's default.
    std::string hostHeader() const;
};

/// url parsed; std::invalid_argument "<key>: …" unless it is http(s)://host[:port] with at most a trailing slash.
BaseUrl parseBaseUrl(const std::string& url, const char* key);

struct HttpReply {
    int status = 0;
    HeaderList headers;
    std::string body;
};

/// The call did not produce an HTTP answer (refused, timed out, TLS failure, …).
class TransportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Sends requests to one host. HTTPS verifies the server against the system's CAs and the host name. Thread-safe:
/// each exchange opens its own session.
class HttpClient {
public:
    HttpClient(BaseUrl base, int timeoutSeconds, std::string userAgent);

    /// The reply, whatever its status; TransportError when there is none. pathAndQuery starts with '/'.
    HttpReply send(const std::string& method, const std::string& pathAndQuery, const HeaderList& headers,
                   const std::string& body) const;

    const BaseUrl& base() const { return _base; }

private:
    BaseUrl _base;
    int _timeoutSeconds;
    std::string _userAgent;
    Poco::Net::Context::Ptr _context;
};

} // namespace gequ::payment::detail
