#pragma once

// The whole HTTP server in-process: port 0, a temporary SQLite database, a temporary web root with a fake
// index.html and assets, and a media folder.

#include "temp_dir.h"
#include "test_clock.h"
#include "gequ/db/database.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/redeem_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"
#include "gequ/domain/services/works_service.h"
#include "gequ/http/server.h"
#include "gequ/media/local_media_store.h"

#include <Poco/DigestEngine.h>
#include <Poco/HMACEngine.h>
#include <Poco/SHA2Engine.h>
#include <atomic>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace gequ::http::test {

/// A clock the test sets by hand (safe to move while the server reads it).
using FixedClock = gequ::test::TestClock;
using gequ::test::TempDir;

/// SHA-256 and HMAC-SHA256 from Poco (the server uses OpenSSL's; both are the standard functions).
class PocoHasher : public domain::Hasher {
public:
    std::string hmacSha256Hex(const std::string& key, const std::string& data) const override {
        Poco::HMACEngine<SHA256> engine(key);
        engine.update(data);
        return Poco::DigestEngine::digestToHex(engine.digest());
    }
    std::string sha256Hex(const std::string& data) const override {
        Poco::SHA2Engine engine(Poco::SHA2Engine::SHA_256);
        engine.update(data);
        return Poco::DigestEngine::digestToHex(engine.digest());
    }

private:
    /// HMACEngine wants a default-constructible engine with BLOCK_SIZE and DIGEST_SIZE.
    class SHA256 : public Poco::SHA2Engine {
    public:
        enum { BLOCK_SIZE = 64, DIGEST_SIZE = 32 };
        SHA256() : Poco::SHA2Engine(Poco::SHA2Engine::SHA_256) {}
    };
};

/// Pseudo-random (seeded per instance), thread-safe. Good enough for tokens and codes in tests.
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

/// Ids id-1, id-2, ...
class CountingIds : public domain::IdGenerator {
public:
    std::string newId() override { return "id-" + std::to_string(++_n); }

private:
    std::atomic<int> _n{0};
};

/// An SMS provider that remembers what it sent; it can be told to fail like a provider that refuses.
class RecordingSms : public domain::SmsSender {
public:
    struct Sent {
        std::string phone;
        std::string code;
    };

    domain::Status sendCode(const std::string& phone, const std::string& code) override {
        std::lock_guard lock(_mutex);
        if (_failing) {
            ++_failures;
            return domain::DomainError{domain::ErrorCode::Upstream, "短信发送失败，请稍后再试"};
        }
        _sent.push_back({phone, code});
        return domain::success();
    }
    std::string name() const override { return "recording"; }

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
            if (it->phone == phone) {
                return it->code;
            }
        }
        return {};
    }
    std::size_t sentCount() const {
        std::lock_guard lock(_mutex);
        return _sent.size();
    }
    int failures() const {
        std::lock_guard lock(_mutex);
        return _failures;
    }

private:
    mutable std::mutex _mutex;
    std::vector<Sent> _sent;
    bool _failing = false;
    int _failures = 0;
};

/// A Store that forwards to another, which a test can replace between requests (a fresh database per test without a
/// new server: stopping a server takes a quarter of a second).
class SwitchableStore : public domain::Store {
public:
    explicit SwitchableStore(std::unique_ptr<domain::Store> inner) : _inner(std::move(inner)) {}
    void replace(std::unique_ptr<domain::Store> inner) {
        std::lock_guard lock(_mutex);
        _inner = std::move(inner);
    }
    void transact(const std::function<bool(domain::Repositories&)>& fn) override { current().transact(fn); }
    void read(const std::function<void(domain::Repositories&)>& fn) override { current().read(fn); }
    bool ping() override { return current().ping(); }
    std::string dialect() const override {
        std::lock_guard lock(_mutex);
        return _inner->dialect();
    }

private:
    domain::Store& current() {
        std::lock_guard lock(_mutex);
        return *_inner;
    }

    mutable std::mutex _mutex;
    std::unique_ptr<domain::Store> _inner;
};

/// A word-list moderation for the tests: refuses text holding any of its words.
class TestModeration : public domain::Moderation {
public:
    std::optional<std::string> findRefused(const std::string& text) const override {
        for (const char* word : {"禁词", "badword"}) {
            if (text.find(word) != std::string::npos) {
                return std::string(word);
            }
        }
        return std::nullopt;
    }
};

/// A SongGenerator whose lyrics answer the test sets (the HTTP tests never run the worker, so submit and poll only
/// record).
class FakeGenerator : public domain::SongGenerator {
public:
    domain::Result<std::string> submit(const domain::GenerationRequest& request) override {
        return "fake-" + request.taskId;
    }
    domain::Result<std::vector<domain::TaskStatus>> poll(const std::vector<std::string>&) override {
        return std::vector<domain::TaskStatus>{};
    }
    domain::Result<domain::Lyrics> lyrics(const std::string& prompt) override {
        std::lock_guard lock(_mutex);
        ++_lyricCalls;
        if (_lyricsError) {
            return *_lyricsError;
        }
        return domain::Lyrics{prompt, "[主歌]\n" + prompt + "的歌词\n"};
    }
    std::string name() const override { return "local"; }

    /// The next lyrics calls fail with this error (nullopt: they succeed again).
    void failLyrics(std::optional<domain::DomainError> error) {
        std::lock_guard lock(_mutex);
        _lyricsError = std::move(error);
    }
    int lyricCalls() const {
        std::lock_guard lock(_mutex);
        return _lyricCalls;
    }

private:
    mutable std::mutex _mutex;
    std::optional<domain::DomainError> _lyricsError;
    int _lyricCalls = 0;
};

/// The account services of a test server on one store and clock, with test doubles for the system ports.
class AccountServices {
public:
    AccountServices(domain::Store& store, const domain::Clock& clock, domain::AuthSettings settings = defaults())
        : auth(store, clock, random, ids, hasher, sms, std::move(settings)), users(store, clock),
          redeem(store, clock, random, ids, hasher), create(store, clock, ids, moderation, domain::CreateSettings{}),
          works(store, clock, generator, moderation) {}

    static domain::AuthSettings defaults() {
        domain::AuthSettings settings;
        settings.secret = "test-secret-test-secret-test-secret!";
        return settings;
    }

    /// Services for a Server: the square given, these account services, and auth.authenticate as the authenticator
    /// unless another is given.
    Services services(domain::Store& store, const domain::Clock& clock, domain::SquareService& square,
                      Authenticator authenticate = {}) {
        if (!authenticate) {
            authenticate = [this](const std::string& token) { return auth.authenticate(token); };
        }
        Services services{store, clock, square, auth, users, redeem, std::move(authenticate)};
        services.create = &create;
        services.works = &works;
        return services;
    }

    PocoHasher hasher;
    TestRandom random;
    CountingIds ids;
    RecordingSms sms;
    domain::AuthService auth;
    domain::UserService users;
    domain::RedeemService redeem;
    TestModeration moderation;
    FakeGenerator generator;
    domain::CreateService create; ///< points.create_cost 10
    domain::WorksService works;
};

/// 2026-11-21T10:00:00Z
inline domain::TimePoint testNow() {
    return domain::fromEpochMillis(1795255200000);
}

inline void writeFile(const std::filesystem::path& path, const std::string& content) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream out(path, std::ios::binary);
    out << content;
}

inline const std::string kIndexHtml =
    "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><title>歌曲</title></head>"
    "<body><div id=\"root\"></div><script type=\"module\" src=\"/assets/index-abc123.js\"></script></body></html>";

/// A compressible script of about 4 KiB.
inline std::string assetScript() {
    std::string script;
    for (int i = 0; i < 100; ++i) {
        script += "console.log('gequ asset line " + std::to_string(i) + "');\n";
    }
    return script;
}

/// 10000 bytes: byte i is i % 251.
inline std::string mediaBytes() {
    std::string bytes(10000, '\0');
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        bytes[i] = static_cast<char>(i % 251);
    }
    return bytes;
}

/// The owner and song that media/song.mp3 belongs to: a public, finished song (so the file is public media).
inline constexpr const char* kMediaOwnerId = "media-owner";
inline constexpr const char* kMediaSongId = "song";

/// Stores the public song whose audio is /media/song.mp3 (and its owner).
inline void seedMediaSong(domain::Store& store) {
    store.transact([](domain::Repositories& repos) {
        domain::User owner;
        owner.id = kMediaOwnerId;
        owner.phone = "19900000009";
        owner.nickname = "媒体";
        owner.createdAt = testNow();
        repos.users().insert(owner);
        domain::Song song;
        song.id = kMediaSongId;
        song.taskId = "media-task";
        song.userId = kMediaOwnerId;
        song.title = "媒体";
        song.audioUrl = "/media/song.mp3";
        song.complete = domain::SongStatus::Done;
        song.open = true;
        song.createdAt = testNow();
        song.finishedAt = testNow();
        repos.songs().insert(song);
        return true;
    });
}

class TestServer {
public:
    /// `authenticate` replaces the real sessions (auth.authenticate) when given.
    /// `extend` may add to the services before the server starts (e.g. the upstream callback).
    explicit TestServer(const std::function<void(HttpConfig&)>& tweak = {}, Authenticator authenticate = {},
                        domain::AuthSettings settings = AccountServices::defaults(),
                        const std::function<void(Services&)>& extend = {})
        : _clock(testNow()) {
        _store = std::make_unique<SwitchableStore>(db::openStore("sqlite:" + (_dir.path() / "gequ.db").string(), 4));
        _square = std::make_unique<domain::SquareService>(*_store, _clock);
        _accounts = std::make_unique<AccountServices>(*_store, _clock, std::move(settings));
        _files = std::make_unique<media::LocalMediaStore>(mediaDir());
        _media = std::make_unique<domain::MediaService>(*_store, _clock, *_files);

        writeFile(webRoot() / "index.html", kIndexHtml);
        writeFile(webRoot() / "assets" / "index-abc123.js", assetScript());
        writeFile(webRoot() / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
        writeFile(webRoot() / ".env", "SECRET=1");
        writeFile(mediaDir() / "song.mp3", mediaBytes());
        writeFile(_dir.path() / "secret.txt", "outside the roots");

        HttpConfig config;
        config.host = "127.0.0.1";
        config.port = 0;
        config.webRoot = webRoot().string();
        config.mediaDir = mediaDir().string();
        config.threads = 4;
        config.listCacheMillis = 0; // tests write to the store directly; the cache's own tests turn it on
        config.ratePerIp = 1e6;
        config.burstPerIp = 1e6;
        config.mediaHosts = {"https://cdn.example.com"};
        if (tweak) {
            tweak(config);
        }
        Services services = _accounts->services(*_store, _clock, *_square, std::move(authenticate));
        services.media = _media.get();
        services.mediaUrlKey = "test-media-url-key";
        if (extend) {
            extend(services);
        }
        _server = std::make_unique<Server>(config, std::move(services));
        _server->start();
    }
    ~TestServer() { _server->stop(); }

    std::uint16_t port() const { return _server->port(); }
    domain::Store& store() { return *_store; }
    /// Makes media/song.mp3 the audio of a public song (seedMediaSong), so anyone may fetch it.
    void publishMediaSong() { seedMediaSong(*_store); }
    /// Starts over on a new, empty database, with the clock back at testNow() and a fresh SMS record. Call it only
    /// between requests.
    void resetAccounts() {
        const auto file = _dir.path() / ("gequ-" + std::to_string(++_databases) + ".db");
        _store->replace(db::openStore("sqlite:" + file.string(), 4));
        _clock.set(testNow());
        _accounts->sms.reset();
    }
    FixedClock& clock() { return _clock; }
    AccountServices& accounts() { return *_accounts; }
    RecordingSms& sms() { return _accounts->sms; }
    std::filesystem::path webRoot() const { return _dir.path() / "web"; }
    std::filesystem::path mediaDir() const { return _dir.path() / "media"; }

private:
    TempDir _dir;
    FixedClock _clock;
    std::unique_ptr<SwitchableStore> _store;
    int _databases = 0;
    std::unique_ptr<domain::SquareService> _square;
    std::unique_ptr<AccountServices> _accounts;
    std::unique_ptr<media::LocalMediaStore> _files;
    std::unique_ptr<domain::MediaService> _media;
    std::unique_ptr<Server> _server;
};

} // namespace gequ::http::test
