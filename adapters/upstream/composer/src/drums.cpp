// The drums (GM channel 10): patterns per style and section, fills into new sections and crashes.

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

namespace {

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

} // namespace gequ::composer::detail
