#pragma once

// What the payment tests share: the whole server with its payment side (the sandbox provider, or WeChat Pay against
// the fake WeChat Pay server of tests/payment), one server per suite and a fresh database per test, and helpers that
// log in and buy the way the web app does.

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

/// The whole server in-process with the payment side wired as gequ-server wires it.
class PayServer {
public:
    explicit PayServer(PayProvider provider) : _clock(testNow()) {
        _store = std::make_unique<SwitchableStore>(db::openStore("sqlite:" + (_dir.path() / "gequ.db").string(), 4));
        _square = std::make_unique<domain::SquareService>(*_store, _clock);
        _accounts = std::make_unique<AccountServices>(*_store, _clock);

        domain::PaymentGateway* gateway = nullptr;
        domain::SandboxCheckout* sandbox = nullptr;
        domain::JsapiCheckout* jsapi = nullptr;
        if (provider == PayProvider::Wechat) {
            using payment::testing::publicKeyOfPrivateKey;
            payment::testing::FakeWechatPay::Options options;
            options.appId = kWechatAppId;
            options.mchId = kWechatMchId;
            options.apiV3Key = kApiV3Key;
            options.merchantPublicKeyPem = publicKeyOfPrivateKey(paymentFixture("merchant_private_key.txt"));
            options.signingKey = {paymentFixture("wechatpay_go_private_key.txt"), "", kWechatPublicKeyId};
            options.expectedWechatpaySerial = kWechatPublicKeyId;
            options.now = [this] { return domain::toEpochMillis(_clock.now()) / 1000; };
            _fake = std::make_unique<payment::testing::FakeWechatPay>(options);

            payment::WechatConfig config;
            config.appId = kWechatAppId;
            config.mchId = kWechatMchId;
            config.merchantSerial = "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB";
            config.privateKeyPem = paymentFixture("merchant_private_key.txt");
            config.apiV3Key = kApiV3Key;
            config.publicKeyId = kWechatPublicKeyId;
            config.publicKeyPem = publicKeyOfPrivateKey(paymentFixture("wechatpay_go_private_key.txt"));
            config.notifyUrl = std::string(kPublicBaseUrl) + "/pay/notify/wechat";
            config.oauthSecret = "fake-oauth-secret";
            config.baseUrl = _fake->baseUrl();
            config.oauthBaseUrl = _fake->baseUrl();
            config.publicBaseUrl = kPublicBaseUrl;
            config.timeoutSeconds = 5;
            _wechat = std::make_unique<payment::WechatPayGateway>(config, _clock, _random);
            gateway = _wechat.get();
            jsapi = _wechat.get();
        } else {
            _sandbox = std::make_unique<payment::SandboxGateway>(kPublicBaseUrl, _clock);
            gateway = _sandbox.get();
            sandbox = _sandbox.get();
        }
        _orders = std::make_unique<domain::OrderService>(*_store, _clock, _random, *gateway, sandbox, jsapi);

        HttpConfig config;
        config.host = "127.0.0.1";
        config.port = 0;
        config.publicBaseUrl = kPublicBaseUrl;
        config.webRoot = (_dir.path() / "web").string();
        config.mediaDir = (_dir.path() / "media").string();
        config.threads = 8;
        config.ratePerIp = 1e6;
        config.burstPerIp = 1e6;
        config.trustProxy = true;
        Services services = _accounts->services(*_store, _clock, *_square);
        services.payments.orders = _orders.get();
        services.payments.qrCode = [](const std::string& text) { return payment::qrSvgDataUri(text); };
        _server = std::make_unique<Server>(config, services);
        _server->start();
    }
    ~PayServer() { _server->stop(); }

    /// A new, empty database, the clock back at testNow(), a fresh SMS record. Only between requests.
    void reset() {
        const auto file = _dir.path() / ("gequ-" + std::to_string(++_databases) + ".db");
        _store->replace(db::openStore("sqlite:" + file.string(), 4));
        _clock.set(testNow());
        _accounts->sms.reset();
        if (_fake) {
            _fake->setFault(payment::testing::FakeWechatPay::Fault::None);
        }
    }

    std::uint16_t port() const { return _server->port(); }
    domain::Store& store() { return *_store; }
    FixedClock& clock() { return _clock; }
    RecordingSms& sms() { return _accounts->sms; }
    domain::OrderService& orders() { return *_orders; }
    payment::testing::FakeWechatPay& fake() { return *_fake; }

private:
    TempDir _dir;
    FixedClock _clock;
    std::unique_ptr<SwitchableStore> _store;
    int _databases = 0;
    std::unique_ptr<domain::SquareService> _square;
    std::unique_ptr<AccountServices> _accounts;
    TestRandom _random;
    std::unique_ptr<payment::testing::FakeWechatPay> _fake;
    std::unique_ptr<payment::SandboxGateway> _sandbox;
    std::unique_ptr<payment::WechatPayGateway> _wechat;
    std::unique_ptr<domain::OrderService> _orders;
    std::unique_ptr<Server> _server;
};

/// The helpers of the payment suites, on the suite's server (PayTest below).
class PayTestBase : public ::testing::Test {
protected:
    void SetUp() override { _server->reset(); }

    PayServer& server() { return *_server; }
    std::uint16_t port() { return _server->port(); }
    FixedClock& clock() { return _server->clock(); }
    domain::Store& store() { return _server->store(); }
    domain::OrderService& orders() { return _server->orders(); }

    /// A POST with a body, optionally signed in and from a given client IP.
    HttpAnswer post(const std::string& uri, const std::string& body, const std::string& token = {},
                    const std::string& ip = {}) {
        RequestSpec spec;
        spec.method = "POST";
        spec.uri = uri;
        spec.body = body;
        spec.headers.emplace_back("Content-Type", "application/json");
        if (!token.empty()) {
            spec.headers.emplace_back("Authorization", token);
        }
        if (!ip.empty()) {
            spec.headers.emplace_back("X-Forwarded-For", ip);
        }
        return send(port(), spec);
    }
    /// A GET, optionally signed in.
    HttpAnswer getAs(const std::string& uri, const std::string& token = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), uri, std::move(headers));
    }

    /// Logs in through HTTP (a code, then the login) from a fresh IP, and returns the token.
    std::string login(const std::string& phone) {
        const int n = ++_ips;
        const std::string ip = "10.8." + std::to_string(n / 200) + "." + std::to_string(n % 200 + 1);
        auto sent = post("/login/code", R"({"phoneNumber":")" + phone + R"("})", {}, ip);
        EXPECT_EQ(sent.status, 200) << sent.text();
        auto answer =
            post("/login/phone",
                 R"({"phoneNumber":")" + phone + R"(","code":")" + _server->sms().lastCode(phone) + R"("})", {}, ip);
        EXPECT_EQ(answer.status, 200) << answer.text();
        return data(answer)->getValue<std::string>("token");
    }
    /// GET /user/select's data.
    Poco::JSON::Object::Ptr profile(const std::string& token) { return data(getAs("/user/select", token)); }

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

    static Poco::JSON::Object::Ptr data(const HttpAnswer& answer) {
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), 2000) << answer.text();
        auto object = json->getObject("data");
        EXPECT_FALSE(object.isNull()) << answer.text();
        return object.isNull() ? Poco::JSON::Object::Ptr(new Poco::JSON::Object) : object;
    }
    static void expectError(const HttpAnswer& answer, int status, int code, const std::string& message) {
        EXPECT_EQ(answer.status, status) << answer.text();
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), code) << answer.text();
        EXPECT_EQ(json->getValue<std::string>("type"), "error");
        EXPECT_EQ(json->getValue<std::string>("message"), message) << answer.text();
        EXPECT_TRUE(json->isNull("data"));
    }

protected:
    static inline PayServer* _server = nullptr; ///< the running suite's

private:
    int _ips = 0;
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
