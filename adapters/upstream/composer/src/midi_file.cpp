// writeMidi: the arrangement's notes as a Standard MIDI File (format 1).

#include "midi_file.h"

#include "singer.h"
#include "song_plan.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <string_view>
#include <utility>
#include <vector>

namespace gequ::composer::detail {

namespace {

/// One event of a track at its tick; `order` sorts events of one tick: meta and controls, note-offs, lyrics, note-ons.
struct TrackEvent {
    std::int64_t tick = 0;
    int order = 0;
    std::string bytes; ///< the event without its delta time
};

void appendBigEndian(std::string& out, std::uint32_t value, int bytes) {
    for (int i = bytes - 1; i >= 0; --i) {
        out += static_cast<char>((value >> (8 * i)) & 0xFF);
    }
}

/// A variable-length quantity (7 bits a byte, the high bit set on all but the last).
void appendVarLen(std::string& out, std::uint32_t value) {
    std::array<char, 5> buffer{};
    int n = 0;
    buffer[static_cast<std::size_t>(n++)] = static_cast<char>(value & 0x7F);
    while ((value >>= 7) != 0) {
        buffer[static_cast<std::size_t>(n++)] = static_cast<char>((value & 0x7F) | 0x80);
    }
    while (n > 0) {
        out += buffer[static_cast<std::size_t>(--n)];
    }
}

std::string meta(int type, std::string_view data) {
    std::string out;
    out += static_cast<char>(0xFF);
    out += static_cast<char>(type);
    appendVarLen(out, static_cast<std::uint32_t>(data.size()));
    out += data;
    return out;
}

std::string channelMessage(int status, int channel, int a, int b) {
    std::string out;
    out += static_cast<char>((status & 0xF0) | (channel & 0x0F));
    out += static_cast<char>(a & 0x7F);
    out += static_cast<char>(b & 0x7F);
    return out;
}

std::string programChange(int channel, int program) {
    std::string out;
    out += static_cast<char>(0xC0 | (channel & 0x0F));
    out += static_cast<char>(program & 0x7F);
    return out;
}

/// An MTrk chunk of events sorted by tick (then order), ending with End of Track.
std::string trackChunk(std::vector<TrackEvent> events) {
    std::stable_sort(events.begin(), events.end(), [](const TrackEvent& a, const TrackEvent& b) {
        return a.tick != b.tick ? a.tick < b.tick : a.order < b.order;
    });
    std::string body;
    std::int64_t at = 0;
    for (const TrackEvent& e : events) {
        appendVarLen(body, static_cast<std::uint32_t>(std::max<std::int64_t>(0, e.tick - at)));
        body += e.bytes;
        at = std::max(at, e.tick);
    }
    appendVarLen(body, 0);
    body += meta(0x2F, {});
    std::string out = "MTrk";
    appendBigEndian(out, static_cast<std::uint32_t>(body.size()), 4);
    return out + body;
}

std::string_view roleName(Role role) {
    switch (role) {
    case Role::Vocal:
        return "Vocal";
    case Role::Lead:
        return "Lead";
    case Role::Chords:
        return "Chords";
    case Role::Pad:
        return "Pad";
    case Role::Bass:
        return "Bass";
    case Role::Arp:
        return "Arpeggio";
    case Role::Drums:
        return "Drums";
    case Role::Timpani:
        return "Timpani";
    }
    return "Part";
}

/// Sharps (positive) or flats (negative) of a major key by its tonic's pitch class.
constexpr std::array<int, 12> kMajorKeySignature{0, -5, 2, -3, 4, -1, 6, 1, -4, 3, -2, 5};

std::int64_t tickOf(double beat) {
    return std::llround(beat * kMidiTicksPerBeat);
}

} // namespace

std::string writeMidi(const Arrangement& song, const std::string& title) {
    std::vector<std::string> tracks;

    // The conductor track: title, tempo, meter, key.
    {
        std::vector<TrackEvent> events;
        events.push_back({0, 0, meta(0x03, title)});
        std::string tempo;
        appendBigEndian(tempo, static_cast<std::uint32_t>(std::llround(60'000'000.0 / song.bpm)), 3);
        events.push_back({0, 1, meta(0x51, tempo)});
        const std::string meter{static_cast<char>(song.beatsPerBar), 2, 24, 8};
        events.push_back({0, 2, meta(0x58, meter)});
        // A minor key is written as its relative major's signature with the minor flag.
        const int major = ((song.tonic % 12) + 12 + (song.minor ? 3 : 0)) % 12;
        const std::string key{static_cast<char>(kMajorKeySignature[static_cast<std::size_t>(major)]),
                              static_cast<char>(song.minor ? 1 : 0)};
        events.push_back({0, 3, meta(0x59, key)});
        tracks.push_back(trackChunk(std::move(events)));
    }

    // The syllable each vocal note sings, by its start (microseconds) and key.
    std::map<std::pair<std::int64_t, int>, std::string> syllables;
    for (const SungNote& note : sungNotes(song)) {
        syllables.emplace(std::make_pair(std::llround(note.start * 1e6), note.key), note.syllable.text);
    }
    for (const Track& track : song.tracks) {
        std::vector<TrackEvent> events;
        const int ch = track.channel;
        events.push_back({0, 0, meta(0x03, roleName(track.role))});
        events.push_back({0, 1, channelMessage(0xB0, ch, 0, track.bank >= 128 ? 1 : 0)}); // bank select (MSB)
        events.push_back({0, 2, programChange(ch, track.program)});
        events.push_back({0, 3, channelMessage(0xB0, ch, 7, track.volume)});
        events.push_back({0, 4, channelMessage(0xB0, ch, 10, track.pan)});
        events.push_back({0, 5, channelMessage(0xB0, ch, 91, track.reverb)});
        events.push_back({0, 6, channelMessage(0xB0, ch, 93, track.chorus)});
        const bool vocal = track.role == Role::Vocal && !song.instrumental;
        for (const Note& note : song.notes) {
            if (note.channel != ch) {
                continue;
            }
            const std::int64_t on = tickOf(note.beat);
            const std::int64_t off = std::max(on + 1, tickOf(note.beat + note.length));
            if (vocal) {
                const auto it =
                    syllables.find(std::make_pair(std::llround(note.beat * song.secondsPerBeat() * 1e6), note.key));
                if (it != syllables.end() && !it->second.empty()) {
                    events.push_back({on, 20, meta(0x05, it->second)});
                }
            }
            events.push_back({on, 30, channelMessage(0x90, ch, note.key, std::clamp(note.velocity, 1, 127))});
            events.push_back({off, 10, channelMessage(0x80, ch, note.key, 0)});
        }
        tracks.push_back(trackChunk(std::move(events)));
    }

    std::string out = "MThd";
    appendBigEndian(out, 6, 4);
    appendBigEndian(out, 1, 2); // format 1: tracks played together
    appendBigEndian(out, static_cast<std::uint32_t>(tracks.size()), 2);
    appendBigEndian(out, kMidiTicksPerBeat, 2);
    for (const std::string& track : tracks) {
        out += track;
    }
    return out;
}

} // namespace gequ::composer::detail
