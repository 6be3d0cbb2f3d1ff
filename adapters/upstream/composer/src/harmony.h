#pragma once

// Chords as the composer's grammar writes them: Roman numerals relative to the key ("I", "vi", "bVII", "ii7",
// "IM7", "V9", "IVsus"), and the notes they hold.

#include <string>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

/// x modulo 12, never negative: the pitch class of a note or an interval.
inline int mod12(int x) {
    return ((x % 12) + 12) % 12;
}

/// The lowest note >= low with the pitch class of `pc`.
inline int noteAtOrAbove(int pc, int low) {
    return low + mod12(pc - low);
}

enum class Quality { Major, Minor, Diminished, Sus4 };

struct Chord {
    int root = 0; ///< semitones above the tonic, 0..11
    Quality quality = Quality::Major;
    int seventh = 0; ///< 0 none, 10 minor seventh, 11 major seventh (semitones above the root)
    bool ninth = false;

    bool operator==(const Chord&) const = default;
};

/// Parses a Roman numeral chord: optional b/# accidentals, I..VII (upper case major, lower case minor), then
/// "o" (diminished), "sus", "7", "M7", "9", "M9" or "add9". Throws std::invalid_argument for anything else.
Chord parseChord(std::string_view numeral);
/// A whole progression: numerals separated by spaces.
std::vector<Chord> parseProgression(std::string_view text);

/// Intervals above the root, ascending (triad, then seventh and ninth).
std::vector<int> chordIntervals(const Chord& chord);
/// Pitch classes (0..11) of the chord in a key whose tonic has pitch class `tonic`.
std::vector<int> chordPitchClasses(const Chord& chord, int tonic);
/// A chord symbol such as "Am", "G7", "Fmaj7", "Bdim", "Dsus4", "Cadd9" in the key of `tonic`.
std::string chordSymbol(const Chord& chord, int tonic);
/// The name of a pitch class ("C", "Db", ...).
std::string_view pitchName(int pitchClass);

/// A voicing of the chord with every note in [low, high], closest to `previous` (voice leading) when given.
std::vector<int> voiceChord(const Chord& chord, int tonic, int low, int high, const std::vector<int>& previous);

} // namespace gequ::composer::detail
