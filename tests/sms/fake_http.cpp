#include "fake_http.h"

#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/SecureServerSocket.h>
#include <Poco/Net/SocketAddress.h>
#include <Poco/String.h>
#include <istream>
#include <iterator>
#include <ostream>

namespace gequ::sms::test {

namespace {

class Handler : public Poco::Net::HTTPRequestHandler {
public:
    explicit Handler(const FakeHttpServer::Handler& handler) : _handler(handler) {}

    void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
        ReceivedRequest received;
        received.method = request.getMethod();
        received.uri = request.getURI();
        received.contentType = request.getContentType();
        for (const auto& [name, value] : request) {
            received.headers.emplace_back(name, value);
        }
        received.body.assign(std::istreambuf_iterator<char>(request.stream()), std::istreambuf_iterator<char>());
        const Answer answer = _handler(received);
        response.setStatusAndReason(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(answer.status));
        response.setContentType(answer.contentType);
        response.setContentLength(static_cast<std::streamsize>(answer.body.size()));
        response.send() << answer.body;
    }

private:
    const FakeHttpServer::Handler& _handler;
};

class Factory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit Factory(FakeHttpServer::Handler handler) : _handler(std::move(handler)) {}

    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new Handler(_handler);
    }

private:
    FakeHttpServer::Handler _handler;
};

} // namespace

std::string ReceivedRequest::header(const std::string& name) const {
    for (const auto& [key, value] : headers) {
        if (Poco::icompare(key, name) == 0) {
            return value;
        }
    }
    return "";
}

bool ReceivedRequest::hasHeader(const std::string& name) const {
    for (const auto& entry : headers) {
        if (Poco::icompare(entry.first, name) == 0) {
            return true;
        }
    }
    return false;
}

FakeHttpServer::FakeHttpServer(Handler handler) : FakeHttpServer(std::move(handler), nullptr) {}

FakeHttpServer::FakeHttpServer(Handler handler, Poco::Net::Context::Ptr tlsContext) : _tls(!tlsContext.isNull()) {
    const Poco::Net::SocketAddress address("127.0.0.1", 0);
    Poco::Net::ServerSocket socket =
        _tls ? Poco::Net::SecureServerSocket(address, 64, tlsContext) : Poco::Net::ServerSocket(address);
    _port = socket.address().port();
    auto* params = new Poco::Net::HTTPServerParams;
    params->setMaxThreads(4);
    params->setKeepAlive(false);
    _server = std::make_unique<Poco::Net::HTTPServer>(new Factory(std::move(handler)), socket, params);
    _server->start();
}

FakeHttpServer::~FakeHttpServer() {
    _server->stopAll(true);
}

std::string FakeHttpServer::url() const {
    return std::string(_tls ? "https" : "http") + "://127.0.0.1:" + std::to_string(_port) + "/";
}

std::uint16_t deadPort() {
    Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
    const std::uint16_t port = socket.address().port();
    socket.close();
    return port;
}

SilentServer::SilentServer() : _socket(Poco::Net::SocketAddress("127.0.0.1", 0), 16) {}

std::string SilentServer::url() const {
    return "http://127.0.0.1:" + std::to_string(_socket.address().port()) + "/";
}

} // namespace gequ::sms::test
