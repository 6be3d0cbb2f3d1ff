#pragma once

// The steps the composition-root tests share (docs/testing.md): a data dir with gequ-admin run on it and the Runtime
// gequ-server would build there, gequ-server as a child process and HTTP calls to it, the console SMS outbox, and
// reading JSON answers.

#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"
#include "subprocess.h"
#include "temp_dir.h"

#include <Poco/JSON/Object.h>
#include <cstdint>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace gequ::apps::test {

bool contains(const std::string& text, const std::string& part);
/// The JSON object in text (throws when it is not one).
Poco::JSON::Object::Ptr parseObject(const std::string& text);
/// The code in the last line of the console SMS outbox at path (empty when there is none).
std::string lastOutboxCode(const std::string& path);

struct Answer {
    int status = 0;
    std::string body;
};

/// One HTTP request to 127.0.0.1:port (a JSON body for POST; `token` as the Authorization header when given).
Answer call(std::uint16_t port, const std::string& method, const std::string& path, const std::string& body = {},
            const std::string& token = {});

/// Signs in through a running gequ-server's real SMS flow (login code, the console outbox at outboxPath, login) and
/// returns the session token; fails the test and returns "" when a step fails.
std::string signInOverHttp(std::uint16_t port, const std::string& outboxPath, const std::string& phone = "13800138000");

/// gequ-server as a child process in `dir` with the configuration keys given (on top of isolatedEnv's defaults; add
/// {"http.port", "0"}), read up to its first line, "Gequ listening on http://127.0.0.1:PORT".
class ServerProcess {
public:
    ServerProcess(const std::string& dir, const std::map<std::string, std::string>& keys, int timeoutSeconds = 60);
    /// The port of the first line; 0 when the line was not the listening line (firstLine() says what it was).
    std::uint16_t port() const { return _port; }
    const std::string& firstLine() const { return _firstLine; }
    Child& child() { return _child; }
    /// SIGKILL, then the exit status.
    int kill();
    /// SIGTERM, then the exit status.
    int stop();
    std::string err() { return _child.err(); }

private:
    Child _child;
    std::string _firstLine;
    std::uint16_t _port = 0;
};

/// A fresh temporary folder whose data dir is <dir>/var: gequ-admin run on it, its database, and the Runtime
/// gequ-server would build on it (console SMS into <data.dir>/sms-outbox.jsonl; no threads running).
class DataDirTest : public ::testing::Test {
protected:
    /// gequ-admin `args` on the data dir, with more configuration keys when given.
    RunResult admin(const std::vector<std::string>& args, const std::map<std::string, std::string>& extra = {});
    /// The JSON object a --json command printed.
    static Poco::JSON::Object::Ptr json(const RunResult& result) { return parseObject(result.out); }
    std::string data() const { return _dir / "var"; }
    std::string dbUrl() const { return "sqlite:" + data() + "/gequ.db"; }
    /// Built on first use.
    wiring::Runtime& runtime();
    /// A login through the runtime's services with the code from the outbox.
    domain::LoginResult login(const std::string& phone);

    gequ::test::TempDir _dir;

private:
    std::unique_ptr<wiring::Config> _config;
    std::unique_ptr<wiring::Runtime> _runtime;
    int _logins = 0;
};

} // namespace gequ::apps::test
