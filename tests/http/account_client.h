#pragma once

// What the account tests share: a TestServer that trusts X-Forwarded-For (so a test can speak from any IP), and
// helpers that call the login and user endpoints the way the web app does.

#include "http_client.h"
#include "test_server.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <gtest/gtest.h>
#include <memory>
#include <string>

namespace gequ::http::test {

/// One server per suite (stopping one takes a quarter of a second); each test starts on a new, empty database with the
/// clock at testNow().
class AccountTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        _server = std::make_unique<TestServer>([](HttpConfig& config) { config.trustProxy = true; });
    }
    static void TearDownTestSuite() { _server.reset(); }
    void SetUp() override { _server->resetAccounts(); }

    TestServer& server() { return *_server; }
    std::uint16_t port() { return _server->port(); }
    FixedClock& clock() { return _server->clock(); }
    RecordingSms& sms() { return _server->sms(); }
    domain::Store& store() { return _server->store(); }

    /// A POST with a JSON body, optionally signed in and from a given client IP.
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

    HttpAnswer requestCode(const std::string& phone, const std::string& ip = "10.0.0.1") {
        return post("/login/code", R"({"phoneNumber":")" + phone + R"("})", {}, ip);
    }
    HttpAnswer loginWith(const std::string& phone, const std::string& code, const std::string& ip = "10.0.0.1") {
        return post("/login/phone", R"({"phoneNumber":")" + phone + R"(","code":")" + code + R"("})", {}, ip);
    }
    /// Logs in through HTTP (a code, then the login) from a fresh IP, and returns the token.
    std::string login(const std::string& phone) {
        const int n = ++_ips;
        const std::string ip = "10.9." + std::to_string(n / 200) + "." + std::to_string(n % 200 + 1);
        auto sent = requestCode(phone, ip);
        EXPECT_EQ(okCode(sent), 2000) << sent.text();
        auto answer = loginWith(phone, sms().lastCode(phone), ip);
        EXPECT_EQ(okCode(answer), 2000) << answer.text();
        return data(answer)->getValue<std::string>("token");
    }
    /// The id of the signed-in user.
    std::string userId(const std::string& token) {
        return data(getAs("/user/select", token))->getValue<std::string>("id");
    }

    static int okCode(const HttpAnswer& answer) { return answer.json()->getValue<int>("code"); }
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
    static void expectOk(const HttpAnswer& answer, const std::string& message = {}) {
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), 2000) << answer.text();
        if (!message.empty()) {
            EXPECT_EQ(json->getValue<std::string>("message"), message);
        }
    }

    /// How many code rows the phone has (sent, reserved or spent).
    std::int64_t codeRows(const std::string& phone) {
        return domain::readOnly(store(), [&](domain::Repositories& repos) {
            return repos.smsCodes().countForPhoneSince(phone, domain::fromEpochMillis(0));
        });
    }

protected:
    static inline std::unique_ptr<TestServer> _server; ///< a suite may build its own in its SetUpTestSuite

private:
    int _ips = 0;
};

} // namespace gequ::http::test
