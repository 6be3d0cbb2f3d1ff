#include "connection.h"

#include "sql_text.h"

#include <charconv>
#include <cstdlib>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <unordered_map>

namespace gequ::db::detail {

namespace {

/// How long acquire() waits for a free connection before it gives up.
constexpr auto kAcquireTimeout = std::chrono::seconds(60);
/// Idle connections older than this are checked before use.
constexpr auto kValidateAfter = std::chrono::seconds(5);
/// Prepared statements kept per connection; past this the cache starts again (bulk loads and IN lists make a few
/// dozen distinct texts, the repositories about a hundred).
constexpr std::size_t kStatementCacheSize = 256;

/// Whether the connection still answers.
bool answers(Connection& connection) {
    try {
        std::vector<std::int64_t> one;
        Query(connection, "SELECT 1").into(one).execute();
        return one.size() == 1;
    } catch (const DbException&) {
        return false;
    }
}

bool blank(std::string_view text) {
    return text.find_first_not_of(" \t\r\n;") == std::string_view::npos;
}

// ---------------------------------------------------------------------------------------------------------------
// SQLite: one sqlite3 handle in multi-thread mode (the pool lends a connection to one thread at a time), statements
// prepared once with SQLITE_PREPARE_PERSISTENT and reset after each run.

class SqliteRow final : public Row {
public:
    explicit SqliteRow(sqlite3_stmt* statement) : _statement(statement) {}
    bool isNull(int column) const override { return sqlite3_column_type(_statement, column) == SQLITE_NULL; }
    std::int64_t integer(int column) const override { return sqlite3_column_int64(_statement, column); }
    double real(int column) const override { return sqlite3_column_double(_statement, column); }
    std::string text(int column) const override {
        const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(_statement, column));
        if (bytes == nullptr) {
            return {};
        }
        return std::string(bytes, static_cast<std::size_t>(sqlite3_column_bytes(_statement, column)));
    }

private:
    sqlite3_stmt* _statement;
};

class SqliteDriver final : public Driver {
public:
    explicit SqliteDriver(const ConnectionTarget& target) {
        const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
        if (sqlite3_open_v2(target.connectionString.c_str(), &_db, flags, nullptr) != SQLITE_OK) {
            std::string message = _db ? sqlite3_errmsg(_db) : "out of memory";
            sqlite3_close_v2(_db);
            throw DbException("cannot connect to " + target.display + ": " + message);
        }
        sqlite3_extended_result_codes(_db, 1);
    }

    ~SqliteDriver() override {
        clearCache();
        sqlite3_close_v2(_db);
    }

    std::size_t run(const std::string& sql, const std::vector<Param>& params,
                    const std::function<void(const Row&)>& onRow, bool /*genericPlan: one plan per statement here*/) override {
        static const std::vector<Param> kNone;
        std::string_view rest = sql;
        std::size_t result = 0;
        bool first = true;
        while (!blank(rest)) {
            const char* tail = nullptr;
            bool cached = false;
            sqlite3_stmt* statement = prepared(rest, first, tail, cached);
            if (statement == nullptr) { // only a comment
                break;
            }
            struct Finalize {
                sqlite3_stmt* s;
                bool keep;
                ~Finalize() {
                    if (!keep) {
                        sqlite3_finalize(s);
                    }
                }
            } finalize{statement, cached};
            result = step(statement, first ? params : kNone, onRow);
            rest = rest.substr(static_cast<std::size_t>(tail - rest.data()));
            first = false;
        }
        return result;
    }

    void command(const std::string& sql) override {
        char* error = nullptr;
        if (sqlite3_exec(_db, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
            std::string message = error ? error : sqlite3_errmsg(_db);
            sqlite3_free(error);
            throw DbException(message);
        }
    }

    bool connected() override { return _db != nullptr; }

private:
    /// The statement for the start of `sql` (cached when it is the whole text), and where the next one starts.
    sqlite3_stmt* prepared(std::string_view sql, bool cacheable, const char*& tail, bool& cached) {
        if (cacheable) {
            if (auto it = _cache.find(std::string(sql)); it != _cache.end()) {
                tail = sql.data() + sql.size();
                cached = true;
                return it->second;
            }
        }
        sqlite3_stmt* statement = nullptr;
        if (sqlite3_prepare_v3(_db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &statement,
                               &tail) != SQLITE_OK) {
            throw DbException(sqlite3_errmsg(_db));
        }
        if (statement != nullptr && cacheable && blank(std::string_view(tail, sql.data() + sql.size() - tail))) {
            if (_cache.size() >= kStatementCacheSize) {
                clearCache();
            }
            _cache.emplace(std::string(sql), statement);
            cached = true;
        }
        return statement;
    }

    std::size_t step(sqlite3_stmt* statement, const std::vector<Param>& params,
                     const std::function<void(const Row&)>& onRow) {
        struct Reset {
            sqlite3_stmt* s;
            ~Reset() {
                sqlite3_reset(s);
                sqlite3_clear_bindings(s);
            }
        } reset{statement};
        for (std::size_t i = 0; i < params.size(); ++i) {
            const Param& p = params[i];
            const int at = static_cast<int>(i) + 1;
            int rc = SQLITE_OK;
            switch (p.kind) {
            case Param::Kind::Null:
                rc = sqlite3_bind_null(statement, at);
                break;
            case Param::Kind::Integer:
                rc = sqlite3_bind_int64(statement, at, p.integer);
                break;
            case Param::Kind::Real:
                rc = sqlite3_bind_double(statement, at, p.real);
                break;
            case Param::Kind::Text:
                rc = sqlite3_bind_text64(statement, at, p.text.data(), p.text.size(), SQLITE_STATIC, SQLITE_UTF8);
                break;
            }
            if (rc != SQLITE_OK) {
                throw DbException(sqlite3_errmsg(_db));
            }
        }
        const SqliteRow row(statement);
        std::size_t rows = 0;
        for (;;) {
            const int rc = sqlite3_step(statement);
            if (rc == SQLITE_ROW) {
                ++rows;
                onRow(row);
            } else if (rc == SQLITE_DONE) {
                break;
            } else {
                throw DbException(sqlite3_errmsg(_db));
            }
        }
        return sqlite3_column_count(statement) > 0 ? rows : static_cast<std::size_t>(sqlite3_changes64(_db));
    }

    void clearCache() {
        for (auto& [text, statement] : _cache) {
            sqlite3_finalize(statement);
        }
        _cache.clear();
    }

    sqlite3* _db = nullptr;
    std::unordered_map<std::string, sqlite3_stmt*> _cache;
};

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL: one libpq connection, each statement prepared once under a generated name (prepared statements live as
// long as the session, through commits and rollbacks), parameters and results in text form.

class PgRow final : public Row {
public:
    PgRow(const PGresult* result, int row) : _result(result), _row(row) {}
    bool isNull(int column) const override { return PQgetisnull(_result, _row, column) != 0; }
    std::int64_t integer(int column) const override {
        if (isNull(column)) {
            return 0;
        }
        const char* text = PQgetvalue(_result, _row, column);
        const char* end = text + PQgetlength(_result, _row, column);
        std::int64_t value = 0;
        if (auto [at, error] = std::from_chars(text, end, value); error == std::errc() && at == end) {
            return value;
        }
        if (text[0] == 't' && end - text == 1) { // a boolean
            return 1;
        }
        if (text[0] == 'f' && end - text == 1) {
            return 0;
        }
        return static_cast<std::int64_t>(std::strtod(text, nullptr)); // NUMERIC from SUM(), for example
    }
    double real(int column) const override {
        return isNull(column) ? 0.0 : std::strtod(PQgetvalue(_result, _row, column), nullptr);
    }
    std::string text(int column) const override {
        if (isNull(column)) {
            return {};
        }
        return std::string(PQgetvalue(_result, _row, column),
                           static_cast<std::size_t>(PQgetlength(_result, _row, column)));
    }

private:
    const PGresult* _result;
    int _row;
};

/// Frees a PGresult at the end of a scope.
struct PgResult {
    PGresult* r;
    explicit PgResult(PGresult* result) : r(result) {}
    ~PgResult() { PQclear(r); }
    PgResult(const PgResult&) = delete;
    PgResult& operator=(const PgResult&) = delete;
};

void quietNotices(void*, const char*) {}

class PgDriver final : public Driver {
public:
    explicit PgDriver(const ConnectionTarget& target) : _conn(PQconnectdb(target.connectionString.c_str())) {
        if (_conn == nullptr || PQstatus(_conn) != CONNECTION_OK) {
            std::string message = _conn ? PQerrorMessage(_conn) : "out of memory";
            while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
                message.pop_back();
            }
            PQfinish(_conn);
            throw DbException("cannot connect to " + target.display + ": " + message);
        }
        // libpq prints NOTICEs (CREATE ... IF NOT EXISTS) to stderr; they are not news.
        PQsetNoticeProcessor(_conn, quietNotices, nullptr);
        PQsetClientEncoding(_conn, "UTF8");
    }

    ~PgDriver() override { PQfinish(_conn); }

    std::size_t run(const std::string& sql, const std::vector<Param>& params,
                    const std::function<void(const Row&)>& onRow, bool genericPlan) override {
        const std::string& name = prepared(sql);
        planMode(genericPlan ? PlanMode::Generic : PlanMode::Auto);
        std::vector<std::string> texts(params.size());
        std::vector<const char*> values(params.size(), nullptr);
        for (std::size_t i = 0; i < params.size(); ++i) {
            const Param& p = params[i];
            switch (p.kind) {
            case Param::Kind::Null:
                break;
            case Param::Kind::Integer:
                texts[i] = std::to_string(p.integer);
                values[i] = texts[i].c_str();
                break;
            case Param::Kind::Real: {
                char buffer[64];
                auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, p.real);
                texts[i].assign(buffer, error == std::errc() ? end : buffer);
                values[i] = texts[i].c_str();
                break;
            }
            case Param::Kind::Text:
                values[i] = p.text.c_str();
                break;
            }
        }
        PgResult result(
            PQexecPrepared(_conn, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0));
        switch (PQresultStatus(result.r)) {
        case PGRES_TUPLES_OK: {
            const int rows = PQntuples(result.r);
            for (int i = 0; i < rows; ++i) {
                onRow(PgRow(result.r, i));
            }
            return static_cast<std::size_t>(rows);
        }
        case PGRES_COMMAND_OK: {
            const char* changed = PQcmdTuples(result.r);
            return changed[0] == '\0' ? 0 : static_cast<std::size_t>(std::strtoull(changed, nullptr, 10));
        }
        default:
            throw DbException(errorOf(result.r));
        }
    }

    void command(const std::string& sql) override {
        if (sql.starts_with("ROLLBACK")) {
            _planMode = PlanMode::Unknown; // a SET inside the transaction is undone with it
        }
        PgResult result(PQexec(_conn, sql.c_str()));
        const auto status = PQresultStatus(result.r);
        if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
            throw DbException(errorOf(result.r));
        }
    }

    bool connected() override { return PQstatus(_conn) == CONNECTION_OK; }

private:
    std::string errorOf(const PGresult* result) const {
        std::string message = result ? PQresultErrorMessage(result) : PQerrorMessage(_conn);
        if (message.empty()) {
            message = PQerrorMessage(_conn);
        }
        while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
            message.pop_back();
        }
        return message;
    }

    enum class PlanMode { Unknown, Auto, Generic };

    /// Sets plan_cache_mode for the statements that follow, with a round trip only when it changes.
    void planMode(PlanMode mode) {
        if (mode == _planMode) {
            return;
        }
        _planMode = PlanMode::Unknown; // until the server says it took it
        command(mode == PlanMode::Generic ? "SET plan_cache_mode = force_generic_plan" : "RESET plan_cache_mode");
        _planMode = mode;
    }

    const std::string& prepared(const std::string& sql) {
        if (auto it = _cache.find(sql); it != _cache.end()) {
            return it->second;
        }
        if (_cache.size() >= kStatementCacheSize) {
            command("DEALLOCATE ALL");
            _cache.clear();
        }
        std::string name = "gequ_" + std::to_string(++_named);
        PgResult result(PQprepare(_conn, name.c_str(), sql.c_str(), 0, nullptr));
        if (PQresultStatus(result.r) != PGRES_COMMAND_OK) {
            throw DbException(errorOf(result.r));
        }
        return _cache.emplace(sql, std::move(name)).first->second;
    }

    PGconn* _conn;
    std::unordered_map<std::string, std::string> _cache;
    std::uint64_t _named = 0;
    PlanMode _planMode = PlanMode::Auto; // Auto: whatever the server's settings say
};

} // namespace

Connection::Connection(const ConnectionTarget& target) : _dialect(target.dialect) {
    if (target.dialect == Dialect::Postgresql) {
        _driver = std::make_unique<PgDriver>(target);
    } else {
        _driver = std::make_unique<SqliteDriver>(target);
    }
}

Connection::~Connection() = default;

void Connection::command(const std::string& sql) {
    try {
        _driver->command(sql);
    } catch (...) {
        rethrowAsDbException(*this, sql);
    }
}

void Connection::execute(std::string_view sql) {
    Query(*this, sql).execute();
}

void Connection::begin() {
    failed = false;
    worksChanged.clear();
    // SQLite's plain BEGIN is DEFERRED, which can fail with SQLITE_BUSY when a reader later writes.
    command(postgres() ? "BEGIN" : "BEGIN IMMEDIATE");
    _inTransaction = true;
}

void Connection::commit() {
    command("COMMIT");
    _inTransaction = false;
}

void Connection::rollback() {
    _inTransaction = false;
    worksChanged.clear();
    try {
        _driver->command("ROLLBACK");
    } catch (...) {
        broken = true;
        rethrowAsDbException(*this, "ROLLBACK");
    }
}

Query::Query(Connection& connection, std::string_view sql)
    : _connection(connection), _sql(connection.postgres() ? numberPlaceholders(sql) : std::string(sql)) {}

Query& Query::bind(const std::string& value) {
    Param p;
    p.kind = Param::Kind::Text;
    p.text = value;
    _params.push_back(std::move(p));
    return *this;
}

Query& Query::bind(std::int64_t value) {
    Param p;
    p.kind = Param::Kind::Integer;
    p.integer = value;
    _params.push_back(std::move(p));
    return *this;
}

Query& Query::bind(double value) {
    Param p;
    p.kind = Param::Kind::Real;
    p.real = value;
    _params.push_back(std::move(p));
    return *this;
}

Query& Query::bind(const std::optional<domain::TimePoint>& value) {
    return bind(value ? std::optional<std::int64_t>(domain::toEpochMillis(*value)) : std::nullopt);
}

Query& Query::bind(const std::optional<std::int64_t>& value) {
    if (value) {
        return bind(*value);
    }
    _params.emplace_back();
    return *this;
}

Query& Query::bind(const std::optional<int>& value) {
    return bind(value ? std::optional<std::int64_t>(*value) : std::nullopt);
}

std::size_t Query::execute() {
    try {
        return _connection.driver().run(
            _sql, _params,
            [this](const Row& row) {
                int column = 0;
                for (auto& sink : _sinks) {
                    sink(row, column);
                }
            },
            _genericPlan);
    } catch (...) {
        rethrowAsDbException(_connection, _sql);
    }
}

void rethrowAsDbException(Connection& connection, std::string_view context) {
    std::string message;
    try {
        throw;
    } catch (const std::exception& e) {
        message = e.what();
    }
    connection.failed = true;
    try {
        if (!connection.driver().connected()) {
            connection.broken = true;
        }
    } catch (...) {
        connection.broken = true;
    }
    throw DbException(message + " [" + std::string(context) + "]");
}

ConnectionPool::ConnectionPool(Factory factory, int maxSize)
    : _factory(std::move(factory)), _maxSize(maxSize < 1 ? 1 : maxSize) {}

ConnectionPool::~ConnectionPool() = default;

ConnectionPool::Lease::~Lease() {
    if (_connection) {
        _pool->giveBack(std::move(_connection));
    }
}

ConnectionPool::Lease ConnectionPool::acquire(Use use) {
    std::unique_lock lock(_mutex);
    for (;;) {
        const auto free = [this] { return !_idle.empty() || _open < _maxSize; };
        bool got = false;
        if (use == Use::Write) {
            ++_writersWaiting;
            got = _writers.wait_for(lock, kAcquireTimeout, free);
            --_writersWaiting;
        } else {
            got = _readers.wait_for(lock, kAcquireTimeout, [&] { return free() && _writersWaiting == 0; });
        }
        if (!got) {
            throw DbException("no database connection became free within 60 s (pool of " + std::to_string(_maxSize) +
                              ")");
        }
        if (_idle.empty()) {
            ++_open;
            passOn();
            break;
        }
        auto connection = std::move(_idle.back());
        _idle.pop_back();
        passOn();
        if (std::chrono::steady_clock::now() - connection->idleSince < kValidateAfter) {
            return Lease(*this, std::move(connection));
        }
        lock.unlock();
        const bool alive = answers(*connection);
        if (alive) {
            return Lease(*this, std::move(connection));
        }
        connection.reset();
        lock.lock();
        --_open;
    }
    lock.unlock();
    try {
        return Lease(*this, _factory());
    } catch (...) {
        lock.lock();
        --_open;
        wakeOne();
        throw;
    }
}

void ConnectionPool::giveBack(std::unique_ptr<Connection> connection) {
    std::lock_guard lock(_mutex);
    if (connection->broken) {
        --_open;
        connection.reset();
    } else {
        connection->idleSince = std::chrono::steady_clock::now();
        _idle.push_back(std::move(connection));
    }
    wakeOne();
}

void ConnectionPool::passOn() {
    // One notification per returned connection can be spent on a writer that was about to stop waiting anyway; the
    // thread that took a connection wakes the next waiter while more are free, so no reader sleeps beside one.
    if (!_idle.empty() || _open < _maxSize) {
        wakeOne();
    }
}

void ConnectionPool::wakeOne() {
    if (_writersWaiting > 0) {
        _writers.notify_one();
    } else {
        _readers.notify_one();
    }
}

} // namespace gequ::db::detail
