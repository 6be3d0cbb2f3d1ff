// The singing voice (singer.h): syllables from espeak-ng sung on the melody by TD-PSOLA, the vocal bus, and the
// mix of voice and accompaniment.

#include "singer.h"

#include "genre_profiles.h"
#include "rng.h"
#include "song_plan.h"
#include "speech.h"

#include <algorithm>
#include <cmath>
#include <ctime>
#include <exception>
#include <numbers>
#include <thread>

namespace gequ::composer::detail {

namespace {

constexpr double kRate = kSampleRate;

/// The source sample at a fractional position (4-point cubic Hermite; 0 outside).
float sampleAt(const std::vector<float>& x, double position) {
    const auto i = static_cast<std::ptrdiff_t>(std::floor(position));
    const auto t = static_cast<float>(position - static_cast<double>(i));
    const auto at = [&x](std::ptrdiff_t k) {
        return k >= 0 && k < static_cast<std::ptrdiff_t>(x.size()) ? x[static_cast<std::size_t>(k)] : 0.0f;
    };
    const float y0 = at(i - 1);
    const float y1 = at(i);
    const float y2 = at(i + 1);
    const float y3 = at(i + 2);
    const float c1 = 0.5f * (y2 - y0);
    const float c2 = y0 - 2.5f * y1 + 2.0f * y2 - 0.5f * y3;
    const float c3 = 0.5f * (y3 - y0) + 1.5f * (y1 - y2);
    return ((c3 * t + c2) * t + c1) * t + y1;
}

/// The Hann window 0.5 + 0.5 cos(pi d) for d in [-1, 1], from a table (the grains are many: cos was a tenth of the
/// singer's time).
double hann(double d) {
    constexpr int kSize = 1024;
    static const std::vector<double> kTable = [] {
        std::vector<double> t(kSize + 2);
        for (int i = 0; i <= kSize + 1; ++i) {
            t[static_cast<std::size_t>(i)] = 0.5 + 0.5 * std::cos(std::numbers::pi * std::min(1.0, i / double(kSize)));
        }
        return t;
    }();
    const double x = std::min(1.0, std::abs(d)) * kSize;
    const auto i = static_cast<std::size_t>(x);
    const double f = x - static_cast<double>(i);
    return kTable[i] * (1 - f) + kTable[i + 1] * f;
}

double hz(double midi) {
    return 440.0 * std::pow(2.0, (midi - 69.0) / 12.0);
}

/// The pitch a diatonic third above `key` in the song's key (natural minor or major).
int thirdAbove(const Arrangement& song, int key) {
    static constexpr int kMajor[] = {0, 2, 4, 5, 7, 9, 11};
    static constexpr int kMinor[] = {0, 2, 3, 5, 7, 8, 10};
    const int* scale = song.minor ? kMinor : kMajor;
    const auto inScale = [&](int pitch) {
        const int pc = ((pitch - song.tonic) % 12 + 12) % 12;
        return std::find(scale, scale + 7, pc) != scale + 7;
    };
    int steps = 0;
    int pitch = key;
    while (steps < 2 && pitch < key + 5) {
        ++pitch;
        if (inScale(pitch)) {
            ++steps;
        }
    }
    return steps == 2 ? pitch : key + 4;
}

struct Voice {
    SingerVoice kind = SingerVoice::Female;
    double formant = 1.0; ///< > 1 moves the formants up (a lighter voice)
};

/// Sings one note into `out` (mono, 44.1 kHz): the syllable's consonant at the note's start (its last 55 ms at most, or
/// 30 % of a short note), then its voiced part by TD-PSOLA, one grain of the spoken syllable per period of the
/// note's pitch: the grain nearest to where a time map puts that moment of the syllable (its first 50 ms and its
/// last 70 ms at their own speed, the vowel between stretched or squeezed to fill the note), so the vowel is held
/// and the consonants keep their length. A small vibrato on long notes.
void singNote(std::vector<float>& out, const SungNote& note, double pitch, double end, const Voice& voice, float gain,
              std::vector<float>& vowel) {
    const auto spoken = speakSyllable(note.syllable.speech, note.syllable.latin, voice.kind);
    const SpokenSyllable& s = *spoken;
    if (s.marks.empty()) {
        return;
    }
    const double ratio = static_cast<double>(s.sampleRate) / kRate; // source samples per output sample
    const double start = note.start * kRate;
    const double stop = std::min(end * kRate, static_cast<double>(out.size()));
    const double length = stop - start;
    if (length <= 8) {
        return;
    }
    // The consonant: its last `consonant` output samples, at its own speed.
    const double consonantFull = static_cast<double>(s.voicedStart) / ratio;
    const double consonant = std::min({consonantFull, 0.055 * kRate, 0.3 * length});
    const double consonantFrom = static_cast<double>(s.voicedStart) - consonant * ratio;
    const double fadeIn = std::min(consonant, 0.003 * kRate);
    for (double j = 0; j < consonant; ++j) {
        const auto at = static_cast<std::size_t>(start + j);
        const double w = fadeIn > 0 && j < fadeIn ? j / fadeIn : 1.0;
        out[at] += gain * static_cast<float>(w) * sampleAt(s.samples, consonantFrom + j * ratio) * 0.8f;
    }
    // The voiced part: output [v0, stop) from source [voicedStart, voicedEnd).
    const double v0 = start + consonant;
    const double outLength = stop - v0;
    const double source = s.marks.back() - static_cast<double>(s.voicedStart);
    const double attack = std::min(0.05 * s.sampleRate, 0.3 * source);
    const double coda = std::min(0.07 * s.sampleRate, 0.3 * source);
    const double attackOut = attack / ratio;
    const double codaOut = coda / ratio;
    const auto mapped = [&](double u) {
        if (outLength < attackOut + codaOut + 1) {
            return u / outLength * source;
        }
        if (u < attackOut) {
            return u * ratio;
        }
        if (u > outLength - codaOut) {
            return source - (outLength - u) * ratio;
        }
        return attack + (u - attackOut) / (outLength - attackOut - codaOut) * (source - attack - coda);
    };
    const double f0 = hz(pitch);
    const double seconds = outLength / kRate;
    const double fadeOut = std::min(0.03 * kRate, outLength / 3);
    const double rise = consonant > 0 ? 0.002 * kRate : 0.012 * kRate;
    // The grains go to a buffer of their own first: [base, base + size) of the output.
    const auto base = static_cast<std::ptrdiff_t>(std::floor(v0)) - 1024;
    vowel.assign(static_cast<std::size_t>(outLength) + 2048, 0.0f); // the caller's buffer, reused
    std::size_t mark = 0;
    for (double u = 0; u < outLength;) {
        const double t = u / kRate;
        // Vibrato: from 0.25 s into a long note, growing to 20 cents at 5.5 Hz.
        double cents = 0;
        if (seconds > 0.45 && t > 0.25) {
            cents = 20.0 * std::min(1.0, (t - 0.25) / 0.35) * std::sin(2 * std::numbers::pi * 5.5 * (t - 0.25));
        }
        const double period = kRate / (f0 * std::pow(2.0, cents / 1200.0));
        // The analysis mark nearest to the mapped source position.
        const double want = static_cast<double>(s.voicedStart) + mapped(u);
        while (mark + 1 < s.marks.size() && std::abs(s.marks[mark + 1] - want) <= std::abs(s.marks[mark] - want)) {
            ++mark;
        }
        while (mark > 0 && std::abs(s.marks[mark - 1] - want) < std::abs(s.marks[mark] - want)) {
            --mark;
        }
        const double m = s.marks[mark];
        const double local =
            mark + 1 < s.marks.size() ? s.marks[mark + 1] - m : (mark > 0 ? m - s.marks[mark - 1] : s.period);
        const double half = std::min(1000.0, std::max(2.0, local / ratio / voice.formant)); // output samples each side
        const double centre = v0 + u - static_cast<double>(base);
        const auto lo = static_cast<std::ptrdiff_t>(std::ceil(centre - half));
        const auto hi = static_cast<std::ptrdiff_t>(std::floor(centre + half));
        for (std::ptrdiff_t k = std::max<std::ptrdiff_t>(lo, 0);
             k <= hi && k < static_cast<std::ptrdiff_t>(vowel.size()); ++k) {
            const double d = (static_cast<double>(k) - centre) / half;
            vowel[static_cast<std::size_t>(k)] += static_cast<float>(hann(d)) * sampleAt(s.samples, m + d * local);
        }
        u += period;
    }
    // The vowel held at an even level: the RMS of 20 ms windows (every 5 ms) brought to the upper quartile of them,
    // within -6..+14 dB, the gains interpolated between the windows. Speech swells and fades within a syllable (a
    // falling tone, a nasal ending); a sung vowel stays.
    const auto window = static_cast<std::size_t>(0.02 * kRate);
    const auto hop = static_cast<std::size_t>(0.005 * kRate);
    const auto first = static_cast<std::size_t>(v0 - static_cast<double>(base));
    const auto last = std::min(vowel.size(), first + static_cast<std::size_t>(outLength));
    std::vector<double> levels;
    for (std::size_t at = first; at + window <= last; at += hop) {
        double sum = 0;
        for (std::size_t k = at; k < at + window; ++k) {
            sum += static_cast<double>(vowel[k]) * vowel[k];
        }
        levels.push_back(std::sqrt(sum / static_cast<double>(window)));
    }
    std::vector<double> gains(levels.size(), 1.0);
    if (!levels.empty()) {
        std::vector<double> sorted = levels;
        std::sort(sorted.begin(), sorted.end());
        const double target = sorted[sorted.size() * 3 / 4];
        for (std::size_t i = 0; i < levels.size(); ++i) {
            gains[i] = levels[i] > 1e-9 ? std::clamp(target / levels[i], 0.5, 5.0) : 1.0;
        }
    }
    const auto gainAt = [&](double k) {
        if (gains.empty()) {
            return 1.0;
        }
        const double x = (k - static_cast<double>(first) - static_cast<double>(window) / 2) / static_cast<double>(hop);
        if (x <= 0) {
            return gains.front();
        }
        const auto i = static_cast<std::size_t>(x);
        if (i + 1 >= gains.size()) {
            return gains.back();
        }
        const double f = x - static_cast<double>(i);
        return gains[i] * (1 - f) + gains[i + 1] * f;
    };
    for (std::size_t k = 0; k < vowel.size(); ++k) {
        const std::ptrdiff_t at = base + static_cast<std::ptrdiff_t>(k);
        if (at < 0 || at >= static_cast<std::ptrdiff_t>(out.size()) || vowel[k] == 0.0f) {
            continue;
        }
        const double u = static_cast<double>(at) - v0;
        double level = 1.0;
        if (u < 0) {
            level = 0.0; // the grain's tail before the vowel starts
        } else if (u < rise) {
            level = u / rise;
        } else if (u > outLength - fadeOut) {
            level = std::max(0.0, (outLength - u) / fadeOut);
        }
        if (note.phraseEnd) {
            level *= 1.0 - 0.3 * std::clamp((u / outLength - 0.5) * 2, 0.0, 1.0);
        }
        out[static_cast<std::size_t>(at)] +=
            gain * static_cast<float>(level * gainAt(static_cast<double>(k))) * vowel[k];
    }
}

/// A quiet breath before a phrase: 0.2 s of noise, band-limited by two one-pole filters, swelling and fading.
void breathe(std::vector<float>& out, double before, std::uint64_t seed) {
    const double length = 0.2 * kRate;
    const double from = before * kRate - 0.06 * kRate - length;
    if (from < 0) {
        return;
    }
    Rng rng(seed);
    float low = 0;
    float lower = 0;
    for (double j = 0; j < length; ++j) {
        const auto noise = static_cast<float>(rng.unit() * 2 - 1);
        low += 0.35f * (noise - low);
        lower += 0.05f * (low - lower);
        const double env = std::sin(std::numbers::pi * j / length);
        out[static_cast<std::size_t>(from + j)] += static_cast<float>(0.008 * env * env) * (low - lower);
    }
}

/// A light compressor on a mono signal: 3:1 above `threshold`, 5 ms attack, 120 ms release.
void compress(std::vector<float>& x, float threshold) {
    const float attack = 1.0f - std::exp(-1.0f / (0.005f * kSampleRate));
    const float release = 1.0f - std::exp(-1.0f / (0.12f * kSampleRate));
    float env = 0;
    for (float& v : x) {
        const float a = std::abs(v);
        env += (a - env) * (a > env ? attack : release);
        if (env > threshold) {
            v *= std::pow(threshold / env, 2.0f / 3.0f);
        }
    }
}

/// A small stereo reverb (Schroeder/Freeverb: four damped combs and two all-passes per side) of a mono send.
void reverb(const std::vector<float>& send, Audio& out, float wet, float feedback) {
    struct Comb {
        std::vector<float> buffer;
        std::size_t at = 0;
        float store = 0;
        float process(float in, float fb, float damp) {
            const float y = buffer[at];
            store = y * (1 - damp) + store * damp;
            buffer[at] = in + store * fb;
            at = at + 1 == buffer.size() ? 0 : at + 1;
            return y;
        }
    };
    struct AllPass {
        std::vector<float> buffer;
        std::size_t at = 0;
        float process(float in) {
            const float b = buffer[at];
            buffer[at] = in + b * 0.5f;
            at = at + 1 == buffer.size() ? 0 : at + 1;
            return b - in;
        }
    };
    static constexpr std::size_t kCombs[] = {1116, 1188, 1277, 1356};
    static constexpr std::size_t kAllPasses[] = {556, 441};
    for (int side = 0; side < 2; ++side) {
        const std::size_t spread = side == 0 ? 0 : 23;
        std::vector<Comb> combs;
        for (const std::size_t n : kCombs) {
            combs.push_back({std::vector<float>(n + spread, 0.0f)});
        }
        std::vector<AllPass> passes;
        for (const std::size_t n : kAllPasses) {
            passes.push_back({std::vector<float>(n + spread, 0.0f)});
        }
        std::vector<float>& channel = side == 0 ? out.left : out.right;
        for (std::size_t i = 0; i < send.size(); ++i) {
            const float in = send[i] * 0.05f;
            float y = 0;
            for (Comb& c : combs) {
                y += c.process(in, feedback, 0.3f);
            }
            for (AllPass& p : passes) {
                y = p.process(y);
            }
            channel[i] += wet * y;
        }
    }
}

/// The CPU time of the calling thread.
double threadCpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

double rmsOver(const std::vector<float>& left, const std::vector<float>& right, const std::vector<SungNote>& notes) {
    double sum = 0;
    double n = 0;
    for (const SungNote& note : notes) {
        const auto from = static_cast<std::size_t>(note.start * kRate);
        const auto to = std::min(left.size(), static_cast<std::size_t>(note.end * kRate));
        for (std::size_t i = from; i < to; ++i) {
            sum += static_cast<double>(left[i]) * left[i] + static_cast<double>(right[i]) * right[i];
            n += 2;
        }
    }
    return n > 0 ? std::sqrt(sum / n) : 0.0;
}

} // namespace

std::vector<SungNote> sungNotes(const Arrangement& song) {
    std::vector<SungNote> out;
    if (song.instrumental) {
        return out;
    }
    const double perBeat = song.secondsPerBeat();
    const auto make = [&](const Note& n, SectionKind kind, SyllableText syllable) {
        SungNote s;
        s.start = n.beat * perBeat;
        s.end = std::min(song.seconds, (n.beat + n.length) * perBeat);
        s.key = n.key;
        s.velocity = n.velocity;
        s.kind = kind;
        s.syllable = std::move(syllable);
        return s;
    };
    std::vector<const Note*> taken;
    for (const VocalLine& line : vocalLines(song)) {
        const std::vector<SyllableText> syllables = lineSyllables(line.text);
        for (std::size_t k = 0; k < line.notes.size(); ++k) {
            SyllableText text = k < syllables.size() ? syllables[k] : SyllableText{"啊", "a5", false, true};
            out.push_back(make(*line.notes[k], line.kind, std::move(text)));
            out.back().phraseStart = k == 0;
            out.back().phraseEnd = k + 1 == line.notes.size();
            taken.push_back(line.notes[k]);
        }
    }
    // Vocal notes no line claims: a song sung without words sings its choruses on 呜.
    const std::size_t lined = out.size();
    for (const auto& n : song.notes) {
        if (n.channel == kVocalChannel && std::find(taken.begin(), taken.end(), &n) == taken.end()) {
            const int bar = static_cast<int>(n.beat / song.beatsPerBar);
            SectionKind kind = SectionKind::Chorus;
            for (const Section& section : song.sections) {
                if (bar >= section.startBar && bar < section.startBar + section.bars) {
                    kind = section.kind;
                }
            }
            out.push_back(make(n, kind, SyllableText{"呜", "wu1", false, true}));
        }
    }
    if (out.size() > lined) {
        std::stable_sort(out.begin(), out.end(),
                         [](const SungNote& a, const SungNote& b) { return a.start < b.start; });
        // Phrases of the wordless part: a gap of a beat or more starts one.
        for (std::size_t i = 0; i < out.size(); ++i) {
            const bool gapBefore = i == 0 || out[i].start - out[i - 1].end > perBeat * 0.9;
            const bool gapAfter = i + 1 == out.size() || out[i + 1].start - out[i].end > perBeat * 0.9;
            out[i].phraseStart = out[i].phraseStart || gapBefore;
            out[i].phraseEnd = out[i].phraseEnd || gapAfter;
        }
    }
    return out;
}

Audio singVocal(const Arrangement& song) {
    const auto total = static_cast<std::size_t>(std::llround(song.seconds * kRate));
    Audio bus;
    bus.left.assign(total, 0.0f);
    bus.right.assign(total, 0.0f);
    const std::vector<SungNote> notes = sungNotes(song);
    if (notes.empty()) {
        return bus;
    }
    const bool male = song.gender == "male";
    const Voice lead{male ? SingerVoice::Male : SingerVoice::Female, 1.0};
    const Voice second{lead.kind, male ? 1.06 : 1.04};
    const bool harmony = genreProfile(song.genre).harmony;
    std::vector<float> dry(total, 0.0f);
    std::vector<float> high(harmony ? total : 0, 0.0f);
    std::vector<float> scratch;
    const std::uint64_t seed = fnv1a(song.style) ^ static_cast<std::uint64_t>(song.tonic * 7919 + song.bars);
    for (std::size_t i = 0; i < notes.size(); ++i) {
        const SungNote& note = notes[i];
        // One voice sings one note at a time: a note that rings into the next (swing) ends 15 ms before it. Legato
        // inside a word (the syllables of one Latin word): the vowel runs on into the next syllable.
        double end = note.end;
        if (i + 1 < notes.size()) {
            end = std::min(end, notes[i + 1].start - 0.015);
            if (!notes[i + 1].syllable.unitStart) {
                end = std::max(end, notes[i + 1].start + 0.01);
            }
        }
        const float gain = static_cast<float>(0.75 + 0.25 * std::clamp(note.velocity, 1, 127) / 127.0);
        singNote(dry, note, note.key, end, lead, gain, scratch);
        if (harmony && note.kind == SectionKind::Chorus) {
            singNote(high, note, thirdAbove(song, note.key), end, second, gain * 0.32f, scratch);
        }
        if (note.phraseStart && (i == 0 || note.start - notes[i - 1].end > 0.35)) {
            breathe(dry, note.start, seed + i);
        }
    }
    // The bus: the sung parts to unit RMS, compressed a little, panned (the harmony a little to the right), and a
    // reverb send.
    double sum = 0;
    double n = 0;
    for (const SungNote& note : notes) {
        for (auto k = static_cast<std::size_t>(note.start * kRate);
             k < static_cast<std::size_t>(note.end * kRate) && k < total; ++k) {
            sum += static_cast<double>(dry[k]) * dry[k];
            ++n;
        }
    }
    const auto norm = static_cast<float>(n > 0 && sum > 0 ? 1.0 / std::sqrt(sum / n) : 1.0);
    for (float& v : dry) {
        v *= norm;
    }
    compress(dry, 1.6f);
    for (std::size_t k = 0; k < total; ++k) {
        bus.left[k] = dry[k];
        bus.right[k] = dry[k];
    }
    if (harmony) {
        for (float& v : high) {
            v *= norm;
        }
        compress(high, 0.6f);
        for (std::size_t k = 0; k < total; ++k) {
            bus.left[k] += 0.55f * high[k];
            bus.right[k] += 0.8f * high[k];
            dry[k] += high[k]; // the reverb's send
        }
    }
    const std::vector<float>& send = dry;
    reverb(send, bus, genreProfile(song.genre).reverbLevel > 0.7 ? 0.5f : 0.35f, 0.78f);
    return bus;
}

StemChannels stemChannels(const Arrangement& song) {
    StemChannels out;
    for (const Track& track : song.tracks) {
        if (track.role == Role::Vocal || track.channel == kVocalChannel) {
            continue;
        }
        if (track.role == Role::Drums || track.role == Role::Timpani) {
            out.drums.push_back(track.channel);
        } else if (track.role == Role::Bass) {
            out.bass.push_back(track.channel);
        } else {
            out.other.push_back(track.channel);
        }
    }
    return out;
}

namespace {

/// Adds `part` into `sum` sample by sample (`sum` empty: a copy).
void addInto(Audio& sum, const Audio& part) {
    if (sum.left.empty()) {
        sum = part;
        return;
    }
    for (std::size_t k = 0; k < sum.left.size() && k < part.left.size(); ++k) {
        sum.left[k] += part.left[k];
        sum.right[k] += part.right[k];
    }
}

/// Silence as long as `like`.
Audio silenceLike(const Audio& like) {
    Audio out;
    out.left.assign(like.left.size(), 0.0f);
    out.right.assign(like.right.size(), 0.0f);
    return out;
}

} // namespace

RenderedSong renderSong(const Arrangement& song, SoundFont& font, const RenderOptions& options, bool fourStems) {
    RenderedSong out;
    RenderOptions accompaniment = options;
    accompaniment.normalize = false;
    const bool sung = !song.instrumental && song.track(Role::Vocal) != nullptr;
    const auto wanted = [&options](int channel) {
        return options.channels.empty() ||
               std::find(options.channels.begin(), options.channels.end(), channel) != options.channels.end();
    };
    if (sung) {
        for (const Track& track : song.tracks) {
            if (track.channel != kVocalChannel && wanted(track.channel)) {
                accompaniment.channels.push_back(track.channel);
            }
        }
    }
    std::exception_ptr failed;
    {
        std::jthread singer;
        if (sung) {
            singer = std::jthread([&] {
                try {
                    const double begin = threadCpuSeconds();
                    out.vocal = singVocal(song);
                    out.vocalSeconds = threadCpuSeconds() - begin;
                } catch (...) {
                    failed = std::current_exception();
                }
            });
        }
        if (!fourStems) {
            out.accompaniment = render(song, font, accompaniment);
        } else {
            // Each instrumental stem on its own synths; a stem with no channel is silence (an empty channel list
            // would render them all).
            StemChannels groups = stemChannels(song);
            for (std::vector<int>* group : {&groups.drums, &groups.bass, &groups.other}) {
                std::erase_if(*group, [&wanted](int channel) { return !wanted(channel); });
            }
            const auto part = [&](const std::vector<int>& channels) {
                RenderOptions one = accompaniment;
                one.channels = channels;
                one.progress = nullptr;
                return channels.empty() ? Audio{} : render(song, font, one);
            };
            out.drums = part(groups.drums);
            out.bass = part(groups.bass);
            out.other = part(groups.other);
            const auto total = static_cast<std::size_t>(std::llround(song.seconds * kSampleRate));
            out.accompaniment.left.assign(total, 0.0f);
            out.accompaniment.right.assign(total, 0.0f);
            for (Audio* stem : {&out.drums, &out.bass, &out.other}) {
                if (stem->left.empty()) {
                    *stem = silenceLike(out.accompaniment);
                }
                addInto(out.accompaniment, *stem);
            }
            if (options.progress) {
                options.progress(1.0);
            }
        }
    }
    if (failed) {
        std::rethrow_exception(failed);
    }
    const std::size_t total = out.accompaniment.left.size();
    if (out.vocal.left.size() != total) {
        out.vocal.left.assign(total, 0.0f);
        out.vocal.right.assign(total, 0.0f);
    }
    std::vector<Audio*> instrumental{&out.accompaniment};
    if (fourStems) {
        instrumental.insert(instrumental.end(), {&out.drums, &out.bass, &out.other});
    }
    if (sung) {
        const std::vector<SungNote> notes = sungNotes(song);
        // The voice 2 dB over the accompaniment where it sings; the accompaniment ducked 2.5 dB under the voice
        // (the notes' spans, smoothed: 60 ms in, 300 ms out).
        const double level = rmsOver(out.accompaniment.left, out.accompaniment.right, notes);
        const double voice = rmsOver(out.vocal.left, out.vocal.right, notes);
        if (voice > 0 && level > 0) {
            scale(out.vocal, static_cast<float>(level * 1.26 / voice));
        }
        std::vector<float> presence(total, 0.0f);
        for (const SungNote& note : notes) {
            const auto to = std::min(total, static_cast<std::size_t>(note.end * kRate));
            for (auto k = static_cast<std::size_t>(note.start * kRate); k < to; ++k) {
                presence[k] = 1.0f;
            }
        }
        const float in = 1.0f - std::exp(-1.0f / (0.06f * kSampleRate));
        const float outRate = 1.0f - std::exp(-1.0f / (0.3f * kSampleRate));
        constexpr float kDuck = 0.25f; // -2.5 dB
        float env = 0;
        for (std::size_t k = 0; k < total; ++k) {
            env += (presence[k] - env) * (presence[k] > env ? in : outRate);
            const float g = 1.0f - kDuck * env;
            for (Audio* stem : instrumental) {
                stem->left[k] *= g;
                stem->right[k] *= g;
            }
        }
        fadeOut(out.vocal);
    }
    out.mix = out.accompaniment;
    for (std::size_t k = 0; k < total; ++k) {
        out.mix.left[k] += out.vocal.left[k];
        out.mix.right[k] += out.vocal.right[k];
    }
    std::vector<Audio*> stems{&out.vocal};
    stems.insert(stems.end(), instrumental.begin(), instrumental.end());
    master(out.mix, stems, options.peak);
    return out;
}

} // namespace gequ::composer::detail
