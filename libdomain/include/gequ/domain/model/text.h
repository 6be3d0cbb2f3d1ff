#pragma once

// UTF-8 text helpers for validation. Every length limit of the product counts Unicode code points, not bytes.

#include <cstddef>
#include <string>
#include <string_view>

namespace gequ::domain {

/// Whether text is well-formed UTF-8: no stray continuation bytes, no truncated or overlong sequences, no UTF-16
/// surrogates, nothing above U+10FFFF.
bool isValidUtf8(std::string_view text);
/// The number of code points in valid UTF-8 text (for invalid text: the number of bytes that are not continuation
/// bytes).
std::size_t codePointCount(std::string_view text);
/// The first n code points of text (all of it when it has fewer), counted as codePointCount counts them.
std::string_view firstCodePoints(std::string_view text, std::size_t n);
/// text without leading and trailing ASCII white space (space, \t, \n, \v, \f, \r) and ideographic spaces (U+3000).
std::string trim(std::string_view text);
/// text without leading and trailing bytes that are in `bytes` (e.g. " \t", HTTP's optional white space).
std::string trim(std::string_view text, std::string_view bytes);
/// Whether text holds a control character (U+0000–U+001F, U+007F, U+0080–U+009F); newline and tab count only when
/// allowLineBreaks is false.
bool hasControlChars(std::string_view text, bool allowLineBreaks);
/// Whether valid UTF-8 text holds an invisible format character that can disguise what a reader sees (docs/security.md,
/// "Hostile input"): the bidirectional controls (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), the zero-width
/// characters (U+200B, U+200C, U+2060–U+2064, U+FEFF, U+180E) and the soft hyphen (U+00AD). A zero-width joiner
/// (U+200D) counts too, except right after an emoji, where it joins emoji sequences (👩‍💻).
bool hasHiddenFormatChars(std::string_view text);
/// text with every \r\n and lone \r turned into \n.
std::string normalizeLineBreaks(std::string_view text);
/// text with A–Z lowered; other bytes (so all non-ASCII text) unchanged.
std::string toLowerAscii(std::string_view text);
/// Equality ignoring the case of ASCII letters.
bool equalsIgnoreCase(std::string_view a, std::string_view b);

/// The code points of text; each invalid byte becomes U+FFFD.
std::u32string decodeUtf8(std::string_view text);
/// One code point as UTF-8.
std::string encodeUtf8(char32_t c);
std::string encodeUtf8(std::u32string_view text);
/// Han ideographs (and CJK compatibility ideographs), kana and hangul: one sung syllable each.
bool isCjk(char32_t c);
/// White space, ASCII punctuation and symbols, and CJK / full-width punctuation.
bool isPunctuationOrSpace(char32_t c);

/// A JSON string literal of text, quotes included: " and \ escaped, \n \r \t by name, other C0 controls and DEL as
/// \u00XX (RFC 8259). Other bytes, UTF-8 included, are kept as they are. The one JSON quoter of Gequ.
std::string jsonQuote(std::string_view text);
/// The same, appended to `out`.
void appendJsonQuoted(std::string& out, std::string_view text);

} // namespace gequ::domain
