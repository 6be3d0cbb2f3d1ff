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
