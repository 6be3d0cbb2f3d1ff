#pragma once

// The public music square: hot and new lists, search and the player detail (design/api.md).

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/store.h"

#include <optional>
#include <string>
#include <vector>

namespace gequ::domain {

/// A song as a viewer sees it.
struct SongView {
    Song song;
    bool liked = false; ///< whether the viewer likes it (false for visitors)
};

class SquareService {
public:
    SquareService(Store& store, const Clock& clock);

    /// Public finished songs by hotness.
    Result<std::vector<SongView>> popular(Page page, const std::optional<std::string>& viewerId);
    /// Public finished songs, newest first.
    Result<std::vector<SongView>> latest(Page page, const std::optional<std::string>& viewerId);
    /// The keyword rules of design/api.md: "fiery", "new", a genre label or style name, else full text. 4000 when
    /// empty.
    Result<std::vector<SongView>> search(const std::string& keyword, Page page,
                                         const std::optional<std::string>& viewerId);
    /// The player detail, or nullopt when the song is unknown, deleted, hidden, unfinished, or private to another user.
    std::optional<SongView> song(const std::string& id, const std::optional<std::string>& viewerId);

private:
    Store& _store;
    const Clock& _clock;
};

} // namespace gequ::domain
