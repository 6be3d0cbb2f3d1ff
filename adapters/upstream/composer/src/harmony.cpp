#include "harmony.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

namespace gequ::composer::detail {

Chord parseChord(std::string_view text) {
    const std::string original(text);
    Chord chord;
    int accidental = 0;
    while (!text.empty() && (text.front() == 'b' || text.front() == '#')) {
        accidental += text.front() == 'b' ? -1 : 1;
        text.remove_prefix(1);
    }
    static const std::pair<std::string_view, int> kNumerals[] = {{"VII", 11}, {"III", 4}, {"II", 2}, {"IV", 5},
                                                                 {"VI", 9},   {"V", 7},   {"I", 0}};
    bool found = false;
    for (const auto& [numeral, semitones] : kNumerals) {
        std::string lower(numeral);
        std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) { return static_cast<char>(c + 32); });
        if (text.substr(0, numeral.size()) == numeral) {
            chord.quality = Quality::Major;
        } else if (text.substr(0, lower.size()) == lower) {
            chord.quality = Quality::Minor;
        } else {
            continue;
        }
        chord.root = mod12(semitones + accidental);
        text.remove_prefix(numeral.size());
        found = true;
        break;
    }
    if (!found) {
        throw std::invalid_argument("bad chord numeral '" + original + "'");
    }
    if (text == "") {
    } else if (text == "o") {
        chord.quality = Quality::Diminished;
    } else if (text == "sus") {
        chord.quality = Quality::Sus4;
    } else if (text == "7") {
        chord.seventh = 10;
    } else if (text == "M7") {
        chord.seventh = 11;
    } else if (text == "9") {
        chord.seventh = 10;
        chord.ninth = true;
    } else if (text == "M9") {
        chord.seventh = 11;
        chord.ninth = true;
    } else if (text == "add9") {
        chord.ninth = true;
    } else {
        throw std::invalid_argument("bad chord suffix in '" + original + "'");
    }
    return chord;
}

std::vector<Chord> parseProgression(std::string_view text) {
    std::vector<Chord> chords;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        const std::string_view token = text.substr(0, space);
        if (!token.empty()) {
            chords.push_back(parseChord(token));
        }
        if (space == std::string_view::npos) {
            break;
        }
        text.remove_prefix(space + 1);
    }
    if (chords.empty()) {
        throw std::invalid_argument("empty progression");
    }
    return chords;
}

std::vector<int> chordIntervals(const Chord& chord) {
    std::vector<int> intervals;
    switch (chord.quality) {
    case Quality::Major:
        intervals = {0, 4, 7};
        break;
    case Quality::Minor:
        intervals = {0, 3, 7};
        break;
    case Quality::Diminished:
        intervals = {0, 3, 6};
        break;
    case Quality::Sus4:
        intervals = {0, 5, 7};
        break;
    }
    if (chord.seventh != 0) {
        intervals.push_back(chord.seventh);
    }
    if (chord.ninth) {
        intervals.push_back(14);
    }
    return intervals;
}

std::vector<int> chordPitchClasses(const Chord& chord, int tonic) {
    std::vector<int> classes;
    for (const int interval : chordIntervals(chord)) {
        classes.push_back(mod12(tonic + chord.root + interval));
    }
    return classes;
}

std::string_view pitchName(int pitchClass) {
    static const std::string_view kNames[] = {"C", "Db", "D", "Eb", "E", "F", "F#", "G", "Ab", "A", "Bb", "B"};
    return kNames[mod12(pitchClass)];
}

std::string chordSymbol(const Chord& chord, int tonic) {
    std::string symbol(pitchName(tonic + chord.root));
    switch (chord.quality) {
    case Quality::Major:
        break;
    case Quality::Minor:
        symbol += "m";
        break;
    case Quality::Diminished:
        symbol += "dim";
        break;
    case Quality::Sus4:
        symbol += "sus4";
        break;
    }
    if (chord.seventh == 11) {
        symbol += chord.ninth ? "maj9" : "maj7";
    } else if (chord.seventh == 10) {
        symbol += chord.ninth ? "9" : "7";
    } else if (chord.ninth) {
        symbol += "add9";
    }
    return symbol;
}

std::vector<int> voiceChord(const Chord& chord, int tonic, int low, int high, const std::vector<int>& previous) {
    const std::vector<int> classes = chordPitchClasses(chord, tonic);
    // Every inversion: start each chord tone at its lowest place >= low, stack the rest upwards.
    std::vector<int> best;
    int bestCost = 1 << 30;
    for (std::size_t first = 0; first < classes.size(); ++first) {
        std::vector<int> notes;
        int note = noteAtOrAbove(classes[first], low);
        notes.push_back(note);
        for (std::size_t k = 1; k < classes.size(); ++k) {
            const int pc = classes[(first + k) % classes.size()];
            int next = noteAtOrAbove(pc, notes.back() + 1);
            notes.push_back(next);
        }
        if (notes.back() > high) {
            continue;
        }
        int cost = 0;
        if (previous.empty()) {
            // With nothing to lead from, prefer the voicing centred in the range.
            cost = std::abs((notes.front() + notes.back()) - (low + high));
        } else {
            for (const int n : notes) {
                int nearest = 1 << 20;
                for (const int p : previous) {
                    nearest = std::min(nearest, std::abs(n - p));
                }
                cost += nearest;
            }
        }
        if (cost < bestCost) {
            bestCost = cost;
            best = notes;
        }
    }
    if (best.empty()) {
        // The range is too narrow for a full stack: close position from the lowest root.
        int root = noteAtOrAbove(classes[0], low);
        for (const int interval : chordIntervals(chord)) {
            best.push_back(root + interval);
        }
    }
    return best;
}

} // namespace gequ::composer::detail
