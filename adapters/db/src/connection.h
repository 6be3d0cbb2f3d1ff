#pragma once

// One database connection (a Poco::Data::Session and its dialect), the Query helper every repository uses, and a
// blocking connection pool.

#include "gequ/db/db_exception.h"
#include "gequ/domain/model/time.h"

#include <Poco/Data/Session.h>
#include <Poco/Data/Statement.h>
#include <Poco/Nullable.h>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::db::detail {

enum class Dialect { Sqlite, Postgresql };

/// Where and how to connect: the Poco connector name and its connection string.
struct ConnectionTarget {
    Dialect dialect = Dialect::Sqlite;
    std::string connector;        ///< "SQLite" or "PostgreSQL"
    std::string connectionString; ///< a file path, or libpq key=value pairs
    std::string display;          ///< for messages: the URL without its password
};

class Connection {
public:
    explicit Connection(const ConnectionTarget& target);

    Dialect dialect() const { return _dialect; }
    bool postgres() const { return _dialect == Dialect::Postgresql; }
    Poco::Data::Session& session() { return *_session; }

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

private:
    Dialect _dialect;
    std::unique_ptr<Poco::Data::Session> _session;
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

    /// Binds a whole column of values: the statement runs once per element (all bindEach vectors equally long).
    template <class T> Query& bindEach(const std::vector<T>& values) {
        _statement.addBind(Poco::Data::Keywords::bind(values));
        return *this;
    }

    /// Extracts into `target`: a scalar (one row), or a std::vector of scalars or mapped rows (rows.h).
    template <class T> Query& into(T& target) {
        _statement.addExtract(Poco::Data::Keywords::into(target));
        return *this;
    }

    /// Runs the statement: rows extracted for a SELECT (or RETURNING), rows affected otherwise.
    std::size_t execute();

private:
    Connection& _connection;
    std::string _sql;
    Poco::Data::Statement _statement;
};

/// Translates a Poco exception (or any exception) thrown by a statement into DbException; marks the connection
/// broken when it lost its server.
[[noreturn]] void rethrowAsDbException(Connection& connection, std::string_view context);

/// A pool that blocks (up to a timeout) when every connection is in use, rather than failing at once. A connection
/// that sat idle for a while is checked with a trivial query before it is handed out (the server may have dropped it).
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

    Lease acquire();

private:
    void giveBack(std::unique_ptr<Connection> connection);

    Factory _factory;
    int _maxSize;
    int _open = 0;
    std::mutex _mutex;
    std::condition_variable _available;
    std::vector<std::unique_ptr<Connection>> _idle;
};

} // namespace gequ::db::detail
