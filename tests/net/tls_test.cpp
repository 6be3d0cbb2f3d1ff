// HTTPS is verified strictly: the chain must lead to a trusted CA (the system's, or the extra CA file a test gives)
// and the certificate must name the host. A server that fails either is never sent the request.

#include "gequ/net/http_client.h"
#include "local_server.h"
#include "temp_dir.h"
#include "test_ca.h"

#include <gtest/gtest.h>

using namespace gequ::net;
using gequ::net::test::LocalServer;
using gequ::net::test::Received;
using gequ::net::test::Reply;

namespace {

class Tls : public ::testing::Test {
protected:
    Tls() : ca(dir.path()) {}

    static Request secret(const std::string& url) {
        Request request;
        request.method = "POST";
        request.url = *parseUrl(url);
        request.body = "a secret";
        return request;
    }

    gequ::test::TempDir dir{"net-tls"};
    gequ::test::TestCa ca;
};

Reply answer(const Received&) {
    return Reply{200, {}, "over TLS"};
}

} // namespace

TEST_F(Tls, AServerWhoseCertificateTheTestCaIssuedAnswers) {
    LocalServer server(answer, gequ::test::serverContext(ca.issue("IP:127.0.0.1")));
    const HttpClient client(ca.caFile().string());
    const Response response = client.send(secret("https://127.0.0.1:" + std::to_string(server.port()) + "/"));
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.body, "over TLS");
    EXPECT_EQ(server.requests(), 1);
}

TEST_F(Tls, WithoutTheCaTheSameServerIsRefused) {
    LocalServer server(answer, gequ::test::serverContext(ca.issue("IP:127.0.0.1")));
    EXPECT_THROW(HttpClient().send(secret("https://127.0.0.1:" + std::to_string(server.port()) + "/")), TransportError);
    EXPECT_EQ(server.requests(), 0);
}

TEST_F(Tls, ASelfSignedCertificateIsRefused) {
    LocalServer server(answer, gequ::test::serverContext(ca.selfSigned("IP:127.0.0.1")));
    const HttpClient client(ca.caFile().string());
    EXPECT_THROW(client.send(secret("https://127.0.0.1:" + std::to_string(server.port()) + "/")), TransportError);
    EXPECT_EQ(server.requests(), 0);
}

TEST_F(Tls, ACertificateForAnotherHostIsRefused) {
    LocalServer server(answer, gequ::test::serverContext(ca.issue("DNS:api.mch.weixin.qq.com")));
    const HttpClient client(ca.caFile().string());
    EXPECT_THROW(client.send(secret("https://127.0.0.1:" + std::to_string(server.port()) + "/")), TransportError);
    EXPECT_EQ(server.requests(), 0);
}

TEST_F(Tls, APinnedAddressStillChecksTheCertificateAgainstTheHostName) {
    LocalServer server(answer, gequ::test::serverContext(ca.issue("DNS:media.gequ.invalid")));
    const HttpClient client(ca.caFile().string());
    Request request = secret("https://media.gequ.invalid:" + std::to_string(server.port()) + "/");
    request.connectAddress = "127.0.0.1";
    EXPECT_EQ(client.send(request).body, "over TLS");

    Request wrongName = secret("https://other.gequ.invalid:" + std::to_string(server.port()) + "/");
    wrongName.connectAddress = "127.0.0.1";
    EXPECT_THROW(client.send(wrongName), TransportError);
    EXPECT_EQ(server.requests(), 1);
}
