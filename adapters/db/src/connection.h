#pragma once

// One database connection (a Poco::Data session on SQLite or PostgreSQL, with the statements it keeps), the Query
// helper every repository uses, and a blocking connection pool over a Poco::Data::SessionPool. docs/data.md
// ("Statements") says what Poco::Data costs and how the adapter keeps it small.

#include "gequ/db/db_exception.h"
#include "gequ/domain/model/time.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace Poco::Data {
class SessionPool;
}

namespace gequ::db::detail {

enum class Dialect { Sqlite, Postgresql };

/// Where and how to connect.
struct ConnectionTarget {
    Dialect dialect = Dialect::Sqlite;
    std::string connectionString; ///< a file path, or libpq key=value pairs
    std::string display;          ///< for messages: the URL without its password
};

/// One bound parameter: NULL, a 64-bit integer, a double or text.
struct Param {
    enum class Kind { Null, Integer, Real, Text };
    Kind kind = Kind::Null;
    std::int64_t integer = 0;
    double real = 0;
    std::string text;
};

/// One row of a result, read column by column. A NULL reads as 0 or "".
class Row {
public:
    virtual ~Row() = default;
    virtual bool isNull(int column) const = 0;
    virtual std::int64_t integer(int column) const = 0;
    virtual double real(int column) const = 0;
    virtual std::string text(int column) const = 0;
};

/// How a C++ value is read from a row, starting at `column` and advancing it: a scalar takes one column, a mapped
/// entity (rows.h) one per field.
template <class T> struct RowReader;

template <> struct RowReader<std::int64_t> {
    static void read(const Row& row, int& column, std::int64_t& out) { out = row.integer(column++); }
};
template <> struct RowReader<double> {
    static void read(const Row& row, int& column, double& out) { out = row.real(column++); }
};
template <> struct RowReader<std::string> {
    static void read(const Row& row, int& column, std::string& out) { out = row.text(column++); }
};

/// The database library behind a connection (connection.cpp: a Poco::Data session).
class Driver {
public:
    virtual ~Driver() = default;
    /// Runs one statement (prepared once per connection and reused), calling `onRow` for each result row. Returns the
    /// rows read for a statement with result columns, the rows changed otherwise.
    /// `genericPlan`: PostgreSQL plans the statement once for any parameters (see Query::genericPlan).
    virtual std::size_t run(const std::string& sql, const std::vector<Param>& params,
                            const std::function<void(const Row&)>& onRow, bool genericPlan) = 0;
    /// Runs a session setting (never parameterised).
    virtual void command(const std::string& sql) = 0;
    /// Starts a transaction: BEGIN IMMEDIATE on SQLite (takes the write lock now), BEGIN on PostgreSQL.
    virtual void begin() = 0;
    virtual void commit() = 0;
    virtual void rollback() = 0;
    /// Whether the server is still there.
    virtual bool connected() = 0;
};

class Connection {
public:
    /// A connection of its own (a session opened for it alone).
    explicit Connection(const ConnectionTarget& target);
    /// A connection on a session lent by `sessions` (given back when the connection goes).
    Connection(const ConnectionTarget& target, Poco::Data::SessionPool& sessions);
    ~Connection();

    Dialect dialect() const { return _dialect; }
    bool postgres() const { return _dialect == Dialect::Postgresql; }
    Driver& driver() { return *_driver; }

    /// Runs one statement without parameters or results.
    void execute(std::string_view sql);
    /// Starts a transaction: BEGIN IMMEDIATE on SQLite (takes the write lock now), BEGIN on PostgreSQL.
    void begin();
    void commit();
    void rollback();

    /// Set when the connection failed in a way that makes it unfit for reuse.
    bool broken = false;
    /// Set when a statement failed since begin(). PostgreSQL cannot commit such a transaction (COMMIT quietly rolls
    /// back), so neither dialect does: the unit of work fails as a whole.
    bool failed = false;
    /// When the connection last went back to the pool.
    std::chrono::steady_clock::time_point idleSince{};
    /// Whether a transaction is open (begin() without commit() or rollback() yet).
    bool inTransaction() const { return _inTransaction; }
    /// The users whose works pages the open transaction changed (noteWorksChanged in repositories.h): their works
    /// version moves as the transaction's last writes, so it takes that row lock last. Emptied by begin and rollback.
    std::set<std::string> worksChanged;
    /// The songs the open transaction wrote (their texts or whether they are public may have changed): SqlStore's
    /// search index reads them again once the transaction commits. Emptied by begin and rollback.
    std::set<std::string> searchChanged;

private:
    /// Runs `step` (a driver call named `what`), turning its failure into DbException.
    template <class F> void control(const char* what, F&& step);

    bool _inTransaction = false;
    Dialect _dialect;
    std::unique_ptr<Driver> _driver;
};

/// One statement with bound parameters (always bound, never spliced into the text) and extraction targets.
/// SQL uses `?` placeholders in both dialects.
class Query {
public:
    Query(Connection& connection, std::string_view sql);

    Query& bind(const std::string& value);
    Query& bind(const char* value) { return bind(std::string(value)); }
    Query& bind(std::int64_t value);
    Query& bind(int value) { return bind(static_cast<std::int64_t>(value)); }
    Query& bind(bool value) { return bind(static_cast<std::int64_t>(value ? 1 : 0)); }
    Query& bind(double value);
    Query& bind(domain::TimePoint value) { return bind(domain::toEpochMillis(value)); }
    Query& bind(const std::optional<domain::TimePoint>& value);
    Query& bind(const std::optional<std::int64_t>& value);
    Query& bind(const std::optional<int>& value);

    /// Appends every result row to `target`: a vector of scalars (one column each) or of mapped rows (rows.h). Several
    /// into() calls read the columns left to right.
    template <class T> Query& into(std::vector<T>& target) {
        _sinks.push_back([&target](const Row& row, int& column) {
            T value{};
            RowReader<T>::read(row, column, value);
            target.push_back(std::move(value));
        });
        return *this;
    }

    /// PostgreSQL only: this statement is planned once per connection and the plan reused whatever the parameters
    /// (plan_cache_mode = force_generic_plan while it runs). For the batched reads (docs/performance.md): their
    /// parameters are arrays, whose length the planner only knows for a custom plan, so it would otherwise plan them
    /// anew on every run, which costs several times what running them does.
    Query& genericPlan() {
        _genericPlan = true;
        return *this;
    }

    /// Runs the statement: rows extracted for a SELECT (or RETURNING), rows affected otherwise.
    std::size_t execute();

private:
    Connection& _connection;
    std::string _sql;
    std::vector<Param> _params;
    std::vector<std::function<void(const Row&, int&)>> _sinks;
    bool _genericPlan = false;
};

/// Turns the exception in flight into DbException (with `context`), marking the connection failed, and broken when it
/// lost its server.
[[noreturn]] void rethrowAsDbException(Connection& connection, std::string_view context);

/// The sessions of one target: a Poco::Data::SessionPool of at most `maxSessions` (connection.cpp).
class SessionSource {
public:
    SessionSource(ConnectionTarget target, int maxSessions);
    ~SessionSource();
    SessionSource(const SessionSource&) = delete;
    SessionSource& operator=(const SessionSource&) = delete;

    const ConnectionTarget& target() const { return _target; }
    /// A connection on a session from the pool.
    std::unique_ptr<Connection> connect();

private:
    ConnectionTarget _target;
    std::unique_ptr<Poco::Data::SessionPool> _pool;
};

/// A pool that blocks (up to a timeout) when every connection is in use, rather than failing at once. A connection
/// that sat idle for a while is checked with a trivial query before it is handed out (the server may have dropped it).
/// A unit of work that writes is served before any waiting reader, so writes (login codes, creates, payments, plays)
/// never queue behind a crowd of list reads for a connection (docs/performance.md).
class ConnectionPool {
public:
    using Factory = std::function<std::unique_ptr<Connection>()>;

    ConnectionPool(Factory factory, int maxSize);
    ~ConnectionPool();

    class Lease {
    public:
        Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection)
            : _pool(&pool), _connection(std::move(connection)) {}
        Lease(Lease&& other) noexcept = default;
        Lease& operator=(Lease&&) = delete;
        Lease(const Lease&) = delete;
        ~Lease();
        Connection& operator*() const { return *_connection; }
        Connection* operator->() const { return _connection.get(); }

    private:
        ConnectionPool* _pool;
        std::unique_ptr<Connection> _connection;
    };

    enum class Use { Read, Write };

    /// A connection for `use`; writers waiting are served before readers.
    Lease acquire(Use use = Use::Read);

private:
    void giveBack(std::unique_ptr<Connection> connection);

    Factory _factory;
    int _maxSize;
    int _open = 0;
    std::mutex _mutex;
    std::condition_variable _readers;
    std::condition_variable _writers;
    int _writersWaiting = 0;
    std::vector<std::unique_ptr<Connection>> _idle;

    /// Wakes a waiting writer if there is one, else a reader. Called with _mutex held.
    void wakeOne();
    /// Wakes the next waiter when a connection is still free after one was taken. Called with _mutex held.
    void passOn();
};

} // namespace gequ::db::detail
