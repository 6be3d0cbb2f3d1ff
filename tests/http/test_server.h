#pragma once

// The whole HTTP server in-process: port 0, a temporary SQLite database, a temporary web root with a fake
// index.html and assets, and a media folder.

#include "gequ/db/database.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/http/server.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <random>
#include <string>

namespace gequ::http::test {

class FixedClock : public domain::Clock {
public:
    explicit FixedClock(domain::TimePoint now) : _now(now) {}
    domain::TimePoint now() const override { return _now; }

private:
    domain::TimePoint _now;
};

/// 2026-11-21T10:00:00Z
inline domain::TimePoint testNow() {
    return domain::fromEpochMillis(1795255200000);
}

class TempDir {
public:
    TempDir() {
        std::random_device device;
        _path = std::filesystem::temp_directory_path() /
                ("gequ-http-" + std::to_string(device()) + "-" + std::to_string(device()));
        std::filesystem::create_directories(_path);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(_path, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;
    const std::filesystem::path& path() const { return _path; }

private:
    std::filesystem::path _path;
};

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

class TestServer {
public:
    explicit TestServer(const std::function<void(HttpConfig&)>& tweak = {}, Authenticator authenticate = {})
        : _clock(testNow()) {
        _store = db::openStore("sqlite:" + (_dir.path() / "gequ.db").string(), 4);
        _square = std::make_unique<domain::SquareService>(*_store, _clock);

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
        config.ratePerIp = 1e6;
        config.burstPerIp = 1e6;
        config.mediaHosts = {"https://cdn.example.com"};
        if (tweak) {
            tweak(config);
        }
        _server = std::make_unique<Server>(config, Services{*_store, _clock, *_square, std::move(authenticate)});
        _server->start();
    }
    ~TestServer() { _server->stop(); }

    std::uint16_t port() const { return _server->port(); }
    domain::Store& store() { return *_store; }
    std::filesystem::path webRoot() const { return _dir.path() / "web"; }
    std::filesystem::path mediaDir() const { return _dir.path() / "media"; }

private:
    TempDir _dir;
    FixedClock _clock;
    std::unique_ptr<domain::Store> _store;
    std::unique_ptr<domain::SquareService> _square;
    std::unique_ptr<Server> _server;
};

} // namespace gequ::http::test
