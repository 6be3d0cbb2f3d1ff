#include "local_server.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/SecureServerSocket.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/StreamCopier.h>
#include <chrono>
#include <thread>

namespace gequ::net::test {

namespace {

class Handler : public Poco::Net::HTTPRequestHandler {
public:
    Handler(const LocalServer::Handler& handler, std::shared_ptr<std::atomic<int>> count)
        : _handler(handler), _count(std::move(count)) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        ++*_count;
        Received received;
        received.method = request.getMethod();
        received.target = request.getURI();
        received.host = request.getHost();
        Poco::StreamCopier::copyToString(request.stream(), received.body);
        for (const auto& [name, value] : request) {
            received.headers.emplace_back(name, value);
        }
        const Reply reply = _handler(received);
        if (reply.delayMillis > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(reply.delayMillis));
        }
        response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(reply.status));
        for (const auto& [name, value] : reply.headers) {
            response.set(name, value);
        }
        response.setContentLength64(reply.contentLength >= 0 ? reply.contentLength
                                                             : static_cast<long long>(reply.body.size()));
        response.send() << reply.body;
    }

private:
    const LocalServer::Handler& _handler;
    std::shared_ptr<std::atomic<int>> _count;
};

class Factory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    Factory(const LocalServer::Handler& handler, std::shared_ptr<std::atomic<int>> count)
        : _handler(handler), _count(std::move(count)) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new Handler(_handler, _count);
    }

private:
    const LocalServer::Handler& _handler;
    std::shared_ptr<std::atomic<int>> _count;
};

} // namespace

struct LocalServer::Impl {
    LocalServer::Handler handler;
    std::unique_ptr<Poco::Net::ServerSocket> socket;
    std::unique_ptr<Poco::Net::HTTPServer> server;
};

LocalServer::LocalServer(Handler handler, Poco::Net::Context::Ptr tls)
    : _impl(std::make_unique<Impl>()), _requests(std::make_shared<std::atomic<int>>(0)) {
    _impl->handler = std::move(handler);
    const Poco::Net::SocketAddress address("127.0.0.1", 0);
    if (tls) {
        _impl->socket = std::make_unique<Poco::Net::SecureServerSocket>(address, 64, tls);
    } else {
        _impl->socket = std::make_unique<Poco::Net::ServerSocket>(address, 64);
    }
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setThreadIdleTime(Poco::Timespan(0, 100000));
    params->setKeepAlive(false);
    _impl->server =
        std::make_unique<Poco::Net::HTTPServer>(new Factory(_impl->handler, _requests), *_impl->socket, params);
    _impl->server->start();
}

LocalServer::~LocalServer() {
    _impl->server->stopAll(true);
}

std::uint16_t LocalServer::port() const {
    return _impl->socket->address().port();
}

} // namespace gequ::net::test
