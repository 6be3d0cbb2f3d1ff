#pragma once

// The MediaStore port over a local directory: one file per key, written atomically, served by the HTTP adapter
// under /media/<key>.

#include "gequ/domain/ports/media_store.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace gequ::media {

/// Media files in one flat directory (media.dir, default var/media), created on the first put.
///
/// Keys are flat file names: 1 to 200 characters of A–Z, a–z, 0–9, '.', '_' and '-', not starting with '.' and
/// holding no "..". Any other key (a '/', a path, "..", an empty name) is refused with std::invalid_argument before
/// anything touches the disk. put writes a temporary file, flushes it to disk and links it into place in one atomic
/// step, so a reader sees either no file or the whole file. put never replaces a stored key: a key that is already
/// stored keeps its bytes (a retried put is harmless). I/O failures throw MediaError.
class LocalMediaStore : public domain::MediaStore {
public:
    explicit LocalMediaStore(std::filesystem::path directory, std::string urlPrefix = "/media/");

    std::string put(const std::string& key, const std::string& bytes, const std::string& contentType) override;
    /// Moves the file into the directory (copies it when it lives on another file system), then as put.
    std::string putFile(const std::string& key, const std::string& path, const std::string& contentType) override;
    bool exists(const std::string& key) const override;
    std::string urlFor(const std::string& key) const override;
    std::optional<std::string> read(const std::string& key) const override;
    void remove(const std::string& key) override;

    /// The file that holds key (whether or not it exists yet).
    std::filesystem::path pathFor(const std::string& key) const;
    const std::filesystem::path& directory() const { return _directory; }

    /// Whether key is a flat, safe file name as described above.
    static bool isSafeKey(std::string_view key);

private:
    /// Makes temp (a finished hidden file in the directory) the file of key unless key exists; removes temp.
    std::string linkIntoPlace(const std::filesystem::path& temp, const std::string& key);
    /// Checks key, creates the directory, and names a hidden temporary file in it (never a valid key), unique per
    /// process and call.
    std::filesystem::path temporaryName(const std::string& key) const;

    std::filesystem::path _directory;
    std::string _urlPrefix;
};

} // namespace gequ::media
