// The singing voice: the pinyin table, and 20 lyric songs across the genre profiles and both voices composed with
// their stems (composeClip with stems, what `gequ-admin compose --stems` writes), analysed as audio: energy where
// the lyric is sung and silence in the breaks, a YIN pitch track against the melody, the syllable onsets against the
// sung syllables and the timeline's word starts, and a silent vocal stem for instrumentals.

#include "genre_profiles.h"
#include "gequ/composer/arrangement.h"
#include "gequ/composer/composer.h"
#include "gequ/domain/model/text.h"
#include "gequ/moderation/word_list_moderation.h"
#include "pinyin.h"
#include "singer.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <string>
#include <vector>

using namespace gequ::composer;
using gequ::domain::GenerationRequest;
using gequ::moderation::WordListModeration;

namespace {

constexpr int kRate = 44100;

/// The mono mix ((L + R) / 2) of a 16-bit stereo PCM WAV file.
std::vector<float> monoOf(const std::string& wav) {
    std::vector<float> out;
    std::size_t at = 12;
    while (at + 8 <= wav.size()) {
        const std::string id = wav.substr(at, 4);
        const auto size = static_cast<std::size_t>(static_cast<unsigned char>(wav[at + 4])) |
                          static_cast<std::size_t>(static_cast<unsigned char>(wav[at + 5])) << 8 |
                          static_cast<std::size_t>(static_cast<unsigned char>(wav[at + 6])) << 16 |
                          static_cast<std::size_t>(static_cast<unsigned char>(wav[at + 7])) << 24;
        if (id == "data") {
            const char* p = wav.data() + at + 8;
            for (std::size_t i = 0; i + 3 < size && at + 8 + i + 3 < wav.size(); i += 4) {
                const auto l = static_cast<std::int16_t>(static_cast<unsigned char>(p[i]) |
                                                         static_cast<unsigned char>(p[i + 1]) << 8);
                const auto r = static_cast<std::int16_t>(static_cast<unsigned char>(p[i + 2]) |
                                                         static_cast<unsigned char>(p[i + 3]) << 8);
                out.push_back((static_cast<float>(l) + static_cast<float>(r)) / 65536.0f);
            }
            break;
        }
        at += 8 + size;
    }
    return out;
}

double dbfs(const std::vector<float>& x, double from, double to) {
    const auto a = static_cast<std::size_t>(std::max(0.0, from) * kRate);
    const auto b = std::min(x.size(), static_cast<std::size_t>(std::max(0.0, to) * kRate));
    double sum = 0;
    for (std::size_t i = a; i < b; ++i) {
        sum += static_cast<double>(x[i]) * x[i];
    }
    return b > a ? 10 * std::log10(sum / static_cast<double>(b - a) + 1e-20) : -200.0;
}

/// `x` through two one-pole low-passes at 1.2 kHz: the pitch tracker looks at the fundamental and the low harmonics,
/// not at the ripple of the high formants (which makes YIN's first dip fall between periods).
std::vector<float> lowPassed(const std::vector<float>& x) {
    const auto a = static_cast<float>(1.0 - std::exp(-2.0 * 3.141592653589793 * 1200.0 / kRate));
    std::vector<float> y(x.size());
    float s1 = 0;
    float s2 = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        s1 += a * (x[i] - s1);
        s2 += a * (s1 - s2);
        y[i] = s2;
    }
    return y;
}

/// YIN (de Cheveigné & Kawahara 2002): the fundamental of a 2048-sample frame at `at`, 60..1000 Hz, or 0 when the
/// frame is not periodic (the cumulative-mean-normalised difference never dips under 0.2).
double yin(const std::vector<float>& x, std::size_t at) {
    constexpr std::size_t kWindow = 1024;
    constexpr std::size_t kMaxLag = kRate / 60;
    constexpr std::size_t kMinLag = kRate / 1000;
    if (at + kWindow + kMaxLag >= x.size()) {
        return 0;
    }
    std::vector<double> d(kMaxLag + 1, 0.0);
    for (std::size_t lag = 1; lag <= kMaxLag; ++lag) {
        double s = 0;
        for (std::size_t i = 0; i < kWindow; ++i) {
            const double v = static_cast<double>(x[at + i]) - x[at + i + lag];
            s += v * v;
        }
        d[lag] = s;
    }
    double running = 0;
    std::vector<double> cmnd(kMaxLag + 1, 1.0);
    for (std::size_t lag = 1; lag <= kMaxLag; ++lag) {
        running += d[lag];
        cmnd[lag] = running > 0 ? d[lag] * static_cast<double>(lag) / running : 1.0;
    }
    for (std::size_t lag = kMinLag; lag < kMaxLag; ++lag) {
        if (cmnd[lag] < 0.2) {
            while (lag + 1 < kMaxLag && cmnd[lag + 1] < cmnd[lag]) {
                ++lag;
            }
            // Parabolic interpolation around the dip.
            const double a = cmnd[lag - 1];
            const double b = cmnd[lag];
            const double c = cmnd[lag + 1];
            const double shift = (a - 2 * b + c) != 0 ? 0.5 * (a - c) / (a - 2 * b + c) : 0.0;
            return kRate / (static_cast<double>(lag) + shift);
        }
    }
    return 0;
}

/// Syllable onsets (of the low-passed voice: the vowels, where a syllable is heard to start, not the hiss of its
/// consonant): 10 ms frames of energy in dB; an onset where the energy rises 9 dB or more above the lowest of
/// the previous 60 ms to within 30 dB of the loudest frame, at least 120 ms after the last onset (a consonant and its
/// vowel are one onset).
std::vector<double> onsets(const std::vector<float>& x) {
    constexpr std::size_t kHop = kRate / 100;
    std::vector<double> e;
    for (std::size_t i = 0; i + kHop <= x.size(); i += kHop) {
        double s = 0;
        for (std::size_t k = i; k < i + kHop; ++k) {
            s += static_cast<double>(x[k]) * x[k];
        }
        e.push_back(10 * std::log10(s / kHop + 1e-20));
    }
    const double loudest = e.empty() ? 0 : *std::max_element(e.begin(), e.end());
    std::vector<double> out;
    double last = -1;
    for (std::size_t f = 6; f < e.size(); ++f) {
        const double low = *std::min_element(e.begin() + static_cast<std::ptrdiff_t>(f - 6),
                                             e.begin() + static_cast<std::ptrdiff_t>(f));
        const double t = static_cast<double>(f) / 100.0;
        if (e[f] - low >= 9 && e[f] > loudest - 30 && t - last >= 0.12) {
            // The onset is where the rise starts: the quietest frame just before.
            std::size_t g = f;
            while (g > 0 && f - g < 5 && e[g - 1] < e[g]) {
                --g;
            }
            out.push_back(static_cast<double>(g) / 100.0);
            last = t;
        }
    }
    return out;
}

struct Song {
    std::string genre;
    std::string gender;
    Arrangement arrangement;
    ComposedClip clip;
};

constexpr const char* kLyrics[] = {
    "[主歌]\n夏夜的海风吹过我的脸\n你说我们会一起长大\n[副歌]\n快乐的歌声飘在天边\n不要忘了我们的约定\n",
    "[主歌]\n城市的灯光照亮回家的路\n我在人群里寻找你的脚步\n[副歌]\n风吹过山岗\n星星在闪亮\n我们一起去远方\n",
    "[主歌]\n清晨的阳光洒在窗前\n小鸟唱着昨天的歌\n[副歌]\n我爱你 baby\n每一天都是新的开始\n",
    "[主歌]\n雨落在青石板上\n思念像河水流淌\n[副歌]\n明月照着故乡\n梦里回到你身旁\n",
};

GenerationRequest requestFor(int i, const std::string& genre, const std::string& gender) {
    GenerationRequest r;
    r.taskId = "voice-" + std::to_string(i);
    r.custom = true;
    r.title = "歌" + std::to_string(i);
    r.style = genre;
    r.gender = gender;
    r.lyric = kLyrics[i % 4];
    return r;
}

ComposerConfig config() {
    ComposerConfig c;
    c.clipSeconds = 32;
    c.longClipSeconds = 32;
    c.renderCores = 2;
    return c;
}

/// The 20 songs: the genres in genreKeys() order, then again from the start; the voices alternate.
const std::vector<Song>& songs() {
    static const std::vector<Song> kSongs = [] {
        std::vector<Song> out;
        const auto& genres = genreKeys();
        for (int i = 0; i < 20; ++i) {
            Song s;
            s.genre = genres[static_cast<std::size_t>(i) % genres.size()];
            s.gender = i % 2 == 0 ? "female" : "male";
            const GenerationRequest request = requestFor(i, s.genre, s.gender);
            s.clip = composeClip(config(), request, 0, WordListModeration::builtIn(), {}, true);
            ArrangementInput input;
            input.style = request.style;
            input.lyric = request.lyric;
            input.title = request.title;
            input.gender = request.gender;
            input.seconds = config().clipSeconds;
            input.seed = songSeed(request.taskId, request.style, request.prompt, request.lyric, request.title, false,
                                  request.gender);
            s.arrangement = arrange(input);
            out.push_back(std::move(s));
        }
        return out;
    }();
    return kSongs;
}

} // namespace

TEST(Pinyin, TheTableCoversTheCommonCharactersAndReadsWordsInContext) {
    EXPECT_GE(detail::pinyinTableSize(), 3500U);
    // The 100 most frequent characters of written Chinese all have a reading.
    const std::u32string common = gequ::domain::decodeUtf8(
        "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道"
        "行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实");
    for (const char32_t c : common) {
        EXPECT_FALSE(detail::pinyinOf(c).empty()) << gequ::domain::encodeUtf8(c);
    }
    const auto speech = [](std::string_view line) {
        std::string out;
        for (const auto& s : detail::lineSyllables(line)) {
            out += (out.empty() ? "" : " ") + s.speech;
        }
        return out;
    };
    EXPECT_EQ(speech("夏夜的海风"), "xia4 ye4 de5 hai3 feng1");
    EXPECT_EQ(speech("我们一起长大了"), "wo3 men5 yi4 qi3 zhang3 da4 le5");
    EXPECT_EQ(speech("长长的路，快乐！"), "chang2 chang2 de5 lu4 kuai4 le4");
    EXPECT_EQ(speech("女孩 baby 2"), "nv3 hai2 ba by er4");
    for (const char* line : {"我爱你 baby", "Hello 世界 love", "音乐，重新开始"}) {
        EXPECT_EQ(static_cast<int>(detail::lineSyllables(line).size()), syllableCount(line)) << line;
    }
}

TEST(Voice, EverySungSectionHasVoiceAndTheBreaksAreSilent) {
    for (const Song& song : songs()) {
        SCOPED_TRACE(song.genre + " " + song.gender);
        const std::vector<float> vocal = monoOf(song.clip.vocalWav);
        ASSERT_NEAR(static_cast<double>(vocal.size()) / kRate, song.clip.seconds, 0.05);
        const auto notes = detail::sungNotes(song.arrangement);
        ASSERT_FALSE(notes.empty());
        const double perBar = song.arrangement.secondsPerBeat() * song.arrangement.beatsPerBar;
        for (const Section& section : song.arrangement.sections) {
            if (section.lines.empty()) {
                continue;
            }
            const double from = section.startBar * perBar;
            const double to = (section.startBar + section.bars) * perBar;
            EXPECT_GT(dbfs(vocal, from, std::min(to, song.clip.seconds)), -35.0) << "sung section at " << from;
        }
        // Breaks: 3 s or more without a sung note, from 1.5 s after the last note (the reverb's tail) to 0.3 s before
        // the next (the breath).
        for (std::size_t i = 0; i <= notes.size(); ++i) {
            const double from = i == 0 ? 0.0 : notes[i - 1].end + 1.5;
            const double to = i == notes.size() ? song.clip.seconds : notes[i].start - 0.3;
            const double gap =
                (i == notes.size() ? song.clip.seconds : notes[i].start) - (i == 0 ? 0.0 : notes[i - 1].end);
            if (gap >= 3 && to - from > 0.2) {
                EXPECT_LE(dbfs(vocal, from, to), -50.0) << "break " << from << " .. " << to;
            }
        }
    }
}

TEST(Voice, ThePitchFollowsTheMelodyNotTheSpokenTone) {
    for (const Song& song : songs()) {
        SCOPED_TRACE(song.genre + " " + song.gender);
        const std::vector<float> vocal = lowPassed(monoOf(song.clip.vocalWav));
        int voiced = 0;
        int inTune = 0;
        for (const auto& note : detail::sungNotes(song.arrangement)) {
            // The vowel: from 100 ms in (past the consonant) to 40 ms before the end.
            for (double t = note.start + 0.1; t + 0.04 + 1024.0 / kRate < note.end; t += 0.02) {
                const double f = yin(vocal, static_cast<std::size_t>(t * kRate));
                if (f <= 0) {
                    continue;
                }
                ++voiced;
                const double cents = 1200 * std::log2(f / (440.0 * std::pow(2.0, (note.key - 69) / 12.0)));
                inTune += std::abs(cents) <= 50 ? 1 : 0;
            }
        }
        ASSERT_GT(voiced, 50);
        EXPECT_GE(static_cast<double>(inTune) / voiced, 0.8) << inTune << " of " << voiced << " voiced frames";
    }
}

TEST(Voice, TheOnsetsAreTheSungSyllablesAndTheTimelineShowsThem) {
    for (const Song& song : songs()) {
        SCOPED_TRACE(song.genre + " " + song.gender);
        const std::vector<float> vocal = monoOf(song.clip.vocalWav);
        const std::vector<double> found = onsets(lowPassed(vocal));
        const auto sung = static_cast<double>(song.arrangement.sungSyllables);
        ASSERT_GT(sung, 0);
        EXPECT_NEAR(static_cast<double>(found.size()), sung, 0.1 * sung);
        int words = 0;
        int near = 0;
        for (const auto& line : song.clip.timeline.lines) {
            for (const auto& word : line.words) {
                ++words;
                const auto it = std::min_element(found.begin(), found.end(), [&](double a, double b) {
                    return std::abs(a - word.start) < std::abs(b - word.start);
                });
                near += it != found.end() && std::abs(*it - word.start) <= 0.08 ? 1 : 0;
            }
        }
        ASSERT_GT(words, 0);
        EXPECT_GE(static_cast<double>(near) / words, 0.9) << near << " of " << words << " word starts";
    }
}

TEST(Voice, MaleVoicesSingAnOctaveBelowFemaleOnes) {
    for (const Song& song : songs()) {
        const auto notes = detail::sungNotes(song.arrangement);
        double keys = 0;
        for (const auto& note : notes) {
            keys += note.key;
        }
        keys /= static_cast<double>(notes.size());
        // The melody's range is 55..78 (melody.cpp); a male voice sings it an octave down.
        if (song.gender == "male") {
            EXPECT_LT(keys, 55) << song.genre;
        } else {
            EXPECT_GT(keys, 55) << song.genre;
        }
    }
}

TEST(Voice, InstrumentalSongsHaveASilentVocalStem) {
    GenerationRequest r = requestFor(0, "pop", "female");
    r.instrumental = true;
    const ComposedClip clip = composeClip(config(), r, 0, WordListModeration::builtIn(), {}, true);
    const std::vector<float> vocal = monoOf(clip.vocalWav);
    ASSERT_NEAR(static_cast<double>(vocal.size()) / kRate, clip.seconds, 0.05);
    EXPECT_LE(dbfs(vocal, 0, clip.seconds), -90.0);
    EXPECT_GT(dbfs(monoOf(clip.accompanimentWav), 0, clip.seconds), -30.0);
    EXPECT_TRUE(clip.timeline.empty());
}

TEST(Voice, TheSameRequestGivesTheSameBytesOnOneCoreOrTwo) {
    const GenerationRequest r = requestFor(3, "folk", "male");
    ComposerConfig one = config();
    one.renderCores = 1;
    const ComposedClip a = composeClip(one, r, 1, WordListModeration::builtIn(), {}, true);
    const ComposedClip b = composeClip(config(), r, 1, WordListModeration::builtIn(), {}, true);
    EXPECT_EQ(a.mp3, b.mp3);
    EXPECT_EQ(a.vocalWav, b.vocalWav);
    EXPECT_EQ(a.accompanimentWav, b.accompanimentWav);
}
