#pragma once

// Small UTF-8 helpers for the composer (code points, CJK tests).

#include <string>
#include <string_view>

namespace gequ::upstream::detail {

/// The code points of text; each invalid byte becomes U+FFFD.
std::u32string decodeUtf8(std::string_view text);
/// One code point as UTF-8.
std::string encodeUtf8(char32_t c);
std::string encodeUtf8(std::u32string_view text);
/// Han ideographs (and CJK compatibility ideographs), kana and hangul: one sung syllable each.
bool isCjk(char32_t c);
/// White space, ASCII punctuation and symbols, and CJK / full-width punctuation.
bool isPunctuationOrSpace(char32_t c);

} // namespace gequ::upstream::detail
