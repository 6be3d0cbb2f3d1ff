// The arrangement planner: genre, key, tempo, meter, form and chords; the parts are written by parts.cpp and
// melody.cpp.

#include "gequ/composer/arrangement.h"

#include "gequ/domain/model/text.h"
#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace gequ::composer {

using namespace detail;

namespace {

struct FormSlot {
    SectionKind kind;
    double weight;
    int minBars;
    int maxBars;
};

FormSlot slot(SectionKind kind) {
    switch (kind) {
    case SectionKind::Intro:
        return {kind, 1.0, 2, 8};
    case SectionKind::Verse:
        return {kind, 2.0, 4, 16};
    case SectionKind::Chorus:
        return {kind, 2.0, 4, 16};
    case SectionKind::Bridge:
        return {kind, 1.5, 4, 8};
    case SectionKind::Outro:
        return {kind, 1.0, 2, 8};
    }
    return {kind, 1.0, 2, 8};
}

/// The form sized to `bars`: intro, verse, chorus, verse, chorus, bridge, chorus, outro when it fits, shorter forms
/// when it does not, more verse-chorus pairs when even the longest sections leave bars over.
std::vector<Section> planForm(int bars) {
    using K = SectionKind;
    const std::vector<std::vector<K>> forms = {
        {K::Intro, K::Verse, K::Chorus, K::Verse, K::Chorus, K::Bridge, K::Chorus, K::Outro},
        {K::Intro, K::Verse, K::Chorus, K::Verse, K::Chorus, K::Outro},
        {K::Intro, K::Verse, K::Chorus, K::Outro},
        {K::Verse, K::Chorus},
    };
    std::vector<K> kinds = {K::Chorus};
    for (const auto& form : forms) {
        int minimum = 0;
        for (const K kind : form) {
            minimum += slot(kind).minBars;
        }
        if (minimum <= bars) {
            kinds = form;
            break;
        }
    }
    std::vector<FormSlot> slots;
    for (const K kind : kinds) {
        slots.push_back(slot(kind));
    }
    if (kinds.size() == 1) {
        slots.front().minBars = bars;
        slots.front().maxBars = bars;
    }
    auto capacity = [&slots] {
        int total = 0;
        for (const auto& s : slots) {
            total += s.maxBars;
        }
        return total;
    };
    while (capacity() < bars) {
        // A long clip: another verse and chorus before the outro.
        slots.insert(slots.end() - 1, {slot(K::Verse), slot(K::Chorus)});
    }

    std::vector<int> sizes;
    int used = 0;
    double totalWeight = 0;
    for (const auto& s : slots) {
        sizes.push_back(s.minBars);
        used += s.minBars;
        totalWeight += s.weight;
    }
    // Two bars at a time to the section furthest below its share, then one odd bar to the outro.
    while (bars - used >= 2) {
        int best = -1;
        double bestDeficit = -1e9;
        for (std::size_t i = 0; i < slots.size(); ++i) {
            if (sizes[i] + 2 > slots[i].maxBars) {
                continue;
            }
            const double deficit = slots[i].weight * bars / totalWeight - sizes[i];
            if (deficit > bestDeficit) {
                bestDeficit = deficit;
                best = static_cast<int>(i);
            }
        }
        if (best < 0) {
            break;
        }
        sizes[static_cast<std::size_t>(best)] += 2;
        used += 2;
    }
    sizes.back() += bars - used;

    std::vector<Section> sections;
    int start = 0;
    for (std::size_t i = 0; i < slots.size(); ++i) {
        sections.push_back({slots[i].kind, start, sizes[i], {}});
        start += sizes[i];
    }
    return sections;
}

bool hasWord(const std::string& lowerText, std::string_view word) {
    return lowerText.find(word) != std::string::npos;
}

/// Splits a lyric line into phrases of at most `capacity` syllables (whole characters or words).
std::vector<std::string> splitLine(const std::string& line, int capacity) {
    if (syllableCount(line) <= capacity) {
        return {line};
    }
    // Split at the middle space or, for Chinese, at the middle character.
    std::vector<std::string> parts;
    std::string rest = line;
    while (syllableCount(rest) > capacity) {
        std::size_t cut = std::string::npos;
        const std::size_t space = rest.find(' ', rest.size() / 2);
        if (space != std::string::npos) {
            cut = space;
        } else {
            // Walk code points until half the syllables.
            const int half = syllableCount(rest) / 2;
            std::size_t at = 0;
            while (at < rest.size() && syllableCount(rest.substr(0, at)) < half) {
                ++at;
                while (at < rest.size() && (static_cast<unsigned char>(rest[at]) & 0xC0) == 0x80) {
                    ++at;
                }
            }
            cut = at;
        }
        if (cut == 0 || cut >= rest.size()) {
            break;
        }
        parts.push_back(domain::trim(rest.substr(0, cut)));
        rest = domain::trim(rest.substr(cut));
    }
    parts.push_back(rest);
    return parts;
}

/// Gives each sung section its lines: verses take the lyric's verses in turn, choruses its chorus (every time),
/// a bridge its bridge; each section sings as many two-bar phrases as it has room for.
void assignLyrics(std::vector<Section>& sections, const std::vector<LyricSection>& lyric, int capacity) {
    std::vector<std::vector<std::string>> verses, choruses, bridges;
    for (const auto& part : lyric) {
        std::vector<std::string> phrases;
        for (const auto& line : part.lines) {
            for (auto& phrase : splitLine(line, capacity)) {
                phrases.push_back(std::move(phrase));
            }
        }
        (part.kind == SectionKind::Chorus   ? choruses
         : part.kind == SectionKind::Bridge ? bridges
                                            : verses)
            .push_back(std::move(phrases));
    }
    if (choruses.empty() && verses.size() > 1) {
        // Headings missing: alternate the blocks.
        std::vector<std::vector<std::string>> v, c;
        for (std::size_t i = 0; i < verses.size(); ++i) {
            (i % 2 == 0 ? v : c).push_back(verses[i]);
        }
        verses = v;
        choruses = c;
    }
    if (choruses.empty() && !verses.empty()) {
        choruses.push_back(verses.front());
    }
    if (verses.empty() && !choruses.empty()) {
        verses.push_back(choruses.front());
    }
    std::size_t verseIndex = 0;
    std::size_t chorusIndex = 0;
    for (auto& section : sections) {
        const int room = section.bars / 2;
        const std::vector<std::string>* source = nullptr;
        if (section.kind == SectionKind::Verse && !verses.empty()) {
            source = &verses[std::min(verseIndex++, verses.size() - 1)];
        } else if (section.kind == SectionKind::Chorus && !choruses.empty()) {
            source = &choruses[std::min(chorusIndex++, choruses.size() - 1)];
        } else if (section.kind == SectionKind::Bridge && !bridges.empty()) {
            source = &bridges.front();
        }
        if (!source) {
            continue;
        }
        for (int i = 0; i < room && i < static_cast<int>(source->size()); ++i) {
            section.lines.push_back((*source)[static_cast<std::size_t>(i)]);
        }
    }
}

int pickProgram(const std::vector<int>& options, int base, int clipIndex) {
    return options[static_cast<std::size_t>((base + clipIndex) % static_cast<int>(options.size()))];
}

} // namespace

const Track* Arrangement::track(Role role) const {
    for (const auto& t : tracks) {
        if (t.role == role) {
            return &t;
        }
    }
    return nullptr;
}

std::uint64_t songSeed(std::string_view taskId, std::string_view style, std::string_view prompt, std::string_view lyric,
                       std::string_view title, bool instrumental, std::string_view gender) {
    std::uint64_t h = fnv1a("gequ-composer-1");
    for (const std::string_view part : {taskId, style, prompt, lyric, title, gender}) {
        h = fnv1a(part, h);
        h = fnv1a(std::string_view("\x1f", 1), h);
    }
    h = fnv1a(instrumental ? "1" : "0", h);
    return mix64(h);
}

Arrangement arrange(const ArrangementInput& input) {
    Arrangement song;
    // Task-level draws (shared by both clips) and clip-level draws.
    Rng task(input.seed);
    Rng clip(mix64(input.seed ^ (0xC11Bull * static_cast<std::uint64_t>(input.clipIndex + 1))));
    const int clipIndex = std::clamp(input.clipIndex, 0, 1);

    const std::string lowerStyle = domain::toLowerAscii(input.style);
    const std::string lowerAll = lowerStyle + " " + domain::toLowerAscii(input.prompt);
    std::string genreKey = input.continues ? input.continues->genre : detectGenre(input.style, input.prompt);
    if (genreKey.empty()) {
        static const std::vector<std::string> kDefaults = {"pop", "pop", "pop", "folk", "rnb", "electronic"};
        genreKey = task.pick(kDefaults);
    }
    const GenreProfile& genre = genreProfile(genreKey);
    // A cover writes the song by its own genre (harmony, form, tempo, melody) and plays it in another one.
    std::string orchestrationKey = input.restyle.empty() ? genreKey : detectGenre(input.restyle, "");
    if (orchestrationKey.empty()) {
        orchestrationKey = "pop";
    }
    const GenreProfile& sound = genreProfile(orchestrationKey);
    song.genre = std::string(sound.key);
    song.genreName = std::string(sound.styleName);

    const Mood mood = detectMood(input.style + " " + input.prompt);
    song.instrumental = input.instrumental || hasWord(lowerStyle, "instrumental") || hasWord(lowerStyle, "纯音乐");
    if (!song.instrumental) {
        if (input.continues && !input.continues->gender.empty()) {
            song.gender = input.continues->gender; // the same singer
        } else if (input.gender == "male" || input.gender == "female") {
            song.gender = input.gender;
        } else if (hasWord(lowerStyle, "female vocal") || hasWord(lowerStyle, "女声")) {
            song.gender = "female";
        } else if (hasWord(lowerStyle, "male vocal") || hasWord(lowerStyle, "男声") ||
                   hasWord(lowerStyle, "deep voice")) {
            song.gender = "male";
        } else {
            song.gender = clip.chance(0.5) ? "female" : "male";
        }
    }

    // Key and mode: the clips take neighbouring keys of the genre's list, so they never share one.
    const int keyBase = task.below(static_cast<int>(genre.keys.size()));
    song.tonic = genre.keys[static_cast<std::size_t>((keyBase + clipIndex) % static_cast<int>(genre.keys.size()))];
    double majorChance = genre.majorChance;
    if (mood == Mood::Happy) {
        majorChance += 0.35;
    } else if (mood == Mood::Sad || mood == Mood::Dark) {
        majorChance -= 0.5;
    } else if (mood == Mood::Romantic) {
        majorChance += 0.1;
    }
    song.minor = !clip.chance(std::clamp(majorChance, 0.05, 0.95));
    song.beatsPerBar = clip.chance(genre.waltzChance) ? 3 : 4;
    song.swing = genre.swing8 > 0 ? genre.swing8 : genre.swing16;

    double bpm = clip.uniform(genre.bpmLow, genre.bpmHigh) * moodTempoFactor(mood);
    const int hint = tempoHint(lowerAll);
    bpm *= hint < 0 ? 0.82 : hint > 0 ? 1.18 : 1.0;
    bpm = std::clamp(bpm, 56.0, 180.0);
    if (const Arrangement* source = input.continues) {
        song.tonic = source->tonic;
        song.minor = source->minor;
        song.beatsPerBar = source->beatsPerBar;
        song.swing = source->swing;
    }

    // Form sized to the clip: whole bars fill the music; the tempo is trimmed so they end exactly on time (an
    // extension keeps its source's tempo exactly, and its length follows the bars instead).
    song.seconds = std::max(4.0, input.seconds);
    const double tail = std::clamp(song.seconds * 0.03, 1.5, 3.0);
    song.musicSeconds = song.seconds - tail;
    if (input.continues) {
        song.bpm = input.continues->bpm;
        const double barSeconds = song.beatsPerBar * 60.0 / song.bpm;
        song.bars = std::max(1, static_cast<int>(std::lround(song.musicSeconds / barSeconds)));
        song.musicSeconds = song.bars * barSeconds;
        song.seconds = song.musicSeconds + tail;
    } else {
        const double barSeconds = song.beatsPerBar * 60.0 / bpm;
        song.bars = std::max(1, static_cast<int>(std::floor(song.musicSeconds / barSeconds)));
        song.bpm = song.bars * song.beatsPerBar * 60.0 / song.musicSeconds;
    }
    song.sections = planForm(song.bars);
    if (input.continues && song.sections.front().kind == SectionKind::Intro) {
        song.sections.front().kind = SectionKind::Verse; // it goes on where the source was cut: no intro
    }

    const bool rap = genre.melodyStyle == MelodyStyle::Rap;
    if (!song.instrumental) {
        const int capacity = rap ? 22 : (song.beatsPerBar == 3 ? 9 : 12);
        assignLyrics(song.sections, parseLyrics(input.lyric), capacity);
        song.lyric = domain::trim(input.lyric);
    }

    // Instruments: the clips take neighbouring entries of each list.
    const int soundBase = task.below(12) + std::clamp(input.restyleVariant, 0, 1);
    // An extension plays its source's instruments where it has them.
    const auto inherit = [&input](Role role, int program) {
        if (input.continues) {
            if (const Track* track = input.continues->track(role)) {
                return track->program;
            }
        }
        return program;
    };
    const int chordsProgram = inherit(Role::Chords, pickProgram(sound.chords, soundBase, clipIndex));
    const int padProgram = inherit(Role::Pad, pickProgram(sound.pads, soundBase + 1, clipIndex));
    const int bassProgram = inherit(Role::Bass, pickProgram(sound.basses, soundBase, clipIndex));
    const int leadProgram = inherit(Role::Lead, pickProgram(sound.leads, soundBase + 2, clipIndex));
    const int arpProgram = inherit(Role::Arp, pickProgram(sound.arps, soundBase + 1, clipIndex));
    const int kit = inherit(Role::Drums, pickProgram(sound.drumKits, soundBase, clipIndex));
    const int voice = inherit(Role::Vocal, pickProgram(sound.voices, soundBase, clipIndex));

    auto addTrack = [&song](Role role, int channel, int bank, int program, int volume, int pan, int reverb, int chorus,
                            int release = 0) {
        if (program >= 0) {
            song.tracks.push_back({role, channel, bank, program, volume, pan, reverb, chorus, release});
        }
    };
    // Repeated chords ring into each other: shorter tails keep them clean (and the voice count, so the render
    // time, down). Sustained chords keep their natural release.
    const int chordsRelease = sound.chordStyle == ChordStyle::Sustain ? 0
                              : (sound.chordStyle == ChordStyle::Strum || sound.chordStyle == ChordStyle::Power ||
                                 (chordsProgram >= 24 && chordsProgram <= 31))
                                  ? -2400
                                  : -1200;
    if (!song.instrumental) {
        addTrack(Role::Vocal, kVocalChannel, 0, voice, 118, 64, 70, 30);
    }
    addTrack(Role::Lead, kLeadChannel, 0, leadProgram, song.instrumental ? 108 : 92, 70, 55, 10, -600);
    addTrack(Role::Chords, kChordsChannel, 0, chordsProgram, 88, clipIndex == 0 ? 48 : 80, 45, 20, chordsRelease);
    addTrack(Role::Pad, kPadChannel, 0, padProgram, 70, 64, 75, 50, -600);
    addTrack(Role::Bass, kBassChannel, 0, bassProgram, 104, 64, 12, 0, -1200);
    addTrack(Role::Arp, kArpChannel, 0, arpProgram, 90, clipIndex == 0 ? 88 : 40, 60, 30, -1200);
    if (sound.timpani) {
        addTrack(Role::Timpani, kTimpaniChannel, 0, 47, 90, 64, 60, 0);
    }
    if (sound.drums != DrumStyle::None) {
        addTrack(Role::Drums, kDrumChannel, 128, kit, 100, 64, 30, 0);
    }

    // Chords: one progression per section kind, cycled through the section; a dominant before each chorus; the
    // last chord the tonic.
    const Grammar& grammar = song.minor ? genre.minor : genre.major;
    const auto chooseProgression = [&clip](const std::vector<std::string_view>& options,
                                           const std::vector<std::string_view>& fallback) {
        const auto& list = options.empty() ? fallback : options;
        return parseProgression(clip.pick(list));
    };
    const std::vector<Chord> verseChords = chooseProgression(grammar.verse, grammar.chorus);
    const std::vector<Chord> chorusChords = chooseProgression(grammar.chorus, grammar.verse);
    const std::vector<Chord> bridgeChords = chooseProgression(grammar.bridge, grammar.verse);
    const int chordBeats = genre.beatsPerChord > 0 ? genre.beatsPerChord : song.beatsPerBar;
    const bool functional = genre.key == "classical" || genre.key == "jazz";

    SongPlan plan;
    plan.genre = &sound; // the accompaniment's patterns
    plan.song = &song;
    plan.mood = mood;
    plan.variant = (soundBase + clipIndex) % 2;
    plan.energetic = mood == Mood::Energetic || sound.key == "rock" || sound.key == "metal" || sound.key == "dance" ||
                     sound.key == "electronic";
    for (std::size_t s = 0; s < song.sections.size(); ++s) {
        const Section& section = song.sections[s];
        const std::vector<Chord>& progression = section.kind == SectionKind::Chorus   ? chorusChords
                                                : section.kind == SectionKind::Bridge ? bridgeChords
                                                                                      : verseChords;
        const double start = plan.barBeat(section.startBar);
        const double end = plan.barBeat(section.startBar + section.bars);
        std::size_t index = 0;
        for (double beat = start; beat < end - 1e-9; beat += chordBeats, ++index) {
            plan.chords.push_back(
                {beat, std::min<double>(chordBeats, end - beat), progression[index % progression.size()]});
        }
        const bool beforeChorus = s + 1 < song.sections.size() && song.sections[s + 1].kind == SectionKind::Chorus;
        if (beforeChorus && section.kind != SectionKind::Chorus) {
            Chord& last = plan.chords.back().chord;
            const bool alreadyLeading = last.root == 7 || last.root == 5 || last.root == 10 || last.root == 2;
            if (!alreadyLeading) {
                if (!song.minor || functional) {
                    last = Chord{7, Quality::Major, functional ? 10 : 0, false};
                } else {
                    last = Chord{10, Quality::Major, 0, false};
                }
            }
        }
    }
    plan.chords.back().chord = Chord{0, song.minor ? Quality::Minor : Quality::Major, 0, false};
    for (int bar = 0; bar < song.bars; ++bar) {
        song.chords.push_back(chordSymbol(plan.chordAt(plan.barBeat(bar)).chord, song.tonic));
    }

    // The parts, each from its own random stream.
    writeDrums(plan, clip.fork("drums"));
    writeBass(plan, clip.fork("bass"));
    writeChords(plan, clip.fork("chords"), chordsProgram);
    writePad(plan, clip.fork("pad"));
    writeArp(plan, clip.fork("arp"));
    writeTimpani(plan, clip.fork("timpani"));
    SongPlan melodyPlan = plan;
    melodyPlan.genre = &genre; // the melody is the song's own, whatever plays it
    writeMelodies(melodyPlan, clip.fork("melody"), !song.instrumental, rap);

    std::stable_sort(song.notes.begin(), song.notes.end(),
                     [](const Note& a, const Note& b) { return a.beat < b.beat; });
    for (const auto& n : song.notes) {
        if (n.channel == kVocalChannel && !song.instrumental) {
            ++song.sungSyllables;
        }
    }

    // The style played: genre, voice, mood.
    song.style = song.genreName;
    if (!song.instrumental) {
        song.style += song.gender == "male" ? ",male vocal" : ",female vocal";
    } else {
        song.style += ",instrumental";
    }
    if (const std::string_view word = moodStyleWord(mood); !word.empty()) {
        song.style += ",";
        song.style += word;
    }
    return song;
}

} // namespace gequ::composer
