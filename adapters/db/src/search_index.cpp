#include "search_index.h"

#include "gequ/domain/model/text.h"
#include "packed_rows.h"

#include <algorithm>
#include <mutex>
#include <string_view>

namespace gequ::db::detail {

namespace {

/// A piece's key: three code points of 21 bits each (bit 63 clear), or a title piece of one code point (bit 63) or two
/// (bits 63 and 62).
constexpr std::uint64_t kTitlePiece = std::uint64_t{1} << 63;
constexpr std::uint64_t kTwoCodePoints = std::uint64_t{1} << 62;
constexpr std::uint64_t kCodePointMask = (std::uint64_t{1} << 21) - 1;
/// Keywords of this many code points or more are matched through their runs of three.
constexpr std::size_t kRun = 3;
/// A walk checks a candidate against at most this many pieces' lists (the rarest ones); a longer keyword's candidates
/// are checked against the texts anyway.
constexpr std::size_t kMaxLists = 8;

std::uint64_t code(char32_t c) {
    return static_cast<std::uint64_t>(c) & kCodePointMask;
}

std::uint64_t runOf(char32_t a, char32_t b, char32_t c) {
    return code(a) << 42 | code(b) << 21 | code(c);
}

std::uint64_t titleOne(char32_t a) {
    return kTitlePiece | code(a);
}

std::uint64_t titleTwo(char32_t a, char32_t b) {
    return kTitlePiece | kTwoCodePoints | code(a) << 21 | code(b);
}

/// The white space a short keyword never matches across (docs/product.md, "Search").
bool blank(char32_t c) {
    return c == U' ' || c == U'\t' || c == U'\r' || c == U'\n';
}

void addRuns(const std::string& text, std::vector<std::uint64_t>& out) {
    const std::u32string chars = domain::decodeUtf8(domain::toLowerAscii(text));
    for (std::size_t i = 0; i + kRun <= chars.size(); ++i) {
        out.push_back(runOf(chars[i], chars[i + 1], chars[i + 2]));
    }
}

/// The texts a keyword of four characters or more is looked for in (Part::texts).
std::string textOf(const domain::Song& song) {
    std::string all;
    all.reserve(song.title.size() + song.tags.size() + song.lyric.size() + 2);
    all.append(song.title).append(1, '\x1f').append(song.tags).append(1, '\x1f').append(song.lyric);
    return domain::toLowerAscii(all);
}

/// A song's list row as the index keeps it: packed, without the lyric it is indexed by.
std::string rowOf(const domain::Song& song) {
    domain::Song row = song;
    row.prompt.clear();
    row.lyric.clear();
    return packRow(row);
}

bool olderThan(std::int64_t createdAt, const std::string& id, const std::pair<std::int64_t, std::string>& bound) {
    return createdAt != bound.first ? createdAt < bound.first : id < bound.second;
}

} // namespace

std::vector<std::uint64_t> searchPieces(const std::string& title, const std::string& tags, const std::string& lyric) {
    std::vector<std::uint64_t> out;
    const std::u32string chars = domain::decodeUtf8(domain::toLowerAscii(title));
    for (std::size_t i = 0; i < chars.size(); ++i) {
        if (blank(chars[i])) {
            continue;
        }
        out.push_back(titleOne(chars[i]));
        if (i + 1 < chars.size() && !blank(chars[i + 1])) {
            out.push_back(titleTwo(chars[i], chars[i + 1]));
        }
    }
    addRuns(title, out);
    addRuns(tags, out);
    addRuns(lyric, out);
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

bool matchesKeyword(const std::string& keyword, const std::string& title, const std::string& tags,
                    const std::string& lyric) {
    const std::string wanted = domain::toLowerAscii(keyword);
    const auto in = [&wanted](const std::string& text) {
        return domain::toLowerAscii(text).find(wanted) != std::string::npos;
    };
    if (domain::codePointCount(keyword) < kRun) {
        return wanted.find_first_of(" \t\r\n") == std::string::npos && in(title);
    }
    return in(title) || in(tags) || in(lyric);
}

SearchIndex::Walk SearchIndex::walk(const std::string& keyword) {
    Walk walk;
    walk.lowered = domain::toLowerAscii(keyword);
    const std::string& lowered = walk.lowered;
    const std::u32string chars = domain::decodeUtf8(lowered);
    // Invalid UTF-8 decodes to U+FFFD, which could stand for other bytes in a song: such keywords are checked.
    walk.exact = domain::isValidUtf8(lowered) && chars.find(U'\uFFFD') == std::u32string::npos &&
                 chars.size() <= kRun && chars.size() == domain::codePointCount(keyword);
    if (chars.empty()) {
        walk.done = true;
    } else if (chars.size() < kRun) {
        if (std::any_of(chars.begin(), chars.end(), blank)) {
            walk.done = true;
        } else {
            walk.pieces.push_back(chars.size() == 1 ? titleOne(chars[0]) : titleTwo(chars[0], chars[1]));
        }
    } else {
        for (std::size_t i = 0; i + kRun <= chars.size(); ++i) {
            walk.pieces.push_back(runOf(chars[i], chars[i + 1], chars[i + 2]));
        }
        std::sort(walk.pieces.begin(), walk.pieces.end());
        walk.pieces.erase(std::unique(walk.pieces.begin(), walk.pieces.end()), walk.pieces.end());
    }
    return walk;
}

std::uint32_t SearchIndex::Part::add(const IndexedSong& indexed, std::string text) {
    const domain::Song& song = indexed.song;
    const auto number = static_cast<std::uint32_t>(ids.size());
    createdAt.push_back(domain::toEpochMillis(song.createdAt));
    ids.push_back(song.id);
    rows.push_back(rowOf(song));
    textSeq.push_back(indexed.textSeq);
    texts.push_back(std::move(text));
    live.push_back(1);
    for (std::uint64_t piece : searchPieces(song.title, song.tags, song.lyric)) {
        auto& list = lists[piece];
        if (numberedInOrder || list.empty() || before(list.back(), number)) {
            list.push_back(number);
        } else {
            const auto at = std::upper_bound(list.begin(), list.end(), number,
                                             [this](std::uint32_t a, std::uint32_t b) { return before(a, b); });
            list.insert(at, number);
        }
    }
    return number;
}

std::vector<std::uint32_t> SearchIndex::Part::find(const Walk& walk, std::size_t n) const {
    const auto& after = walk.after;
    std::vector<const std::vector<std::uint32_t>*> held;
    for (std::uint64_t piece : walk.pieces) {
        auto it = lists.find(piece);
        if (it == lists.end() || it->second.empty()) {
            return {};
        }
        held.push_back(&it->second);
    }
    std::sort(held.begin(), held.end(), [](const auto* a, const auto* b) { return a->size() < b->size(); });
    held.resize(std::min(held.size(), kMaxLists));
    const auto order = [this](std::uint32_t a, std::uint32_t b) { return before(a, b); };
    const std::vector<std::uint32_t>& rarest = *held.front();
    // The walk goes from the newest end of the rarest list towards the oldest; every other list is searched below
    // the point its last search stopped at, galloping (the lists are in the same order).
    std::size_t at = rarest.size();
    if (after) {
        at = static_cast<std::size_t>(
            std::partition_point(rarest.begin(), rarest.end(),
                                 [&](std::uint32_t s) { return olderThan(createdAt[s], ids[s], *after); }) -
            rarest.begin());
    }
    std::vector<std::size_t> top(held.size());
    for (std::size_t i = 0; i < held.size(); ++i) {
        top[i] = held[i]->size();
    }
    std::vector<std::uint32_t> out;
    while (at > 0 && out.size() < n) {
        const std::uint32_t song = rarest[--at];
        if (live[song] == 0) {
            continue;
        }
        bool inAll = true;
        for (std::size_t i = 1; i < held.size() && inAll; ++i) {
            const std::vector<std::uint32_t>& list = *held[i];
            // Every entry at or above top[i] is newer than `song`; find the last one not newer.
            std::size_t high = top[i];
            std::size_t low = 0;
            for (std::size_t step = 1; high > 0;) {
                const std::size_t probe = high > step ? high - step : 0;
                if (before(song, list[probe])) {
                    high = probe;
                    step *= 2;
                } else {
                    low = probe;
                    break;
                }
            }
            if (high == 0) {
                return out; // every entry of this list is newer: no older song holds this piece
            }
            const auto end = std::upper_bound(list.begin() + static_cast<std::ptrdiff_t>(low),
                                              list.begin() + static_cast<std::ptrdiff_t>(high), song, order);
            const auto p = static_cast<std::size_t>(end - list.begin());
            inAll = p > 0 && list[p - 1] == song;
            top[i] = inAll ? p - 1 : p;
        }
        if (inAll && (walk.exact || texts[song].find(walk.lowered) != std::string::npos)) {
            out.push_back(song);
        }
    }
    return out;
}

void SearchIndex::build(const IndexedSong& song) {
    if (!song.isPublic) {
        return;
    }
    _main.add(song, textOf(song.song));
    ++_public;
}

void SearchIndex::finishBuilding() {
    for (auto& [piece, list] : _main.lists) {
        list.shrink_to_fit();
    }
    _mainById.resize(_main.ids.size());
    for (std::uint32_t i = 0; i < _mainById.size(); ++i) {
        _mainById[i] = i;
    }
    std::sort(_mainById.begin(), _mainById.end(),
              [this](std::uint32_t a, std::uint32_t b) { return _main.ids[a] < _main.ids[b]; });
}

std::optional<SearchIndex::Place> SearchIndex::placeOf(const std::string& id) const {
    if (auto it = _changedById.find(id); it != _changedById.end()) {
        return Place{true, it->second};
    }
    auto it = std::lower_bound(_mainById.begin(), _mainById.end(), id,
                               [this](std::uint32_t s, const std::string& wanted) { return _main.ids[s] < wanted; });
    if (it != _mainById.end() && _main.ids[*it] == id) {
        return Place{false, *it};
    }
    return std::nullopt;
}

void SearchIndex::apply(const IndexedSong& song) {
    std::string text = textOf(song.song);
    std::unique_lock lock(_mutex);
    const auto place = placeOf(song.song.id);
    if (place) {
        Part& part = place->changed ? _changed : _main;
        const std::uint32_t number = place->number;
        if (part.textSeq[number] >= song.textSeq) {
            return; // read before, or older than what is held
        }
        part.textSeq[number] = song.textSeq;
        const bool was = part.live[number] != 0;
        if (part.texts[number] == text) {
            // The same texts: the entry stays; what the list row shows (counts, covers, the owner's name) and
            // whether it shows may have changed.
            part.rows[number] = rowOf(song.song);
            part.live[number] = song.isPublic ? 1 : 0;
            _public = _public + (song.isPublic ? 1 : 0) - (was ? 1 : 0);
            return;
        }
        part.live[number] = 0; // other texts: this entry is retired
        _public -= was ? 1 : 0;
    }
    if (!song.isPublic) {
        return;
    }
    _changedById[song.song.id] = _changed.add(song, std::move(text));
    ++_public;
}

std::vector<SearchIndex::Place> SearchIndex::nextPlaces(Walk& walk, std::size_t n) const {
    std::vector<Place> out;
    if (walk.done || walk.pieces.empty() || n == 0) {
        walk.done = walk.done || walk.pieces.empty();
        return out;
    }
    const auto fromMain = _main.find(walk, n);
    const auto fromChanged = _changed.find(walk, n);
    std::size_t i = 0;
    std::size_t j = 0;
    while (out.size() < n && (i < fromMain.size() || j < fromChanged.size())) {
        bool takeMain = j >= fromChanged.size();
        if (!takeMain && i < fromMain.size()) {
            const std::uint32_t a = fromMain[i];
            const std::uint32_t b = fromChanged[j];
            takeMain = !olderThan(_main.createdAt[a], _main.ids[a], {_changed.createdAt[b], _changed.ids[b]});
        }
        const Place place = takeMain ? Place{false, fromMain[i++]} : Place{true, fromChanged[j++]};
        const Part& part = place.changed ? _changed : _main;
        walk.after = std::make_pair(part.createdAt[place.number], part.ids[place.number]);
        out.push_back(place);
    }
    walk.done = out.size() < n;
    return out;
}

std::vector<domain::Song> SearchIndex::next(Walk& walk, std::size_t n) const {
    std::shared_lock lock(_mutex);
    std::vector<domain::Song> out;
    for (const Place& place : nextPlaces(walk, n)) {
        const Part& part = place.changed ? _changed : _main;
        out.push_back(unpackRow<domain::Song>(part.rows[place.number]));
    }
    return out;
}

std::size_t SearchIndex::skip(Walk& walk, std::size_t n) const {
    std::shared_lock lock(_mutex);
    return nextPlaces(walk, n).size();
}

std::size_t SearchIndex::changedSince() const {
    std::shared_lock lock(_mutex);
    return _changed.ids.size();
}

std::size_t SearchIndex::size() const {
    std::shared_lock lock(_mutex);
    return _public;
}

} // namespace gequ::db::detail
