#pragma once

// What the payment tests share: the whole server with its payment side (the sandbox provider, or WeChat Pay against
// the fake WeChat Pay server of tests/payment), one server per suite and a fresh database per test, and helpers that
// log in and buy the way the web app does.

#include "api_steps.h"
#include "fake_crypto.h"
#include "fake_wechat_pay.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/order_service.h"
#include "gequ/payment/qr_code.h"
#include "gequ/payment/sandbox_gateway.h"
#include "gequ/payment/wechat_pay_gateway.h"
#include "http_client.h"
#include "test_server.h"

#include <Poco/JSON/Object.h>
#include <fstream>
#include <gtest/gtest.h>
#include <memory>
#include <sstream>
#include <string>

namespace gequ::http::test {

enum class PayProvider { Sandbox, Wechat };

inline constexpr const char* kPublicBaseUrl = "https://gequ.example.com";
inline constexpr const char* kWechatPublicKeyId = "PUB_KEY_ID_0114232134912410000000000000001";
inline constexpr const char* kWechatAppId = "wxd678efh567hg6787";
inline constexpr const char* kWechatMchId = "1900007291";
inline constexpr const char* kApiV3Key = "a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb";

/// The text of tests/payment/fixtures/<name>.
inline std::string paymentFixture(const std::string& name) {
    std::ifstream in(std::string(GEQU_PAYMENT_FIXTURES_DIR) + "/" + name, std::ios::binary);
    if (!in) {
        throw std::runtime_error("missing payment fixture " + name);
    }
    std::ostringstream text;
    text << in.rdbuf();
    return std::move(text).str();
}

/// The whole server in-process with the payment side of payment.provider, wired by the production wiring from the
/// configuration (for WeChat Pay: the wechat.* keys, the key files written to a temporary folder, the fake's address).
class PayServer {
public:
    explicit PayServer(PayProvider provider) {
        std::string properties =
            "http.trust_proxy = true\nhttp.threads = 8\nhttp.public_base_url = " + std::string(kPublicBaseUrl) + "\n";
        if (provider == PayProvider::Wechat) {
            using payment::testing::publicKeyOfPrivateKey;
            payment::testing::FakeWechatPay::Options options;
            options.appId = kWechatAppId;
            options.mchId = kWechatMchId;
            options.apiV3Key = kApiV3Key;
            options.merchantPublicKeyPem = publicKeyOfPrivateKey(paymentFixture("merchant_private_key.txt"));
            options.signingKey = {paymentFixture("wechatpay_go_private_key.txt"), "", kWechatPublicKeyId};
            options.expectedWechatpaySerial = kWechatPublicKeyId;
            options.now = [this] { return domain::toEpochMillis(_server->clock().now()) / 1000; };
            _fake = std::make_unique<payment::testing::FakeWechatPay>(options);

            const auto privateKey = _keys.path() / "merchant_private_key.pem";
            const auto publicKey = _keys.path() / "wechatpay_public_key.pem";
            writeFile(privateKey, paymentFixture("merchant_private_key.txt"));
            writeFile(publicKey, publicKeyOfPrivateKey(paymentFixture("wechatpay_go_private_key.txt")));
            properties += std::string("payment.provider = wechat\n") + "wechat.appid = " + kWechatAppId + "\n" +
                          "wechat.mchid = " + kWechatMchId + "\n" +
                          "wechat.merchant_serial = 408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB\n" +
                          "wechat.private_key_file = " + privateKey.string() + "\n" +
                          "wechat.apiv3_key = " + kApiV3Key + "\n" + "wechat.public_key_id = " + kWechatPublicKeyId +
                          "\n" + "wechat.public_key_file = " + publicKey.string() + "\n" +
                          "wechat.oauth_secret = fake-oauth-secret\n" + "wechat.base_url = " + _fake->baseUrl() + "\n" +
                          "wechat.oauth_base_url = " + _fake->baseUrl() + "\n" + "wechat.timeout = 5\n";
        }
        _server = std::make_unique<TestServer>(nullptr, nullptr, properties);
    }

    /// A new, empty database, the clock back at testNow(), a fresh SMS record. Only between requests.
    void reset() {
        _server->resetAccounts();
        if (_fake) {
            _fake->setFault(payment::testing::FakeWechatPay::Fault::None);
        }
    }

    TestServer& server() { return *_server; }
    std::uint16_t port() const { return _server->port(); }
    domain::Store& store() { return _server->store(); }
    FixedClock& clock() { return _server->clock(); }
    RecordingSms& sms() { return _server->sms(); }
    domain::OrderService& orders() { return _server->runtime().orders(); }
    payment::testing::FakeWechatPay& fake() { return *_fake; }

private:
    TempDir _keys;
    std::unique_ptr<payment::testing::FakeWechatPay> _fake;
    std::unique_ptr<TestServer> _server;
};

/// The helpers of the payment suites, on the suite's server (PayTest below).
class PayTestBase : public ::testing::Test, protected ApiSteps {
protected:
    void SetUp() override { _server->reset(); }

    PayServer& server() { return *_server; }
    std::uint16_t port() { return _server->port(); }
    FixedClock& clock() { return _server->clock(); }
    domain::Store& store() { return _server->store(); }
    domain::OrderService& orders() { return _server->orders(); }
    TestServer& apiServer() override { return _server->server(); }

    /// POST /pay/jsapiPc for the plan: the order number (request_id), checking the answer's shape.
    std::string buyNative(const std::string& token, int planId) {
        auto answer = post("/pay/jsapiPc", std::to_string(planId), token);
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), 2000) << answer.text();
        return json->optValue<std::string>("request_id", "");
    }
    /// GET /pay/resultQuery's data: 1, 0 or -1.
    int resultQuery(const std::string& token, const std::string& orderNo,
                    const std::string& path = "/pay/resultQuery") {
        auto answer = getAs(path + "?taskId=" + orderNo, token);
        EXPECT_EQ(answer.status, 200) << answer.text();
        return answer.json()->getValue<int>("data");
    }
    domain::Order order(const std::string& orderNo) {
        auto found =
            domain::readOnly(store(), [&](domain::Repositories& repos) { return repos.orders().findByNo(orderNo); });
        EXPECT_TRUE(found.has_value()) << orderNo;
        return found.value_or(domain::Order{});
    }
    std::vector<domain::PointsRecord> records(const std::string& token) {
        const std::string id = profile(token)->getValue<std::string>("id");
        return domain::readOnly(store(), [&](domain::Repositories& repos) { return repos.points().allByUser(id); });
    }
    /// The broken invariants gequ-admin check would print (none expected).
    std::vector<std::string> check() {
        CountingIds ids;
        return domain::AdminService(store(), clock(), ids).check();
    }

protected:
    static inline PayServer* _server = nullptr; ///< the running suite's
};

/// One server per suite; each test starts on a new, empty database with the clock at testNow().
template <PayProvider kProvider> class PayTest : public PayTestBase {
protected:
    static void SetUpTestSuite() {
        _own = std::make_unique<PayServer>(kProvider);
        _server = _own.get();
    }
    static void TearDownTestSuite() {
        _server = nullptr;
        _own.reset();
    }

private:
    static inline std::unique_ptr<PayServer> _own;
};

} // namespace gequ::http::test
