#pragma once

// What the arrangement's part writers share: the genre, the key, the meter, the chords over time and the sections.

#include "genre_profiles.h"
#include "gequ/composer/arrangement.h"
#include "harmony.h"
#include "mood.h"
#include "rng.h"

#include <vector>

namespace gequ::composer::detail {

/// MIDI channels of the roles.
inline constexpr int kVocalChannel = 0;
inline constexpr int kLeadChannel = 1;
inline constexpr int kChordsChannel = 2;
inline constexpr int kPadChannel = 3;
inline constexpr int kBassChannel = 4;
inline constexpr int kArpChannel = 5;
inline constexpr int kTimpaniChannel = 6;
inline constexpr int kDrumChannel = 9;

struct ChordSpan {
    double beat = 0;
    double length = 4;
    Chord chord;
};

struct SongPlan {
    const GenreProfile* genre = nullptr;
    Arrangement* song = nullptr;
    Mood mood = Mood::Neutral;
    int variant = 0;        ///< 0 or 1: which of the genre's pattern variants this clip plays
    bool energetic = false; ///< drums in the intro, busier parts
    std::vector<ChordSpan> chords;

    int beatsPerBar() const { return song->beatsPerBar; }
    double barBeat(int bar) const { return static_cast<double>(bar * song->beatsPerBar); }
    /// The chord sounding at beat.
    const ChordSpan& chordAt(double beat) const;
    /// The chord spans starting within [from, to).
    std::vector<ChordSpan> chordsIn(double from, double to) const;
    /// Pitch classes of the melody scale (pentatonic for some genres).
    std::vector<int> scale() const;
    /// A beat position on the sixteenth grid with the genre's swing applied.
    double swung(double beat) const;
    /// Velocity scale of a section: quieter intro and verse, full chorus.
    static double level(SectionKind kind);
    /// Adds a note (clamped to MIDI ranges; nothing when length <= 0).
    void note(double beat, double length, int channel, int key, int velocity) const;
    /// The section at a bar.
    const Section& sectionAtBar(int bar) const;
};

/// The accompaniment, one file a part: drums (drums.cpp), bass (bass.cpp), chords (chords.cpp), and the pad,
/// arpeggio and timpani (pads.cpp).
void writeDrums(const SongPlan& plan, Rng rng);
void writeBass(const SongPlan& plan, Rng rng);
void writeChords(const SongPlan& plan, Rng rng, int program);
void writePad(const SongPlan& plan, Rng rng);
void writeArp(const SongPlan& plan, Rng rng);
void writeTimpani(const SongPlan& plan, Rng rng);

/// The melody (melody.cpp): the vocal line (one note per syllable of each section's lines) or, for instrumentals,
/// the lead; with vocals, the lead plays the intro hook and an instrumental bridge.
void writeMelodies(const SongPlan& plan, Rng rng, bool vocal, bool rap);

} // namespace gequ::composer::detail
