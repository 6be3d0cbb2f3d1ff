#pragma once

#include "gequ/domain/ports/media_store.h"

#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>

namespace gequ::test {

/// A MediaStore in memory for the adapters' tests; `failing` makes put throw as a full disk would.
class MemoryMediaStore : public domain::MediaStore {
public:
    struct Item {
        std::string bytes;
        std::string contentType;
    };

    std::string put(const std::string& key, const std::string& bytes, const std::string& contentType) override {
        if (failing) {
            throw std::runtime_error("disk full");
        }
        items.emplace(key, Item{bytes, contentType}); // never replaces
        return urlFor(key);
    }
    std::string putFile(const std::string& key, const std::string& path, const std::string& contentType) override {
        std::ifstream in(path, std::ios::binary);
        return put(key, std::string(std::istreambuf_iterator<char>(in), {}), contentType);
    }
    bool exists(const std::string& key) const override { return items.count(key) > 0; }
    std::optional<std::string> read(const std::string& key) const override {
        const auto found = items.find(key);
        return found == items.end() ? std::nullopt : std::optional<std::string>(found->second.bytes);
    }
    std::string urlFor(const std::string& key) const override { return "/media/" + key; }
    void remove(const std::string& key) override { items.erase(key); }

    std::map<std::string, Item> items;
    bool failing = false;
};

} // namespace gequ::test
