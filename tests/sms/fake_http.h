#pragma once

// A tiny HTTP server on 127.0.0.1 (port 0) for the provider fakes, and the two ways a provider can fail to answer:
// a port nobody listens on, and a socket that accepts connections and never replies.

#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace gequ::sms::test {

/// Everything a fake needs from one request, read in full.
struct ReceivedRequest {
    std::string method;
    std::string uri;
    std::string contentType;
    std::string body;
    /// Header names as sent; look them up case-insensitively with header().
    std::vector<std::pair<std::string, std::string>> headers;

    /// The value of the first header called name (any case), or "" when absent.
    std::string header(const std::string& name) const;
    bool hasHeader(const std::string& name) const;
};

/// What a fake answers.
struct Answer {
    int status = 200;
    std::string contentType = "application/json;charset=utf-8";
    std::string body;
};

/// Serves handler on 127.0.0.1 at a free port until destroyed.
class FakeHttpServer {
public:
    using Handler = std::function<Answer(const ReceivedRequest&)>;

    explicit FakeHttpServer(Handler handler);
    /// The same over TLS with tlsContext (a server context holding the certificate); url() is then https://.
    FakeHttpServer(Handler handler, Poco::Net::Context::Ptr tlsContext);
    ~FakeHttpServer();
    FakeHttpServer(const FakeHttpServer&) = delete;
    FakeHttpServer& operator=(const FakeHttpServer&) = delete;

    std::uint16_t port() const { return _port; }
    /// http://127.0.0.1:<port>/ (https:// over TLS)
    std::string url() const;

private:
    std::unique_ptr<Poco::Net::HTTPServer> _server;
    std::uint16_t _port = 0;
    bool _tls = false;
};

/// A local port with nothing listening (connections are refused).
std::uint16_t deadPort();

/// Accepts TCP connections (the kernel completes them) but never reads or answers.
class SilentServer {
public:
    SilentServer();
    std::string url() const;

private:
    Poco::Net::ServerSocket _socket;
};

} // namespace gequ::sms::test
