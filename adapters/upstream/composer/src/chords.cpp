// The chord part: block chords, guitar strums and voicings, arpeggios, stabs, comping, power chords, sustains.

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

namespace gequ::composer::detail {

namespace {

bool isGuitar(int program) {
    return program >= 24 && program <= 31;
}

/// A guitar voicing: the root low, then the chord spread over about two octaves (5 or 6 strings).
std::vector<int> guitarVoicing(const SongPlan& plan, const Chord& chord) {
    const int tonic = plan.song->tonic;
    const int root = noteAtOrAbove((tonic + chord.root) % 12, 40);
    std::vector<int> notes = {root};
    const std::vector<int> classes = chordPitchClasses(chord, tonic);
    int next = root + 1;
    std::size_t k = 1;
    while (notes.size() < 6 && next < 72) {
        const int pc = classes[k % classes.size()];
        const int note = noteAtOrAbove(pc, next);
        if (note > 71) {
            break;
        }
        notes.push_back(note);
        next = note + 3;
        ++k;
    }
    return notes;
}

void strum(const SongPlan& plan, const std::vector<int>& voicing, double beat, double length, bool down, int velocity) {
    std::vector<int> strings = voicing;
    if (!down) {
        std::reverse(strings.begin(), strings.end());
        strings.resize(std::min<std::size_t>(strings.size(), 4));
    }
    const double spread = 0.018; // beats between strings
    for (std::size_t i = 0; i < strings.size(); ++i) {
        plan.note(beat + spread * static_cast<double>(i), length - spread * static_cast<double>(i), kChordsChannel,
                  strings[i], velocity - static_cast<int>(i) * 2);
    }
}

} // namespace

void writeChords(const SongPlan& plan, Rng rng, int program) {
    const Arrangement& song = *plan.song;
    if (!song.track(Role::Chords)) {
        return;
    }
    ChordStyle style = plan.genre->chordStyle;
    if (style == ChordStyle::Block && isGuitar(program)) {
        style = ChordStyle::Strum;
    }
    if ((style == ChordStyle::Power || style == ChordStyle::Strum) && !isGuitar(program)) {
        style = ChordStyle::Block;
    }
    if (style == ChordStyle::Power && program == 27) {
        style = ChordStyle::Strum; // a clean guitar strums
    }
    const int beats = song.beatsPerBar;
    std::vector<int> previous;

    for (const auto& span : plan.chords) {
        const int bar = static_cast<int>(span.beat) / beats;
        const Section& section = plan.sectionAtBar(bar);
        const double level = SongPlan::level(section.kind);
        const bool chorus = section.kind == SectionKind::Chorus;
        const bool lastSpan = &span == &plan.chords.back();
        const int velocity = static_cast<int>(84 * level);
        std::vector<int> voicing = voiceChord(span.chord, song.tonic, 52, 74, previous);
        previous = voicing;
        if (lastSpan) {
            const std::vector<int> final =
                isGuitar(program) ? guitarVoicing(plan, span.chord) : voiceChord(span.chord, song.tonic, 48, 76, {});
            for (const int key : final) {
                plan.note(span.beat, span.length + 2.5, kChordsChannel, key, velocity);
            }
            continue;
        }
        switch (style) {
        case ChordStyle::Block: {
            const double every = chorus ? 1.0 : (beats == 3 ? 3.0 : 2.0);
            for (double b = 0; b < span.length - 1e-9; b += every) {
                const int accent = std::fmod(b, static_cast<double>(beats)) < 1e-9 ? 6 : -4;
                for (const int key : voicing) {
                    plan.note(span.beat + b, std::min(every, span.length - b) - 0.08, kChordsChannel, key,
                              velocity + accent);
                }
            }
            break;
        }
        case ChordStyle::Strum: {
            const std::vector<int> guitar = guitarVoicing(plan, span.chord);
            // Down, down-up, up-down-up (4/4) or down, down-up, down-up (3/4), in sixteenth steps.
            static const std::vector<std::pair<int, bool>> kFour = {{0, true},   {4, true},  {6, false},
                                                                    {10, false}, {12, true}, {14, false}};
            static const std::vector<std::pair<int, bool>> kThree = {
                {0, true}, {4, true}, {6, false}, {8, true}, {10, false}};
            static const std::vector<std::pair<int, bool>> kSparse = {{0, true}, {8, true}};
            const auto& hits = beats == 3 ? kThree : (section.kind == SectionKind::Intro ? kSparse : kFour);
            const int barSteps = beats * 4;
            for (double barStart = span.beat; barStart < span.beat + span.length - 1e-9; barStart += beats) {
                for (std::size_t i = 0; i < hits.size(); ++i) {
                    const int step = hits[i].first;
                    const int nextStep = i + 1 < hits.size() ? hits[i + 1].first : barSteps;
                    strum(plan, guitar, plan.swung(barStart + step * 0.25), (nextStep - step) * 0.25, hits[i].second,
                          velocity + (hits[i].second ? 4 : -10) + rng.range(-4, 4));
                }
            }
            break;
        }
        case ChordStyle::Arpeggio: {
            // Broken chords over two octaves: eighths, sixteenths in a lively chorus.
            std::vector<int> notes = voiceChord(span.chord, song.tonic, 48, 62, {});
            const int size = static_cast<int>(notes.size());
            for (int k = 0; k < size; ++k) {
                notes.push_back(notes[static_cast<std::size_t>(k)] + 12);
            }
            const double step = chorus && song.bpm < 100 ? 0.25 : 0.5;
            const int count = static_cast<int>(span.length / step);
            const int cycle = static_cast<int>(notes.size()) * 2 - 2;
            for (int k = 0; k < count; ++k) {
                int index = k % cycle;
                if (index >= static_cast<int>(notes.size())) {
                    index = cycle - index;
                }
                plan.note(plan.swung(span.beat + k * step), step * 3, kChordsChannel,
                          notes[static_cast<std::size_t>(index)], velocity - 6 + (k % 4 == 0 ? 8 : 0));
            }
            break;
        }
        case ChordStyle::Stab: {
            static const std::vector<int> kOffbeats = {2, 6, 10, 14};
            static const std::vector<int> kSyncopated = {0, 3, 6, 10, 13};
            const auto& steps = chorus ? kSyncopated : kOffbeats;
            for (double barStart = span.beat; barStart < span.beat + span.length - 1e-9; barStart += beats) {
                for (const int step : steps) {
                    if (step >= beats * 4) {
                        continue;
                    }
                    for (const int key : voicing) {
                        plan.note(barStart + step * 0.25, 0.3, kChordsChannel, key, velocity);
                    }
                }
            }
            break;
        }
        case ChordStyle::Comp: {
            if (plan.genre->key == "jazz") {
                // Charleston: beat one and the "and" of two, with an anticipation now and then.
                for (double barStart = span.beat; barStart < span.beat + span.length - 1e-9; barStart += beats) {
                    for (const int key : voicing) {
                        plan.note(barStart, 0.7, kChordsChannel, key, velocity - 4);
                        plan.note(plan.swung(barStart + 1.5), 0.45, kChordsChannel, key, velocity - 10);
                    }
                    if (rng.chance(0.3)) {
                        for (const int key : voicing) {
                            plan.note(plan.swung(barStart + 3.5), 0.4, kChordsChannel, key, velocity - 14);
                        }
                    }
                }
            } else {
                // Held chords with a soft re-strike (lo-fi, R&B, hip hop keys).
                for (const int key : voicing) {
                    plan.note(span.beat, span.length * 0.6, kChordsChannel, key, velocity - 6);
                    if (span.length >= 4) {
                        plan.note(plan.swung(span.beat + 2.5), span.length - 2.6, kChordsChannel, key, velocity - 16);
                    }
                }
            }
            break;
        }
        case ChordStyle::Power: {
            const int root = noteAtOrAbove((song.tonic + span.chord.root) % 12, 40);
            const std::vector<int> power = {root, root + 7, root + 12};
            const bool metal = plan.genre->key == "metal";
            if (chorus || section.kind == SectionKind::Bridge) {
                for (double b = 0; b < span.length - 1e-9; b += 0.5) {
                    for (const int key : power) {
                        plan.note(span.beat + b, 0.46, kChordsChannel, key,
                                  velocity + (std::fmod(b, 1.0) < 1e-9 ? 8 : 0));
                    }
                }
            } else {
                // Palm-muted: short, low, on the root (sixteenths for metal).
                const double step = metal ? 0.25 : 0.5;
                for (double b = 0; b < span.length - 1e-9; b += step) {
                    plan.note(span.beat + b, step * 0.45, kChordsChannel, root, velocity - 14);
                    plan.note(span.beat + b, step * 0.45, kChordsChannel, root + 7, velocity - 18);
                }
            }
            break;
        }
        case ChordStyle::Sustain:
            for (const int key : voicing) {
                plan.note(span.beat, span.length - 0.05, kChordsChannel, key, velocity - 8);
            }
            break;
        }
    }
}

} // namespace gequ::composer::detail
