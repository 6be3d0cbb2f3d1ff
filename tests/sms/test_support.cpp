#include "test_support.h"

#include <Poco/JSON/Parser.h>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace gequ::sms::test {

std::string CountingRandom::bytes(std::size_t n) {
    const std::int64_t value = repeat ? 42 : _counter++;
    std::string out(n, '\0');
    for (std::size_t i = 0; i < n; ++i) {
        out[i] = static_cast<char>((value >> (8 * (i % 8))) & 0xff);
    }
    return out;
}

class LogCapture::Sink : public Poco::Channel {
public:
    void log(const Poco::Message& message) override {
        const std::lock_guard lock(mutex);
        lines.push_back(message.getText());
    }

    mutable std::mutex mutex;
    std::vector<std::string> lines;
};

LogCapture::LogCapture() : _sink(new Sink) {
    Poco::Logger& logger = Poco::Logger::get("gequ.sms");
    _previous = logger.getChannel();
    _previousLevel = logger.getLevel();
    logger.setChannel(_sink);
    logger.setLevel(Poco::Message::PRIO_TRACE);
}

LogCapture::~LogCapture() {
    if (std::getenv("GEQU_SMS_TEST_LOG") != nullptr) { // echo what was captured, for debugging
        for (const std::string& line : lines()) {
            std::fprintf(stderr, "  log: %s\n", line.c_str());
        }
    }
    Poco::Logger& logger = Poco::Logger::get("gequ.sms");
    logger.setChannel(_previous);
    logger.setLevel(_previousLevel);
}

std::vector<std::string> LogCapture::lines() const {
    const std::lock_guard lock(_sink->mutex);
    return _sink->lines;
}

std::string LogCapture::text() const {
    std::string out;
    for (const std::string& line : lines()) {
        out += line;
        out += '\n';
    }
    return out;
}

Poco::JSON::Object::Ptr loadFixture(const std::string& name) {
    std::ifstream in(std::filesystem::path(GEQU_SMS_FIXTURES_DIR) / name, std::ios::binary);
    if (!in) {
        throw std::runtime_error("missing fixture " + name);
    }
    std::ostringstream text;
    text << in.rdbuf();
    Poco::JSON::Parser parser;
    return parser.parse(text.str()).extract<Poco::JSON::Object::Ptr>();
}

domain::TimePoint testInstant() {
    return domain::fromEpochMillis(1700000000000);
}

} // namespace gequ::sms::test
