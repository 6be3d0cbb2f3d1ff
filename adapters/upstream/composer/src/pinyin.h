#pragma once

// What the singer says for each sung syllable of a lyric line: tone-numbered pinyin for Chinese characters (from the
// embedded table, data/pinyin.tsv, with the context readings of data/pinyin_words.tsv) and the letters of each
// syllable of a Latin word.

#include <string>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

/// One sung syllable of a line.
struct SyllableText {
    std::string text;   ///< what is written: the character, or the part of a Latin word
    std::string speech; ///< what espeak-ng reads: "xia4", or the Latin letters ("ba", "by")
    bool latin = false; ///< read with the English voice
    bool unitStart =
        true; ///< the first syllable of its sung unit (a Latin word of several syllables: the others are legato)
};

/// The sung syllables of a line in order, one per syllable as syllableCount counts them (arrangement.h).
std::vector<SyllableText> lineSyllables(std::string_view line);

/// The usual tone-numbered reading of one character ("" when the table has none).
std::string_view pinyinOf(char32_t c);

/// Characters in the table (for the tests: at least the 3,500 common ones).
std::size_t pinyinTableSize();

} // namespace gequ::composer::detail
