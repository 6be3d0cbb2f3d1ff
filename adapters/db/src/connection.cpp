#include "connection.h"

#include "sql_text.h"

#include <Poco/Data/PostgreSQL/Connector.h>
#include <Poco/Data/SQLite/Connector.h>
#include <Poco/Exception.h>
#include <chrono>

using namespace Poco::Data::Keywords;

namespace gequ::db::detail {

namespace {

void registerConnectors() {
    static std::once_flag once;
    std::call_once(once, [] {
        Poco::Data::SQLite::Connector::registerConnector();
        Poco::Data::PostgreSQL::Connector::registerConnector();
    });
}

/// How long acquire() waits for a free connection before it gives up.
constexpr auto kAcquireTimeout = std::chrono::seconds(60);
/// Idle connections older than this are checked before use.
constexpr auto kValidateAfter = std::chrono::seconds(5);

/// Whether the connection still answers.
bool answers(Connection& connection) {
    try {
        std::vector<Poco::Int64> one;
        Query(connection, "SELECT 1").into(one).execute();
        return one.size() == 1;
    } catch (const DbException&) {
        return false;
    }
}

} // namespace

Connection::Connection(const ConnectionTarget& target) : _dialect(target.dialect) {
    registerConnectors();
    try {
        _session = std::make_unique<Poco::Data::Session>(target.connector, target.connectionString);
    } catch (const Poco::Exception& e) {
        throw DbException("cannot connect to " + target.display + ": " + e.displayText());
    }
}

void Connection::execute(std::string_view sql) {
    Query(*this, sql).execute();
}

void Connection::begin() {
    failed = false;
    if (postgres()) {
        try {
            _session->begin();
        } catch (...) {
            rethrowAsDbException(*this, "BEGIN");
        }
    } else {
        // Poco's SQLite begin() is BEGIN DEFERRED, which can fail with SQLITE_BUSY when a reader later writes.
        execute("BEGIN IMMEDIATE");
    }
}

void Connection::commit() {
    if (postgres()) {
        try {
            _session->commit();
        } catch (...) {
            rethrowAsDbException(*this, "COMMIT");
        }
    } else {
        execute("COMMIT");
    }
}

void Connection::rollback() {
    try {
        if (postgres()) {
            _session->rollback();
        } else {
            execute("ROLLBACK");
        }
    } catch (...) {
        broken = true;
        rethrowAsDbException(*this, "ROLLBACK");
    }
}

Query::Query(Connection& connection, std::string_view sql)
    : _connection(connection), _sql(connection.postgres() ? numberPlaceholders(sql) : std::string(sql)),
      _statement(connection.session()) {
    _statement << _sql;
}

Query& Query::bind(const std::string& value) {
    _statement.addBind(Poco::Data::Keywords::bind(value));
    return *this;
}

Query& Query::bind(std::int64_t value) {
    _statement.addBind(Poco::Data::Keywords::bind(static_cast<Poco::Int64>(value)));
    return *this;
}

Query& Query::bind(double value) {
    _statement.addBind(Poco::Data::Keywords::bind(value));
    return *this;
}

Query& Query::bind(const std::optional<domain::TimePoint>& value) {
    return bind(value ? std::optional<std::int64_t>(domain::toEpochMillis(*value)) : std::nullopt);
}

Query& Query::bind(const std::optional<std::int64_t>& value) {
    Poco::Nullable<Poco::Int64> nullable;
    if (value) {
        nullable = static_cast<Poco::Int64>(*value);
    }
    _statement.addBind(Poco::Data::Keywords::bind(nullable));
    return *this;
}

Query& Query::bind(const std::optional<int>& value) {
    return bind(value ? std::optional<std::int64_t>(*value) : std::nullopt);
}

std::size_t Query::execute() {
    try {
        return _statement.execute();
    } catch (...) {
        rethrowAsDbException(_connection, _sql);
    }
}

void rethrowAsDbException(Connection& connection, std::string_view context) {
    std::string message;
    try {
        throw;
    } catch (const DbException&) {
        throw;
    } catch (const Poco::Exception& e) {
        message = e.displayText();
    } catch (const std::exception& e) {
        message = e.what();
    }
    connection.failed = true;
    try {
        if (!connection.session().isConnected()) {
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

ConnectionPool::Lease ConnectionPool::acquire() {
    std::unique_lock lock(_mutex);
    for (;;) {
        if (!_available.wait_for(lock, kAcquireTimeout, [this] { return !_idle.empty() || _open < _maxSize; })) {
            throw DbException("no database connection became free within 60 s (pool of " + std::to_string(_maxSize) +
                              ")");
        }
        if (_idle.empty()) {
            break;
        }
        auto connection = std::move(_idle.back());
        _idle.pop_back();
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
    ++_open;
    lock.unlock();
    try {
        return Lease(*this, _factory());
    } catch (...) {
        lock.lock();
        --_open;
        _available.notify_one();
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
    _available.notify_one();
}

} // namespace gequ::db::detail
