// SongPlan: what the part writers share (the chords over time, the scale, swing, section levels, adding notes).

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace gequ::composer::detail {

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

} // namespace gequ::composer::detail
