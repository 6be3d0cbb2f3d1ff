// Stems and MIDI of the offline composer (docs/generation.md, "Stems, MIDI and covers"): the four stems add up to
// the mix the MP3 is made of, and the MIDI file reads back as the arrangement.

#include "gequ/composer/arrangement.h"
#include "gequ/composer/composer.h"
#include "gequ/composer/exceptions.h"
#include "gequ/moderation/word_list_moderation.h"
#include "midi_file.h"
#include "renderer.h"
#include "singer.h"
#include "song_plan.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

using namespace gequ::composer;
using namespace gequ::composer::detail;

namespace {

const char* const kLyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n[副歌]\n你是我的天空\n我们一起前行\n";

Arrangement song(const std::string& style, double seconds = 14, bool instrumental = false) {
    ArrangementInput input;
    input.style = style;
    input.lyric = kLyric;
    input.title = "晚风";
    input.instrumental = instrumental;
    input.seconds = seconds;
    input.seed = songSeed("stems-test", style, "", kLyric, "晚风", instrumental, "");
    return arrange(input);
}

SoundFont& font() {
    static auto shared = SoundFont::shared(std::string(kDefaultSoundFont));
    return *shared;
}

double rms(const std::vector<float>& left, const std::vector<float>& right, std::size_t from = 0,
           std::size_t to = SIZE_MAX) {
    to = std::min(to, left.size());
    double sum = 0;
    for (std::size_t k = from; k < to; ++k) {
        sum += double(left[k]) * left[k] + double(right[k]) * right[k];
    }
    return to > from ? std::sqrt(sum / (2.0 * double(to - from))) : 0.0;
}

double db(double ratio) {
    return 20.0 * std::log10(std::max(ratio, 1e-12));
}

/// How far `parts` summed are from `whole`: the residual's RMS over the whole's, in dB.
double residualDb(const Audio& whole, const std::vector<const Audio*>& parts) {
    std::vector<float> left(whole.left.size()), right(whole.right.size());
    for (std::size_t k = 0; k < whole.left.size(); ++k) {
        float l = whole.left[k];
        float r = whole.right[k];
        for (const Audio* part : parts) {
            l -= part->left.at(k);
            r -= part->right.at(k);
        }
        left[k] = l;
        right[k] = r;
    }
    return db(rms(left, right) / rms(whole.left, whole.right));
}

} // namespace

TEST(Stems, FourStemsAddUpToTheMixOfTheSong) {
    const Arrangement a = song("pop,female vocal");
    // A four-part song: a voice, a kit, a bass and something else.
    ASSERT_NE(a.track(Role::Vocal), nullptr);
    ASSERT_NE(a.track(Role::Drums), nullptr);
    ASSERT_NE(a.track(Role::Bass), nullptr);
    const StemChannels channels = stemChannels(a);
    ASSERT_FALSE(channels.other.empty());

    RenderOptions options;
    options.cores = 2;
    const RenderedSong mix = renderSong(a, font(), options);        // what the MP3 is made of
    const RenderedSong four = renderSong(a, font(), options, true); // rendered again, part by part
    ASSERT_EQ(four.mix.left.size(), mix.mix.left.size());
    for (const Audio* stem : {&four.vocal, &four.drums, &four.bass, &four.other}) {
        ASSERT_EQ(stem->left.size(), mix.mix.left.size());
        EXPECT_GT(db(rms(stem->left, stem->right)), -40.0); // every stem sounds
    }
    // The four stems summed are the song's mix within -40 dB of residual (same arrangement, same gain staging) ...
    const double residual = residualDb(mix.mix, {&four.vocal, &four.drums, &four.bass, &four.other});
    std::cout << "[ stems    ] four stems against the song's mix: " << residual << " dB of residual\n";
    EXPECT_LT(residual, -40.0);
    // ... and exactly their own mix, as the two stems are theirs.
    EXPECT_LT(residualDb(four.mix, {&four.vocal, &four.drums, &four.bass, &four.other}), -100.0);
    EXPECT_LT(residualDb(mix.mix, {&mix.vocal, &mix.accompaniment}), -100.0);
    // The instrumental stems add up to the accompaniment.
    EXPECT_LT(residualDb(four.accompaniment, {&four.drums, &four.bass, &four.other}), -100.0);
}

TEST(Stems, TheVocalStemIsSilentWhereNothingIsSung) {
    const Arrangement a = song("folk,male vocal", 45);
    const std::vector<SungNote> notes = sungNotes(a);
    ASSERT_FALSE(notes.empty());
    const RenderedSong two = renderSong(a, font());
    // The instrumental breaks: before the first sung note, and every gap of 3 s or more between two notes (from
    // 1.5 s after the note, when the reverb has died away, to just before the next): under -50 dBFS.
    std::vector<std::pair<double, double>> breaks;
    if (notes.front().start > 1.0) {
        breaks.emplace_back(0.0, notes.front().start - 0.05);
    }
    for (std::size_t i = 0; i + 1 < notes.size(); ++i) {
        if (notes[i + 1].start - notes[i].end >= 3.0) {
            breaks.emplace_back(notes[i].end + 1.5, notes[i + 1].start - 0.05);
        }
    }
    ASSERT_FALSE(breaks.empty()) << "a song with an intro or an instrumental break";
    for (const auto& [from, to] : breaks) {
        EXPECT_LT(db(rms(two.vocal.left, two.vocal.right, static_cast<std::size_t>(from * kSampleRate),
                         static_cast<std::size_t>(to * kSampleRate))),
                  -50.0)
            << from << " s to " << to << " s";
    }
    // And it sings where the notes are.
    EXPECT_GT(db(rms(two.vocal.left, two.vocal.right, static_cast<std::size_t>(notes.front().start * kSampleRate),
                     static_cast<std::size_t>(notes.back().end * kSampleRate))),
              -40.0);
}

TEST(Stems, ComposeStemsGivesTwoOrFourWavsOfTheClip) {
    ComposerConfig config;
    config.clipSeconds = 8;
    gequ::domain::GenerationRequest request;
    request.taskId = "stems-compose";
    request.custom = true;
    request.title = "晚风";
    request.style = "rock,male vocal";
    request.lyric = kLyric;
    const auto& moderation = gequ::moderation::WordListModeration::builtIn();
    const auto two = composeStems(config, request, 0, moderation, false);
    ASSERT_EQ(two.size(), 2u);
    EXPECT_EQ(two[0].part, "vocal");
    EXPECT_EQ(two[1].part, "accompaniment");
    const auto four = composeStems(config, request, 0, moderation, true);
    ASSERT_EQ(four.size(), 4u);
    EXPECT_EQ(four[1].part, "drums");
    EXPECT_EQ(four[2].part, "bass");
    EXPECT_EQ(four[3].part, "other");
    for (const auto* set : {&two, &four}) {
        for (const ClipStem& stem : *set) {
            ASSERT_GT(stem.wav.size(), 44u);
            EXPECT_EQ(stem.wav.substr(0, 4), "RIFF");
            EXPECT_EQ(stem.wav.size(), two[0].wav.size()) << stem.part; // all as long as the clip
        }
    }
    EXPECT_EQ(composeStems(config, request, 0, moderation, true)[2].wav, four[2].wav); // the same bytes again
    request.action = gequ::domain::TaskAction::Concat;
    EXPECT_THROW(composeStems(config, request, 0, moderation, false), ComposerError);
}

namespace {

/// A Standard MIDI File read back (an independent reader: running status, meta and sysex events).
struct MidiTrack {
    std::string name;
    int noteOns = 0;
    int noteOffs = 0;
    std::vector<std::string> lyrics;
    std::vector<int> programs;
    std::int64_t lastTick = 0;
};
struct MidiFile {
    int format = -1;
    int division = 0;
    std::vector<MidiTrack> tracks;
    std::vector<std::uint32_t> tempos; ///< microseconds per quarter
    std::vector<std::string> keys;     ///< the two data bytes of each key signature
    std::vector<std::string> meters;
};

std::uint32_t bigEndian(const std::string& s, std::size_t at, int n) {
    std::uint32_t v = 0;
    for (int i = 0; i < n; ++i) {
        v = (v << 8) | static_cast<unsigned char>(s.at(at + static_cast<std::size_t>(i)));
    }
    return v;
}

std::uint32_t varLen(const std::string& s, std::size_t& at) {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
        const auto byte = static_cast<unsigned char>(s.at(at++));
        v = (v << 7) | (byte & 0x7F);
        if ((byte & 0x80) == 0) {
            return v;
        }
    }
    throw std::runtime_error("variable-length quantity too long");
}

MidiFile readMidi(const std::string& s) {
    MidiFile out;
    if (s.substr(0, 4) != "MThd" || bigEndian(s, 4, 4) != 6) {
        throw std::runtime_error("no MThd");
    }
    out.format = static_cast<int>(bigEndian(s, 8, 2));
    const auto count = bigEndian(s, 10, 2);
    out.division = static_cast<int>(bigEndian(s, 12, 2));
    std::size_t at = 14;
    for (std::uint32_t t = 0; t < count; ++t) {
        if (s.substr(at, 4) != "MTrk") {
            throw std::runtime_error("no MTrk");
        }
        const std::size_t end = at + 8 + bigEndian(s, at + 4, 4);
        at += 8;
        MidiTrack track;
        int status = 0;
        std::int64_t tick = 0;
        bool ended = false;
        while (at < end) {
            tick += varLen(s, at);
            int byte = static_cast<unsigned char>(s.at(at));
            if (byte & 0x80) {
                status = byte;
                ++at;
            } else if (status == 0) {
                throw std::runtime_error("running status without a status");
            }
            if (status == 0xFF) {
                const int type = static_cast<unsigned char>(s.at(at++));
                const std::uint32_t length = varLen(s, at);
                const std::string data = s.substr(at, length);
                at += length;
                if (type == 0x03) {
                    track.name = data;
                } else if (type == 0x05) {
                    track.lyrics.push_back(data);
                } else if (type == 0x51) {
                    out.tempos.push_back(bigEndian(data, 0, 3));
                } else if (type == 0x59) {
                    out.keys.push_back(data);
                } else if (type == 0x58) {
                    out.meters.push_back(data);
                } else if (type == 0x2F) {
                    ended = true;
                }
                status = 0;
                continue;
            }
            if (status == 0xF0 || status == 0xF7) {
                at += varLen(s, at);
                status = 0;
                continue;
            }
            const int kind = status & 0xF0;
            const int a = static_cast<unsigned char>(s.at(at++));
            if (kind == 0xC0 || kind == 0xD0) {
                if (kind == 0xC0) {
                    track.programs.push_back(a);
                }
                continue;
            }
            const int b = static_cast<unsigned char>(s.at(at++));
            if (kind == 0x90 && b > 0) {
                ++track.noteOns;
            } else if (kind == 0x80 || kind == 0x90) {
                ++track.noteOffs;
            }
            track.lastTick = tick;
        }
        if (at != end || !ended) {
            throw std::runtime_error("a track does not end with End of Track at its length");
        }
        out.tracks.push_back(track);
    }
    if (at != s.size()) {
        throw std::runtime_error("bytes after the last track");
    }
    return out;
}

} // namespace

TEST(Midi, TheFileReadsBackAsTheArrangement) {
    const Arrangement a = song("pop,female vocal", 30);
    const std::string file = writeMidi(a, "晚风");
    const MidiFile midi = readMidi(file);
    EXPECT_EQ(midi.format, 1);
    EXPECT_EQ(midi.division, kMidiTicksPerBeat);
    // A conductor track, then one per part.
    ASSERT_EQ(midi.tracks.size(), a.tracks.size() + 1);
    EXPECT_EQ(midi.tracks[0].name, "晚风");
    ASSERT_EQ(midi.tempos.size(), 1u);
    EXPECT_NEAR(60'000'000.0 / midi.tempos[0], a.bpm, 0.01);
    ASSERT_EQ(midi.meters.size(), 1u);
    EXPECT_EQ(midi.meters[0][0], a.beatsPerBar);
    ASSERT_EQ(midi.keys.size(), 1u);
    EXPECT_EQ(midi.keys[0][1], a.minor ? 1 : 0);

    int notes = 0;
    for (std::size_t t = 0; t < a.tracks.size(); ++t) {
        const MidiTrack& track = midi.tracks[t + 1];
        const auto expected = std::count_if(a.notes.begin(), a.notes.end(),
                                            [&](const Note& n) { return n.channel == a.tracks[t].channel; });
        EXPECT_EQ(track.noteOns, expected) << track.name;
        EXPECT_EQ(track.noteOffs, expected) << track.name;
        ASSERT_EQ(track.programs.size(), 1u);
        EXPECT_EQ(track.programs[0], a.tracks[t].program);
        notes += track.noteOns;
        if (a.tracks[t].role == Role::Vocal) {
            EXPECT_EQ(track.name, "Vocal");
            // Every sung syllable is a lyric event, in order: the lyric's characters.
            EXPECT_EQ(static_cast<int>(track.lyrics.size()), a.sungSyllables);
            std::string sung;
            for (const auto& syllable : track.lyrics) {
                sung += syllable;
            }
            EXPECT_EQ(sung.rfind("晚风吹过远方", 0), 0u) << sung;
        } else {
            EXPECT_TRUE(track.lyrics.empty());
        }
        // Nothing after the song's music.
        EXPECT_LE(track.lastTick, std::llround(a.seconds / a.secondsPerBeat() * kMidiTicksPerBeat));
    }
    EXPECT_EQ(notes, static_cast<int>(a.notes.size()));
    EXPECT_EQ(writeMidi(a, "晚风"), file); // the same bytes again
}

TEST(Midi, AnInstrumentalHasNoVocalTrackAndNoLyrics) {
    const Arrangement a = song("electronic", 20, true);
    const MidiFile midi = readMidi(writeMidi(a, "夜"));
    ASSERT_EQ(midi.tracks.size(), a.tracks.size() + 1);
    for (const MidiTrack& track : midi.tracks) {
        EXPECT_NE(track.name, "Vocal");
        EXPECT_TRUE(track.lyrics.empty());
    }
}

TEST(Midi, ComposeMidiIsTheClipsArrangement) {
    ComposerConfig config;
    config.clipSeconds = 20;
    gequ::domain::GenerationRequest request;
    request.taskId = "midi-compose";
    request.custom = true;
    request.title = "晚风";
    request.style = "jazz";
    request.lyric = kLyric;
    const auto& moderation = gequ::moderation::WordListModeration::builtIn();
    const MidiFile first = readMidi(composeMidi(config, request, 0, moderation));
    const MidiFile second = readMidi(composeMidi(config, request, 1, moderation));
    EXPECT_EQ(first.tracks.front().name, "晚风");
    EXPECT_NE(composeMidi(config, request, 0, moderation), composeMidi(config, request, 1, moderation));
    EXPECT_GT(first.tracks.size(), 3u);
    EXPECT_GT(second.tracks.size(), 3u);
}

TEST(Cover, KeepsTheSongsMelodyLyricAndTimelineInTheNewGenre) {
    ArrangementInput input;
    input.style = "folk,female vocal";
    input.lyric = kLyric;
    input.title = "晚风";
    input.seconds = 30;
    input.seed = songSeed("cover-test", input.style, "", kLyric, "晚风", false, "");
    const Arrangement original = arrange(input);
    ArrangementInput restyled = input;
    restyled.restyle = "rock";
    const Arrangement cover = arrange(restyled);

    EXPECT_EQ(original.genre, "folk");
    EXPECT_EQ(cover.genre, "rock");
    EXPECT_EQ(cover.style.rfind("rock,female vocal", 0), 0u) << cover.style;
    EXPECT_EQ(cover.bpm, original.bpm);
    EXPECT_EQ(cover.tonic, original.tonic);
    EXPECT_EQ(cover.minor, original.minor);
    EXPECT_EQ(cover.seconds, original.seconds);
    EXPECT_EQ(cover.chords, original.chords);
    EXPECT_EQ(cover.sungSyllables, original.sungSyllables);
    EXPECT_EQ(cover.lyric, original.lyric);
    const auto vocal = [](const Arrangement& a) {
        std::vector<std::tuple<double, double, int>> out;
        for (const Note& n : a.notes) {
            if (n.channel == kVocalChannel) {
                out.emplace_back(n.beat, n.length, n.key);
            }
        }
        return out;
    };
    EXPECT_EQ(vocal(cover), vocal(original)); // the same melody, note for note
    EXPECT_EQ(gequ::domain::encodeTimeline(lyricTimeline(cover)),
              gequ::domain::encodeTimeline(lyricTimeline(original)));
    EXPECT_FALSE(lyricTimeline(cover).lines.empty());
    ASSERT_NE(cover.track(Role::Drums), nullptr); // rock has a kit
    ASSERT_NE(cover.track(Role::Chords), nullptr);
    ASSERT_NE(original.track(Role::Chords), nullptr);
    // Another band: the accompaniment is not the folk one.
    std::vector<Note> folkParts, rockParts;
    for (const Note& n : original.notes) {
        if (n.channel != kVocalChannel) {
            folkParts.push_back(n);
        }
    }
    for (const Note& n : cover.notes) {
        if (n.channel != kVocalChannel) {
            rockParts.push_back(n);
        }
    }
    EXPECT_NE(folkParts.size(), rockParts.size());
    // The same request gives the same cover.
    EXPECT_EQ(vocal(arrange(restyled)), vocal(cover));
    EXPECT_EQ(arrange(restyled).notes.size(), cover.notes.size());
}

TEST(Cover, ACoverClipIsTheSongInTheNewStyleAndTheSameBytesTwice) {
    ComposerConfig config;
    config.clipSeconds = 10;
    gequ::domain::GenerationRequest original;
    original.taskId = "cover-original";
    original.custom = true;
    original.title = "晚风";
    original.style = "pop,male vocal";
    original.lyric = kLyric;
    const auto& moderation = gequ::moderation::WordListModeration::builtIn();
    const ComposedClip source = composeClip(config, original, 1, moderation);

    gequ::domain::GenerationRequest cover;
    cover.taskId = "cover-task";
    cover.action = gequ::domain::TaskAction::Cover;
    cover.style = "jazz";
    cover.audioId = "song-1";
    cover.sources.push_back({original, 1, source.seconds, 0});
    const ComposedClip first = composeClip(config, cover, 0, moderation);
    EXPECT_EQ(first.title, "晚风");
    EXPECT_EQ(first.lyric, source.lyric);
    EXPECT_EQ(first.genre, "jazz");
    EXPECT_EQ(first.style.rfind("jazz,male vocal", 0), 0u) << first.style;
    EXPECT_NEAR(first.seconds, source.seconds, source.seconds * 0.1);
    EXPECT_EQ(gequ::domain::encodeTimeline(first.timeline), gequ::domain::encodeTimeline(source.timeline));
    EXPECT_EQ(composeClip(config, cover, 0, moderation).mp3, first.mp3);
    cover.title = "晚风（爵士版）";
    EXPECT_EQ(composeClip(config, cover, 1, moderation).title, "晚风（爵士版）");
    cover.sources.clear();
    EXPECT_THROW(composeClip(config, cover, 0, moderation), ComposerError);
}
