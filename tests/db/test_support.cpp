#include "test_support.h"

#include "gequ/domain/services/ledger.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <libpq-fe.h>
#include <stdexcept>
#include <unistd.h>

namespace gequ::db::test {

namespace {

const std::string kPgScript = std::string(GEQU_SOURCE_DIR) + "/scripts/pg.sh";

std::string makeTempDir(const std::string& prefix) {
    std::string pattern = "/tmp/" + prefix + "XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) {
        throw std::runtime_error("mkdtemp failed for " + pattern);
    }
    return pattern;
}

/// Runs a shell command and returns its standard output (trailing newline removed); throws when it fails.
std::string run(const std::string& command) {
    FILE* pipe = ::popen(command.c_str(), "r");
    if (pipe == nullptr) {
        throw std::runtime_error("cannot run " + command);
    }
    std::string out;
    char buffer[512];
    while (std::fgets(buffer, sizeof buffer, pipe) != nullptr) {
        out += buffer;
    }
    const int status = ::pclose(pipe);
    if (status != 0) {
        throw std::runtime_error("command failed (" + std::to_string(status) + "): " + command);
    }
    while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) {
        out.pop_back();
    }
    return out;
}

/// Runs one statement through libpq on the admin database.
void adminExecute(const std::string& url, const std::string& sql) {
    PGconn* conn = PQconnectdb(url.c_str());
    if (PQstatus(conn) != CONNECTION_OK) {
        const std::string error = PQerrorMessage(conn);
        PQfinish(conn);
        throw std::runtime_error("cannot connect to " + url + ": " + error);
    }
    PQsetNoticeProcessor(
        conn, [](void*, const char*) {}, nullptr); // no NOTICE chatter on stderr
    PGresult* result = PQexec(conn, sql.c_str());
    const bool ok = PQresultStatus(result) == PGRES_COMMAND_OK || PQresultStatus(result) == PGRES_TUPLES_OK;
    const std::string error = ok ? "" : PQerrorMessage(conn);
    PQclear(result);
    PQfinish(conn);
    if (!ok) {
        throw std::runtime_error(sql + ": " + error);
    }
}

/// Stops what Databases started when the tests end, whatever the outcome.
class Cleanup : public testing::Environment {
public:
    void TearDown() override { Databases::instance().shutdown(); }
};

} // namespace

std::string backendName(const testing::TestParamInfo<Backend>& info) {
    return info.param == Backend::Sqlite ? "Sqlite" : "Postgresql";
}

Databases& Databases::instance() {
    static Databases databases;
    return databases;
}

std::string Databases::root() {
    if (_root.empty()) {
        _root = makeTempDir("gequ-db-tests-");
        // The server runs as `postgres` when we are root: it must be able to pass through to root/pg.
        std::filesystem::permissions(_root, std::filesystem::perms::owner_all | std::filesystem::perms::group_exec |
                                                std::filesystem::perms::others_exec);
        // A watchdog cleans up even if this process dies without running its tear-down: it waits for the process to
        // end, then stops the server (if one was started in root/pg) and removes the folder.
        const std::string pg = _root + "/pg";
        const std::string watchdog = "setsid sh -c 'while kill -0 " + std::to_string(::getpid()) +
                                     " 2>/dev/null; do sleep 1; done; if [ -d \"" + pg + "\" ]; then \"" + kPgScript +
                                     "\" stop \"" + pg + "\"; fi; rm -rf \"" + _root +
                                     "\"' </dev/null >/dev/null 2>&1 &";
        if (std::system(watchdog.c_str()) != 0) {
            throw std::runtime_error("cannot start the clean-up watchdog");
        }
    }
    return _root;
}

std::string Databases::postgresBaseUrl() {
    if (!_pgBaseUrl.empty()) {
        return _pgBaseUrl;
    }
    if (const char* url = std::getenv("GEQU_TEST_PG_URL"); url != nullptr && *url != '\0') {
        _pgBaseUrl = url;
        return _pgBaseUrl;
    }
    if (!_pgError.empty()) {
        throw std::runtime_error(_pgError); // tried once already
    }
    _pgError = "PostgreSQL did not start (see the first failure)";
    _pgDir = root() + "/pg";
    _pgBaseUrl = run("\"" + kPgScript + "\" start \"" + _pgDir + "\"");
    _pgError.clear();
    return _pgBaseUrl;
}

std::string Databases::create(Backend backend) {
    const int n = ++_next;
    if (backend == Backend::Sqlite) {
        // A subfolder that does not exist yet: openStore creates parent directories.
        return "sqlite:" + root() + "/sqlite/t" + std::to_string(n) + "/gequ.db";
    }
    // A schema per test rather than a database: CREATE DATABASE costs half a second, a schema a few milliseconds.
    // pg_trgm lives in public (installed once), which stays on the search path for its operator classes.
    const std::string base = postgresBaseUrl();
    if (!_pgPrepared) {
        adminExecute(base, "CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
        _pgPrepared = true;
    }
    const std::string schema = "t" + std::to_string(::getpid()) + "_" + std::to_string(n);
    adminExecute(base, "CREATE SCHEMA " + schema);
    return base + (base.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + schema + ",public";
}

void Databases::executeOnServer(const std::string& sql) {
    adminExecute(postgresBaseUrl(), sql);
}

void Databases::drop(const std::string& url) {
    if (url.rfind("sqlite:", 0) == 0) {
        std::error_code ignored;
        std::filesystem::remove_all(std::filesystem::path(url.substr(7)).parent_path(), ignored);
        return;
    }
    const auto at = url.find("search_path%3D");
    const std::string schema = url.substr(at + 14, url.find(',', at) - at - 14);
    adminExecute(postgresBaseUrl(), "DROP SCHEMA IF EXISTS " + schema + " CASCADE");
}

void Databases::shutdown() {
    if (!_pgDir.empty()) {
        try {
            run("\"" + kPgScript + "\" stop \"" + _pgDir + "\"");
        } catch (const std::exception& e) {
            std::fprintf(stderr, "stopping PostgreSQL: %s\n", e.what());
        }
        _pgDir.clear();
        _pgBaseUrl.clear();
        _pgPrepared = false;
    }
    if (!_root.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(_root, ignored);
        _root.clear();
    }
}

domain::User makeUser(const std::string& id, const std::string& phone, std::int64_t integral) {
    domain::User user;
    user.id = id;
    user.phone = phone;
    user.nickname = "用户" + phone.substr(phone.size() >= 4 ? phone.size() - 4 : 0);
    user.integral = integral;
    user.createdAt = kT0;
    return user;
}

domain::Song makeSong(const std::string& id, const std::string& userId, domain::TimePoint createdAt) {
    domain::Song song;
    song.id = id;
    song.taskId = "task-" + id;
    song.userId = userId;
    song.title = "歌曲" + id;
    song.tags = "pop";
    song.model = "chirp-v3-5";
    song.complete = domain::SongStatus::Done;
    song.open = true;
    song.duration = 120.5;
    song.createdAt = createdAt;
    song.finishedAt = createdAt;
    return song;
}

domain::GenerationTask makeTask(const std::string& id, const std::string& userId, domain::TimePoint createdAt) {
    domain::GenerationTask task;
    task.id = id;
    task.userId = userId;
    task.provider = "local";
    task.requestJson = R"({"prompt":"一首歌"})";
    task.createdAt = createdAt;
    return task;
}

domain::Order makeOrder(const std::string& orderNo, const std::string& userId, domain::TimePoint createdAt) {
    domain::Order order;
    order.orderNo = orderNo;
    order.userId = userId;
    order.planId = 3;
    order.amountFen = 990;
    order.provider = "sandbox";
    order.codeUrl = "weixin://wxpay/bizpayurl?pr=abc";
    order.createdAt = createdAt;
    order.expiresAt = createdAt + std::chrono::minutes(30);
    return order;
}

void StoreTest::SetUp() {
    _url = Databases::instance().create(GetParam());
    _store = openStore(_url);
}

void StoreTest::TearDown() {
    _store.reset();
    if (!_url.empty()) {
        Databases::instance().drop(_url);
    }
}

std::unique_ptr<domain::Store> StoreTest::openAgain(int poolSize) {
    return openStore(_url, poolSize);
}

void StoreTest::addUser(const std::string& id, const std::string& phone, std::int64_t points) {
    auto result = domain::inTransaction(store(), [&](domain::Repositories& repos) -> domain::Result<domain::Unit> {
        repos.users().insert(makeUser(id, phone));
        if (points != 0) {
            auto applied = domain::applyPoints(repos, id, points, "初始积分", "test:" + id, kT0);
            if (!applied) {
                return applied.error();
            }
        }
        return domain::Unit{};
    });
    ASSERT_TRUE(result.ok());
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, testing::Values(Backend::Sqlite, Backend::Postgresql), backendName);

} // namespace gequ::db::test

int main(int argc, char** argv) {
    testing::InitGoogleTest(&argc, argv);
    testing::AddGlobalTestEnvironment(new gequ::db::test::Cleanup);
    return RUN_ALL_TESTS();
}
