#include "test_support.h"

#include <chrono>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace gequ::payment::testing {

std::string SeededRandom::bytes(std::size_t n) {
    std::lock_guard lock(_mutex);
    std::string out(n, '\0');
    for (auto& c : out) {
        c = static_cast<char>(_engine() & 0xff);
    }
    return out;
}

std::int64_t SeededRandom::uniform(std::int64_t low, std::int64_t high) {
    std::lock_guard lock(_mutex);
    return std::uniform_int_distribution<std::int64_t>(low, high)(_engine);
}

ScriptedNonces::ScriptedNonces(std::vector<std::string> nonces) {
    for (const auto& nonce : nonces) {
        _script += nonce;
    }
}

std::int64_t ScriptedNonces::uniform(std::int64_t low, std::int64_t high) {
    static const std::string kAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    std::lock_guard lock(_mutex);
    if (_next < _script.size() && low == 0 && high == 61) {
        return static_cast<std::int64_t>(kAlphabet.find(_script[_next++]));
    }
    return _fallback.uniform(low, high);
}

std::int64_t systemSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string readFixture(const std::string& name) {
    std::ifstream in(std::string(GEQU_PAYMENT_FIXTURES_DIR) + "/" + name, std::ios::binary);
    if (!in) {
        throw std::runtime_error("missing fixture " + name);
    }
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::map<std::string, std::string>& vectors() {
    static const std::map<std::string, std::string> all = [] {
        std::map<std::string, std::string> values;
        std::istringstream lines(readFixture("wechat_vectors.txt"));
        std::string line;
        while (std::getline(lines, line)) {
            if (line.empty() || line[0] == '#') {
                continue;
            }
            const auto eq = line.find('=');
            if (eq != std::string::npos) {
                values[line.substr(0, eq)] = line.substr(eq + 1);
            }
        }
        return values;
    }();
    return all;
}

std::string vector(const std::string& name) {
    const auto found = vectors().find(name);
    if (found == vectors().end()) {
        throw std::runtime_error("missing vector " + name);
    }
    return found->second;
}

} // namespace gequ::payment::testing
