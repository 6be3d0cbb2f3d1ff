#include "gequ/wiring/setup.h"

#include "gequ/crypto/encoding.h"
#include "gequ/domain/model/text.h"
#include "gequ/wiring/exceptions.h"

#include <Poco/AutoPtr.h>
#include <Poco/ConsoleChannel.h>
#include <Poco/FormattingChannel.h>
#include <Poco/Logger.h>
#include <Poco/PatternFormatter.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace gequ::wiring {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMinSecretLength = 32;

void createDirectory(const std::string& key, const fs::path& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir)) {
        throw StartupError("cannot create " + key + " directory " + dir.string() + ": " +
                           (ec ? ec.message() : std::string("not a directory")));
    }
}

// The file's contents without surrounding whitespace; nullopt when it does not exist.
std::optional<std::string> readSecretFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (errno == ENOENT) {
            return std::nullopt;
        }
        throw StartupError("cannot read the secret file " + path + ": " + std::strerror(errno));
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    return domain::trim(buffer.str(), " \t\r\n");
}

std::string checked(const std::string& secret, const std::string& path) {
    if (secret.size() < kMinSecretLength) {
        throw StartupError("the secret file " + path + " holds fewer than " + std::to_string(kMinSecretLength) +
                           " characters; remove it to have a new one generated, or fix it");
    }
    return secret;
}

// Writes the secret to a private temporary file and links it into place, so a reader never sees a partial file and
// a concurrent starter's secret is never overwritten. False when another process created the file first.
bool publishSecret(const std::string& path, const std::string& secret) {
    const std::string tmp = path + ".tmp." + std::to_string(::getpid());
    int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        throw StartupError("cannot create the secret file " + tmp + ": " + std::strerror(errno));
    }
    const std::string line = secret + "\n";
    bool ok = ::write(fd, line.data(), line.size()) == static_cast<ssize_t>(line.size());
    ok = ::fsync(fd) == 0 && ok;
    ::close(fd);
    if (!ok) {
        ::unlink(tmp.c_str());
        throw StartupError("cannot write the secret file " + tmp);
    }
    const int linked = ::link(tmp.c_str(), path.c_str());
    const int linkErrno = errno;
    ::unlink(tmp.c_str());
    if (linked == 0) {
        return true;
    }
    if (linkErrno == EEXIST) {
        return false;
    }
    throw StartupError("cannot create the secret file " + path + ": " + std::strerror(linkErrno));
}

} // namespace

void configureLogging(const std::string& level) {
    Poco::AutoPtr<Poco::PatternFormatter> formatter(new Poco::PatternFormatter("%Y-%m-%d %H:%M:%S.%i [%p] %s: %t"));
    formatter->setProperty(Poco::PatternFormatter::PROP_TIMES, "UTC");
    Poco::AutoPtr<Poco::ConsoleChannel> console(new Poco::ConsoleChannel(std::cerr));
    Poco::AutoPtr<Poco::FormattingChannel> channel(new Poco::FormattingChannel(formatter, console));
    // Loggers made later inherit from the root; those that exist already are updated through the empty prefix.
    const int priority = Poco::Logger::parseLevel(level);
    Poco::Logger::root().setChannel(channel);
    Poco::Logger::root().setLevel(priority);
    Poco::Logger::setChannel("", channel);
    Poco::Logger::setLevel("", priority);
}

void ensureDirectories(const Config& config) {
    createDirectory("data.dir", config.dataDir());
    createDirectory("media.dir", config.mediaDir());
    const std::string url = config.dbUrl();
    if (url.rfind("sqlite:", 0) == 0) {
        fs::path db(url.substr(7));
        if (db.has_parent_path()) {
            createDirectory("db.url", db.parent_path());
        }
    }
}

std::string defaultSecretPath(const Config& config) {
    return (fs::path(config.dataDir()) / "secret").string();
}

std::string loadOrCreateSecret(const Config& config, domain::Random& random) {
    if (auto secret = config.authSecret()) {
        return *secret;
    }
    if (auto file = config.authSecretFile()) {
        auto secret = readSecretFile(*file);
        if (!secret) {
            throw StartupError("auth.secret_file " + *file + " does not exist");
        }
        return checked(*secret, *file);
    }

    const std::string path = defaultSecretPath(config);
    if (auto secret = readSecretFile(path)) {
        struct stat st {};
        if (::stat(path.c_str(), &st) == 0 && (st.st_mode & 077) != 0) {
            Poco::Logger::get("gequ.app").warning("the secret file %s is readable by others; chmod 600 it", path);
        }
        return checked(*secret, path);
    }
    createDirectory("data.dir", config.dataDir());
    const std::string generated = crypto::hexLower(random.bytes(32));
    if (publishSecret(path, generated)) {
        Poco::Logger::get("gequ.app").information("generated a new server secret in %s", path);
        return generated;
    }
    auto existing = readSecretFile(path);
    if (!existing) {
        throw StartupError("the secret file " + path + " vanished while it was being created");
    }
    return checked(*existing, path);
}

} // namespace gequ::wiring
