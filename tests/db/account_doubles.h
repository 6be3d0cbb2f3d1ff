#pragma once

// Test doubles for the ports the account services use besides the store: hashing (Poco's SHA-256), randomness, and
// an SMS provider that records what it sent.

#include "gequ/domain/ports/hasher.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/sms_sender.h"

#include <Poco/DigestEngine.h>
#include <Poco/HMACEngine.h>
#include <Poco/SHA2Engine.h>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace gequ::db::test {

class PocoHasher : public domain::Hasher {
public:
    std::string hmacSha256Hex(const std::string& key, const std::string& data) const override {
        Poco::HMACEngine<Sha256> engine(key);
        engine.update(data);
        return Poco::DigestEngine::digestToHex(engine.digest());
    }
    std::string sha256Hex(const std::string& data) const override {
        Sha256 engine;
        engine.update(data);
        return Poco::DigestEngine::digestToHex(engine.digest());
    }

private:
    /// What HMACEngine needs: a default-constructible engine with BLOCK_SIZE and DIGEST_SIZE.
    class Sha256 : public Poco::SHA2Engine {
    public:
        enum { BLOCK_SIZE = 64, DIGEST_SIZE = 32 };
        Sha256() : Poco::SHA2Engine(Poco::SHA2Engine::SHA_256) {}
    };
};

/// Seeded pseudo-randomness, thread-safe.
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

/// Remembers the codes it sent; fails like a refusing provider when told to.
class RecordingSms : public domain::SmsSender {
public:
    domain::Status sendCode(const std::string& phone, const std::string& code) override {
        std::lock_guard lock(_mutex);
        if (_failing) {
            return domain::DomainError{domain::ErrorCode::Upstream, "短信发送失败，请稍后再试"};
        }
        _sent.emplace_back(phone, code);
        return domain::success();
    }
    std::string name() const override { return "recording"; }

    void setFailing(bool failing) {
        std::lock_guard lock(_mutex);
        _failing = failing;
    }
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

private:
    mutable std::mutex _mutex;
    std::vector<std::pair<std::string, std::string>> _sent;
    bool _failing = false;
};

} // namespace gequ::db::test
