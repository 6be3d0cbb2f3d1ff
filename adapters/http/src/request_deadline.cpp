#include "request_deadline.h"

#include "connection_cap.h"

#include <Poco/Logger.h>
#include <Poco/Net/HTTPServerConnection.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/Net/TCPServerConnectionFactory.h>
#include <atomic>
#include <condition_variable>
#include <list>
#include <mutex>
#include <thread>

namespace gequ::http {

using SteadyClock = std::chrono::steady_clock;

/// The connections being served and their deadlines; one thread cuts those past theirs.
class ConnectionWatchdog {
public:
    struct Watch {
        Poco::Net::StreamSocket socket;
        SteadyClock::time_point deadline = SteadyClock::time_point::max();
        bool cut = false;
    };
    using Handle = std::list<Watch>::iterator;

    ConnectionWatchdog(std::chrono::milliseconds deadline, std::chrono::milliseconds keepAlive)
        : _deadline(deadline), _keepAlive(keepAlive), _thread([this] { run(); }) {}

    ~ConnectionWatchdog() {
        {
            std::lock_guard lock(_mutex);
            _stopping = true;
        }
        _wake.notify_all();
        _thread.join();
    }

    Handle watch(const Poco::Net::StreamSocket& socket) {
        std::lock_guard lock(_mutex);
        _watches.push_front(Watch{socket, SteadyClock::now() + _deadline, false});
        return _watches.begin();
    }

    void unwatch(Handle handle) {
        std::lock_guard lock(_mutex);
        _watches.erase(handle);
    }

    void disarm(Handle handle) {
        std::lock_guard lock(_mutex);
        handle->deadline = SteadyClock::time_point::max();
    }

    void rearm(Handle handle) {
        std::lock_guard lock(_mutex);
        handle->deadline = SteadyClock::now() + _keepAlive + _deadline;
    }

    std::uint64_t cut() const { return _cut.load(); }

private:
    static constexpr std::chrono::milliseconds kTick{100};

    void run() {
        std::unique_lock lock(_mutex);
        while (!_stopping) {
            const auto now = SteadyClock::now();
            for (auto& watch : _watches) {
                if (!watch.cut && now >= watch.deadline) {
                    watch.cut = true;
                    ++_cut;
                    try {
                        // Wakes the worker's blocked read with end-of-file; Poco then drops the connection.
                        watch.socket.shutdown();
                    } catch (const std::exception&) {
                        // already closed by the peer
                    }
                    Poco::Logger::get("gequ.http").information("cut off a client too slow to send its request");
                }
            }
            _wake.wait_for(lock, kTick, [this] { return _stopping; });
        }
    }

    std::chrono::milliseconds _deadline;
    std::chrono::milliseconds _keepAlive;
    std::mutex _mutex;
    std::condition_variable _wake;
    std::list<Watch> _watches;
    bool _stopping = false;
    std::atomic<std::uint64_t> _cut{0};
    std::thread _thread;
};

namespace {

/// The watch of the connection the current worker thread serves (null outside one).
struct CurrentWatch {
    ConnectionWatchdog* watchdog = nullptr;
    ConnectionWatchdog::Handle handle;
};
thread_local CurrentWatch tCurrent;

class WatchedConnection final : public Poco::Net::HTTPServerConnection {
public:
    WatchedConnection(const Poco::Net::StreamSocket& socket, Poco::Net::HTTPServerParams::Ptr params,
                      Poco::Net::HTTPRequestHandlerFactory::Ptr factory, std::shared_ptr<ConnectionWatchdog> watchdog,
                      ConnectionCap* cap)
        : HTTPServerConnection(socket, std::move(params), std::move(factory)), _watchdog(std::move(watchdog)),
          _cap(cap) {}
    ~WatchedConnection() override {
        if (_cap) {
            _cap->release(socket());
        }
    }

    void run() override {
        auto handle = _watchdog->watch(socket());
        tCurrent = CurrentWatch{_watchdog.get(), handle};
        try {
            HTTPServerConnection::run();
        } catch (...) {
            tCurrent = CurrentWatch{};
            _watchdog->unwatch(handle);
            throw;
        }
        tCurrent = CurrentWatch{};
        _watchdog->unwatch(handle);
    }

private:
    std::shared_ptr<ConnectionWatchdog> _watchdog;
    ConnectionCap* _cap;
};

class WatchedConnectionFactory final : public Poco::Net::TCPServerConnectionFactory {
public:
    WatchedConnectionFactory(Poco::Net::HTTPServerParams::Ptr params, Poco::Net::HTTPRequestHandlerFactory::Ptr factory,
                             std::shared_ptr<ConnectionWatchdog> watchdog, ConnectionCap* cap)
        : _params(std::move(params)), _factory(std::move(factory)), _watchdog(std::move(watchdog)), _cap(cap) {}

    Poco::Net::TCPServerConnection* createConnection(const Poco::Net::StreamSocket& socket) override {
        return new WatchedConnection(socket, _params, _factory, _watchdog, _cap);
    }

private:
    Poco::Net::HTTPServerParams::Ptr _params;
    Poco::Net::HTTPRequestHandlerFactory::Ptr _factory;
    std::shared_ptr<ConnectionWatchdog> _watchdog;
    ConnectionCap* _cap;
};

/// Runs on the accepting thread for every new connection: refuses it when the queue is full (Poco would drop it
/// without a connection object, so the cap must not count it), else asks the cap.
class CapFilter final : public Poco::Net::TCPServerConnectionFilter {
public:
    CapFilter(const Poco::Net::TCPServer& server, int maxQueued, ConnectionCap& cap)
        : _server(server), _maxQueued(maxQueued), _cap(cap) {}

    bool accept(const Poco::Net::StreamSocket& socket) override {
        // Only this thread enqueues, so the queue cannot grow between this check and the enqueue.
        if (_server.queuedConnections() >= _maxQueued) {
            return false;
        }
        return _cap.admit(socket);
    }

private:
    const Poco::Net::TCPServer& _server;
    const int _maxQueued;
    ConnectionCap& _cap;
};

} // namespace

DeadlineHttpServer::DeadlineHttpServer(StoppableHandlerFactory* factory, Poco::ThreadPool& pool,
                                       const Poco::Net::ServerSocket& socket, Poco::Net::HTTPServerParams::Ptr params,
                                       std::chrono::milliseconds deadline, std::chrono::milliseconds keepAlive,
                                       ConnectionCap* cap)
    : DeadlineHttpServer(factory, Poco::Net::HTTPRequestHandlerFactory::Ptr(factory), pool, socket, params,
                         std::make_shared<ConnectionWatchdog>(deadline, keepAlive), cap) {}

DeadlineHttpServer::DeadlineHttpServer(StoppableHandlerFactory* factory,
                                       Poco::Net::HTTPRequestHandlerFactory::Ptr shared, Poco::ThreadPool& pool,
                                       const Poco::Net::ServerSocket& socket, Poco::Net::HTTPServerParams::Ptr params,
                                       std::shared_ptr<ConnectionWatchdog> watchdog, ConnectionCap* cap)
    : Poco::Net::TCPServer(new WatchedConnectionFactory(params, shared, watchdog, cap), pool, socket, params),
      _stoppable(factory), _factory(shared), _watchdog(std::move(watchdog)) {
    if (cap) {
        setConnectionFilter(new CapFilter(*this, params->getMaxQueued(), *cap));
    }
}

DeadlineHttpServer::~DeadlineHttpServer() {
    try {
        stop();
    } catch (...) {
    }
}

void DeadlineHttpServer::stopAll(bool abortCurrent) {
    stop();
    _stoppable->announceStop(this, abortCurrent);
}

void DeadlineHttpServer::requestReceived() {
    if (tCurrent.watchdog) {
        tCurrent.watchdog->disarm(tCurrent.handle);
    }
}

void DeadlineHttpServer::answerSent() {
    if (tCurrent.watchdog) {
        tCurrent.watchdog->rearm(tCurrent.handle);
    }
}

std::uint64_t DeadlineHttpServer::connectionsCut() const {
    return _watchdog->cut();
}

} // namespace gequ::http
