#pragma once

// The search index every gequ-server keeps in memory (docs/performance.md, "Search"): a cache above the database of
// the public songs' texts, which songs hold which pieces of text, and each song's list row (what a list shows of it,
// packed: packed_rows.h), so a search reads nothing from the database. The database stays the truth: the index holds
// each song as the database held it when the index last read it (search_cache.h says when that is).
//
// Pieces: for a keyword of three characters or more, every run of three characters (code points, ASCII letters in
// lower case) of a song's title, tags and lyric, each column on its own; for one or two characters, the title's
// pieces of one and two characters that hold no whitespace (the rules of docs/product.md, "Search"). Each piece has a
// list of the songs holding it in creation order; a search walks its rarest piece's list from the newest end and
// keeps the songs the other pieces' lists hold too (and, for four characters or more, whose texts hold the keyword),
// so it stops once the page is full, however many songs match.
//
// The songs read when the index is built form the main part, numbered in creation order, so its lists compare plain
// numbers. Songs that change afterwards (published, renamed, withdrawn, new) go to a small second part whose lists
// are kept in order as songs come; the owner rebuilds the whole index when that part grows large.

#include "gequ/domain/model/entities.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <shared_mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace gequ::db::detail {

/// One song as the index reads it from the database.
struct IndexedSong {
    domain::Song song; ///< its list row (with its owner's name) and its lyric; the prompt is left empty
    bool isPublic = false;
    std::int64_t textSeq = 0; ///< songs.text_seq: a later change of the row has a larger one
};

class SearchIndex {
public:
    SearchIndex() { _changed.numberedInOrder = false; }

    /// A keyword's walk through the index, newest first; each next() goes on from where the last one stopped.
    struct Walk {
        std::vector<std::uint64_t> pieces; ///< empty: nothing can match
        /// Holding every piece is matching (one to three characters); otherwise a song's texts must hold `lowered`.
        bool exact = true;
        std::string lowered; ///< the keyword, ASCII letters in lower case
        /// Set once the walk has found every candidate.
        bool done = false;
        /// The (created_at, id) of the last candidate found.
        std::optional<std::pair<std::int64_t, std::string>> after;
    };

    /// Starts a walk for a keyword (trimmed, as the square trims it).
    static Walk walk(const std::string& keyword);

    /// Adds a song read while building the index: every call's song is newer by (created_at, id) than the last one's.
    /// Only public songs are added. Not safe while searching: build first, then share.
    void build(const IndexedSong& song);
    /// Ends the building: the lists take no more room than they need.
    void finishBuilding();

    /// Applies what the database now holds for a song (a change read after the build). A row not newer (by text_seq)
    /// than what the index holds for the song changes nothing.
    void apply(const IndexedSong& song);

    /// Up to n more of the walk's songs, newest first (fewer, and walk.done set, at its end): their list rows as the
    /// index last read them (no prompt or lyric).
    std::vector<domain::Song> next(Walk& walk, std::size_t n) const;
    /// Passes over up to n of the walk's songs; how many.
    std::size_t skip(Walk& walk, std::size_t n) const;

    /// Songs held since the build (the second part, grows with every change).
    std::size_t changedSince() const;
    /// Public songs held.
    std::size_t size() const;

private:
    /// One part of the index: songs numbered as they came, and each piece's list of song numbers in creation order.
    struct Part {
        std::vector<std::int64_t> createdAt;
        std::vector<std::string> ids;
        std::vector<std::string> rows; ///< list rows, packed (packed_rows.h)
        std::vector<std::int64_t> textSeq;
        /// Title, tags and lyric, ASCII letters lowered, joined by U+001F (which no keyword holds).
        std::vector<std::string> texts;
        std::vector<std::uint8_t> live; ///< 1 while the song is public with this text
        std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> lists;
        /// The main part: numbers are in creation order, so they compare as numbers.
        bool numberedInOrder = true;

        bool before(std::uint32_t a, std::uint32_t b) const {
            if (numberedInOrder) {
                return a < b;
            }
            return createdAt[a] != createdAt[b] ? createdAt[a] < createdAt[b] : ids[a] < ids[b];
        }
        std::uint32_t add(const IndexedSong& song, std::string text);
        /// The walk's songs older than its `after`, newest first, at most n, live ones only.
        std::vector<std::uint32_t> find(const Walk& walk, std::size_t n) const;
    };

    /// Where a song is held: in the second part or not, and its number there.
    struct Place {
        bool changed = false;
        std::uint32_t number = 0;
    };

    std::optional<Place> placeOf(const std::string& id) const;
    /// The places of up to n more of the walk's songs, newest first (the caller holds the lock).
    std::vector<Place> nextPlaces(Walk& walk, std::size_t n) const;

    mutable std::shared_mutex _mutex;
    Part _main;
    Part _changed;
    /// The main part's numbers ordered by song id (placeOf), made by finishBuilding.
    std::vector<std::uint32_t> _mainById;
    /// The second part's songs by id (the latest number of each).
    std::unordered_map<std::string, std::uint32_t> _changedById;
    std::size_t _public = 0;
};

/// The pieces a song holds (sorted, distinct): see the header comment.
std::vector<std::uint64_t> searchPieces(const std::string& title, const std::string& tags, const std::string& lyric);

/// Whether a song's texts match a keyword by the rules of docs/product.md, "Search".
bool matchesKeyword(const std::string& keyword, const std::string& title, const std::string& tags,
                    const std::string& lyric);

} // namespace gequ::db::detail
