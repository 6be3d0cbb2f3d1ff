// HTTPS: the gateway verifies WeChat's certificate against the system's CAs (strictly, through gequ_net); a server
// whose certificate only our test CA vouches for is never sent a request (so a man in the middle sees neither our
// orders nor our signatures).

#include "log_capture.h"
#include "temp_dir.h"
#include "test_ca.h"
#include "wechat_fixture.h"

#include <Poco/Net/Context.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/SSLManager.h>
#include <Poco/Net/SecureServerSocket.h>
#include <atomic>
#include <filesystem>

namespace gequ::payment::testing {
namespace {

class CountingHandler : public Poco::Net::HTTPRequestHandler {
public:
    explicit CountingHandler(std::atomic<int>& count) : _count(count) {}
    void handleRequest(Poco::Net::HTTPServerRequest&, Poco::Net::HTTPServerResponse& response) override {
        ++_count;
        response.setContentLength(2);
        response.send() << "{}";
    }

private:
    std::atomic<int>& _count;
};

class CountingFactory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    explicit CountingFactory(std::atomic<int>& count) : _count(count) {}
    Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
        return new CountingHandler(_count);
    }

private:
    std::atomic<int>& _count;
};

TEST_F(WechatFixture, AnUntrustedHttpsServerIsNeverSentARequest) {
    Poco::Net::initializeSSL();
    const gequ::test::TempDir dir("payment-tls");
    const gequ::test::TestCa ca(dir.path());
    Poco::Net::Context::Ptr context = gequ::test::serverContext(ca.issue("IP:127.0.0.1"));
    std::atomic<int> requests{0};
    Poco::Net::SecureServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0), 64, context);
    Poco::Net::HTTPServerParams::Ptr params = new Poco::Net::HTTPServerParams;
    params->setThreadIdleTime(Poco::Timespan(0, 100000));
    Poco::Net::HTTPServer server(new CountingFactory(requests), socket, params);
    server.start();

    auto https = config();
    https.baseUrl = "https://127.0.0.1:" + std::to_string(socket.address().port());
    WechatPayGateway gateway(https, clock, random);
    gequ::test::LogCapture log("gequ.payment");
    expectBusy(gateway.start(request("GQ20250101000000TLS00001")));
    EXPECT_NE(log.text().find("certificate verify failed"), std::string::npos) << log.text();
    expectBusy(gateway.query("GQ20250101000000TLS00001"));
    EXPECT_EQ(requests.load(), 0);

    stopQuickly(server, socket.address());
}

} // namespace
} // namespace gequ::payment::testing
