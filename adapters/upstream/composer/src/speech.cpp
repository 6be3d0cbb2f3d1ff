// espeak-ng into memory and the analysis of a spoken syllable (speech.h).

#include "speech.h"

#include "gequ/composer/exceptions.h"

#include <algorithm>
#include <cmath>
#include <espeak-ng/speak_lib.h>
#include <map>
#include <mutex>
#include <numbers>
#include <string>
#include <tuple>

namespace gequ::composer::detail {

namespace {

std::vector<short>* gSink = nullptr; // the buffer the callback fills; only touched under kEspeak's mutex

int collect(short* wav, int samples, espeak_EVENT* /*events*/) {
    if (wav && samples > 0 && gSink) {
        gSink->insert(gSink->end(), wav, wav + samples);
    }
    return 0;
}

/// espeak-ng's 22.05 kHz samples at twice the rate: zeros between them, then a windowed-sinc low-pass at 10 kHz
/// (63 taps, Blackman), so no image of the voice shows above it.
std::vector<float> upsample(const std::vector<short>& pcm) {
    constexpr int kTaps = 63;
    constexpr int kHalf = kTaps / 2;
    static const std::vector<double> kernel = [] {
        std::vector<double> h(kTaps);
        const double cutoff = 10000.0 / 44100.0;
        for (int i = 0; i < kTaps; ++i) {
            const double n = i - kHalf;
            const double sinc =
                n == 0 ? 2 * cutoff : std::sin(2 * std::numbers::pi * cutoff * n) / (std::numbers::pi * n);
            const double w = 0.42 - 0.5 * std::cos(2 * std::numbers::pi * i / (kTaps - 1)) +
                             0.08 * std::cos(4 * std::numbers::pi * i / (kTaps - 1));
            h[static_cast<std::size_t>(i)] = 2 * sinc * w; // 2: the gain lost to the zeros
        }
        return h;
    }();
    const std::size_t n = pcm.size() * 2;
    std::vector<float> out(n, 0.0f);
    for (std::size_t i = 0; i < n; ++i) {
        // Only the taps that land on an original sample (an even index of the zero-stuffed signal).
        double acc = 0;
        for (int k = (static_cast<int>(i % 2) + kHalf) % 2; k < kTaps; k += 2) {
            const auto j = static_cast<std::ptrdiff_t>(i) + kHalf - k;
            if (j >= 0 && j < static_cast<std::ptrdiff_t>(n)) {
                acc += kernel[static_cast<std::size_t>(k)] * pcm[static_cast<std::size_t>(j / 2)];
            }
        }
        out[i] = static_cast<float>(acc / 32768.0);
    }
    return out;
}

/// The normalised autocorrelation of x at `lag` over [from, from + n).
double correlation(const std::vector<float>& x, std::size_t from, std::size_t n, std::size_t lag) {
    if (from + n + lag > x.size()) {
        return 0;
    }
    double xy = 0;
    double xx = 0;
    double yy = 0;
    for (std::size_t i = from; i < from + n; ++i) {
        xy += static_cast<double>(x[i]) * x[i + lag];
        xx += static_cast<double>(x[i]) * x[i];
        yy += static_cast<double>(x[i + lag]) * x[i + lag];
    }
    return xx <= 1e-12 || yy <= 1e-12 ? 0.0 : xy / std::sqrt(xx * yy);
}

/// Trims the silence, finds the period (within 8 % of `expected` when given: the voice's period, which a monotone
/// source keeps, so an octave error is impossible), the voiced part and its pitch marks.
void analyse(SpokenSyllable& s, double expected = 0) {
    std::vector<float>& x = s.samples;
    const int rate = s.sampleRate;
    const std::size_t frame = static_cast<std::size_t>(rate / 200); // 5 ms
    if (x.size() < frame * 8) {
        return;
    }
    // Trim: frames quieter than -40 dB under the loudest frame at either end.
    std::vector<double> energy;
    for (std::size_t i = 0; i + frame <= x.size(); i += frame) {
        double e = 0;
        for (std::size_t k = i; k < i + frame; ++k) {
            e += static_cast<double>(x[k]) * x[k];
        }
        energy.push_back(e / static_cast<double>(frame));
    }
    const double loudest = *std::max_element(energy.begin(), energy.end());
    std::size_t first = 0;
    while (first < energy.size() && energy[first] < loudest * 1e-4) {
        ++first;
    }
    std::size_t last = energy.size();
    while (last > first && energy[last - 1] < loudest * 1e-4) {
        --last;
    }
    x = std::vector<float>(x.begin() + static_cast<std::ptrdiff_t>(first * frame),
                           x.begin() + static_cast<std::ptrdiff_t>(std::min(x.size(), last * frame)));
    energy = std::vector<double>(energy.begin() + static_cast<std::ptrdiff_t>(first),
                                 energy.begin() + static_cast<std::ptrdiff_t>(last));

    // The period: the best autocorrelation lag (60..400 Hz) over 40 ms around the loudest frame.
    const auto peakFrame = static_cast<std::size_t>(std::max_element(energy.begin(), energy.end()) - energy.begin());
    const std::size_t window = static_cast<std::size_t>(rate / 25);
    const std::size_t minLag = static_cast<std::size_t>(rate / 400);
    const std::size_t maxLag = static_cast<std::size_t>(rate / 60);
    std::size_t from = peakFrame * frame > window / 2 ? peakFrame * frame - window / 2 : 0;
    if (from + window + maxLag > x.size()) {
        from = x.size() > window + maxLag ? x.size() - window - maxLag : 0;
    }
    const std::size_t lowLag = expected > 0 ? static_cast<std::size_t>(expected * 0.92) : minLag;
    const std::size_t highLag = expected > 0 ? static_cast<std::size_t>(expected * 1.08) + 1 : maxLag;
    std::size_t best = lowLag;
    double bestR = -1;
    std::vector<double> r(highLag + 2, 0.0);
    for (std::size_t lag = lowLag - 1; lag <= highLag + 1; ++lag) {
        r[lag] = correlation(x, from, std::min(window, x.size() - from - std::min(x.size() - from, lag)), lag);
    }
    for (std::size_t lag = lowLag; lag <= highLag; ++lag) {
        if (r[lag] > bestR + 1e-9) {
            bestR = r[lag];
            best = lag;
        }
    }
    // A multiple of the period correlates as well as the period: take the shortest lag at a peak nearly as high.
    for (std::size_t lag = lowLag; lag < best; ++lag) {
        if (r[lag] >= 0.9 * bestR && r[lag] >= r[lag - 1] && r[lag] >= r[lag + 1]) {
            best = lag;
            break;
        }
    }
    // The fractional period: a parabola through the peak and its neighbours.
    const double a = r[best - 1];
    const double b = r[best];
    const double c = r[best + 1];
    const double shift = a - 2 * b + c < 0 ? std::clamp(0.5 * (a - c) / (a - 2 * b + c), -0.5, 0.5) : 0.0;
    s.period = expected > 0 ? expected : static_cast<double>(best) + shift;
    const std::size_t period = best;

    // Voiced frames: periodic (correlation at the period > 0.5) and not quiet; the voiced part is the longest run.
    const std::size_t span = period;
    std::vector<bool> voiced(energy.size(), false);
    for (std::size_t f = 0; f < energy.size(); ++f) {
        if (energy[f] < loudest * 0.003) {
            continue;
        }
        const std::size_t at = f * frame;
        double r = 0;
        for (std::size_t lag = period - period / 10; lag <= period + period / 10; lag += 2) {
            r = std::max(r, correlation(x, at, span, lag));
        }
        voiced[f] = r > 0.5;
    }
    std::size_t runStart = 0;
    std::size_t runLength = 0;
    for (std::size_t f = 0; f < voiced.size();) {
        if (!voiced[f]) {
            ++f;
            continue;
        }
        std::size_t g = f;
        while (g < voiced.size() && (voiced[g] || (g + 1 < voiced.size() && voiced[g + 1]))) {
            ++g;
        }
        if (g - f > runLength) {
            runStart = f;
            runLength = g - f;
        }
        f = g;
    }
    if (runLength == 0) {
        s.voicedStart = s.voicedEnd = x.size();
        return;
    }
    s.voicedStart = runStart * frame;
    s.voicedEnd = std::min(x.size(), (runStart + runLength) * frame);

    // Pitch marks: from the largest peak of the loudest period, each next one a period on, where the waveform of the
    // period after it is most like the one after the mark before (the lag of the best normalised correlation within
    // 15 % of the voice's period): espeak-ng's "monotone" still drifts a semitone or so within a syllable, and the
    // marks must follow the pulses, or the sung pitch goes off by as much.
    std::size_t anchor = std::clamp(peakFrame * frame, s.voicedStart, s.voicedEnd - 1);
    for (std::size_t i = anchor, end = std::min(s.voicedEnd, anchor + period); i < end; ++i) {
        if (x[i] > x[anchor]) {
            anchor = i;
        }
    }
    const auto low = static_cast<std::size_t>(s.period * 0.85);
    const auto high = static_cast<std::size_t>(s.period * 1.15) + 1;
    const std::size_t half = period / 2;
    // The lag from a mark at `at` to the next one (forward) or from the one before (backward).
    const auto step = [&](std::size_t at, bool forward) -> std::size_t {
        std::size_t bestLag = period;
        double bestCorrelation = -2;
        for (std::size_t lag = low; lag <= high; ++lag) {
            const std::size_t from = forward ? at : at - std::min(at, lag);
            if (!forward && at < lag + half) {
                break;
            }
            if (from < half || from + lag + half >= x.size()) {
                continue;
            }
            const double c = correlation(x, from - half, period, lag);
            if (c > bestCorrelation) {
                bestCorrelation = c;
                bestLag = lag;
            }
        }
        return bestLag;
    };
    std::vector<double> before;
    for (std::size_t m = anchor;;) {
        const std::size_t lag = step(m, false);
        if (m < s.voicedStart + lag) {
            break;
        }
        m -= lag;
        before.push_back(static_cast<double>(m));
    }
    s.marks.assign(before.rbegin(), before.rend());
    for (std::size_t m = anchor; m < s.voicedEnd;) {
        s.marks.push_back(static_cast<double>(m));
        m += step(m, true);
    }
}

} // namespace

namespace {

class Espeak {
public:
    std::shared_ptr<const SpokenSyllable> speak(std::string_view speech, bool latin, SingerVoice voice) {
        std::lock_guard lock(_mutex);
        const auto key = std::make_tuple(std::string(speech), latin, voice);
        if (const auto it = _cache.find(key); it != _cache.end()) {
            return it->second;
        }
        start();
        const std::vector<short> pcm = synthesize(speech, latin, voice);
        auto spoken = std::make_shared<SpokenSyllable>();
        spoken->sampleRate = _rate * 2;
        spoken->samples = upsample(pcm);
        analyse(*spoken, referencePeriod(latin, voice));
        // Bounded: a few thousand syllables are a few tens of megabytes; past that start again (it gives the same).
        if (_cache.size() >= 2000) {
            _cache.clear();
        }
        _cache.emplace(key, spoken);
        return spoken;
    }

private:
    /// The voice's period, from its "a" (cached like a syllable).
    double referencePeriod(bool latin, SingerVoice voice) {
        const auto key = std::make_pair(latin, voice);
        if (const auto it = _periods.find(key); it != _periods.end()) {
            return it->second;
        }
        SpokenSyllable a;
        a.sampleRate = _rate * 2;
        a.samples = upsample(synthesize("a1", latin, voice));
        analyse(a);
        _periods.emplace(key, a.period);
        return a.period;
    }

    std::vector<short> synthesize(std::string_view speech, bool latin, SingerVoice voice) {
        const char* name = latin ? (voice == SingerVoice::Male ? "en+Alex" : "en+shelby")
                                 : (voice == SingerVoice::Male ? "cmn-latn-pinyin+Alex" : "cmn-latn-pinyin+shelby");
        if (espeak_SetVoiceByName(name) != EE_OK) {
            throw ComposerError(std::string("espeak-ng has no voice ") + name, "歌声合成失败");
        }
        espeak_SetParameter(espeakRATE, 170, 0);
        espeak_SetParameter(espeakVOLUME, 100, 0);
        espeak_SetParameter(espeakPITCH, voice == SingerVoice::Male ? 60 : 85, 0);
        espeak_SetParameter(espeakRANGE, 0, 0); // monotone: the melody gives the pitch
        std::vector<short> pcm;
        gSink = &pcm;
        const std::string text(speech);
        const espeak_ERROR rc =
            espeak_Synth(text.c_str(), text.size() + 1, 0, POS_CHARACTER, 0, espeakCHARS_UTF8, nullptr, nullptr);
        gSink = nullptr;
        if (rc != EE_OK) {
            throw ComposerError("espeak_Synth failed for " + text, "歌声合成失败");
        }
        return pcm;
    }

    void start() {
        if (_rate > 0) {
            return;
        }
        const int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nullptr, espeakINITIALIZE_DONT_EXIT);
        if (rate <= 0) {
            throw ComposerError("espeak-ng cannot start (is espeak-ng-data installed?)", "歌声合成失败");
        }
        espeak_SetSynthCallback(collect);
        _rate = rate;
    }

    std::mutex _mutex;
    int _rate = 0;
    std::map<std::tuple<std::string, bool, SingerVoice>, std::shared_ptr<const SpokenSyllable>> _cache;
    std::map<std::pair<bool, SingerVoice>, double> _periods;
};

} // namespace

std::shared_ptr<const SpokenSyllable> speakSyllable(std::string_view speech, bool latin, SingerVoice voice) {
    static Espeak espeak;
    return espeak.speak(speech, latin, voice);
}

} // namespace gequ::composer::detail
