#pragma once

// The one log capture of the C++ suites (docs/testing.md): while it lives, what the named Poco loggers write (at the
// level given, or the level they have) is collected instead of printed; the loggers' channels and levels come back
// when it goes.

#include <Poco/AutoPtr.h>
#include <Poco/Channel.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace gequ::test {

class LogCapture {
public:
    /// Captures the logger `name` (e.g. "gequ.payment"), at `level` (e.g. Poco::Message::PRIO_DEBUG) when given.
    explicit LogCapture(const std::string& name, std::optional<int> level = std::nullopt) : LogCapture({name}, level) {}
    /// Captures several loggers into one text.
    LogCapture(std::initializer_list<std::string> names, std::optional<int> level = std::nullopt)
        : _channel(new Collector) {
        for (const auto& name : names) {
            Poco::Logger& logger = Poco::Logger::get(name);
            _previous.push_back({name, logger.getChannel(), logger.getLevel()});
            logger.setChannel(_channel);
            if (level) {
                logger.setLevel(*level);
            }
        }
    }
    ~LogCapture() {
        for (const auto& was : _previous) {
            Poco::Logger& logger = Poco::Logger::get(was.name);
            logger.setChannel(was.channel);
            logger.setLevel(was.level);
        }
    }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;

    /// Every message so far, one per line.
    std::string text() const { return _channel->text(); }
    /// Every message so far.
    std::vector<std::string> lines() const {
        std::vector<std::string> out;
        std::istringstream in(text());
        for (std::string line; std::getline(in, line);) {
            out.push_back(line);
        }
        return out;
    }

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

    struct Previous {
        std::string name;
        Poco::AutoPtr<Poco::Channel> channel;
        int level;
    };

    Poco::AutoPtr<Collector> _channel;
    std::vector<Previous> _previous;
};

} // namespace gequ::test
