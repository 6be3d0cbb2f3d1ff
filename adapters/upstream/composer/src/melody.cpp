// The melody: the vocal line, one note per sung syllable, phrased by lyric line; and the lead (an instrumental's
// tune, the intro hook, solos where nobody sings).

#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace gequ::composer::detail {

namespace {

struct Range {
    int low;
    int high;
};

/// The tonic near the middle of a voice: 55..66.
int homeTonic(int tonic) {
    const int t = 60 + tonic;
    return t > 66 ? t - 12 : t;
}

Range melodyRange(const SongPlan& plan, SectionKind kind, bool rap) {
    const int t = homeTonic(plan.song->tonic);
    if (rap) {
        return {t - 2, t + 5};
    }
    switch (kind) {
    case SectionKind::Verse:
        return {t - 5, t + 9};
    case SectionKind::Chorus:
        return {t, t + 12};
    case SectionKind::Bridge:
        return {t - 2, t + 10};
    case SectionKind::Intro:
    case SectionKind::Outro:
        break;
    }
    return {t, t + 12};
}

struct Phrase {
    double start = 0;  ///< beat
    double beats = 8;  ///< room for the phrase
    int syllables = 6; ///< notes to place
    SectionKind kind = SectionKind::Verse;
    bool cadence = false; ///< the section's last phrase: end on a chord root
    bool home = false;    ///< end on the tonic
    int channel = kVocalChannel;
    int velocity = 96;
    int transpose = 0; ///< semitones (an octave down for a male voice)
    bool rap = false;
};

/// Onsets and lengths, in grid steps, of `n` notes in `steps` steps: a breath at the end, the last note long.
std::vector<std::pair<int, int>> rhythm(Rng& rng, int n, int steps, bool rap) {
    n = std::clamp(n, 1, steps - 1);
    int start = n <= steps / 2 ? rng.range(0, 2) : (n < steps - 4 ? rng.below(2) : 0);
    int breath = n < steps - 4 ? rng.range(1, 2) : 1;
    int room = steps - start - breath;
    if (room < n) {
        start = 0;
        breath = std::max(0, steps - n - 1);
        room = steps - start - breath;
    }
    int last = std::clamp(room - (n - 1), 1, rap ? 2 : 4);
    int body = room - last;
    std::vector<int> lengths(static_cast<std::size_t>(n - 1), 1);
    int extra = body - (n - 1);
    const int cap = rap ? 2 : 3;
    int guard = 0;
    while (extra > 0 && n > 1 && guard++ < 1000) {
        const auto i = static_cast<std::size_t>(rng.below(n - 1));
        if (lengths[i] < cap) {
            ++lengths[i];
            --extra;
        }
    }
    last += std::max(0, extra);
    std::vector<std::pair<int, int>> notes;
    int at = start;
    for (const int length : lengths) {
        notes.emplace_back(at, length);
        at += length;
    }
    notes.emplace_back(at, last);
    return notes;
}

bool contains(const std::vector<int>& classes, int pitch) {
    return std::find(classes.begin(), classes.end(), ((pitch % 12) + 12) % 12) != classes.end();
}

/// The index of the allowed pitch nearest to `index` whose class is in `classes`, searching within `reach`.
int nearestTone(const std::vector<int>& allowed, int index, const std::vector<int>& classes, int reach) {
    for (int d = 0; d <= reach; ++d) {
        for (const int sign : {-1, 1}) {
            const int i = index + sign * d;
            if (i >= 0 && i < static_cast<int>(allowed.size()) &&
                contains(classes, allowed[static_cast<std::size_t>(i)])) {
                return i;
            }
        }
    }
    return index;
}

void writePhrase(const SongPlan& plan, Rng rng, const Phrase& phrase) {
    const Range range = melodyRange(plan, phrase.kind, phrase.rap);
    const std::vector<int> scale = plan.scale();
    std::vector<int> allowed;
    for (int p = range.low; p <= range.high; ++p) {
        if (contains(scale, p)) {
            allowed.push_back(p);
        }
    }
    const int top = static_cast<int>(allowed.size()) - 1;
    double stepBeats = phrase.rap ? 0.25 : 0.5;
    int steps = static_cast<int>(std::round(phrase.beats / stepBeats));
    if (!phrase.rap && phrase.syllables > steps - 3) {
        stepBeats = 0.25;
        steps *= 2;
    }
    const auto notes = rhythm(rng, phrase.syllables, steps, phrase.rap);
    const double centre = phrase.kind == SectionKind::Chorus ? 0.55 : (phrase.kind == SectionKind::Verse ? 0.4 : 0.5);
    int index = static_cast<int>(std::round(top * centre)) + rng.range(-1, 1);
    const int count = static_cast<int>(notes.size());
    for (int i = 0; i < count; ++i) {
        const auto [onset, length] = notes[static_cast<std::size_t>(i)];
        const double beat = phrase.start + onset * stepBeats;
        const std::vector<int> chord = chordPitchClasses(plan.chordAt(beat).chord, plan.song->tonic);
        const double inBeat = std::fmod(beat - phrase.start, 1.0);
        const bool strong = inBeat < 1e-6;
        if (i == 0) {
            index = nearestTone(allowed, std::clamp(index, 0, top), chord, 3);
        } else if (i == count - 1) {
            const int tonicPc = plan.song->tonic;
            const std::vector<int> target =
                phrase.home ? std::vector<int>{tonicPc} : (phrase.cadence ? std::vector<int>{chord.front()} : chord);
            index = nearestTone(allowed, std::clamp(index - (rng.chance(0.6) ? 1 : 0), 0, top), target, 4);
        } else {
            const double progress = static_cast<double>(i) / (count - 1);
            const double upward = progress < 0.5 ? 0.62 : 0.38; // an arch over the line
            int size = 1;
            const double r = rng.unit();
            if (phrase.rap) {
                size = r < 0.55 ? 0 : (r < 0.95 ? 1 : 2);
            } else {
                size = r < 0.12 ? 0 : (r < 0.67 ? 1 : (r < 0.9 ? 2 : 3));
            }
            int next = index + (rng.unit() < upward ? size : -size);
            if (next < 0 || next > top) {
                next = index - (next - index); // turn back at the edge of the range
            }
            index = std::clamp(next, 0, top);
            if (strong) {
                index = nearestTone(allowed, index, chord, 2);
            }
        }
        const int pitch = allowed[static_cast<std::size_t>(std::clamp(index, 0, top))] + phrase.transpose;
        const bool lastNote = i == count - 1;
        const double gate = phrase.rap ? 0.75 : 0.9;
        const double noteLength = lastNote ? length * stepBeats * 0.95 : std::max(0.12, length * stepBeats * gate);
        const int velocity = phrase.velocity + (strong ? 8 : 0) + rng.range(-4, 4) - (lastNote ? 4 : 0);
        plan.note(plan.swung(beat), noteLength, phrase.channel, pitch, velocity);
    }
}

/// The seed of a melody line: the same section kind, line number and syllable count always sing the same tune.
Rng lineRng(const Rng& base, SectionKind kind, int line, int syllables) {
    std::string label = "line-";
    label += std::to_string(static_cast<int>(kind));
    label += '-';
    label += std::to_string(line);
    label += '-';
    label += std::to_string(syllables);
    return base.fork(label);
}

} // namespace

void writeMelodies(const SongPlan& plan, Rng rng, bool vocal, bool rap) {
    const Arrangement& song = *plan.song;
    const bool hasLead = song.track(Role::Lead) != nullptr;
    const bool male = song.gender == "male";
    const double phraseBeats = 2.0 * song.beatsPerBar;

    bool anyLines = false;
    for (const auto& section : song.sections) {
        anyLines = anyLines || !section.lines.empty();
    }
    // The chorus hook: what the first chorus line sings (or its instrumental stand-in).
    int hookSyllables = 7;
    for (const auto& section : song.sections) {
        if (section.kind == SectionKind::Chorus && !section.lines.empty()) {
            hookSyllables = std::max(3, std::min(12, syllableCount(section.lines.front())));
            break;
        }
    }
    const Rng virtualCounts = rng.fork("virtual");

    for (std::size_t s = 0; s < song.sections.size(); ++s) {
        const Section& section = song.sections[s];
        const int phrases = section.bars / 2;
        const double start = plan.barBeat(section.startBar);
        const bool lastSection = s + 1 == song.sections.size();
        const double level = SongPlan::level(section.kind);

        if (vocal && !section.lines.empty()) {
            for (int i = 0; i < static_cast<int>(section.lines.size()); ++i) {
                Phrase phrase;
                phrase.start = start + i * phraseBeats;
                phrase.beats = phraseBeats;
                phrase.syllables = std::max(1, syllableCount(section.lines[static_cast<std::size_t>(i)]));
                phrase.kind = section.kind;
                phrase.cadence = i + 1 == static_cast<int>(section.lines.size());
                phrase.home = phrase.cadence && section.kind == SectionKind::Chorus;
                phrase.channel = kVocalChannel;
                phrase.velocity = static_cast<int>(100 * level);
                phrase.transpose = male ? -12 : 0;
                phrase.rap = rap;
                writePhrase(plan, lineRng(rng, section.kind, i, phrase.syllables), phrase);
            }
            continue;
        }
        // Nobody sings here. With no lyrics at all, the voice sings the choruses wordlessly.
        const bool wordless = vocal && !anyLines && section.kind == SectionKind::Chorus;
        if (!wordless && !hasLead) {
            continue;
        }
        if (section.kind == SectionKind::Intro || section.kind == SectionKind::Outro) {
            // The hook on the lead: the intro's last two bars, the outro's first two.
            if (!hasLead || section.bars < 4 || (section.kind == SectionKind::Intro && !vocal)) {
                continue;
            }
            Phrase phrase;
            phrase.start =
                section.kind == SectionKind::Intro ? plan.barBeat(section.startBar + section.bars - 2) : start;
            phrase.beats = phraseBeats;
            phrase.syllables = hookSyllables;
            phrase.kind = SectionKind::Chorus;
            phrase.cadence = true;
            phrase.home = section.kind == SectionKind::Outro || lastSection;
            phrase.channel = kLeadChannel;
            phrase.velocity = 84;
            writePhrase(plan, lineRng(rng, SectionKind::Chorus, 0, hookSyllables), phrase);
            continue;
        }
        for (int i = 0; i < phrases; ++i) {
            Rng counts = virtualCounts.fork(std::to_string(static_cast<int>(section.kind) * 100 + i));
            Phrase phrase;
            phrase.start = start + i * phraseBeats;
            phrase.beats = phraseBeats;
            phrase.syllables = section.kind == SectionKind::Chorus  ? (i == 0 ? hookSyllables : counts.range(6, 9))
                               : section.kind == SectionKind::Verse ? counts.range(4, 7)
                                                                    : counts.range(5, 8);
            phrase.kind = section.kind;
            phrase.cadence = i + 1 == phrases;
            phrase.home = phrase.cadence && (section.kind == SectionKind::Chorus || lastSection);
            phrase.channel = wordless ? kVocalChannel : kLeadChannel;
            phrase.transpose = wordless && male ? -12 : 0;
            phrase.velocity = static_cast<int>((wordless ? 96 : 92) * level);
            writePhrase(plan, lineRng(rng, section.kind, i, phrase.syllables), phrase);
        }
    }
}

} // namespace gequ::composer::detail
