#pragma once

// A small HTTP(S) server on 127.0.0.1 (port 0) for the net suite: answers with a handler and counts the requests that
// arrived, so a test can prove that nothing was sent.

#include <Poco/Net/Context.h>
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace gequ::net::test {

struct Received {
    std::string method;
    std::string target;
    std::string host;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

struct Reply {
    int status = 200;
    std::vector<std::pair<std::string, std::string>> headers;
    std::string body;
    /// When set, the announced Content-Length (may differ from body's size, to break the exchange on purpose).
    long long contentLength = -1;
    /// Wait this long before answering.
    int delayMillis = 0;
};

class LocalServer {
public:
    using Handler = std::function<Reply(const Received&)>;

    /// Plain HTTP; with tls set, HTTPS with that server context.
    explicit LocalServer(Handler handler, Poco::Net::Context::Ptr tls = nullptr);
    ~LocalServer();
    LocalServer(const LocalServer&) = delete;
    LocalServer& operator=(const LocalServer&) = delete;

    std::uint16_t port() const;
    /// How many requests reached the handler.
    int requests() const { return _requests->load(); }

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
    std::shared_ptr<std::atomic<int>> _requests;
};

} // namespace gequ::net::test
