// The synced lyrics of an arrangement (arrangement.h, lyricTimeline) and the sung lines the singer sings
// (singer.h, vocalLines): melody.cpp sings line i of a section as the phrase starting i two-bar phrases into it, one
// vocal note per syllable, so the notes of that window are the line's syllables in order. The singer starts each
// syllable (its consonant) at its note's start, so the timeline's word starts are the sung onsets.

#include "gequ/composer/arrangement.h"
#include "singer.h"
#include "song_plan.h"

#include <algorithm>

namespace gequ::composer {

namespace detail {

std::vector<VocalLine> vocalLines(const Arrangement& song) {
    std::vector<VocalLine> lines;
    if (song.instrumental) {
        return lines;
    }
    std::vector<const Note*> vocal;
    for (const auto& note : song.notes) {
        if (note.channel == kVocalChannel) {
            vocal.push_back(&note);
        }
    }
    std::stable_sort(vocal.begin(), vocal.end(), [](const Note* a, const Note* b) { return a->beat < b->beat; });
    const double phraseBeats = 2.0 * song.beatsPerBar;
    std::size_t next = 0;
    for (const auto& section : song.sections) {
        const double sectionStart = static_cast<double>(section.startBar * song.beatsPerBar);
        for (std::size_t i = 0; i < section.lines.size(); ++i) {
            const double from = sectionStart + static_cast<double>(i) * phraseBeats;
            const double to = from + phraseBeats;
            while (next < vocal.size() && vocal[next]->beat < from - 1e-6) {
                ++next;
            }
            VocalLine line;
            line.kind = section.kind;
            line.text = section.lines[i];
            while (next < vocal.size() && vocal[next]->beat < to - 1e-6) {
                line.notes.push_back(vocal[next++]);
            }
            if (!line.notes.empty()) {
                lines.push_back(std::move(line));
            }
        }
    }
    return lines;
}

} // namespace detail

domain::Timeline lyricTimeline(const Arrangement& song) {
    domain::Timeline timeline;
    const double perBeat = song.secondsPerBeat();
    const auto seconds = [&](double beat) { return std::min(song.seconds, beat * perBeat); };
    for (const auto& sung : detail::vocalLines(song)) {
        const std::vector<const Note*>& notes = sung.notes;
        domain::TimedLine line;
        line.text = sung.text;
        line.start = seconds(notes.front()->beat);
        line.end = seconds(notes.back()->beat + notes.back()->length);
        std::size_t k = 0;
        for (const auto& unit : sungUnits(sung.text)) {
            if (k >= notes.size()) {
                break;
            }
            const std::size_t last = std::min(notes.size(), k + static_cast<std::size_t>(unit.syllables)) - 1;
            line.words.push_back(
                {unit.text, seconds(notes[k]->beat), seconds(notes[last]->beat + notes[last]->length)});
            k = last + 1;
        }
        // A swung note may ring into the next one: a word ends where the next begins.
        for (std::size_t w = 0; w + 1 < line.words.size(); ++w) {
            line.words[w].end = std::min(line.words[w].end, line.words[w + 1].start);
        }
        timeline.lines.push_back(std::move(line));
    }
    return domain::normalizedTimeline(std::move(timeline));
}

} // namespace gequ::composer
