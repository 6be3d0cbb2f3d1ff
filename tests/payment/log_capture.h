#pragma once

// Captures what the adapter writes to the gequ.payment logger during a test.

#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <mutex>
#include <string>
#include <vector>

namespace gequ::payment::testing {

class LogCapture {
public:
    LogCapture() : _channel(new Collector), _previous(Poco::Logger::get("gequ.payment").getChannel()) {
        Poco::Logger::get("gequ.payment").setChannel(_channel);
    }
    ~LogCapture() { Poco::Logger::get("gequ.payment").setChannel(_previous); }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;

    /// Every message so far, one per line.
    std::string text() const { return _channel->text(); }

private:
    class Collector : public Poco::Channel {
    public:
        void log(const Poco::Message& message) override {
            std::lock_guard lock(_mutex);
            _text += message.getText() + "\n";
        }
        std::string text() const {
            std::lock_guard lock(_mutex);
            return _text;
        }

    private:
        mutable std::mutex _mutex;
        std::string _text;
    };

    Poco::AutoPtr<Collector> _channel;
    Poco::AutoPtr<Poco::Channel> _previous;
};

} // namespace gequ::payment::testing
