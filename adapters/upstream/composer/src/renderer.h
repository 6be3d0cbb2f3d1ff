#pragma once

// Renders an arrangement with FluidSynth: events scheduled on the sample clock while blocks are rendered.

#include "gequ/composer/arrangement.h"
#include "sound_font.h"

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <vector>

namespace gequ::composer::detail {

inline constexpr int kSampleRate = 44100;

/// A song renders as two parts, each a synth playing some of the channels, added up at the end: always two, so the
/// samples are the same whether the parts render one after the other or on two cores at once.
inline constexpr std::size_t kRenderParts = 2;

/// Stereo audio as two planar float buffers in [-1, 1].
struct Audio {
    int sampleRate = kSampleRate;
    std::vector<float> left;
    std::vector<float> right;

    double seconds() const { return static_cast<double>(left.size()) / sampleRate; }
    float peak() const;
    double rms() const;
};

/// Opens once, for good; a thread can wait for it.
class Gate {
public:
    void open();
    /// Waits until the gate is open (true) or `stop` is requested (false).
    bool wait(const std::stop_token& stop);

private:
    std::mutex _mutex;
    std::condition_variable_any _opened;
    bool _open = false;
};

struct RenderOptions {
    std::vector<int> channels;              ///< only these MIDI channels sound (empty: all)
    bool normalize = true;                  ///< limit the peaks, then scale the peak to `peak`
    float peak = 0.891f;                    ///< -1 dBFS
    std::function<void(double)> progress{}; ///< 0..1 while rendering; may throw to cancel
    int cores = 1; ///< 2 or more: the two parts render on two threads at once; the samples are the same
};

/// Multiplies every sample by `gain`.
void scale(Audio& audio, float gain);
/// A 1.2 s raised-cosine fade at the end, so a clip ends in silence whatever still rings.
void fadeOut(Audio& audio);
/// Evens out the mix's peaks with a limiter (5 ms look-ahead, 120 ms release) and scales its peak to `peak`; the
/// stems of the mix get the same gains sample by sample, so they still add up to it.
void master(Audio& mix, const std::vector<Audio*>& stems, float peak);

/// Renders the whole song (arrangement.seconds long, 44.1 kHz stereo, reverb and chorus on, a short fade at the
/// end) as two parts (kRenderParts), each with a synth of its own on the shared soundfont, added up in a fixed order,
/// then (unless told not to) evens out the peaks with a limiter and normalises the peak. Throws ComposerError when
/// FluidSynth fails.
Audio render(const Arrangement& song, SoundFont& font, const RenderOptions& options = {});

} // namespace gequ::composer::detail
