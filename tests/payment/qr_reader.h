#pragma once

// A small QR code reader for the tests, written from ISO/IEC 18004 independently of libqrencode: it reads the SVG's
// modules back and decodes byte-mode symbols of versions 1 to 10 at error correction level M (what qrSvg makes for
// texts up to 213 bytes). No error correction: the symbol must be perfect, which a fresh rendering is.

#include <optional>
#include <string>
#include <vector>

namespace gequ::payment::testing {

using Modules = std::vector<std::vector<bool>>; ///< [row][column], true = dark

/// The dark modules of an SVG made by qrSvg (a white rect and one path of "M x y h n v1 h-n z" runs), with the
/// quiet zone; nullopt when the SVG is not well-formed XML or not of that shape. quietZone receives the light
/// border width (the smallest distance from a dark module to the edge).
std::optional<Modules> modulesFromSvg(const std::string& svg, int* quietZone = nullptr);

struct DecodedQr {
    int version = 0;
    char level = '?';
    int mask = -1;
    std::string text;
};
/// Decodes a symbol without its quiet zone; nullopt when it is not a readable level-M byte-mode symbol (v1-10).
std::optional<DecodedQr> decodeQr(const Modules& symbol);

/// The smallest version (level M, byte mode) that holds n bytes, or 0 beyond version 10.
int expectedVersion(std::size_t n);

} // namespace gequ::payment::testing
