#pragma once

// What the account tests share: a TestServer that trusts X-Forwarded-For (so a test can speak from any IP), and the
// API steps (api_steps.h) that call the login and user endpoints the way the web app does.

#include "api_steps.h"
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
class AccountTest : public ::testing::Test, protected ApiSteps {
protected:
    static void SetUpTestSuite() {
        _server = std::make_unique<TestServer>(nullptr, nullptr, "http.trust_proxy = true\n");
    }
    static void TearDownTestSuite() { _server.reset(); }
    void SetUp() override { _server->resetAccounts(); }

    TestServer& server() { return *_server; }
    std::uint16_t port() { return _server->port(); }
    FixedClock& clock() { return _server->clock(); }
    RecordingSms& sms() { return _server->sms(); }
    domain::Store& store() { return _server->store(); }
    TestServer& apiServer() override { return *_server; }

    /// How many code rows the phone has (sent, reserved or spent).
    std::int64_t codeRows(const std::string& phone) {
        return domain::readOnly(store(), [&](domain::Repositories& repos) {
            return repos.smsCodes().countForPhoneSince(phone, domain::fromEpochMillis(0));
        });
    }

protected:
    static inline std::unique_ptr<TestServer> _server; ///< a suite may build its own in its SetUpTestSuite
};

} // namespace gequ::http::test
