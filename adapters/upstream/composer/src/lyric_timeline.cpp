// The synced lyrics of an arrangement (arrangement.h, lyricTimeline): melody.cpp sings line i of a section as the
// phrase starting i two-bar phrases into it, one vocal note per syllable, so the notes of that window are the line's
// syllables in order.

#include "gequ/composer/arrangement.h"
#include "song_plan.h"

#include <algorithm>

namespace gequ::composer {

domain::Timeline lyricTimeline(const Arrangement& song) {
    domain::Timeline timeline;
    if (song.instrumental) {
        return timeline;
    }
    std::vector<const Note*> vocal;
    for (const auto& note : song.notes) {
        if (note.channel == detail::kVocalChannel) {
            vocal.push_back(&note);
        }
    }
    std::stable_sort(vocal.begin(), vocal.end(), [](const Note* a, const Note* b) { return a->beat < b->beat; });
    const double phraseBeats = 2.0 * song.beatsPerBar;
    const double perBeat = song.secondsPerBeat();
    const auto seconds = [&](double beat) { return std::min(song.seconds, beat * perBeat); };
    std::size_t next = 0;
    for (const auto& section : song.sections) {
        const double sectionStart = static_cast<double>(section.startBar * song.beatsPerBar);
        for (std::size_t i = 0; i < section.lines.size(); ++i) {
            const double from = sectionStart + static_cast<double>(i) * phraseBeats;
            const double to = from + phraseBeats;
            while (next < vocal.size() && vocal[next]->beat < from - 1e-6) {
                ++next;
            }
            std::vector<const Note*> notes;
            while (next < vocal.size() && vocal[next]->beat < to - 1e-6) {
                notes.push_back(vocal[next++]);
            }
            if (notes.empty()) {
                continue;
            }
            domain::TimedLine line;
            line.text = section.lines[i];
            line.start = seconds(notes.front()->beat);
            line.end = seconds(notes.back()->beat + notes.back()->length);
            std::size_t k = 0;
            for (const auto& unit : sungUnits(section.lines[i])) {
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
    }
    return domain::normalizedTimeline(std::move(timeline));
}

} // namespace gequ::composer
