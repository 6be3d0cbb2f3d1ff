#include "app_steps.h"

#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <csignal>
#include <fstream>
#include <optional>
#include <regex>

namespace gequ::apps::test {

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

Poco::JSON::Object::Ptr parseObject(const std::string& text) {
    Poco::JSON::Parser parser;
    return parser.parse(text).extract<Poco::JSON::Object::Ptr>();
}

std::string lastOutboxCode(const std::string& path) {
    std::ifstream in(path);
    std::string line, last;
    while (std::getline(in, line)) {
        if (!line.empty()) {
            last = line;
        }
    }
    return last.empty() ? std::string() : parseObject(last)->getValue<std::string>("code");
}

std::string signInOverHttp(std::uint16_t port, const std::string& outboxPath, const std::string& phone) {
    const Answer sent = call(port, "POST", "/login/code", R"({"phoneNumber":")" + phone + R"("})");
    EXPECT_EQ(sent.status, 200) << sent.body;
    const Answer login = call(port, "POST", "/login/phone",
                              R"({"phoneNumber":")" + phone + R"(","code":")" + lastOutboxCode(outboxPath) + R"("})");
    EXPECT_EQ(login.status, 200) << login.body;
    if (sent.status != 200 || login.status != 200) {
        return {};
    }
    return parseObject(login.body)->getObject("data")->getValue<std::string>("token");
}

Answer call(std::uint16_t port, const std::string& method, const std::string& path, const std::string& body,
            const std::string& token) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(10, 0));
    Poco::Net::HTTPRequest request(method, path, Poco::Net::HTTPMessage::HTTP_1_1);
    if (!token.empty()) {
        request.set("Authorization", token);
    }
    if (method == "POST") {
        request.setContentType("application/json");
        request.setContentLength(static_cast<std::streamsize>(body.size()));
    }
    session.sendRequest(request) << body;
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    Answer answer;
    answer.status = response.getStatus();
    Poco::StreamCopier::copyToString(in, answer.body);
    return answer;
}

ServerProcess::ServerProcess(const std::string& dir, const std::map<std::string, std::string>& keys, int timeoutSeconds)
    : _child(GEQU_SERVER_BIN, {}, dir, isolatedEnv(keys), timeoutSeconds) {
    EXPECT_TRUE(_child.readLine(_firstLine)) << _child.err();
    std::smatch match;
    if (std::regex_match(_firstLine, match, std::regex(R"(Gequ listening on http://127\.0\.0\.1:(\d+))"))) {
        _port = static_cast<std::uint16_t>(std::stoi(match[1]));
    }
}

int ServerProcess::kill() {
    _child.signal(SIGKILL);
    return _child.wait();
}

int ServerProcess::stop() {
    _child.signal(SIGTERM);
    return _child.wait();
}

RunResult DataDirTest::admin(const std::vector<std::string>& args, const std::map<std::string, std::string>& extra) {
    std::map<std::string, std::string> keys{{"data.dir", data()}};
    for (const auto& [key, value] : extra) {
        keys[key] = value;
    }
    return runProgram(GEQU_ADMIN_BIN, args, _dir.str(), isolatedEnv(keys));
}

wiring::Runtime& DataDirTest::runtime() {
    if (!_runtime) {
        _config = std::make_unique<wiring::Config>(wiring::Config::loadFromString(
            "data.dir = " + data() + "\n", [](const std::string&) -> std::optional<std::string> { return {}; }));
        _runtime = std::make_unique<wiring::Runtime>(*_config);
    }
    return *_runtime;
}

domain::LoginResult DataDirTest::login(const std::string& phone) {
    // Each login from a client of its own, so a test's logins never add up to a proof-of-work challenge.
    auto& auth = runtime().auth();
    const std::string client = "10.77." + std::to_string(++_logins % 250) + ".1";
    EXPECT_TRUE(auth.requestCode(phone, client).ok());
    auto result = auth.login(phone, lastOutboxCode(data() + "/sms-outbox.jsonl"), client);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
    return result.ok() ? *result : domain::LoginResult{};
}

} // namespace gequ::apps::test
