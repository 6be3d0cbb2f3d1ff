#pragma once

// The genre dictionary (docs/product.md): Chinese labels ↔ English style names, grouped as in the genre picker.
// Its single source is libdomain/data/genres.tsv, embedded at build time and imported as it is by the web app.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

namespace detail {
/// The text of libdomain/data/genres.tsv (generated source).
extern const char* const kGenresTsv;
} // namespace detail

struct GenreEntry {
    std::string group; ///< the key of its group, e.g. "common"
    std::string zh;    ///< the Chinese label, e.g. 流行
    std::string en;    ///< the English style name sent upstream, e.g. pop

    bool operator==(const GenreEntry&) const = default;
};

struct GenreGroup {
    std::string key;   ///< e.g. "common"
    std::string label; ///< e.g. 常用
    std::vector<GenreEntry> entries;
};

/// Parses the genres.tsv format: `#` comment lines and blank lines are skipped; `@group<TAB>key<TAB>label` lines
/// declare the groups in picker order, before any entry; `key<TAB>中文<TAB>English` lines add an entry to a declared
/// group. Throws std::invalid_argument naming the line for anything else, a duplicate group, or a Chinese label
/// given two different English names.
std::vector<GenreGroup> parseGenreTsv(std::string_view tsv);

/// The embedded dictionary, in picker order (parsed once).
const std::vector<GenreGroup>& genreGroups();
/// The English style name of a Chinese label (exact match).
std::optional<std::string> genreEnglish(std::string_view zh);
/// The Chinese label of an English style name, matched ignoring ASCII case; the first entry wins.
std::optional<std::string> genreChinese(std::string_view en);
/// How a style name is shown: its Chinese label when known, else the name unchanged.
std::string displayGenre(std::string_view name);
/// Whether name is a Chinese label or an English style name (any case) of the dictionary.
bool isKnownStyle(std::string_view name);
/// The eight genre cards of the home page, in order: pop 流行, Rock 摇滚, Electronic 电子, classical 古典, rap 说唱,
/// Metal 金属, Male Vocal 男声, Female Vocal 女声.
const std::vector<GenreEntry>& homeGenres();

} // namespace gequ::domain
