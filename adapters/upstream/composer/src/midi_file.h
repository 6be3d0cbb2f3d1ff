#pragma once

// A Standard MIDI File of an arrangement (docs/generation.md, "Stems, MIDI and covers"): the members' MIDI download.

#include "gequ/composer/arrangement.h"

#include <string>

namespace gequ::composer::detail {

/// Ticks per quarter note of the files writeMidi writes.
inline constexpr int kMidiTicksPerBeat = 480;

/// The arrangement as a format 1 Standard MIDI File at kMidiTicksPerBeat ticks per beat: a first track with the
/// title, the tempo (song.bpm), the time signature (beatsPerBar/4) and the key signature (tonic and mode); then one
/// track per part (song.tracks, in order), named after its role, with its bank, program, volume, pan, reverb and
/// chorus and every note of its channel (a note-off before a note-on at the same tick); the vocal track carries the
/// sung syllable of each vocal note as a lyric meta event (FF 05) at its note-on. The same arrangement gives the same
/// bytes.
std::string writeMidi(const Arrangement& song, const std::string& title);

} // namespace gequ::composer::detail
