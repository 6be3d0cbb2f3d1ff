#pragma once

// How domain values look in JSON (design/api.md, "Song shapes"). The one place that names API fields.

#include "gequ/domain/model/plans.h"
#include "gequ/domain/services/square_service.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <span>
#include <vector>

namespace gequ::http::views {

/// A song in the square, search and genre lists.
Poco::JSON::Object::Ptr songListItem(const domain::SongView& view);
/// A list of songListItem.
Poco::JSON::Array::Ptr songList(const std::vector<domain::SongView>& views);
/// The player detail of GET /music/getMusic.
Poco::JSON::Object::Ptr playerDetail(const domain::SongView& view);
/// A plan of GET /pay/plans (prices in yuan).
Poco::JSON::Object::Ptr plan(const domain::Plan& plan);
/// The whole catalogue.
Poco::JSON::Array::Ptr plans(std::span<const domain::Plan> catalogue);

} // namespace gequ::http::views
