#include "sound_font.h"

#include "gequ/composer/exceptions.h"

#include <Poco/Logger.h>
#include <filesystem>
#include <fstream>
#include <map>
#include <string_view>

namespace gequ::composer::detail {

namespace {

void logToPoco(int level, const char* message, void* /*data*/) {
    if (level <= FLUID_ERR) {
        Poco::Logger::get("gequ.composer").error(std::string("fluidsynth: ") + (message ? message : ""));
    }
}

} // namespace

void installFluidLog() {
    static std::once_flag once;
    std::call_once(once, [] {
        fluid_set_log_function(FLUID_PANIC, logToPoco, nullptr);
        fluid_set_log_function(FLUID_ERR, logToPoco, nullptr);
        fluid_set_log_function(FLUID_WARN, nullptr, nullptr);
        fluid_set_log_function(FLUID_INFO, nullptr, nullptr);
        fluid_set_log_function(FLUID_DBG, nullptr, nullptr);
    });
}

SoundFont::SoundFont(const std::string& path) : _path(path) {
    installFluidLog();
    std::error_code ec;
    if (!std::filesystem::is_regular_file(path, ec)) {
        throw ComposerError("soundfont not found: " + path, "音色库加载失败");
    }
    // A SoundFont 2 (or 3) file is a RIFF form of type "sfbk".
    char header[12] = {};
    std::ifstream(path, std::ios::binary).read(header, sizeof header);
    if (std::string_view(header, 4) != "RIFF" || std::string_view(header + 8, 4) != "sfbk") {
        throw ComposerError("not a soundfont: " + path, "音色库加载失败");
    }
    _settings = new_fluid_settings();
    fluid_settings_setint(_settings, "synth.lock-memory", 0);
    fluid_settings_setint(_settings, "synth.dynamic-sample-loading", 0);
    fluid_settings_setint(_settings, "synth.polyphony", 16);
    fluid_settings_setint(_settings, "synth.reverb.active", 0);
    fluid_settings_setint(_settings, "synth.chorus.active", 0);
    _host = new_fluid_synth(_settings);
    if (!_host) {
        delete_fluid_settings(_settings);
        throw ComposerError("cannot create a FluidSynth synthesiser", "音色库加载失败");
    }
    const int id = fluid_synth_sfload(_host, path.c_str(), 0);
    if (id == FLUID_FAILED) {
        delete_fluid_synth(_host);
        delete_fluid_settings(_settings);
        throw ComposerError("not a usable soundfont: " + path, "音色库加载失败");
    }
    _sfont = fluid_synth_get_sfont_by_id(_host, id);
}

SoundFont::~SoundFont() {
    delete_fluid_synth(_host); // frees the soundfont
    delete_fluid_settings(_settings);
}

std::shared_ptr<SoundFont> SoundFont::shared(const std::string& path) {
    // Never destroyed: renders on other threads may still hold a soundfont while static objects are torn down.
    static auto* mutex = new std::mutex;
    static auto* loaded = new std::map<std::string, std::shared_ptr<SoundFont>>;
    std::lock_guard lock(*mutex);
    if (const auto it = loaded->find(path); it != loaded->end()) {
        return it->second;
    }
    std::shared_ptr<SoundFont> font(new SoundFont(path));
    loaded->emplace(path, font);
    return font;
}

} // namespace gequ::composer::detail
