#pragma once

// The singing voice (docs/generation.md, "The voice"): each vocal note sings its syllable of the lyric, spoken by
// espeak-ng (speech.h), put on the note's pitch and length by TD-PSOLA on the syllable's pitch marks (the formants
// stay), on a bus of its own (compression, reverb), mixed over the accompaniment ducked under it.

#include "gequ/composer/arrangement.h"
#include "pinyin.h"
#include "renderer.h"

#include <string>
#include <vector>

namespace gequ::composer::detail {

/// One lyric line as the melody sings it: the vocal notes of its phrase window, in order, one per syllable.
struct VocalLine {
    SectionKind kind = SectionKind::Verse;
    std::string text;
    std::vector<const Note*> notes;
};
/// The sung lines of an arrangement (lyric_timeline.cpp; lyricTimeline is made from them too).
std::vector<VocalLine> vocalLines(const Arrangement& song);

/// A vocal note with what it sings.
struct SungNote {
    double start = 0; ///< seconds: where the syllable starts (its consonant), the onset the timeline shows
    double end = 0;   ///< seconds
    int key = 60;
    int velocity = 100;
    SyllableText syllable;
    SectionKind kind = SectionKind::Verse;
    bool phraseStart = false;
    bool phraseEnd = false;
};
/// Every vocal note of the song with its syllable (a note outside any lyric line, in a song sung without words,
/// sings 呜 wu), in time order. Empty for an instrumental.
std::vector<SungNote> sungNotes(const Arrangement& song);

/// The vocal bus of the song, stereo, 44.1 kHz, song.seconds long, its sung parts at about unit RMS (the mix sets
/// its level): the lead, the harmony where the genre sings one, light compression and a reverb send. Silence for an
/// instrumental.
Audio singVocal(const Arrangement& song);

/// A song rendered as its parts: the mix, and the stems it is the sum of (vocal and accompaniment, after the same
/// ducking, limiting and normalising as the mix). With the four stems asked for, the accompaniment is also split
/// into drums, bass and other, which add up to it (vocal + drums + bass + other = mix).
struct RenderedSong {
    Audio mix;
    Audio vocal;
    Audio accompaniment;
    Audio drums;             ///< four stems only: the drum kit and the timpani (silence when the song has none)
    Audio bass;              ///< four stems only: the bass
    Audio other;             ///< four stems only: every other instrument (lead, chords, pad, arpeggio)
    double vocalSeconds = 0; ///< the singer's own CPU time (its thread's; bench/composer)
};

/// The accompaniment's channels of each of the three instrumental stems: drums (the kit and the timpani), bass,
/// and other (every other channel but the vocal one), as the song's tracks have them.
struct StemChannels {
    std::vector<int> drums;
    std::vector<int> bass;
    std::vector<int> other;
};
StemChannels stemChannels(const Arrangement& song);

/// Renders the accompaniment (FluidSynth, every channel but the vocal one: renderer.h) while the voice sings beside
/// it on another thread, then mixes: the vocal 2 dB over the accompaniment's level where it sings, the
/// accompaniment ducked 2.5 dB under the voice, then the limiter and the peak normalisation of render() on the mix,
/// the same gains on the stems. An instrumental renders exactly as render() does. `options.normalize` is ignored
/// (always on); the samples are the same on one core or two.
/// With `fourStems` each of the three instrumental stems (stemChannels) is rendered by FluidSynth on its own and the
/// accompaniment is their sum (within FluidSynth's rounding, the same as rendering them together: reverb and chorus
/// are linear), then ducked and mastered with the same gains as the rest.
RenderedSong renderSong(const Arrangement& song, SoundFont& font, const RenderOptions& options = {},
                        bool fourStems = false);

} // namespace gequ::composer::detail
