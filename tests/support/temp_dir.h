#pragma once

// The one temporary directory of the C++ suites (docs/testing.md).

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace gequ::test {

/// A fresh directory under the system's temporary directory (gequ-<prefix>-XXXXXX), removed with everything in it when
/// the object goes.
class TempDir {
public:
    explicit TempDir(const std::string& prefix = "test") {
        std::string pattern = (std::filesystem::temp_directory_path() / ("gequ-" + prefix + "-XXXXXX")).string();
        if (!::mkdtemp(pattern.data())) {
            throw std::runtime_error("mkdtemp failed for " + pattern);
        }
        _path = pattern;
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(_path, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return _path; }
    /// The path as text.
    std::string str() const { return _path.string(); }
    /// The path of name inside the directory, as text.
    std::string operator/(const std::string& name) const { return (_path / name).string(); }

private:
    std::filesystem::path _path;
};

} // namespace gequ::test
