#pragma once

// The one set of test doubles for the system ports and the SMS provider (docs/testing.md): counting ids, seeded
// randomness, gequ_crypto's SHA-256 as the hasher, and an SMS provider that records what it sent. The production wiring
// takes them as Substitutes where a test needs to see or steer them.

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"
#include "gequ/domain/ports/hasher.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/sms_sender.h"

#include <atomic>
#include <cstdint>
#include <mutex>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace gequ::test {

/// Ids <prefix>1, <prefix>2, ... (id-1, id-2, ... by default). Thread-safe.
class CountingIds : public domain::IdGenerator {
public:
    explicit CountingIds(std::string prefix = "id-") : _prefix(std::move(prefix)) {}
    std::string newId() override { return _prefix + std::to_string(++_n); }

private:
    std::string _prefix;
    std::atomic<int> _n{0};
};

/// Pseudo-random (seeded per instance from std::random_device), thread-safe. Good enough for tokens and codes.
class TestRandom : public domain::Random {
public:
    std::string bytes(std::size_t n) override {
        std::lock_guard lock(_mutex);
        std::string out(n, '\0');
        for (auto& c : out) {
            c = static_cast<char>(_engine() & 0xff);
        }
        return out;
    }
    std::int64_t uniform(std::int64_t low, std::int64_t high) override {
        std::lock_guard lock(_mutex);
        return std::uniform_int_distribution<std::int64_t>(low, high)(_engine);
    }

private:
    std::mutex _mutex;
    std::mt19937_64 _engine{std::random_device{}()};
};

/// SHA-256, HMAC-SHA256 and base64url from gequ_crypto, like the server's hasher (wiring's CryptoHasher), for suites
/// that do not link the wiring.
class PocoHasher : public domain::Hasher {
public:
    std::string hmacSha256Hex(const std::string& key, const std::string& data) const override {
        return crypto::hmacSha256Hex(key, data);
    }
    std::string sha256Hex(const std::string& data) const override { return crypto::sha256Hex(data); }
    std::string base64Url(const std::string& bytes) const override {
        return crypto::base64Encode(bytes, crypto::Base64::Url);
    }
};

/// An SMS provider that remembers what it sent; it can be told to fail like a provider that refuses.
class RecordingSms : public domain::SmsSender {
public:
    domain::Status sendCode(const std::string& phone, const std::string& code) override {
        std::lock_guard lock(_mutex);
        if (_failing) {
            ++_failures;
            return domain::DomainError{domain::ErrorCode::Upstream, "短信发送失败，请稍后再试"};
        }
        _sent.emplace_back(phone, code);
        return domain::success();
    }
    std::string name() const override { return "recording"; }

    /// Forgets what was sent and sends again.
    void reset() {
        std::lock_guard lock(_mutex);
        _sent.clear();
        _failing = false;
        _failures = 0;
    }
    void setFailing(bool failing) {
        std::lock_guard lock(_mutex);
        _failing = failing;
    }
    /// The code last sent to the phone (empty when none).
    std::string lastCode(const std::string& phone) const {
        std::lock_guard lock(_mutex);
        for (auto it = _sent.rbegin(); it != _sent.rend(); ++it) {
            if (it->first == phone) {
                return it->second;
            }
        }
        return {};
    }
    std::size_t sentCount() const {
        std::lock_guard lock(_mutex);
        return _sent.size();
    }
    /// How many sends were refused while failing.
    int failures() const {
        std::lock_guard lock(_mutex);
        return _failures;
    }

private:
    mutable std::mutex _mutex;
    std::vector<std::pair<std::string, std::string>> _sent;
    bool _failing = false;
    int _failures = 0;
};

} // namespace gequ::test
