// gequ-composer-bench [--seconds N] [--cores N] [--soundfont PATH] [--out DIR]
// Composes, renders and encodes one clip per style and prints a Markdown table of the CPU time per stage, the speed in
// seconds of audio per CPU second, and the peak resident memory. --cores 2 renders each clip's two parts on two
// threads at once and encodes its two halves at once (wall times have columns of their own; the bytes are the same);
// --out keeps the MP3s.

#include "cover.h"
#include "genre_profiles.h"
#include "gequ/composer/arrangement.h"
#include "gequ/composer/composer.h"
#include "mp3_encoder.h"
#include "renderer.h"
#include "singer.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <sys/resource.h>
#include <vector>

using namespace gequ::composer;

namespace {

double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

long peakRssKb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

std::string fixed(double value, int digits) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", digits, value);
    return buffer;
}

} // namespace

int main(int argc, char** argv) {
    double seconds = 90;
    std::string soundfont(kDefaultSoundFont);
    std::string out;
    int cores = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--seconds") {
            seconds = std::atof(argv[i + 1]);
        } else if (flag == "--cores") {
            cores = std::atoi(argv[i + 1]);
        } else if (flag == "--soundfont") {
            soundfont = argv[i + 1];
        } else if (flag == "--out") {
            out = argv[i + 1];
        } else {
            std::cerr << "usage: gequ-composer-bench [--seconds N] [--cores N] [--soundfont PATH] [--out DIR]\n";
            return 2;
        }
    }

    const double loadStart = cpuSeconds();
    std::shared_ptr<detail::SoundFont> font;
    try {
        font = detail::SoundFont::shared(soundfont);
    } catch (const std::exception& e) {
        std::cerr << "cannot load " << soundfont << ": " << e.what() << "\n";
        return 1;
    }
    const double loadSeconds = cpuSeconds() - loadStart;

    struct Case {
        std::string style;
        bool instrumental;
    };
    const std::vector<Case> cases = {
        {"pop,female vocal", false},
        {"rock,male vocal", false},
        {"chinese traditional,female vocal", false},
        {"electronic", false},
        {"jazz", true},
        {"classical", true},
        {"rap,male vocal", false},
        {"ambient", true},
    };
    const std::string lyric = "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n带着梦想去飞翔\n一起奔向月光\n"
                              "[副歌]\n你是我的天空\n我们一起前行\n心中还有彩虹\n星光照亮旅程\n";

    std::cout << "| style | genre | bpm | notes | sung syllables | audio s | arrange ms | render s | of which vocal s "
                 "| render wall s | encode s | encode wall s | x real time |\n"
              << "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    double totalAudio = 0;
    double totalCpu = 0;
    double totalVocal = 0;
    int index = 0;
    for (const auto& c : cases) {
        ArrangementInput input;
        input.style = c.style;
        input.lyric = c.instrumental ? "" : lyric;
        input.instrumental = c.instrumental;
        input.title = "晚风";
        input.seconds = seconds;
        input.seed = songSeed("bench", c.style, "", input.lyric, input.title, c.instrumental, "");
        const double t0 = cpuSeconds();
        const Arrangement song = arrange(input);
        const double t1 = cpuSeconds();
        detail::RenderOptions options;
        options.cores = cores;
        const auto wall = std::chrono::steady_clock::now();
        const detail::RenderedSong rendered = detail::renderSong(song, *font, options);
        const detail::Audio& audio = rendered.mix;
        const double t2 = cpuSeconds();
        const double renderWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
        const auto encodeStart = std::chrono::steady_clock::now();
        const std::string mp3 =
            detail::encodeMp3(audio, {"晚风", "bench", std::string(detail::genreProfile(song.genre).zh)}, 192, cores);
        const double encodeWall = std::chrono::duration<double>(std::chrono::steady_clock::now() - encodeStart).count();
        const std::string svg = detail::drawCover("晚风", song, 1);
        const double t3 = cpuSeconds();
        const double cpu = t3 - t0;
        totalAudio += audio.seconds();
        totalCpu += cpu;
        totalVocal += rendered.vocalSeconds;
        std::cout << "| " << c.style << " | " << song.genre << " | " << fixed(song.bpm, 0) << " | " << song.notes.size()
                  << " | " << song.sungSyllables << " | " << fixed(audio.seconds(), 1) << " | "
                  << fixed((t1 - t0) * 1000, 1) << " | " << fixed(t2 - t1, 2) << " | "
                  << fixed(rendered.vocalSeconds, 2) << " | " << fixed(renderWall, 2) << " | " << fixed(t3 - t2, 2)
                  << " | " << fixed(encodeWall, 2) << " | " << fixed(audio.seconds() / cpu, 0) << " |\n";
        if (!out.empty()) {
            std::ofstream(out + "/bench-" + std::to_string(index) + "-" + song.genre + ".mp3", std::ios::binary) << mp3;
        }
        ++index;
    }
    std::cout
        << "\n| total audio s | total CPU s | of which vocal s | audio s per CPU s (one core) | soundfont load CPU s "
           "| peak RSS MB |\n"
        << "|---:|---:|---:|---:|---:|---:|\n"
        << "| " << fixed(totalAudio, 1) << " | " << fixed(totalCpu, 2) << " | " << fixed(totalVocal, 2) << " | "
        << fixed(totalAudio / totalCpu, 0) << " | " << fixed(loadSeconds, 2) << " | "
        << fixed(static_cast<double>(peakRssKb()) / 1024.0, 0) << " |\n";
    return 0;
}
