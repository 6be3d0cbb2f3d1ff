#pragma once

// The cover: an SVG drawn from the genre's palette and a hash of the title.

#include "gequ/composer/arrangement.h"

#include <cstdint>
#include <string>

namespace gequ::composer::detail {

/// A 600×600 SVG: a gradient and shapes in the genre's colours, placed by a hash of the title and `variant` (so the
/// two clips of a task get different covers), with the title and the genre's Chinese name written on it.
std::string drawCover(const std::string& title, const Arrangement& song, std::uint64_t variant);

} // namespace gequ::composer::detail
