#pragma once

// The General MIDI soundfont, loaded once per process and shared by every render (FluidSynth types stay in src/).

#include <fluidsynth.h>
#include <memory>
#include <mutex>
#include <string>

namespace gequ::composer::detail {

/// A loaded soundfont. FluidSynth parses a soundfont into a synth; this one is parsed once into a private host synth
/// and its fluid_sfont_t is then added to each render's synth (fluid_synth_add_sfont) and removed again before that
/// synth is deleted (fluid_synth_remove_sfont), so the 140 MB of samples are read and held once. Adding, removing
/// and selecting presets touch the soundfont's bookkeeping, so they happen under mutex(); rendering reads the
/// sample data only.
class SoundFont {
public:
    /// The soundfont at path, loaded on first use and kept for the rest of the process. Throws ComposerError (reason
    /// 音色库加载失败) when the file is missing or is not a soundfont.
    static std::shared_ptr<SoundFont> shared(const std::string& path);

    SoundFont(const SoundFont&) = delete;
    SoundFont& operator=(const SoundFont&) = delete;
    ~SoundFont();

    fluid_sfont_t* handle() const { return _sfont; }
    std::mutex& mutex() { return _mutex; }
    const std::string& path() const { return _path; }

private:
    explicit SoundFont(const std::string& path);

    std::string _path;
    fluid_settings_t* _settings = nullptr;
    fluid_synth_t* _host = nullptr;
    fluid_sfont_t* _sfont = nullptr;
    std::mutex _mutex;
};

/// Routes FluidSynth's log (errors to the gequ.composer logger, the rest dropped); idempotent.
void installFluidLog();

} // namespace gequ::composer::detail
