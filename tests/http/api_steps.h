#pragma once

// The one set of steps the HTTP suites take the way the web app does (docs/testing.md): JSON posts and GETs, signed in
// and from a given client IP, logging in with the code the recording SMS provider received, and reading the answers'
// envelopes. A fixture inherits it and says which TestServer it talks to.

#include "http_client.h"
#include "test_server.h"

#include <Poco/Base64Encoder.h>
#include <Poco/DigestEngine.h>
#include <Poco/JSON/Object.h>
#include <Poco/SHA2Engine.h>
#include <gtest/gtest.h>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace gequ::http::test {

class ApiSteps {
public:
    virtual ~ApiSteps() = default;

protected:
    /// The server the steps talk to.
    virtual TestServer& apiServer() = 0;

    /// A POST with a JSON body, optionally signed in and from a given client IP (X-Forwarded-For: the server must
    /// trust the proxy for it to count).
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
        return send(apiServer().port(), spec);
    }
    /// A GET, optionally signed in.
    HttpAnswer getAs(const std::string& uri, const std::string& token = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(apiServer().port(), uri, std::move(headers));
    }

    HttpAnswer requestCode(const std::string& phone, const std::string& ip = "10.0.0.1") {
        return post("/login/code", R"({"phoneNumber":")" + phone + R"("})", {}, ip);
    }
    /// A code request with an ALTCHA payload (solvedChallenge).
    HttpAnswer requestCodeWith(const std::string& phone, const std::string& ip, const std::string& altcha) {
        return post("/login/code", R"({"phoneNumber":")" + phone + R"(","altcha":")" + altcha + R"("})", {}, ip);
    }
    /// Whether an answer asks for a solved challenge (data.challengeRequired).
    static bool asksForChallenge(const HttpAnswer& answer) {
        auto json = answer.json();
        auto data = json->getObject("data");
        return !data.isNull() && data->optValue<bool>("challengeRequired", false);
    }
    /// Requests a code; when the server asks for a challenge, solves one as the altcha widget does and asks again.
    HttpAnswer requestCodeSolving(const std::string& phone, const std::string& ip = "10.0.0.1") {
        auto answer = requestCode(phone, ip);
        return asksForChallenge(answer) ? requestCodeWith(phone, ip, solvedChallenge(ip)) : answer;
    }
    /// GET /login/challenge solved by brute force, as the altcha widget solves it: the base64 JSON payload
    /// {algorithm, challenge, number, salt, signature} that POST /login/code takes as `altcha`.
    std::string solvedChallenge(const std::string& ip = {}) {
        RequestSpec spec;
        spec.uri = "/login/challenge";
        if (!ip.empty()) {
            spec.headers.emplace_back("X-Forwarded-For", ip);
        }
        auto challenge = data(send(apiServer().port(), spec));
        const std::string salt = challenge->getValue<std::string>("salt");
        const std::string target = challenge->getValue<std::string>("challenge");
        const auto max = challenge->getValue<std::int64_t>("maxnumber");
        for (std::int64_t n = 0; n <= max; ++n) {
            Poco::SHA2Engine sha(Poco::SHA2Engine::SHA_256);
            sha.update(salt + std::to_string(n));
            if (Poco::DigestEngine::digestToHex(sha.digest()) == target) {
                Poco::JSON::Object payload;
                payload.set("algorithm", challenge->getValue<std::string>("algorithm"));
                payload.set("challenge", target);
                payload.set("number", n);
                payload.set("salt", salt);
                payload.set("signature", challenge->getValue<std::string>("signature"));
                payload.set("took", 10);
                std::ostringstream json;
                payload.stringify(json);
                std::ostringstream out;
                Poco::Base64Encoder encoder(out);
                encoder.rdbuf()->setLineLength(0);
                encoder << json.str();
                encoder.close();
                return out.str();
            }
        }
        ADD_FAILURE() << "the challenge has no solution up to maxnumber";
        return {};
    }
    HttpAnswer loginWith(const std::string& phone, const std::string& code, const std::string& ip = "10.0.0.1") {
        return post("/login/phone", R"({"phoneNumber":")" + phone + R"(","code":")" + code + R"("})", {}, ip);
    }
    /// Logs in through HTTP (a code, then the login) from a fresh IP on a fresh network (a /24 of its own, so no
    /// proof-of-work challenge is asked), and returns the token.
    std::string login(const std::string& phone) {
        const int n = ++_ips;
        const std::string ip = "10." + std::to_string(100 + n / 250) + "." + std::to_string(n % 250) + ".1";
        auto sent = requestCode(phone, ip);
        EXPECT_EQ(sent.status, 200) << sent.text();
        EXPECT_EQ(okCode(sent), 2000) << sent.text();
        auto answer = loginWith(phone, apiServer().sms().lastCode(phone), ip);
        EXPECT_EQ(answer.status, 200) << answer.text();
        return data(answer)->getValue<std::string>("token");
    }
    /// GET /user/select's data.
    Poco::JSON::Object::Ptr profile(const std::string& token) { return data(getAs("/user/select", token)); }
    /// The id of the signed-in user.
    std::string userId(const std::string& token) { return profile(token)->getValue<std::string>("id"); }

    static int okCode(const HttpAnswer& answer) { return answer.json()->getValue<int>("code"); }
    /// An answer's data object, expecting status 200 and code 2000 (an empty object when there is none).
    static Poco::JSON::Object::Ptr data(const HttpAnswer& answer) {
        EXPECT_EQ(answer.status, 200) << answer.text();
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
        // data is null, except on the refusals that ask for a proof-of-work challenge (docs/api.md).
        EXPECT_TRUE(json->isNull("data") || message == domain::kChallengeRequiredMessage ||
                    message == domain::kChallengeInvalidMessage);
    }
    static void expectOk(const HttpAnswer& answer, const std::string& message = {}) {
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto json = answer.json();
        EXPECT_EQ(json->getValue<int>("code"), 2000) << answer.text();
        if (!message.empty()) {
            EXPECT_EQ(json->getValue<std::string>("message"), message);
        }
    }

private:
    int _ips = 0;
};

} // namespace gequ::http::test
