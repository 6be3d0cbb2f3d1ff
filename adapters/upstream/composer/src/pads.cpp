// The colour parts over the chords: the pad, the arpeggiator and the timpani of orchestral genres.

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gequ::composer::detail {

void writePad(const SongPlan& plan, Rng rng) {
    const Arrangement& song = *plan.song;
    if (!song.track(Role::Pad)) {
        return;
    }
    const bool always = plan.genre->key == "ambient" || plan.genre->key == "classical" || plan.genre->key == "lofi";
    std::vector<int> previous;
    for (const auto& span : plan.chords) {
        const Section& section = plan.sectionAtBar(static_cast<int>(span.beat) / song.beatsPerBar);
        const bool playing = always || section.kind == SectionKind::Chorus || section.kind == SectionKind::Bridge ||
                             section.kind == SectionKind::Outro;
        if (!playing) {
            continue;
        }
        const bool lastSpan = &span == &plan.chords.back();
        previous = voiceChord(span.chord, song.tonic, 57, 79, previous);
        for (const int key : previous) {
            plan.note(span.beat, span.length + (lastSpan ? 2.5 : 0.02), kPadChannel, key,
                      static_cast<int>(70 * SongPlan::level(section.kind)) + rng.range(-3, 3));
        }
    }
}

void writeArp(const SongPlan& plan, Rng rng) {
    const Arrangement& song = *plan.song;
    if (!song.track(Role::Arp)) {
        return;
    }
    const bool electronic = plan.genre->key == "electronic" || plan.genre->key == "dance";
    const bool ambient = plan.genre->key == "ambient";
    // Sixteenths drive electronic styles; ambient music drifts in slow quarter notes.
    const double step = electronic ? 0.25 : (ambient ? 1.0 : 0.5);
    static const int kPatterns[][8] = {{0, 1, 2, 3, 2, 1, 2, 3}, {0, 2, 1, 3, 2, 4, 3, 1}, {3, 2, 1, 0, 1, 2, 3, 2}};
    const int* pattern = kPatterns[rng.below(3)];
    for (const auto& span : plan.chords) {
        const Section& section = plan.sectionAtBar(static_cast<int>(span.beat) / song.beatsPerBar);
        const bool playing = section.kind == SectionKind::Intro || section.kind == SectionKind::Verse ||
                             (electronic && section.kind == SectionKind::Chorus) || (plan.genre->key == "ambient");
        if (!playing || &span == &plan.chords.back()) {
            continue;
        }
        std::vector<int> notes = voiceChord(span.chord, song.tonic, 67, 84, {});
        notes.push_back(notes.front() + 12);
        const int count = static_cast<int>(span.length / step);
        for (int k = 0; k < count; ++k) {
            const int key = notes[static_cast<std::size_t>(pattern[k % 8]) % notes.size()];
            plan.note(plan.swung(span.beat + k * step), step * 1.6, kArpChannel, key,
                      static_cast<int>(68 * SongPlan::level(section.kind)) + (k % 4 == 0 ? 8 : 0));
        }
    }
}

void writeTimpani(const SongPlan& plan, Rng rng) {
    const Arrangement& song = *plan.song;
    if (!song.track(Role::Timpani)) {
        return;
    }
    for (const auto& section : song.sections) {
        if (section.kind != SectionKind::Chorus) {
            continue;
        }
        const double start = plan.barBeat(section.startBar);
        plan.note(start, 2.0, kTimpaniChannel, noteAtOrAbove(song.tonic, 41), 100);
        // A roll into the chorus.
        for (int k = 0; k < 8; ++k) {
            plan.note(start - 1.0 + k * 0.125, 0.12, kTimpaniChannel, noteAtOrAbove((song.tonic + 7) % 12, 36),
                      50 + k * 6 + rng.range(-3, 3));
        }
    }
    const double last = plan.chords.back().beat;
    plan.note(last, 3.0, kTimpaniChannel, noteAtOrAbove(song.tonic, 41), 110);
}

} // namespace gequ::composer::detail
