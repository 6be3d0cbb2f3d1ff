#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace gequ::domain {

/// Stored media (audio and covers), served under /media/<key>.
class MediaStore {
public:
    virtual ~MediaStore() = default;
    /// Stores bytes under key (a flat file name such as "<songId>.mp3"), replacing nothing that exists; returns the
    /// public URL path.
    virtual std::string put(const std::string& key, const std::string& bytes, const std::string& contentType) = 0;
    /// Stores the contents of the file at path under key as put does, without reading it into memory; the file may be
    /// moved away (the caller removes what is left).
    virtual std::string putFile(const std::string& key, const std::string& path, const std::string& contentType) = 0;
    /// Whether key is stored.
    virtual bool exists(const std::string& key) const = 0;
    /// The public URL path of key ("/media/<key>").
    virtual std::string urlFor(const std::string& key) const = 0;
    /// The bytes stored under key, or nullopt when nothing is.
    virtual std::optional<std::string> read(const std::string& key) const = 0;
    /// Removes key; a missing key is not an error.
    virtual void remove(const std::string& key) = 0;
};

} // namespace gequ::domain
