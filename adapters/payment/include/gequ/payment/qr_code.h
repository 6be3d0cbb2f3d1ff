#pragma once

#include <string>

namespace gequ::payment {

/// text as a QR code (libqrencode, 8-bit mode, error correction level M, the smallest version that fits) drawn as
/// an SVG of black modules on white with a 4-module quiet zone, as data:image/svg+xml;base64,…. Deterministic: the
/// same text gives the same bytes. Throws std::invalid_argument for an empty text or one too long for any version.
std::string qrSvgDataUri(const std::string& text);

/// The SVG itself (what qrSvgDataUri encodes).
std::string qrSvg(const std::string& text);

} // namespace gequ::payment
