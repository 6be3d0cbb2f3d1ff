#include "gequ/domain/model/genres.h"

#include "gequ/domain/model/text.h"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>

namespace gequ::domain {

namespace {

constexpr std::string_view kGroupMarker = "@group";
constexpr std::string_view kHomeGenreNames[] = {"pop", "Rock",  "Electronic", "classical",
                                                "rap", "Metal", "Male Vocal", "Female Vocal"};

std::vector<std::string_view> splitTabs(std::string_view line) {
    std::vector<std::string_view> fields;
    for (std::size_t tab; (tab = line.find('\t')) != std::string_view::npos; line.remove_prefix(tab + 1)) {
        fields.push_back(line.substr(0, tab));
    }
    fields.push_back(line);
    return fields;
}

[[noreturn]] void malformed(std::size_t lineNo, const std::string& why) {
    throw std::invalid_argument("genres.tsv line " + std::to_string(lineNo) + ": " + why);
}

GenreGroup* findGroup(std::vector<GenreGroup>& groups, std::string_view key) {
    auto it = std::find_if(groups.begin(), groups.end(), [key](const GenreGroup& group) { return group.key == key; });
    return it == groups.end() ? nullptr : &*it;
}

/// The embedded dictionary with its lookup maps, built once. The maps point into `groups`, which never changes.
struct Dictionary {
    std::vector<GenreGroup> groups;
    std::unordered_map<std::string, const GenreEntry*> byZh;
    std::unordered_map<std::string, const GenreEntry*> byLowerEn;
    std::vector<GenreEntry> home;

    Dictionary() : groups(parseGenreTsv(detail::kGenresTsv)) {
        for (const GenreGroup& group : groups) {
            for (const GenreEntry& entry : group.entries) {
                byZh.emplace(entry.zh, &entry);
                byLowerEn.emplace(toLowerAscii(entry.en), &entry);
            }
        }
        for (std::string_view en : kHomeGenreNames) {
            auto it = byLowerEn.find(toLowerAscii(en));
            if (it == byLowerEn.end()) {
                throw std::logic_error("genres.tsv lacks the home genre " + std::string(en));
            }
            home.push_back(*it->second);
        }
    }
};

const Dictionary& dictionary() {
    static const Dictionary instance;
    return instance;
}

} // namespace

std::vector<GenreGroup> parseGenreTsv(std::string_view tsv) {
    std::vector<GenreGroup> groups;
    std::unordered_map<std::string, std::string> enByZh;
    std::size_t lineNo = 0;
    while (!tsv.empty()) {
        std::size_t end = tsv.find('\n');
        std::string_view line = tsv.substr(0, end);
        tsv.remove_prefix(end == std::string_view::npos ? tsv.size() : end + 1);
        ++lineNo;
        if (line.ends_with('\r')) {
            line.remove_suffix(1);
        }
        if (line.empty() || line.starts_with('#')) {
            continue;
        }
        auto fields = splitTabs(line);
        if (fields.size() != 3 || std::any_of(fields.begin(), fields.end(), [](auto f) { return f.empty(); })) {
            malformed(lineNo, "expected three non-empty tab-separated fields");
        }
        if (fields[0] == kGroupMarker) {
            if (findGroup(groups, fields[1]) != nullptr) {
                malformed(lineNo, "duplicate group " + std::string(fields[1]));
            }
            if (!enByZh.empty()) {
                malformed(lineNo, "group declared after the first entry");
            }
            groups.push_back({std::string(fields[1]), std::string(fields[2]), {}});
            continue;
        }
        GenreGroup* group = findGroup(groups, fields[0]);
        if (group == nullptr) {
            malformed(lineNo, "unknown group " + std::string(fields[0]));
        }
        GenreEntry entry{group->key, std::string(fields[1]), std::string(fields[2])};
        auto [known, added] = enByZh.emplace(entry.zh, entry.en);
        if (!added && known->second != entry.en) {
            malformed(lineNo, entry.zh + " is already mapped to " + known->second);
        }
        group->entries.push_back(std::move(entry));
    }
    return groups;
}

const std::vector<GenreGroup>& genreGroups() {
    return dictionary().groups;
}

std::optional<std::string> genreEnglish(std::string_view zh) {
    const auto& map = dictionary().byZh;
    auto it = map.find(std::string(zh));
    return it == map.end() ? std::nullopt : std::optional<std::string>(it->second->en);
}

std::optional<std::string> genreChinese(std::string_view en) {
    const auto& map = dictionary().byLowerEn;
    auto it = map.find(toLowerAscii(en));
    return it == map.end() ? std::nullopt : std::optional<std::string>(it->second->zh);
}

std::string displayGenre(std::string_view name) {
    return genreChinese(name).value_or(std::string(name));
}

bool isKnownStyle(std::string_view name) {
    return genreEnglish(name) || genreChinese(name);
}

const std::vector<GenreEntry>& homeGenres() {
    return dictionary().home;
}

} // namespace gequ::domain
