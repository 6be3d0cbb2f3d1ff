#pragma once

// URLs as they may be logged (docs/security.md, "Logs"): upstream media URLs often carry signed query tokens
// (X-Amz-Signature=..., token=...) that grant access to the file, so the query and fragment are dropped.

#include <string>

namespace gequ::acedata::detail {

/// The URL without its query and fragment ("https://cdn.example/a.mp3?sig=x" -> "https://cdn.example/a.mp3?…").
inline std::string loggedUrl(const std::string& url) {
    const std::size_t cut = url.find_first_of("?#");
    return cut == std::string::npos ? url : url.substr(0, cut) + "?…";
}

} // namespace gequ::acedata::detail
