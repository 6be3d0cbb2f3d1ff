#pragma once

// The composer's genre table: tempo, mode, feel, instrumentation, drum and accompaniment styles, the chord grammar,
// and the cover palette of every genre it plays.

#include <array>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

enum class DrumStyle { None, Pop, Rock, Metal, Electro, FourFloor, BoomBap, Jazz, Folk, LoFi, RnB, Country, Chinese };
enum class ChordStyle { Block, Strum, Arpeggio, Stab, Comp, Power, Sustain };
enum class BassStyle { Whole, Root, Eighths, RootFifth, Walking, Syncopated, Sub, Offbeat };
enum class MelodyStyle { Sung, Rap };

/// Progressions per section as Roman numerals ("I V vi IV"); one is picked per song.
struct Grammar {
    std::vector<std::string_view> verse;
    std::vector<std::string_view> chorus;
    std::vector<std::string_view> bridge;
};

struct GenreProfile {
    std::string_view key;       ///< table key, e.g. "pop"
    std::string_view styleName; ///< the English style name (style text), e.g. "pop"
    std::string_view zh;        ///< the Chinese label (ID3 genre, cover), e.g. 流行
    int bpmLow = 90;
    int bpmHigh = 120;
    double majorChance = 0.7;
    double waltzChance = 0; ///< chance of 3/4
    double swing8 = 0;      ///< delay of off-beat eighths, as a fraction of an eighth (1/3: triplet swing)
    double swing16 = 0;     ///< delay of off-beat sixteenths, as a fraction of a sixteenth
    std::vector<int> keys;  ///< favoured tonic pitch classes
    // General MIDI programs (0-based) per role; -1 means the role is left out.
    std::vector<int> chords;
    std::vector<int> pads;
    std::vector<int> basses;
    std::vector<int> leads;
    std::vector<int> arps;
    std::vector<int> drumKits; ///< bank 128 presets
    std::vector<int> voices;   ///< vocal patches: 53 Voice Oohs, 54 Synth Voice
    DrumStyle drums = DrumStyle::Pop;
    ChordStyle chordStyle = ChordStyle::Block;
    BassStyle bassStyle = BassStyle::Root;
    MelodyStyle melodyStyle = MelodyStyle::Sung;
    bool pentatonic = false;
    bool timpani = false;
    int beatsPerChord = 0; ///< 0: one chord per bar
    double reverbRoom = 0.5;
    double reverbLevel = 0.6;
    Grammar major;
    Grammar minor;
    std::array<std::string_view, 4> palette; ///< cover colours: two background, two accents
    bool harmony = false; ///< a second voice sings a third above the lead in the choruses (singer.cpp)
};

/// Every profile, in genreKeys() order.
const std::vector<GenreProfile>& genreProfiles();
/// The profile of a key; pop for an unknown key.
const GenreProfile& genreProfile(std::string_view key);

} // namespace gequ::composer::detail
