#include "connection.h"

#include "sql_text.h"

#include <Poco/Data/AbstractBinder.h>
#include <Poco/Data/AbstractBinding.h>
#include <Poco/Data/AbstractExtraction.h>
#include <Poco/Data/AbstractExtractor.h>
#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Data/SQLite/SQLiteStatementImpl.h>
#include <Poco/Data/SQLite/Utility.h>
#include <Poco/Data/Session.h>
#include <Poco/Data/SessionPool.h>
#include <Poco/Data/Statement.h>
#include <Poco/Exception.h>
#include <algorithm>
#include <cstdlib>
#include <mutex>
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

std::string trimmed(std::string message) {
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) {
        message.pop_back();
    }
    return message;
}

/// Runs `fn`, turning a Poco exception (whose what() is only its class name) into DbException with its whole text.
template <class F> decltype(auto) translated(F&& fn) {
    try {
        return fn();
    } catch (const Poco::Exception& e) {
        throw DbException(trimmed(e.displayText()));
    }
}

/// Registers both connectors once per process. SQLite runs in multi-thread mode (no mutex around each call): the
/// pool lends a connection to one thread at a time.
void registerConnectors() {
    static std::once_flag once;
    std::call_once(once, [] {
        Poco::Data::SQLite::Utility::setThreadMode(Poco::Data::SQLite::Utility::THREAD_MODE_MULTI);
        Poco::Data::SQLite::Connector::registerConnector();
        Poco::Data::PostgreSQL::Connector::registerConnector();
    });
}

const std::string& connectorOf(Dialect dialect) {
    registerConnectors();
    return dialect == Dialect::Postgresql ? Poco::Data::PostgreSQL::Connector::KEY : Poco::Data::SQLite::Connector::KEY;
}

// ---------------------------------------------------------------------------------------------------------------
// Poco::Data underneath: one session, and per SQL text one kept Statement with a single binding (ParamsBinding, the
// Query's parameters, read afresh at each run) and a single extraction (RowsExtraction, which hands each row to the
// Query's readers through the connector's extractor). docs/data.md ("Statements") says what each part costs.

/// One run's parameters and row reader, which the kept statement's binding and extraction read.
struct RunState {
    const std::vector<Param>* params = nullptr;
    const std::function<void(const Row&)>* onRow = nullptr;
};

/// Binds a run's parameters through the connector's binder, by kind: NULL, 64-bit integer, double or text.
class ParamsBinding final : public Poco::Data::AbstractBinding {
public:
    /// `stays`: whether it stays bindable after binding (KeptSqliteStatement, which then rewinds to it for the next
    /// run); otherwise it binds once per run, as Poco's own bindings do.
    ParamsBinding(const RunState& run, std::size_t count, bool stays) : _run(run), _count(count), _stays(stays) {}

    std::size_t numOfColumnsHandled() const override { return _count; }
    std::size_t numOfRowsHandled() const override { return 1; }
    bool canBind() const override { return _stays || !_bound; }
    void reset() override { _bound = false; }

    void bind(std::size_t pos) override {
        const std::vector<Param>& params = *_run.params;
        Poco::Data::AbstractBinder& binder = *getBinder();
        for (std::size_t i = 0; i < _count; ++i) {
            const Param& p = params[i];
            switch (p.kind) {
            case Param::Kind::Null:
                binder.bind(pos + i, Poco::Data::Keywords::null, getDirection());
                break;
            case Param::Kind::Integer:
                binder.bind(pos + i, static_cast<const Poco::Int64&>(p.integer), getDirection());
                break;
            case Param::Kind::Real:
                binder.bind(pos + i, p.real, getDirection());
                break;
            case Param::Kind::Text:
                binder.bind(pos + i, p.text, getDirection());
                break;
            }
        }
        _bound = true;
    }

private:
    const RunState& _run;
    std::size_t _count;
    bool _stays;
    bool _bound = false;
};

/// SQLite: a statement prepared once. Poco 1.11's SQLite connector prepares the text again at every execution
/// (SQLiteStatementImpl::compileImpl); this subclass compiles a single statement once, and every later run only resets
/// it and binds the new parameters (the connector's bindImpl does both), as the connector's own code path does after
/// a compile. docs/data.md ("Statements").
class KeptSqliteStatement final : public Poco::Data::SQLite::SQLiteStatementImpl {
public:
    explicit KeptSqliteStatement(Poco::Data::Session& session)
        : SQLiteStatementImpl(*session.impl(), Poco::Data::SQLite::Utility::dbHandle(session)) {}

protected:
    void compileImpl() override {
        if (_prepared) {
            return;
        }
        SQLiteStatementImpl::compileImpl();
        // A script of several statements is compiled part by part on every run, as Poco does.
        _prepared = !SQLiteStatementImpl::canCompile();
    }

    void bindImpl() override {
        // The connector counts changed rows from its last compile; a kept statement counts from this run's start.
        _changesBefore = _prepared && _ran ? SQLiteStatementImpl::affectedRowCount() : 0;
        SQLiteStatementImpl::bindImpl();
        _ran = true;
    }

    /// One row of parameters a run (the binding stays bindable only so that the connector rewinds to it).
    bool canBind() const override { return false; }

    int affectedRowCount() const override { return SQLiteStatementImpl::affectedRowCount() - _changesBefore; }

private:
    bool _prepared = false;
    bool _ran = false;
    int _changesBefore = 0;
};

/// One result row as the connector's extractor reads it, starting at column `first`.
class ExtractorRow final : public Row {
public:
    ExtractorRow(Poco::Data::AbstractExtractor& extractor, std::size_t first) : _extractor(extractor), _first(first) {}

    bool isNull(int column) const override { return _extractor.isNull(at(column)); }
    std::int64_t integer(int column) const override {
        Poco::Int64 value = 0;
        if (_extractor.extract(at(column), value)) {
            return value;
        }
        // PostgreSQL results are text: a boolean reads "t"/"f", a NUMERIC (SUM()) may carry a fraction.
        std::string text;
        if (!_extractor.extract(at(column), text) || text.empty()) {
            return 0;
        }
        if (text == "t") {
            return 1;
        }
        if (text == "f") {
            return 0;
        }
        return static_cast<std::int64_t>(std::strtod(text.c_str(), nullptr));
    }
    double real(int column) const override {
        double value = 0;
        return _extractor.extract(at(column), value) ? value : 0.0;
    }
    std::string text(int column) const override {
        std::string value;
        if (!_extractor.extract(at(column), value)) {
            value.clear();
        }
        return value;
    }

private:
    std::size_t at(int column) const { return _first + static_cast<std::size_t>(column); }

    Poco::Data::AbstractExtractor& _extractor;
    std::size_t _first;
};

/// Hands every result row to the run's reader: one extraction object for all columns, no per-column containers.
class RowsExtraction final : public Poco::Data::AbstractExtraction {
public:
    explicit RowsExtraction(const RunState& run) : _run(run) {}

    std::size_t numOfColumnsHandled() const override { return 1; }
    std::size_t numOfRowsHandled() const override { return _rows; }
    std::size_t numOfRowsAllowed() const override { return getLimit(); }
    void reset() override { _rows = 0; }

    std::size_t extract(std::size_t pos) override {
        const ExtractorRow row(*getExtractor(), pos);
        (*_run.onRow)(row);
        ++_rows;
        return 1;
    }

    Poco::Data::AbstractPreparation::Ptr createPreparation(PreparatorPtr&, std::size_t) override {
        throw Poco::NotImplementedException("RowsExtraction reads rows through the extractor only");
    }

private:
    const RunState& _run;
    std::size_t _rows = 0;
};

class PocoDriver final : public Driver {
public:
    PocoDriver(Dialect dialect, Poco::Data::Session session) : _dialect(dialect), _session(std::move(session)) {
        if (dialect == Dialect::Postgresql) {
            command("SET client_encoding = 'UTF8'");
        }
    }

    ~PocoDriver() override { _kept.clear(); } // the statements go before their session

    std::size_t run(const std::string& sql, const std::vector<Param>& params,
                    const std::function<void(const Row&)>& onRow, bool genericPlan) override {
        if (_dialect == Dialect::Postgresql) {
            planMode(genericPlan ? PlanMode::Generic : PlanMode::Auto);
        }
        return execute(sql, params, onRow);
    }

    void command(const std::string& sql) override {
        static const std::vector<Param> kNone;
        static const std::function<void(const Row&)> kIgnore = [](const Row&) {};
        execute(sql, kNone, kIgnore);
    }

    void begin() override {
        if (_dialect == Dialect::Postgresql) {
            translated([&] { _session.begin(); });
        } else {
            // Poco's Session::begin() is BEGIN DEFERRED, which can fail with SQLITE_BUSY when a reader later writes.
            command("BEGIN IMMEDIATE");
        }
    }

    void commit() override {
        if (_dialect == Dialect::Postgresql) {
            translated([&] { _session.commit(); });
        } else {
            command("COMMIT");
        }
    }

    void rollback() override {
        if (_dialect == Dialect::Postgresql) {
            _planMode = PlanMode::Unknown; // a SET inside the transaction is undone with it
            translated([&] { _session.rollback(); });
        } else {
            command("ROLLBACK");
        }
    }

    bool connected() override { return _session.isConnected(); }

private:
    /// A statement kept for one SQL text, with the run state its binding and extraction read.
    struct Kept {
        RunState run;
        bool ran = false; ///< whether a run succeeded
        Poco::Data::Statement statement;
        Kept(Poco::Data::Session& session, Dialect dialect)
            : statement(dialect == Dialect::Sqlite
                            ? Poco::Data::Statement(Poco::Data::StatementImpl::Ptr(new KeptSqliteStatement(session)))
                            : Poco::Data::Statement(session)) {}
    };

    std::size_t execute(const std::string& sql, const std::vector<Param>& params,
                        const std::function<void(const Row&)>& onRow) {
        Kept& kept = statementFor(sql, params.size());
        kept.run.params = &params;
        kept.run.onRow = &onRow;
        try {
            const std::size_t result = translated([&] { return kept.statement.execute(); });
            kept.ran = true;
            return result;
        } catch (...) {
            // A statement that failed part-way is left "still executing" by Poco: it is not run again.
            if (_dialect == Dialect::Postgresql && kept.ran) {
                // Poco 1.11's PostgreSQL StatementExecutor frees its previous result at the start of a run but keeps
                // the pointer, and a failed run does not replace it: clearing it again (the next run, or the
                // destructor) would free it twice. So a statement that ran before and then failed is let go of,
                // never destroyed (docs/data.md, "Statements").
                new Poco::Data::Statement(kept.statement);
            }
            _kept.erase(sql);
            throw;
        }
    }

    Kept& statementFor(const std::string& sql, std::size_t paramCount) {
        if (auto it = _kept.find(sql); it != _kept.end()) {
            return *it->second;
        }
        if (_kept.size() >= kStatementCacheSize) {
            _kept.clear();
        }
        auto kept = std::make_unique<Kept>(_session, _dialect);
        kept->statement << sql;
        if (paramCount > 0) {
            kept->statement.addBind(new ParamsBinding(kept->run, paramCount, _dialect == Dialect::Sqlite));
        }
        kept->statement.addExtract(new RowsExtraction(kept->run));
        return *_kept.emplace(sql, std::move(kept)).first->second;
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

    Dialect _dialect;
    Poco::Data::Session _session;
    std::unordered_map<std::string, std::unique_ptr<Kept>> _kept;
    PlanMode _planMode = PlanMode::Auto; // Auto: whatever the server's settings say
};

Poco::Data::Session openSession(const ConnectionTarget& target, const std::function<Poco::Data::Session()>& open) {
    try {
        return open();
    } catch (const Poco::Exception& e) {
        throw DbException("cannot connect to " + target.display + ": " + trimmed(e.displayText()));
    }
}

} // namespace

Connection::Connection(const ConnectionTarget& target)
    : _dialect(target.dialect),
      _driver(std::make_unique<PocoDriver>(target.dialect, openSession(target, [&] {
                                               return Poco::Data::Session(connectorOf(target.dialect),
                                                                          target.connectionString);
                                           }))) {}

Connection::Connection(const ConnectionTarget& target, Poco::Data::SessionPool& sessions)
    : _dialect(target.dialect),
      _driver(std::make_unique<PocoDriver>(target.dialect, openSession(target, [&] { return sessions.get(); }))) {}

Connection::~Connection() = default;

template <class F> void Connection::control(const char* what, F&& step) {
    try {
        step();
    } catch (...) {
        rethrowAsDbException(*this, what);
    }
}

void Connection::execute(std::string_view sql) {
    Query(*this, sql).execute();
}

void Connection::begin() {
    failed = false;
    worksChanged.clear();
    searchChanged.clear();
    control("BEGIN", [&] { _driver->begin(); });
    _inTransaction = true;
}

void Connection::commit() {
    control("COMMIT", [&] { _driver->commit(); });
    _inTransaction = false;
}

void Connection::rollback() {
    _inTransaction = false;
    worksChanged.clear();
    searchChanged.clear();
    try {
        _driver->rollback();
    } catch (...) {
        broken = true;
        rethrowAsDbException(*this, "ROLLBACK");
    }
}

SessionSource::SessionSource(ConnectionTarget target, int maxSessions)
    : _target(std::move(target)),
      _pool(std::make_unique<Poco::Data::SessionPool>(connectorOf(_target.dialect), _target.connectionString, 1,
                                                      std::max(1, maxSessions))) {}

SessionSource::~SessionSource() = default;

std::unique_ptr<Connection> SessionSource::connect() {
    return std::make_unique<Connection>(_target, *_pool);
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
