#include "renderer.h"

#include "genre_profiles.h"
#include "gequ/composer/exceptions.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <deque>
#include <exception>
#include <map>
#include <numbers>
#include <thread>

namespace gequ::composer::detail {

namespace {

struct Event {
    std::int64_t frame = 0;
    bool on = false;
    int channel = 0;
    int key = 0;
    int velocity = 0;
};

/// Note-ons and note-offs on the sample clock. A note is cut where the next note of the same key on the same
/// channel starts (FluidSynth's note-off would end both); at one frame, offs come before ons.
std::vector<Event> scheduleEvents(const Arrangement& song, const std::vector<int>& channels, std::int64_t total) {
    const double framesPerBeat = song.secondsPerBeat() * kSampleRate;
    std::vector<Note> notes;
    for (const auto& note : song.notes) {
        if (channels.empty() || std::find(channels.begin(), channels.end(), note.channel) != channels.end()) {
            notes.push_back(note);
        }
    }
    std::stable_sort(notes.begin(), notes.end(), [](const Note& a, const Note& b) { return a.beat < b.beat; });
    std::map<std::pair<int, int>, std::size_t> sounding;
    std::vector<std::int64_t> ends(notes.size());
    std::vector<std::int64_t> starts(notes.size());
    for (std::size_t i = 0; i < notes.size(); ++i) {
        starts[i] = static_cast<std::int64_t>(std::llround(notes[i].beat * framesPerBeat));
        ends[i] = std::max(starts[i] + 1,
                           static_cast<std::int64_t>(std::llround((notes[i].beat + notes[i].length) * framesPerBeat)));
        const auto key = std::make_pair(notes[i].channel, notes[i].key);
        if (const auto it = sounding.find(key); it != sounding.end() && ends[it->second] > starts[i]) {
            ends[it->second] = std::max(starts[it->second] + 1, starts[i]);
        }
        sounding[key] = i;
    }
    std::vector<Event> events;
    events.reserve(notes.size() * 2);
    for (std::size_t i = 0; i < notes.size(); ++i) {
        if (starts[i] >= total) {
            continue;
        }
        events.push_back({starts[i], true, notes[i].channel, notes[i].key, notes[i].velocity});
        events.push_back({std::min(ends[i], total), false, notes[i].channel, notes[i].key, 0});
    }
    std::stable_sort(events.begin(), events.end(), [](const Event& a, const Event& b) {
        return a.frame != b.frame ? a.frame < b.frame : (!a.on && b.on);
    });
    return events;
}

/// A render's own synth on the shared soundfont; the soundfont is detached before the synth goes.
class Synth {
public:
    Synth(const Arrangement& song, SoundFont& font) : _font(font) {
        const GenreProfile& genre = genreProfile(song.genre);
        _settings = new_fluid_settings();
        fluid_settings_setnum(_settings, "synth.sample-rate", kSampleRate);
        fluid_settings_setint(_settings, "synth.threadsafe-api", 0);
        // One thread per synth: FluidSynth's own voice threads (synth.cpu-cores) share a block's voices out as the
        // threads come free and add the threads' buffers up in whatever order they finish, so a render on several
        // cores differed from run to run in the last bits (and so in the MP3's bytes) on a busy machine.
        fluid_settings_setint(_settings, "synth.cpu-cores", 1);
        fluid_settings_setint(_settings, "synth.polyphony", 128);
        fluid_settings_setint(_settings, "synth.lock-memory", 0);
        fluid_settings_setint(_settings, "synth.reverb.active", 1);
        fluid_settings_setint(_settings, "synth.chorus.active", 1);
        fluid_settings_setnum(_settings, "synth.gain", 0.3);
        fluid_settings_setnum(_settings, "synth.reverb.room-size", genre.reverbRoom);
        fluid_settings_setnum(_settings, "synth.reverb.damp", 0.35);
        fluid_settings_setnum(_settings, "synth.reverb.width", 0.9);
        fluid_settings_setnum(_settings, "synth.reverb.level", genre.reverbLevel);
        fluid_settings_setint(_settings, "synth.chorus.nr", 3);
        fluid_settings_setnum(_settings, "synth.chorus.level", 1.2);
        fluid_settings_setnum(_settings, "synth.chorus.speed", 0.3);
        fluid_settings_setnum(_settings, "synth.chorus.depth", 6.0);
        _synth = new_fluid_synth(_settings);
        if (!_synth) {
            delete_fluid_settings(_settings);
            throw ComposerError("cannot create a FluidSynth synthesiser", "歌曲渲染失败");
        }
        std::lock_guard lock(_font.mutex());
        const int id = fluid_synth_add_sfont(_synth, _font.handle());
        if (id == FLUID_FAILED) {
            delete_fluid_synth(_synth);
            delete_fluid_settings(_settings);
            throw ComposerError("cannot attach the soundfont", "歌曲渲染失败");
        }
        for (const auto& track : song.tracks) {
            if (fluid_synth_program_select(_synth, track.channel, id, track.bank, track.program) != FLUID_OK) {
                // A soundfont without this preset: the bank's first one.
                fluid_synth_program_select(_synth, track.channel, id, track.bank, 0);
            }
            fluid_synth_cc(_synth, track.channel, 7, track.volume);
            fluid_synth_cc(_synth, track.channel, 10, track.pan);
            fluid_synth_cc(_synth, track.channel, 91, track.reverb);
            fluid_synth_cc(_synth, track.channel, 93, track.chorus);
            if (track.release != 0) {
                fluid_synth_set_gen(_synth, track.channel, GEN_VOLENVRELEASE, static_cast<float>(track.release));
            }
        }
    }
    ~Synth() {
        {
            std::lock_guard lock(_font.mutex());
            fluid_synth_remove_sfont(_synth, _font.handle());
            delete_fluid_synth(_synth);
        }
        delete_fluid_settings(_settings);
    }
    Synth(const Synth&) = delete;
    Synth& operator=(const Synth&) = delete;

    fluid_synth_t* get() const { return _synth; }

private:
    SoundFont& _font;
    fluid_settings_t* _settings = nullptr;
    fluid_synth_t* _synth = nullptr;
};

/// The channels of the song's two render parts (only those in `only`, when given): the channels go, the busiest
/// first, to the part with less work so far, where a channel's work is its notes' beats plus a beat of tail each
/// (the voices a synth keeps sounding). Depends only on the arrangement, so a song is always split the same way.
std::array<std::vector<int>, kRenderParts> splitChannels(const Arrangement& song, const std::vector<int>& only) {
    std::map<int, double> work;
    for (const auto& note : song.notes) {
        if (only.empty() || std::find(only.begin(), only.end(), note.channel) != only.end()) {
            work[note.channel] += note.length + 1.0;
        }
    }
    std::vector<std::pair<int, double>> channels(work.begin(), work.end());
    std::stable_sort(channels.begin(), channels.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    std::array<std::vector<int>, kRenderParts> parts;
    std::array<double, kRenderParts> load{};
    for (const auto& [channel, w] : channels) {
        const auto lightest = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
        parts[lightest].push_back(channel);
        load[lightest] += w;
    }
    if (parts[0].empty()) {
        // No notes at all: one part, all channels, so the synth still renders the silence (and its reverb tail).
        parts[0] = only.empty() ? std::vector<int>{-1} : only;
    }
    return parts;
}

/// Renders the notes of `channels` with a synth of its own: events scheduled on the sample clock. Stops early (the
/// result is then dropped) when `stop` is requested.
Audio renderPart(const Arrangement& song, SoundFont& font, const std::vector<int>& channels, std::int64_t total,
                 const std::function<void(double)>& progress, const std::stop_token& stop = {}) {
    Audio audio;
    audio.left.assign(static_cast<std::size_t>(total), 0.0f);
    audio.right.assign(static_cast<std::size_t>(total), 0.0f);
    const std::vector<Event> events = scheduleEvents(song, channels, total);

    Synth synth(song, font);
    constexpr std::int64_t kBlock = 4096;
    const std::int64_t reportEvery = kSampleRate / 2;
    std::int64_t cursor = 0;
    std::int64_t nextReport = reportEvery;
    std::size_t next = 0;
    while (cursor < total) {
        // Render exactly up to the next event's frame, then apply every event due there: the timing comes from the
        // sample count, never from a clock. (FluidSynth itself starts an event at its next internal 64-frame block,
        // within 1.5 ms.)
        const std::int64_t until = next < events.size() ? std::min(events[next].frame, total) : total;
        while (cursor < until) {
            if (stop.stop_requested()) {
                return audio;
            }
            const auto n = static_cast<int>(std::min(kBlock, until - cursor));
            if (fluid_synth_write_float(synth.get(), n, audio.left.data(), static_cast<int>(cursor), 1,
                                        audio.right.data(), static_cast<int>(cursor), 1) != FLUID_OK) {
                throw ComposerError("fluid_synth_write_float failed", "歌曲渲染失败");
            }
            cursor += n;
            if (cursor >= nextReport && progress) {
                progress(static_cast<double>(cursor) / static_cast<double>(total));
                nextReport += reportEvery;
            }
        }
        while (next < events.size() && events[next].frame <= cursor) {
            const Event& e = events[next++];
            if (e.on) {
                fluid_synth_noteon(synth.get(), e.channel, e.key, e.velocity);
            } else {
                fluid_synth_noteoff(synth.get(), e.channel, e.key);
            }
        }
    }
    return audio;
}

/// Scales `audio` so the louder channel peaks at `target` (silence stays silence), and `alongside` by the same gain.
void normalizePeak(Audio& audio, const std::vector<Audio*>& alongside, float target) {
    const float peak = audio.peak();
    if (peak <= 1e-6f) {
        return;
    }
    const float gain = target / peak;
    for (Audio* a : alongside) {
        scale(*a, gain);
    }
    scale(audio, gain);
}

/// A look-ahead peak limiter on a mix normalised to 1.0: peaks above `threshold` are turned down smoothly (5 ms
/// look-ahead and attack, 120 ms release), so transient-heavy mixes are not quieter than sustained ones after
/// normalisation. `alongside` (the stems of the mix) get the same gain at each sample.
void limit(Audio& audio, const std::vector<Audio*>& alongside, float threshold) {
    const std::size_t n = audio.left.size();
    if (n == 0) {
        return;
    }
    constexpr std::size_t kLookAhead = 220;
    std::vector<float> want(n);
    for (std::size_t i = 0; i < n; ++i) {
        const float peak = std::max(std::abs(audio.left[i]), std::abs(audio.right[i]));
        want[i] = peak > threshold ? threshold / peak : 1.0f;
    }
    // The smallest gain wanted over the next kLookAhead samples (a sliding-window minimum).
    std::vector<float> ahead(n);
    std::deque<std::size_t> window;
    for (std::size_t j = n; j-- > 0;) {
        while (!window.empty() && want[window.back()] >= want[j]) {
            window.pop_back();
        }
        window.push_back(j);
        while (window.front() > j + kLookAhead) {
            window.pop_front();
        }
        ahead[j] = want[window.front()];
    }
    const float attack = 1.0f - std::exp(-1.0f / (kLookAhead / 4.0f));
    const float release = 1.0f - std::exp(-1.0f / (0.12f * kSampleRate));
    float gain = 1.0f;
    for (std::size_t i = 0; i < n; ++i) {
        const float target = ahead[i];
        gain += (target - gain) * (target < gain ? attack : release);
        audio.left[i] *= gain;
        audio.right[i] *= gain;
        for (Audio* a : alongside) {
            a->left[i] *= gain;
            a->right[i] *= gain;
        }
    }
}

} // namespace

void scale(Audio& audio, float gain) {
    for (auto* channel : {&audio.left, &audio.right}) {
        for (float& x : *channel) {
            x *= gain;
        }
    }
}

void fadeOut(Audio& audio) {
    const auto total = static_cast<std::int64_t>(audio.left.size());
    const auto fade = std::min<std::int64_t>(total, static_cast<std::int64_t>(1.2 * kSampleRate));
    for (std::int64_t i = 0; i < fade; ++i) {
        const double x = static_cast<double>(i) / static_cast<double>(fade);
        const auto gain = static_cast<float>(0.5 * (1.0 + std::cos(std::numbers::pi * x)));
        const auto at = static_cast<std::size_t>(total - fade + i);
        audio.left[at] *= gain;
        audio.right[at] *= gain;
    }
}

void master(Audio& mix, const std::vector<Audio*>& stems, float peak) {
    normalizePeak(mix, stems, 1.0f);
    limit(mix, stems, 0.45f);
    normalizePeak(mix, stems, peak);
}

float Audio::peak() const {
    float peak = 0;
    for (const auto* channel : {&left, &right}) {
        for (const float x : *channel) {
            peak = std::max(peak, std::abs(x));
        }
    }
    return peak;
}

double Audio::rms() const {
    double sum = 0;
    for (const auto* channel : {&left, &right}) {
        for (const float x : *channel) {
            sum += static_cast<double>(x) * x;
        }
    }
    const std::size_t n = left.size() + right.size();
    return n == 0 ? 0.0 : std::sqrt(sum / static_cast<double>(n));
}

void Gate::open() {
    {
        std::lock_guard lock(_mutex);
        _open = true;
    }
    _opened.notify_all();
}

bool Gate::wait(const std::stop_token& stop) {
    std::unique_lock lock(_mutex);
    return _opened.wait(lock, stop, [this] { return _open; });
}

Audio render(const Arrangement& song, SoundFont& font, const RenderOptions& options) {
    const auto total = static_cast<std::int64_t>(std::llround(song.seconds * kSampleRate));
    const std::array<std::vector<int>, kRenderParts> parts = splitChannels(song, options.channels);
    // Who renders the second part: nobody yet, the second thread, or the calling thread after the first part.
    enum Owner : int { kNobody, kBeside, kCaller };
    std::atomic<int> owner{kNobody};
    const auto claim = [&owner](int who) {
        int expected = kNobody;
        return owner.compare_exchange_strong(expected, who);
    };
    const auto report = [&options](double p) {
        if (options.progress) {
            options.progress(p);
        }
    };
    Audio audio;
    Audio second;
    std::exception_ptr failed;
    {
        std::jthread beside;
        if (options.cores >= 2 && !parts[1].empty()) {
            beside = std::jthread([&](const std::stop_token& stop) {
                if (!claim(kBeside)) {
                    return;
                }
                try {
                    second = renderPart(song, font, parts[1], total, {}, stop);
                } catch (...) {
                    failed = std::current_exception();
                }
            });
        }
        // The calling thread renders the first part and reports the progress: all of it while the second part renders
        // beside it, else the first half. A progress callback that throws stops the other thread (jthread).
        audio = renderPart(song, font, parts[0], total,
                           [&](double p) { report(owner.load() == kBeside || parts[1].empty() ? p : p / 2); });
        if (!parts[1].empty() && claim(kCaller)) {
            beside.request_stop();
            second = renderPart(song, font, parts[1], total, [&](double p) { report(0.5 + p / 2); });
        }
        // Joined here, not by the destructor: a jthread's destructor asks its thread to stop first.
        if (beside.joinable()) {
            beside.join();
        }
    }
    if (failed) {
        std::rethrow_exception(failed);
    }
    // The parts add up in one fixed order, so the sum is the same bits however the threads ran.
    if (!second.left.empty()) {
        for (std::size_t i = 0; i < audio.left.size(); ++i) {
            audio.left[i] += second.left[i];
            audio.right[i] += second.right[i];
        }
    }

    fadeOut(audio);
    if (options.normalize) {
        master(audio, {}, options.peak);
    }
    if (options.progress) {
        options.progress(1.0);
    }
    return audio;
}

} // namespace gequ::composer::detail
