#include "gequ/media/local_media_store.h"

#include "gequ/media/exceptions.h"

#include <atomic>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace gequ::media {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxKeyLength = 200;

std::string errnoText(int error) {
    return std::strerror(error);
}

void checkKey(const std::string& key) {
    if (!LocalMediaStore::isSafeKey(key)) {
        throw std::invalid_argument("unsafe media key '" + key + "'");
    }
}

/// Writes all of bytes to fd; false with errno set on failure.
bool writeAll(int fd, const std::string& bytes) {
    const char* data = bytes.data();
    std::size_t left = bytes.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return false;
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    return true;
}

/// Makes the directory entry of a newly linked file durable.
void syncDirectory(const fs::path& directory) {
    const int fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        ::fsync(fd);
        ::close(fd);
    }
}

} // namespace

LocalMediaStore::LocalMediaStore(fs::path directory, std::string urlPrefix)
    : _directory(std::move(directory)), _urlPrefix(std::move(urlPrefix)) {}

bool LocalMediaStore::isSafeKey(std::string_view key) {
    if (key.empty() || key.size() > kMaxKeyLength || key.front() == '.' || key.find("..") != std::string_view::npos) {
        return false;
    }
    for (const char c : key) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                        c == '_' || c == '-';
        if (!ok) {
            return false;
        }
    }
    return true;
}

fs::path LocalMediaStore::pathFor(const std::string& key) const {
    checkKey(key);
    return _directory / key;
}

std::string LocalMediaStore::urlFor(const std::string& key) const {
    checkKey(key);
    return _urlPrefix + key;
}

bool LocalMediaStore::exists(const std::string& key) const {
    std::error_code ec;
    return fs::is_regular_file(pathFor(key), ec);
}

std::optional<std::string> LocalMediaStore::read(const std::string& key) const {
    std::ifstream in(pathFor(key), std::ios::binary);
    if (!in) {
        return std::nullopt;
    }
    std::ostringstream bytes;
    bytes << in.rdbuf();
    if (in.bad()) {
        throw MediaError("cannot read media " + key);
    }
    return std::move(bytes).str();
}

fs::path LocalMediaStore::temporaryName(const std::string& key) const {
    checkKey(key);
    std::error_code ec;
    fs::create_directories(_directory, ec);
    if (ec) {
        throw MediaError("cannot create media directory " + _directory.string() + ": " + ec.message());
    }
    static std::atomic<unsigned long> counter{0};
    return _directory / (".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter.fetch_add(1)) + "-" + key);
}

std::string LocalMediaStore::linkIntoPlace(const fs::path& temp, const std::string& key) {
    const fs::path target = pathFor(key);
    // link() never replaces: an existing key keeps its bytes, and the file appears whole or not at all.
    if (::link(temp.c_str(), target.c_str()) != 0 && errno != EEXIST) {
        const int error = errno;
        ::unlink(temp.c_str());
        throw MediaError("cannot store " + target.string() + ": " + errnoText(error));
    }
    ::unlink(temp.c_str());
    syncDirectory(_directory);
    return urlFor(key);
}

std::string LocalMediaStore::put(const std::string& key, const std::string& bytes, const std::string& /*type*/) {
    const fs::path temp = temporaryName(key);
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        throw MediaError("cannot create " + temp.string() + ": " + errnoText(errno));
    }
    if (!writeAll(fd, bytes) || ::fsync(fd) != 0) {
        const int error = errno;
        ::close(fd);
        ::unlink(temp.c_str());
        throw MediaError("cannot write " + temp.string() + ": " + errnoText(error));
    }
    if (::close(fd) != 0) {
        const int error = errno;
        ::unlink(temp.c_str());
        throw MediaError("cannot write " + temp.string() + ": " + errnoText(error));
    }
    return linkIntoPlace(temp, key);
}

std::string LocalMediaStore::putFile(const std::string& key, const std::string& path, const std::string& /*type*/) {
    const fs::path temp = temporaryName(key);
    // The same file system: the file moves in, no copy. Elsewhere: a copy.
    if (::rename(path.c_str(), temp.c_str()) != 0) {
        if (errno != EXDEV) {
            throw MediaError("cannot store " + path + " as " + temp.string() + ": " + errnoText(errno));
        }
        std::error_code ec;
        fs::copy_file(path, temp, ec);
        if (ec) {
            ::unlink(temp.c_str());
            throw MediaError("cannot copy " + path + " to " + temp.string() + ": " + ec.message());
        }
    }
    ::chmod(temp.c_str(), 0644);
    const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0 || ::fsync(fd) != 0) {
        const int error = errno;
        if (fd >= 0) {
            ::close(fd);
        }
        ::unlink(temp.c_str());
        throw MediaError("cannot write " + temp.string() + ": " + errnoText(error));
    }
    ::close(fd);
    return linkIntoPlace(temp, key);
}

void LocalMediaStore::remove(const std::string& key) {
    const fs::path target = pathFor(key);
    if (::unlink(target.c_str()) != 0 && errno != ENOENT) {
        throw MediaError("cannot remove " + target.string() + ": " + errnoText(errno));
    }
}

} // namespace gequ::media
