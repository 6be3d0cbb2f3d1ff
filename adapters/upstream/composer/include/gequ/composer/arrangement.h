#pragma once

// The offline composer's pure part: from a request and a seed to a song written as MIDI-like notes (design
// docs/generation.md, "The offline composer"). No I/O; the same input always gives the same arrangement.

#include "gequ/domain/model/timeline.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::composer {

struct Arrangement;

/// What the arrangement is made from: the normalised request fields and a seed.
struct ArrangementInput {
    std::string style;  ///< comma-separated style tags ("pop,female vocal"); Chinese genre labels are understood
    std::string prompt; ///< the description (inspiration mode): its genre and mood words steer the song
    std::string lyric;  ///< the lyrics to sing, with optional [主歌]/[副歌]/[桥段] (or [Verse]/...) headings
    std::string title;
    bool instrumental = false;
    std::string gender; ///< "male", "female", or "" (then the style tags or the seed decide)
    double seconds = 90;
    std::uint64_t seed = 0; ///< songSeed(...) of the task: what both clips share
    int clipIndex = 0;      ///< 0 or 1: the two clips of a task differ (key, tempo, sound, groove, melody)
    /// An extension (继续创作): the song it continues. The extension keeps that song's genre, voice, key, mode,
    /// meter, swing, exact tempo and instruments, and starts with a verse instead of an intro; its length is whole
    /// bars at that tempo, as close to `seconds` as they come. Null for a song of its own.
    const Arrangement* continues = nullptr;
    /// A cover (换个风格): the style it is played in. The song is written from the rest of the input as it would be
    /// (same form, key, mode, meter, tempo, chords, melody, lyric and singer, so the same timeline), and orchestrated
    /// by this style's genre: its instruments, drums, bass, chord and pad patterns, vocal harmony and room; the style
    /// played names that genre. Empty for the song itself.
    std::string restyle;
    /// A cover's clip (0 or 1): the second takes the next instruments of the new genre's lists.
    int restyleVariant = 0;
};

enum class SectionKind { Intro, Verse, Chorus, Bridge, Outro };
enum class Role { Vocal, Lead, Chords, Pad, Bass, Arp, Drums, Timpani };

/// One section of the form, in bars.
struct Section {
    SectionKind kind = SectionKind::Verse;
    int startBar = 0;
    int bars = 0;
    std::vector<std::string> lines; ///< the lyric lines sung in it (empty when instrumental)
};

/// One instrument: a MIDI channel (9 is the GM drum channel) with its patch and mix.
struct Track {
    Role role = Role::Chords;
    int channel = 0;
    int bank = 0; ///< 128 for drum kits
    int program = 0;
    int volume = 100; ///< CC 7
    int pan = 64;     ///< CC 10
    int reverb = 40;  ///< CC 91
    int chorus = 0;   ///< CC 93
    int release = 0;  ///< added to the patch's release time, in timecents (-1200 halves it): shorter tails
};

/// A note in beats from the start of the song.
struct Note {
    double beat = 0;
    double length = 1;
    int channel = 0;
    int key = 60;
    int velocity = 100;
};

/// A whole song, ready for the renderer.
struct Arrangement {
    std::string genre;     ///< the genre table key, e.g. "pop" (see genreKeys)
    std::string genreName; ///< the English style name, e.g. "Pop" (for ID3)
    std::string style;     ///< the style actually played, e.g. "pop,female vocal,upbeat"
    std::string gender;    ///< "male" or "female" when sung, else ""
    bool instrumental = false;
    int tonic = 0; ///< pitch class of the key, 0 = C
    bool minor = false;
    double bpm = 120;
    int beatsPerBar = 4;
    double swing = 0;         ///< 0 straight, up to 0.33 (triplet swing of the off-beat eighths)
    double seconds = 90;      ///< the audio length
    double musicSeconds = 88; ///< when the last bar ends; the rest is the final chord ringing out
    int bars = 0;
    std::vector<Section> sections;
    std::vector<Track> tracks;
    std::vector<Note> notes;         ///< sorted by beat
    std::vector<std::string> chords; ///< one chord symbol per bar ("Am", "G7", ...)
    int sungSyllables = 0;           ///< notes of the vocal line, one per syllable
    std::string lyric;               ///< the lyrics of the song, as given or as parsed (never invented here)

    double secondsPerBeat() const { return 60.0 / bpm; }
    /// The track playing this role, or nullptr.
    const Track* track(Role role) const;
};

/// Makes the arrangement. Never fails: any input gives a song (unknown styles fall back to pop).
Arrangement arrange(const ArrangementInput& input);

/// The seed of a task's songs: a hash of the task id and every request field that shapes them.
std::uint64_t songSeed(std::string_view taskId, std::string_view style, std::string_view prompt, std::string_view lyric,
                       std::string_view title, bool instrumental, std::string_view gender);

/// Every genre of the table, in a fixed order: pop, rock, electronic, classical, rap, metal, chinese, jazz, folk,
/// lofi, rnb, country, ambient, dance.
const std::vector<std::string>& genreKeys();
/// The genre key that the style tags (first) or the description choose, or "" when neither names a genre.
std::string detectGenre(std::string_view style, std::string_view prompt);

/// A lyric split into sung sections.
struct LyricSection {
    SectionKind kind = SectionKind::Verse;
    std::vector<std::string> lines;
};
/// Parses lyrics: `[主歌]`, `[副歌]`, `[桥段]`, `[Verse 2]`, `[Chorus]`, `【副歌】`... start sections; other headings
/// ([前奏], [Outro], ...) are skipped with their lines; blank lines separate sections when there are no headings.
std::vector<LyricSection> parseLyrics(std::string_view lyric);
/// The sung syllables of a line: one per Chinese (CJK) character, per digit, and per vowel group of a Latin word;
/// punctuation is not sung.
int syllableCount(std::string_view line);

/// One sung unit of a line: a Chinese character or digit (one syllable) or a word (its syllables), with the
/// punctuation that follows it.
struct SungUnit {
    std::string text;
    int syllables = 1;
};
/// A line's sung units in order; their syllables add up to syllableCount(line).
std::vector<SungUnit> sungUnits(std::string_view line);

/// The synced lyrics of an arrangement: one timed line per sung phrase, one timed word per sung unit (from the vocal
/// notes that sing it), in seconds from the start of the audio. Empty for an instrumental.
domain::Timeline lyricTimeline(const Arrangement& song);

} // namespace gequ::composer
