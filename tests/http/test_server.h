#pragma once

// The whole HTTP server in-process, wired as gequ-server wires it: a configuration (test defaults plus what the test
// adds) read by wiring::Config, a wiring::Runtime on it, and server::makeHttpConfig / makeHttpServices, the same
// functions gequ-server's main calls (docs/testing.md). Port 0, a temporary SQLite database, a temporary web root
// with a fake index.html and assets, and a media folder. Only the clock, the ids, the SMS provider, the upstream and
// the moderation word list are test doubles (wiring::Substitutes); the payment side is the configured one.

#include "gequ/db/database.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/redeem_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"
#include "gequ/domain/services/works_service.h"
#include "gequ/http/server.h"
#include "gequ/server/http_wiring.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"
#include "system_doubles.h"
#include "temp_dir.h"
#include "test_clock.h"

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace gequ::http::test {

/// A clock the test sets by hand (safe to move while the server reads it).
using FixedClock = gequ::test::TestClock;
using gequ::test::CountingIds;
using gequ::test::RecordingSms;
using gequ::test::TempDir;

/// The server secret of every test server (auth.secret): it signs login codes and media URLs.
inline constexpr const char* kTestSecret = "test-secret-test-secret-test-secret!";

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
    /// Like the composer: it renders from our stored songs and forgets its jobs.
    domain::GeneratorCapabilities capabilities() const override {
        return {.rendersSources = true, .forgetsJobs = true};
    }
    /// Like the composer: writes a one-second 44.1 kHz stereo WAV under the media key (in setMediaDir's folder).
    domain::Result<std::string> wav(const domain::WavRequest& request) override {
        std::lock_guard lock(_mutex);
        ++_wavCalls;
        if (_wavError) {
            return *_wavError;
        }
        std::ofstream(_mediaDir / request.mediaKey, std::ios::binary) << wavFileBytes(1.0);
        return "/media/" + request.mediaKey;
    }

    /// Like the composer: a Standard MIDI File (a header and one empty track).
    domain::Result<std::string> midi(const domain::WavRequest&) override {
        std::lock_guard lock(_mutex);
        ++_midiCalls;
        return std::string("MThd\0\0\0\x06\0\x01\0\x01\x01\xE0MTrk\0\0\0\x04\0\xFF\x2F\0", 26);
    }
    int midiCalls() const {
        std::lock_guard lock(_mutex);
        return _midiCalls;
    }

    void setMediaDir(std::filesystem::path dir) {
        std::lock_guard lock(_mutex);
        _mediaDir = std::move(dir);
    }
    /// The next wav calls fail with this error (nullopt: they succeed again).
    void failWav(std::optional<domain::DomainError> error) {
        std::lock_guard lock(_mutex);
        _wavError = std::move(error);
    }
    int wavCalls() const {
        std::lock_guard lock(_mutex);
        return _wavCalls;
    }

    /// A canonical 16-bit stereo 44.1 kHz WAV file of silence.
    static std::string wavFileBytes(double seconds) {
        const auto frames = static_cast<std::uint32_t>(seconds * 44100);
        const std::uint32_t data = frames * 4;
        std::string out;
        const auto put = [&out](std::uint32_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) {
                out += static_cast<char>((v >> (8 * i)) & 0xFF);
            }
        };
        out += "RIFF";
        put(36 + data, 4);
        out += "WAVEfmt ";
        put(16, 4);
        put(1, 2);
        put(2, 2);
        put(44100, 4);
        put(44100 * 4, 4);
        put(4, 2);
        put(16, 2);
        out += "data";
        put(data, 4);
        out.append(data, '\0');
        return out;
    }

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
    std::filesystem::path _mediaDir;
    std::optional<domain::DomainError> _wavError;
    int _wavCalls = 0;
    int _midiCalls = 0;
};

/// 2026-11-21T10:00:00Z
inline domain::TimePoint testNow() {
    return domain::fromEpochMillis(1795255200000);
}

/// `hours` before testNow().
inline domain::TimePoint hoursAgo(double hours) {
    return testNow() - domain::Millis(static_cast<std::int64_t>(hours * 3600 * 1000));
}

/// A public, finished song of the user, made `hoursOld` hours before testNow() (a minute to finish), 120.5 s long,
/// with its audio and cover under /media/, `plays` plays, a tenth as many shares and a hundredth as many likes.
inline domain::Song publicSong(const std::string& id, const std::string& userId, const std::string& title,
                               const std::string& tags, double hoursOld, std::int64_t plays = 0) {
    domain::Song s;
    s.id = id;
    s.taskId = "task-" + id;
    s.userId = userId;
    s.title = title;
    s.tags = tags;
    s.prompt = "一首歌";
    s.lyric = "[Verse]\n" + title + "的歌词";
    s.model = "chirp-v3-5";
    s.imageUrl = "/media/" + id + ".svg";
    s.audioUrl = "/media/" + id + ".mp3";
    s.duration = 120.5;
    s.complete = domain::SongStatus::Done;
    s.open = true;
    s.playCount = plays;
    s.forwardCount = plays / 10;
    s.likeCount = plays / 100;
    s.createdAt = hoursAgo(hoursOld);
    s.finishedAt = hoursAgo(hoursOld) + domain::Millis(60000);
    return s;
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

/// What a test server may change about the production wiring.
struct TestServerOptions {
    /// Adjusts the settings makeHttpConfig made (for what has no configuration key, or to keep a test short).
    std::function<void(HttpConfig&)> tweak;
    /// Replaces the real sessions (auth.authenticate) when given.
    Authenticator authenticate;
    /// More configuration lines ("key = value"), after the test defaults (testProperties).
    std::string properties;
    /// May add to the services makeHttpServices made before the server starts (e.g. a scripted upstream callback).
    std::function<void(Services&)> extend;
    /// The database instead of a fresh SQLite file (e.g. one that is down); resetAccounts() replaces it.
    std::unique_ptr<domain::Store> store;
    /// Whether the temporary web root holds the fake web app (index.html, assets); false: no web root at all.
    bool webApp = true;
};

class TestServer {
public:
    /// The common cases: a tweak of the HTTP settings, an authenticator, more configuration, extra services.
    explicit TestServer(std::function<void(HttpConfig&)> tweak = {}, Authenticator authenticate = {},
                        std::string properties = {}, std::function<void(Services&)> extend = {})
        : TestServer(options(std::move(tweak), std::move(authenticate), std::move(properties), std::move(extend))) {}

    explicit TestServer(TestServerOptions options) : _clock(testNow()) {
        if (options.webApp) {
            writeFile(webRoot() / "index.html", kIndexHtml);
            writeFile(webRoot() / "assets" / "index-abc123.js", assetScript());
            writeFile(webRoot() / "favicon.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>");
            writeFile(webRoot() / ".env", "SECRET=1");
        }
        writeFile(mediaDir() / "song.mp3", mediaBytes());
        writeFile(_dir.path() / "secret.txt", "outside the roots");
        _generator.setMediaDir(mediaDir());

        const wiring::Config config = wiring::Config::loadFromString(
            testProperties() + options.properties, [](const std::string&) { return std::optional<std::string>(); },
            "the test server");
        auto store = std::make_unique<SwitchableStore>(
            options.store ? std::move(options.store) : db::openStore(config.dbUrl(), config.dbPoolSize()));
        _store = store.get();
        wiring::Substitutes substitutes;
        substitutes.clock = &_clock;
        substitutes.ids = &_ids;
        substitutes.sms = &_sms;
        substitutes.generator = &_generator;
        substitutes.moderation = &_moderation;
        _runtime = std::make_unique<wiring::Runtime>(config, std::move(store), substitutes);

        HttpConfig http = server::makeHttpConfig(config);
        http.mediaHosts = {"https://cdn.example.com"};
        if (options.tweak) {
            options.tweak(http);
        }
        Services services = server::makeHttpServices(*_runtime);
        if (options.authenticate) {
            services.authenticate = std::move(options.authenticate);
        }
        if (options.extend) {
            options.extend(services);
        }
        _server = std::make_unique<Server>(http, std::move(services));
        _server->start();
    }
    ~TestServer() { _server->stop(); }

    /// The configuration every test server starts from: the temporary folder's database, media and web root, port 0,
    /// four threads, no list cache (tests write to the store directly; the cache's own tests turn it on), no rate
    /// limit, a fixed server secret.
    std::string testProperties() const {
        return "data.dir = " + _dir.path().string() + "\n" + "db.pool_size = 4\n" +
               "media.dir = " + mediaDir().string() + "\n" + "web.root = " + webRoot().string() + "\n" +
               "http.port = 0\nhttp.threads = 4\nhttp.list_cache_ms = 0\n"
               "http.rate_per_ip = 1000000\nhttp.burst_per_ip = 1000000\nauth.challenge_max_number = 2000\n"
               "auth.secret = " +
               kTestSecret + "\n";
    }

    std::uint16_t port() const { return _server->port(); }
    /// The running server (started; the destructor stops it).
    Server& httpServer() { return *_server; }
    domain::Store& store() { return *_store; }
    /// The production wiring the server runs on (its services: runtime().redeem(), runtime().orders(), ...).
    wiring::Runtime& runtime() { return *_runtime; }
    /// Makes media/song.mp3 the audio of a public song (seedMediaSong), so anyone may fetch it.
    void publishMediaSong() { seedMediaSong(*_store); }
    /// Starts over on a new, empty database, with the clock back at testNow() and a fresh SMS record. Call it only
    /// between requests.
    void resetAccounts() {
        const auto file = _dir.path() / ("gequ-" + std::to_string(++_databases) + ".db");
        _store->replace(db::openStore("sqlite:" + file.string(), 4));
        _clock.set(testNow());
        _sms.reset();
    }
    FixedClock& clock() { return _clock; }
    RecordingSms& sms() { return _sms; }
    FakeGenerator& generator() { return _generator; }
    std::filesystem::path webRoot() const { return _dir.path() / "web"; }
    std::filesystem::path mediaDir() const { return _dir.path() / "media"; }

private:
    static TestServerOptions options(std::function<void(HttpConfig&)> tweak, Authenticator authenticate,
                                     std::string properties, std::function<void(Services&)> extend) {
        TestServerOptions options;
        options.tweak = std::move(tweak);
        options.authenticate = std::move(authenticate);
        options.properties = std::move(properties);
        options.extend = std::move(extend);
        return options;
    }

    TempDir _dir;
    FixedClock _clock;
    CountingIds _ids;
    RecordingSms _sms;
    FakeGenerator _generator;
    TestModeration _moderation;
    SwitchableStore* _store = nullptr; ///< owned by the runtime
    int _databases = 0;
    std::unique_ptr<wiring::Runtime> _runtime;
    std::unique_ptr<Server> _server;
};

} // namespace gequ::http::test
