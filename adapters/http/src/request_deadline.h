#pragma once

// An overall deadline for receiving a request (docs/security.md, "Slow clients"). Poco's socket timeout bounds each
// read, so a client that trickles one byte just inside it could hold a worker thread forever; here a watchdog thread
// cuts (shuts down) any connection whose request has not fully arrived by its deadline, however slowly bytes still
// come. The deadline runs from the moment a worker takes the connection until the handler has read the body, and
// again from the end of each answer until the next request on a kept-alive connection has been read.

#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/TCPServer.h>
#include <Poco/ThreadPool.h>
#include <chrono>
#include <cstdint>
#include <memory>

namespace gequ::http {

class ConnectionCap;
class ConnectionWatchdog;

/// A handler factory the server can tell that it stopped (Poco keeps that event for its own HTTPServer).
class StoppableHandlerFactory : public Poco::Net::HTTPRequestHandlerFactory {
public:
    /// Tells the connections that the server stopped: idle ones close (all of them with abortCurrent).
    void announceStop(const void* sender, bool abortCurrent) { serverStopped(sender, abortCurrent); }
};

/// Poco's HTTPServer with the deadline: the same connections (Poco::Net::HTTPServerConnection), each watched.
class DeadlineHttpServer : public Poco::Net::TCPServer {
public:
    /// Takes ownership of factory. `deadline` is the time a client has to send one request; `keepAlive` the extra
    /// time it has to start the next one on a kept-alive connection. With a `cap` (which must outlive the server),
    /// each accepted connection must be admitted by it, and is released when it ends; a connection that would find
    /// the queue full is refused before the cap counts it.
    DeadlineHttpServer(StoppableHandlerFactory* factory, Poco::ThreadPool& pool, const Poco::Net::ServerSocket& socket,
                       Poco::Net::HTTPServerParams::Ptr params, std::chrono::milliseconds deadline,
                       std::chrono::milliseconds keepAlive, ConnectionCap* cap = nullptr);
    ~DeadlineHttpServer() override;

    /// As Poco::Net::HTTPServer::stopAll: stops accepting, then closes idle connections (and, with abortCurrent,
    /// busy ones too).
    void stopAll(bool abortCurrent = false);

    /// Called on a worker thread once the request in hand has been read whole: its deadline no longer applies.
    static void requestReceived();
    /// Called on a worker thread once the answer is written: the next request on the connection must arrive in time.
    static void answerSent();
    /// How many connections the watchdog has cut since start (for tests and logs).
    std::uint64_t connectionsCut() const;

private:
    DeadlineHttpServer(StoppableHandlerFactory* factory, Poco::Net::HTTPRequestHandlerFactory::Ptr shared,
                       Poco::ThreadPool& pool, const Poco::Net::ServerSocket& socket,
                       Poco::Net::HTTPServerParams::Ptr params, std::shared_ptr<ConnectionWatchdog> watchdog,
                       ConnectionCap* cap);

    StoppableHandlerFactory* _stoppable;
    Poco::Net::HTTPRequestHandlerFactory::Ptr _factory;
    std::shared_ptr<ConnectionWatchdog> _watchdog;
};

} // namespace gequ::http
