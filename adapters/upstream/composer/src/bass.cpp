// The bass line: whole notes, roots, eighths, root-fifth, walking, syncopated, sub or off-beat, per genre.

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

void writeBass(const SongPlan& plan, Rng rng) {
    const Arrangement& song = *plan.song;
    if (!song.track(Role::Bass)) {
        return;
    }
    const GenreProfile& g = *plan.genre;
    const int low = (g.key == "rock" || g.key == "metal") ? 28 : (g.bassStyle == BassStyle::Sub ? 26 : 33);
    const int beats = song.beatsPerBar;
    static const std::string_view kSyncopations[] = {"x..x..x...x.x...", "x.....x.x..x..x.", "x..x....x.x..x.."};
    const std::string_view groove = kSyncopations[plan.variant + rng.below(2)];

    for (const auto& span : plan.chords) {
        const int bar = static_cast<int>(span.beat) / beats;
        const Section& section = plan.sectionAtBar(bar);
        const double level = SongPlan::level(section.kind);
        const bool lastSpan = &span == &plan.chords.back();
        const int pc = (song.tonic + span.chord.root) % 12;
        const int root = noteAtOrAbove(pc, low);
        const int fifth = root + 7 <= low + 14 ? root + 7 : root - 5;
        const int velocity = static_cast<int>(96 * level);
        if (section.kind == SectionKind::Intro && span.beat < plan.barBeat(section.startBar + section.bars / 2)) {
            continue; // the bass enters halfway through the intro
        }
        if (lastSpan || section.kind == SectionKind::Outro || g.bassStyle == BassStyle::Whole) {
            plan.note(span.beat, span.length + (lastSpan ? 2.0 : -0.05), kBassChannel, root, velocity);
            continue;
        }
        const ChordSpan& next = plan.chordAt(span.beat + span.length + 0.01);
        const int nextRoot = noteAtOrAbove((song.tonic + next.chord.root) % 12, low);
        switch (g.bassStyle) {
        case BassStyle::Whole:
            break;
        case BassStyle::Root:
            for (double b = 0; b < span.length - 1e-9; b += 2) {
                plan.note(span.beat + b, std::min(2.0, span.length - b) - 0.1, kBassChannel,
                          b == 0 ? root : (rng.chance(0.5) ? fifth : root), velocity - (b == 0 ? 0 : 8));
            }
            break;
        case BassStyle::Eighths:
            for (double b = 0; b < span.length - 1e-9; b += 0.5) {
                const bool onBeat = std::fmod(b, 1.0) < 1e-9;
                plan.note(span.beat + b, 0.42, kBassChannel, root, velocity + (onBeat ? 8 : -6));
            }
            break;
        case BassStyle::RootFifth:
            for (double b = 0; b < span.length - 1e-9; b += (beats == 3 ? 3 : 2)) {
                plan.note(span.beat + b, 0.9, kBassChannel, b == 0 ? root : fifth, velocity);
            }
            if (beats == 4 && span.length >= 4 && rng.chance(0.35) && nextRoot != root) {
                // A walk up to the next chord on the last two eighths.
                const int step = nextRoot > root ? 1 : -1;
                plan.note(span.beat + 3.0, 0.45, kBassChannel, nextRoot - 2 * step, velocity - 10);
                plan.note(span.beat + 3.5, 0.45, kBassChannel, nextRoot - step, velocity - 6);
            }
            break;
        case BassStyle::Walking: {
            const std::vector<int> tones = chordPitchClasses(span.chord, song.tonic);
            int current = root;
            const int count = static_cast<int>(std::round(span.length));
            for (int k = 0; k < count; ++k) {
                int key = root;
                if (k == count - 1 && k > 0) {
                    key = nextRoot + (rng.chance(0.5) ? 1 : -1); // chromatic approach
                } else if (k > 0) {
                    const int target = noteAtOrAbove(tones[static_cast<std::size_t>(k) % tones.size()], low);
                    key = target < current - 7 ? target + 12 : target;
                }
                plan.note(plan.swung(span.beat + k), 0.92, kBassChannel, key, velocity - (k == 0 ? 0 : 10));
                current = key;
            }
            break;
        }
        case BassStyle::Syncopated:
            for (int step = 0; step < static_cast<int>(span.length * 4); ++step) {
                if (groove[static_cast<std::size_t>(step % 16)] != 'x') {
                    continue;
                }
                int length = 1;
                while (step + length < static_cast<int>(span.length * 4) &&
                       groove[static_cast<std::size_t>((step + length) % 16)] != 'x') {
                    ++length;
                }
                const int key = step == 0 ? root : (rng.chance(0.25) ? root + 12 : (rng.chance(0.3) ? fifth : root));
                plan.note(plan.swung(span.beat + step * 0.25), length * 0.25 * 0.85, kBassChannel, key,
                          velocity - (step == 0 ? 0 : 8));
            }
            break;
        case BassStyle::Sub:
            for (int step = 0; step < static_cast<int>(span.length * 4); step += 4) {
                const bool hit = step == 0 || (step == 8 && rng.chance(0.6)) || (step == 6 && rng.chance(0.3));
                if (hit) {
                    plan.note(span.beat + step * 0.25, step == 0 ? 1.8 : 1.0, kBassChannel, root, velocity + 6);
                }
            }
            break;
        case BassStyle::Offbeat:
            for (double b = 0; b < span.length - 1e-9; b += 1.0) {
                plan.note(span.beat + b + 0.5, 0.4, kBassChannel,
                          section.kind == SectionKind::Chorus && std::fmod(b, 2.0) > 0.5 ? root + 12 : root, velocity);
            }
            break;
        }
    }
}

} // namespace gequ::composer::detail
