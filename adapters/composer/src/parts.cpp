// The accompaniment: drums (GM channel 10) with fills and crashes, bass, chords, pad, arpeggio and timpani.

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <utility>

namespace gequ::upstream::detail {

// --- SongPlan ---

const ChordSpan& SongPlan::chordAt(double beat) const {
    auto it = std::upper_bound(chords.begin(), chords.end(), beat + 1e-9,
                               [](double b, const ChordSpan& span) { return b < span.beat; });
    return it == chords.begin() ? chords.front() : *(it - 1);
}

std::vector<ChordSpan> SongPlan::chordsIn(double from, double to) const {
    std::vector<ChordSpan> out;
    for (const auto& span : chords) {
        if (span.beat >= from - 1e-9 && span.beat < to - 1e-9) {
            out.push_back(span);
        }
    }
    return out;
}

std::vector<int> SongPlan::scale() const {
    std::vector<int> intervals;
    if (genre->pentatonic) {
        intervals = song->minor ? std::vector<int>{0, 3, 5, 7, 10} : std::vector<int>{0, 2, 4, 7, 9};
    } else {
        intervals = song->minor ? std::vector<int>{0, 2, 3, 5, 7, 8, 10} : std::vector<int>{0, 2, 4, 5, 7, 9, 11};
    }
    for (auto& i : intervals) {
        i = (i + song->tonic) % 12;
    }
    return intervals;
}

double SongPlan::swung(double beat) const {
    const double sixteenth = std::round(beat * 4.0);
    if (std::abs(beat * 4.0 - sixteenth) > 1e-6) {
        return beat; // off the grid: leave it
    }
    const long step = static_cast<long>(sixteenth);
    if (genre->swing8 > 0 && step % 4 == 2) {
        return beat + genre->swing8 * 0.5;
    }
    if (genre->swing16 > 0 && step % 2 == 1) {
        return beat + genre->swing16 * 0.25;
    }
    return beat;
}

double SongPlan::level(SectionKind kind) {
    switch (kind) {
    case SectionKind::Intro:
        return 0.78;
    case SectionKind::Verse:
        return 0.86;
    case SectionKind::Chorus:
        return 1.0;
    case SectionKind::Bridge:
        return 0.9;
    case SectionKind::Outro:
        return 0.8;
    }
    return 1.0;
}

void SongPlan::note(double beat, double length, int channel, int key, int velocity) const {
    if (length <= 0 || key < 0 || key > 127) {
        return;
    }
    song->notes.push_back({std::max(0.0, beat), length, channel, key, std::clamp(velocity, 1, 127)});
}

const Section& SongPlan::sectionAtBar(int bar) const {
    for (const auto& section : song->sections) {
        if (bar >= section.startBar && bar < section.startBar + section.bars) {
            return section;
        }
    }
    return song->sections.back();
}

namespace {

int mod12(int x) {
    return ((x % 12) + 12) % 12;
}

/// The lowest note >= low with the pitch class of `pc`.
int noteAtOrAbove(int pc, int low) {
    return low + mod12(pc - low);
}

int velocityOf(char c) {
    switch (c) {
    case 'X':
        return 118;
    case 'x':
        return 98;
    case 'o':
        return 70;
    case 'g':
        return 42;
    default:
        return 0;
    }
}

// --- drums ---

struct Lane {
    int key;
    std::string_view steps; ///< one character per sixteenth: X accent, x hit, o soft, g ghost, . rest
};
using Pattern = std::vector<Lane>;

struct DrumSet {
    Pattern verse;
    Pattern chorus;
};

// GM drum keys.
constexpr int kKick = 36, kRim = 37, kSnare = 38, kClap = 39, kESnare = 40, kFloorTom = 41, kHat = 42, kPedalHat = 44,
              kLowTom = 45, kOpenHat = 46, kMidTom = 47, kHighMidTom = 48, kCrash = 49, kHighTom = 50, kRide = 51,
              kChina = 52, kTambourine = 54, kCrash2 = 57, kShaker = 70, kWoodHigh = 76, kWoodLow = 77;

std::vector<DrumSet> drumSets(DrumStyle style) {
    switch (style) {
    case DrumStyle::None:
        return {};
    case DrumStyle::Pop:
        return {{{{kKick, "x.....x...x....."}, {kSnare, "....x.......x..."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x.....x.x.x....."},
                  {kSnare, "....X.......X..."},
                  {kClap, "....o.......o..."},
                  {kHat, "xoxoxoxoxoxoxoxo"}}},
                {{{kKick, "x......x..x....."}, {kRim, "....x.......x..."}, {kHat, "x.o.x.o.x.o.x.o."}},
                 {{kKick, "x......xx.x....."},
                  {kSnare, "....X.......X..."},
                  {kHat, "x.x.x.x.x.x.x.x."},
                  {kOpenHat, "..............o."}}}};
    case DrumStyle::Rock:
        return {{{{kKick, "x.......x.x....."}, {kSnare, "....x.......x..."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x.x.....x.x....."}, {kSnare, "....X.......X..."}, {kRide, "x.x.x.x.x.x.x.x."}}},
                {{{kKick, "x.....x.x......."}, {kSnare, "....x.......x..."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x.x...x.x.x....."}, {kSnare, "....X.......X..."}, {kOpenHat, "x.x.x.x.x.x.x.x."}}}};
    case DrumStyle::Metal:
        return {{{{kKick, "x.x.x.x.x.x.x.x."}, {kSnare, "....X.......X..."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "xxxxxxxxxxxxxxxx"}, {kSnare, "....X.......X..."}, {kChina, "x...x...x...x..."}}},
                {{{kKick, "xx..xx..xx..xx.."}, {kSnare, "....X.......X..."}, {kRide, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "xxxxxxxxxxxxxxxx"}, {kSnare, "X.......X......."}, {kCrash, "x.......x......."}}}};
    case DrumStyle::Electro:
        return {{{{kKick, "x.....x...x.x..."}, {kESnare, "....x.......x..."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x...x...x...x..."},
                  {kESnare, "....x.......x..."},
                  {kClap, "....x.......x..."},
                  {kHat, "xoxoxoxoxoxoxoxo"},
                  {kOpenHat, "..o...o...o...o."}}},
                {{{kKick, "x..x..x...x....."}, {kClap, "....x.......x..."}, {kHat, "..x...x...x...x."}},
                 {{kKick, "x...x...x...x..."}, {kClap, "....X.......X..."}, {kHat, "xxoxxxoxxxoxxxox"}}}};
    case DrumStyle::FourFloor:
        return {{{{kKick, "X...X...X...X..."}, {kOpenHat, "..x...x...x...x."}},
                 {{kKick, "X...X...X...X..."},
                  {kClap, "....x.......x..."},
                  {kOpenHat, "..x...x...x...x."},
                  {kHat, "xoxoxoxoxoxoxoxo"}}},
                {{{kKick, "X...X...X...X..."}, {kHat, "x.x.x.x.x.x.x.x."}, {kClap, "............x..."}},
                 {{kKick, "X...X...X...X..."},
                  {kClap, "....X.......X..."},
                  {kOpenHat, "..x...x...x...x."},
                  {kTambourine, "xoxoxoxoxoxoxoxo"}}}};
    case DrumStyle::BoomBap:
        return {{{{kKick, "x......x..x....."}, {kSnare, "....x.......x..."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x......x..x..x.."},
                  {kSnare, "....X.......X..."},
                  {kHat, "x.x.x.x.x.x.x.x."},
                  {kOpenHat, "..............o."}}},
                {{{kKick, "x......x..x....."}, {kClap, "........x......."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x......x..x...x."},
                  {kClap, "........X......."},
                  {kESnare, "........x......."},
                  {kHat, "xxxxxxxxxxxxxxxx"}}}};
    case DrumStyle::Jazz:
        return {{{{kRide, "x...x.x.x...x.x."}, {kPedalHat, "....x.......x..."}, {kKick, "g...g...g...g..."}},
                 {{kRide, "x...x.x.x...x.x."},
                  {kPedalHat, "....x.......x..."},
                  {kKick, "g...g...g...g..."},
                  {kSnare, "......g.......g."}}},
                {{{kRide, "x...x.x.x...x.x."}, {kPedalHat, "....x.......x..."}, {kSnare, "..g.......g....."}},
                 {{kRide, "x...x.x.x...x.x."},
                  {kPedalHat, "....x.......x..."},
                  {kKick, "o.......o......."},
                  {kSnare, "......o.......g."}}}};
    case DrumStyle::Folk:
        return {{{{kKick, "x.......x......."}, {kRim, "....x.......x..."}, {kShaker, "xoxoxoxoxoxoxoxo"}},
                 {{kKick, "x.....x.x......."},
                  {kSnare, "....x.......x..."},
                  {kTambourine, "..x...x...x...x."},
                  {kHat, "x.x.x.x.x.x.x.x."}}}};
    case DrumStyle::LoFi:
        return {{{{kKick, "x......x..x....."}, {kRim, "....o.......o..."}, {kHat, "o.o.o.o.o.o.o.o."}},
                 {{kKick, "x......x..x.x..."}, {kSnare, "....o.......o..."}, {kHat, "xox.xox.xox.xox."}}}};
    case DrumStyle::RnB:
        return {{{{kKick, "x......x.x......"}, {kSnare, "....x.......x..."}, {kHat, "xoxoxoxoxoxoxoxo"}},
                 {{kKick, "x......x.x....x."},
                  {kSnare, "....X.......X..."},
                  {kClap, "....x.......x..."},
                  {kHat, "xoxoxoxoxoxoxoxo"},
                  {kOpenHat, "..............o."}}}};
    case DrumStyle::Country:
        return {{{{kKick, "x.......x......."}, {kSnare, "g.g.x.g.g.g.x.g."}, {kHat, "x.x.x.x.x.x.x.x."}},
                 {{kKick, "x...x...x...x..."}, {kSnare, "....X.......X..."}, {kTambourine, "x.x.x.x.x.x.x.x."}}}};
    case DrumStyle::Chinese:
        return {{{{kKick, "x.......x......."}, {kWoodHigh, "x...x...x...x..."}, {kLowTom, "......o.......o."}},
                 {{kKick, "x.....x.x......."},
                  {kSnare, "....x.......x..."},
                  {kWoodLow, "..x...x...x...x."},
                  {kMidTom, "..........o.o..."},
                  {kHat, "x.x.x.x.x.x.x.x."}}}};
    }
    return {};
}

/// 3/4: the same roles on a twelve-sixteenth bar.
DrumSet waltzSet() {
    return {{{kKick, "x..........."}, {kRim, "....o...o..."}, {kHat, "x.x.x.x.x.x."}},
            {{kKick, "x.......x..."}, {kSnare, "....x...x..."}, {kHat, "x.x.x.x.x.x."}, {kTambourine, "..x...x...x."}}};
}

void playPattern(const SongPlan& plan, Rng& rng, const Pattern& pattern, double barStart, int fromStep, int toStep,
                 double level, bool noSnare = false) {
    for (const auto& lane : pattern) {
        if (noSnare && (lane.key == kSnare || lane.key == kClap || lane.key == kESnare || lane.key == kRim)) {
            continue;
        }
        const int steps = static_cast<int>(lane.steps.size());
        for (int step = fromStep; step < std::min(toStep, steps); ++step) {
            const int velocity = velocityOf(lane.steps[static_cast<std::size_t>(step)]);
            if (velocity == 0) {
                continue;
            }
            const double beat = plan.swung(barStart + step * 0.25);
            plan.note(beat, 0.2, kDrumChannel, lane.key, static_cast<int>(velocity * level) + rng.range(-5, 5));
        }
    }
}

void playFill(const SongPlan& plan, Rng& rng, double barStart, int fromStep, int steps, double level) {
    const DrumStyle style = plan.genre->drums;
    if (style == DrumStyle::Electro || style == DrumStyle::FourFloor) {
        // A snare roll building over the second half of the bar.
        for (int step = fromStep; step < steps; ++step) {
            const double ramp = static_cast<double>(step - fromStep + 1) / (steps - fromStep);
            plan.note(barStart + step * 0.25, 0.2, kDrumChannel, kSnare, static_cast<int>((45 + 75 * ramp) * level));
        }
        plan.note(barStart, 0.2, kDrumChannel, kKick, static_cast<int>(100 * level));
        return;
    }
    if (style == DrumStyle::Jazz || style == DrumStyle::LoFi || style == DrumStyle::BoomBap ||
        style == DrumStyle::RnB) {
        plan.note(plan.swung(barStart + fromStep * 0.25), 0.2, kDrumChannel, kSnare, static_cast<int>(80 * level));
        plan.note(plan.swung(barStart + (steps - 3) * 0.25), 0.2, kDrumChannel, kSnare, static_cast<int>(70 * level));
        plan.note(plan.swung(barStart + (steps - 2) * 0.25), 0.2, kDrumChannel, kOpenHat, static_cast<int>(80 * level));
        plan.note(barStart, 0.2, kDrumChannel, kKick, static_cast<int>(96 * level));
        return;
    }
    // Toms falling from high to floor, sixteenths in the last beat.
    static const int kToms[] = {kHighTom, kHighMidTom, kMidTom, kLowTom, kFloorTom};
    plan.note(barStart, 0.2, kDrumChannel, kKick, static_cast<int>(100 * level));
    const int variant = rng.below(2);
    int tom = 0;
    for (int step = fromStep; step < steps; ++step) {
        const bool lastBeat = step >= steps - 4;
        if (!lastBeat && step % 2 == 1) {
            continue;
        }
        int key = kSnare;
        if (variant == 0 ? lastBeat : step >= fromStep + 2) {
            key = kToms[std::min(tom++, 4)];
        }
        plan.note(barStart + step * 0.25, 0.2, kDrumChannel, key, static_cast<int>((84 + rng.range(0, 24)) * level));
    }
}

} // namespace

void writeDrums(const SongPlan& plan, Rng rng) {
    const Arrangement& song = *plan.song;
    std::vector<DrumSet> sets = drumSets(plan.genre->drums);
    if (sets.empty()) {
        return;
    }
    const bool waltz = song.beatsPerBar == 3;
    const DrumSet set = waltz ? waltzSet() : sets[static_cast<std::size_t>(plan.variant) % sets.size()];
    const int steps = song.beatsPerBar * 4;
    const int crash = plan.genre->drums == DrumStyle::Chinese ? kChina : (plan.variant == 0 ? kCrash : kCrash2);

    for (std::size_t s = 0; s < song.sections.size(); ++s) {
        const Section& section = song.sections[s];
        const bool last = s + 1 == song.sections.size();
        const SectionKind next = last ? SectionKind::Outro : song.sections[s + 1].kind;
        const double level = SongPlan::level(section.kind);
        for (int b = 0; b < section.bars; ++b) {
            const int bar = section.startBar + b;
            const double start = plan.barBeat(bar);
            const bool finalBar = last && b == section.bars - 1;
            const bool fillBar = !last && b == section.bars - 1 && section.bars >= 2 &&
                                 (next == SectionKind::Chorus || next == SectionKind::Bridge ||
                                  section.kind == SectionKind::Chorus || section.kind == SectionKind::Intro);
            if (b == 0 && section.kind != SectionKind::Intro && section.kind != SectionKind::Verse) {
                plan.note(start, 1.0, kDrumChannel, crash, static_cast<int>(104 * level));
            }
            if (finalBar) {
                // The last downbeat: kick and crash, then let it ring.
                plan.note(start, 2.0, kDrumChannel, crash, 110);
                plan.note(start, 0.2, kDrumChannel, kKick, 110);
                continue;
            }
            const Pattern* pattern = &set.verse;
            bool noSnare = false;
            switch (section.kind) {
            case SectionKind::Intro:
                // Drums enter in the second half of the intro, kick and hats only; quiet genres wait for the verse.
                if (!plan.energetic || b < section.bars / 2) {
                    if (fillBar && plan.energetic) {
                        playFill(plan, rng, start, steps / 2, steps, level);
                    }
                    continue;
                }
                noSnare = true;
                break;
            case SectionKind::Chorus:
                pattern = &set.chorus;
                break;
            case SectionKind::Outro:
                noSnare = b >= section.bars / 2;
                break;
            case SectionKind::Verse:
            case SectionKind::Bridge:
                break;
            }
            if (fillBar) {
                playPattern(plan, rng, *pattern, start, 0, steps / 2, level, noSnare);
                playFill(plan, rng, start, steps / 2, steps, level);
            } else {
                playPattern(plan, rng, *pattern, start, 0, steps, level, noSnare);
            }
        }
    }
}

// --- bass ---

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

// --- chords ---

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

} // namespace gequ::upstream::detail
