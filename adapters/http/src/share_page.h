#pragma once

// The page of a shared song link (docs/web-performance.md): GET /musicPlayer?id=<base64 song id> answers the web app's
// HTML for that route with the song's title, description, cover and address in its <title>, description and Open
// Graph tags, so that a chat app previewing the link (without running JavaScript) shows the song.

#include "gequ/domain/services/square_service.h"
#include "gequ/http/server.h"
#include "request.h"

#include <optional>
#include <string>
#include <string_view>

namespace gequ::http {

/// The share link of a song: {publicBaseUrl}/musicPlayer?id=<base64 of the id, percent-encoded>.
std::string shareUrl(const std::string& publicBaseUrl, const std::string& songId);

/// The text of a base64 value from an address: standard or URL-safe alphabet, padding optional, a '+' that a query
/// string turned into a space accepted. nullopt when it is not base64 or not UTF-8.
std::optional<std::string> decodeBase64Param(std::string_view value);

/// page with the block between the <!--gequ:meta--> and <!--/gequ:meta--> markers (the web build's title, description
/// and Open Graph tags) replaced by `meta`; without the markers, `meta` goes before </head>.
std::string replaceMetaBlock(const std::string& page, const std::string& meta);

/// page with the song's cover drawn into the app shell, before the <!--/gequ:shell--> marker (after the heading the
/// web build put there), so a shared link's first paint shows it; page as it is without the marker or a cover.
std::string addShellCover(const std::string& page, const std::string& imageUrl);

/// The player page for the song of `id=` with its tags, or nullopt (then the ordinary static answer applies) when the
/// id does not decode, names no song that anyone may see (public, finished, not hidden or deleted), or the web app
/// has no page.
std::optional<Response> songSharePage(const Request& request, const HttpConfig& config, domain::SquareService& square);

} // namespace gequ::http
