#pragma once

// Synced lyrics (docs/product.md, "Synced lyrics"): when each sung line (and word, where known) starts and ends, in
// seconds from the start of the audio. The offline composer writes one while it arranges a song; for AceData songs it
// is asked of upstream (/suno/timing) after the clip succeeds.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

struct TimedWord {
    std::string text; ///< as sung: one Chinese character, or a word with its trailing punctuation
    double start = 0; ///< seconds
    double end = 0;
};

struct TimedLine {
    std::string text; ///< the whole line as written (punctuation included, no line break)
    double start = 0; ///< seconds; a line ends no later than the next one starts
    double end = 0;
    std::vector<TimedWord> words; ///< in order; may be empty when only line times are known
};

struct Timeline {
    std::vector<TimedLine> lines; ///< in order of start, never overlapping

    bool empty() const { return lines.empty(); }
};

/// Upstream's word alignment (AceData /suno/timing, `data.aligned_words[]`): a word's text may carry a section mark
/// ("[Verse]\n") and ends with "\n" at the end of a line.
struct AlignedWord {
    std::string word;
    double start = 0; ///< start_s
    double end = 0;   ///< end_s
    bool success = true;
    double pAlign = 1; ///< p_align: the aligner's confidence, 0..1
};

/// Lines from aligned words: section marks ("[Verse 2]", "【副歌】") are dropped, a line break inside or after a word
/// ends the line, words without text are skipped, and so are words the aligner did not place (success false or
/// end < start). Times are clamped so lines stay in order and do not overlap. Empty when nothing was placed.
Timeline timelineFromAlignedWords(const std::vector<AlignedWord>& words);

/// Puts a timeline in order and makes it consistent: lines sorted by start, each line's end clamped to
/// [start, next line's start], words clamped inside their line, lines without text dropped. Returns it.
Timeline normalizedTimeline(Timeline timeline);

/// The stored text of a timeline (one line per timed line: start, end, text, then start/end/text per word, tab
/// separated; times in milliseconds). Tabs and line breaks in texts become spaces.
std::string encodeTimeline(const Timeline& timeline);
/// Reads encodeTimeline's text back; nullopt when it is not such a text.
std::optional<Timeline> decodeTimeline(std::string_view text);

/// A standard LRC file (UTF-8, "\n" line ends): [ti:title] and [ar:artist] tags when given, [length:mm:ss] when
/// `seconds` > 0, then one "[mm:ss.xx]text" line per timed line, and an empty "[mm:ss.xx]" at the last line's end so
/// players clear it. Tag texts lose their line breaks and brackets.
std::string lrcOf(const Timeline& timeline, std::string_view title, std::string_view artist, double seconds);

/// "mm:ss.xx" (minutes may exceed 59), rounded to the hundredth, never negative.
std::string lrcTime(double seconds);

} // namespace gequ::domain
