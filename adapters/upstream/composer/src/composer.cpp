// composeClip (arrangement → render → MP3 + cover) and the SongGenerator port on a bounded worker pool.

#include "gequ/composer/composer.h"

#include "cover.h"
#include "genre_profiles.h"
#include "gequ/composer/arrangement.h"
#include "gequ/composer/exceptions.h"
#include "gequ/composer/lyric_writer.h"
#include "midi_file.h"
#include "mp3_encoder.h"
#include "renderer.h"
#include "rng.h"
#include "singer.h"
#include "wav_encoder.h"

#include <Poco/Logger.h>
#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace gequ::composer {

using namespace detail;

double clipSecondsFor(const ComposerConfig& config, std::string_view model) {
    // chirp-v<major>[-<minor>][-plus...]: v4-5 and later get the long clip.
    constexpr std::string_view kPrefix = "chirp-v";
    if (model.substr(0, kPrefix.size()) != kPrefix) {
        return config.clipSeconds;
    }
    std::string_view rest = model.substr(kPrefix.size());
    int major = 0;
    int minor = 0;
    auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), major);
    if (ec != std::errc()) {
        return config.clipSeconds;
    }
    rest.remove_prefix(static_cast<std::size_t>(end - rest.data()));
    if (!rest.empty() && rest.front() == '-') {
        rest.remove_prefix(1);
        std::from_chars(rest.data(), rest.data() + rest.size(), minor);
    }
    return (major > 4 || (major == 4 && minor >= 5)) ? config.longClipSeconds : config.clipSeconds;
}

void preloadSoundFont(const std::string& path) {
    SoundFont::shared(path);
}

namespace {

/// What composeClip and composeWav share: the title, the lyrics sung and the arrangement of one clip.
struct PreparedClip {
    std::string title;
    std::string lyric;
    std::uint64_t seed = 0;
    Arrangement song;
};

PreparedClip prepareClip(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                         const domain::Moderation& moderation, const Arrangement* continues = nullptr,
                         const std::string& restyle = {}, int restyleVariant = 0) {
    // An extension continues another song: its id joins the seed so it differs from a fresh song.
    const std::string seedId = request.audioId.empty() ? request.taskId : request.taskId + "/" + request.audioId;
    PreparedClip out;
    out.seed = songSeed(seedId, request.style, request.prompt, request.lyric, request.title, request.instrumental,
                        request.gender);

    out.title = request.title;
    out.lyric = request.instrumental ? std::string() : request.lyric;
    if (!request.custom) {
        // Inspiration mode: lyrics (and the title) from the description; both clips share them.
        auto written = writeLyrics(request.prompt, out.seed, moderation);
        if (!written) {
            throw ComposerError("lyrics refused for the description", written.error().message);
        }
        if (out.title.empty()) {
            out.title = written->title;
        }
        if (!request.instrumental) {
            out.lyric = written->text;
        }
    }
    if (out.title.empty()) {
        out.title = "无题";
    }

    ArrangementInput input;
    input.style = request.style;
    input.prompt = request.prompt;
    input.lyric = out.lyric;
    input.title = out.title;
    input.instrumental = request.instrumental;
    input.gender = request.gender;
    input.seconds = clipSecondsFor(config, request.model);
    input.seed = out.seed;
    input.continues = continues;
    input.clipIndex = clipIndex;
    input.restyle = restyle;
    input.restyleVariant = restyleVariant;
    out.song = arrange(input);
    return out;
}

/// The threads a render uses (its two parts, renderer.h): composer.render_cores, or 2 on a machine with two cores.
int renderCoresOf(const ComposerConfig& config) {
    if (config.renderCores > 0) {
        return config.renderCores;
    }
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 2U));
}

/// The root of an extend's or concat's chain (a generated song), arranged as it was when it was made.
PreparedClip prepareRoot(const ComposerConfig& config, const domain::GenerationRequest& request,
                         const domain::Moderation& moderation) {
    if (request.sources.empty()) {
        throw ComposerError("no source songs were given for " + domain::toString(request.action), "原作品已无法续写");
    }
    domain::GenerationRequest root = request.sources.front().request;
    root.sources.clear();
    return prepareClip(config, root, request.sources.front().clipIndex, moderation);
}

/// One clip as composeClip makes it: an extension continues its chain's root (same genre, voice, key, tempo and
/// instruments); anything else is a song of its own.
PreparedClip prepareAny(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                        const domain::Moderation& moderation) {
    if (request.action == domain::TaskAction::Cover) {
        // 换个风格: the song covered (a generated song: the chain's one part) written again as it was, played in the
        // request's style; the new title when one is given.
        if (request.sources.size() != 1) {
            throw ComposerError("a cover needs the one song it covers", "原作品已无法换风格");
        }
        domain::GenerationRequest source = request.sources.front().request;
        source.sources.clear();
        PreparedClip out = prepareClip(config, source, request.sources.front().clipIndex, moderation, nullptr,
                                       request.style, clipIndex);
        if (!request.title.empty()) {
            out.title = request.title;
        }
        return out;
    }
    if (isStems(request.action)) {
        // The stems of a song: the song itself (a generated song, an extension continuing its chain's root).
        if (request.sources.empty()) {
            throw ComposerError("stems need the song they separate", "原作品已无法分离音轨");
        }
        domain::GenerationRequest source = request.sources.back().request;
        source.sources.assign(request.sources.begin(), request.sources.end() - 1);
        return prepareAny(config, source, request.sources.back().clipIndex, moderation);
    }
    if (request.action != domain::TaskAction::Extend || request.sources.empty()) {
        return prepareClip(config, request, clipIndex, moderation);
    }
    const PreparedClip root = prepareRoot(config, request, moderation);
    domain::GenerationRequest extension = request;
    if (extension.style.empty()) {
        extension.style = root.song.style;
    }
    return prepareClip(config, extension, clipIndex, moderation, &root.song);
}

/// A joined song: every part of the chain rendered again as it was made, kept up to its cut and spliced (a 10 ms
/// fade on either side of each joint), with the parts' synced lyrics moved to where they now play.
struct Joined {
    PreparedClip root;
    Audio audio;
    domain::Timeline timeline;
};

Joined renderJoined(const ComposerConfig& config, const domain::GenerationRequest& request,
                    const domain::Moderation& moderation, const std::function<void(double)>& progress) {
    Joined out;
    out.root = prepareRoot(config, request, moderation);
    const std::shared_ptr<SoundFont> font = SoundFont::shared(config.soundfont);
    const auto parts = request.sources.size();
    const auto fade = static_cast<std::size_t>(kSampleRate / 100);
    double offset = 0;
    for (std::size_t k = 0; k < parts; ++k) {
        const domain::SourcePart& part = request.sources[k];
        PreparedClip prepared;
        if (k == 0) {
            prepared = out.root;
        } else {
            domain::GenerationRequest extension = part.request;
            extension.sources.clear();
            if (extension.style.empty()) {
                extension.style = out.root.song.style;
            }
            prepared = prepareClip(config, extension, part.clipIndex, moderation, &out.root.song);
        }
        RenderOptions options;
        options.cores = renderCoresOf(config);
        options.progress = [&progress, k, parts](double p) {
            if (progress) {
                progress((static_cast<double>(k) + p) / static_cast<double>(parts));
            }
        };
        Audio audio = renderSong(prepared.song, *font, options).mix;
        std::size_t keep = audio.left.size();
        if (part.cutAt > 0) {
            keep = std::min(keep, static_cast<std::size_t>(std::llround(part.cutAt * kSampleRate)));
        }
        audio.left.resize(keep);
        audio.right.resize(keep);
        for (std::size_t i = 0; i < fade && i < keep; ++i) {
            const float gain = static_cast<float>(i) / static_cast<float>(fade);
            if (k > 0) {
                audio.left[i] *= gain;
                audio.right[i] *= gain;
            }
            if (k + 1 < parts) {
                audio.left[keep - 1 - i] *= gain;
                audio.right[keep - 1 - i] *= gain;
            }
        }
        const double kept = static_cast<double>(keep) / kSampleRate;
        for (auto line : lyricTimeline(prepared.song).lines) {
            if (line.start >= kept) {
                continue;
            }
            line.end = std::min(line.end, kept);
            line.start += offset;
            line.end += offset;
            for (auto& word : line.words) {
                word.start = std::min(word.start, kept) + offset;
                word.end = std::min(word.end, kept) + offset;
            }
            out.timeline.lines.push_back(std::move(line));
        }
        out.audio.left.insert(out.audio.left.end(), audio.left.begin(), audio.left.end());
        out.audio.right.insert(out.audio.right.end(), audio.right.begin(), audio.right.end());
        offset += kept;
    }
    out.timeline = domain::normalizedTimeline(std::move(out.timeline));
    return out;
}

/// The progress callback clamped to 0..1 (none: nothing reported).
ProgressFn clamped(const ProgressFn& progress) {
    return [progress](double p) {
        if (progress) {
            progress(std::clamp(p, 0.0, 1.0));
        }
    };
}

ComposedClip composeJoined(const ComposerConfig& config, const domain::GenerationRequest& request,
                           const domain::Moderation& moderation, const ProgressFn& progress) {
    const ProgressFn report = clamped(progress);
    Joined joined = renderJoined(config, request, moderation, [&report](double p) { report(0.02 + 0.85 * p); });
    const Arrangement& root = joined.root.song;
    const std::string title = request.title.empty() ? joined.root.title : request.title;
    const std::string artist = request.artist.empty() ? config.defaultArtist : request.artist;
    ComposedClip clip;
    clip.mp3 =
        encodeMp3(joined.audio, {title, artist, std::string(genreProfile(root.genre).zh)}, 192, renderCoresOf(config));
    report(0.97);
    clip.svg = drawCover(title, root, joined.root.seed);
    clip.title = title;
    clip.lyric = request.lyric;
    clip.style = root.style;
    clip.genre = root.genre;
    clip.seconds = joined.audio.seconds();
    clip.timeline = std::move(joined.timeline);
    report(1.0);
    return clip;
}

/// A clip rendered and not yet encoded: LocalComposer encodes one clip while it renders the next.
struct RenderedClip {
    PreparedClip prepared;
    Audio audio;
    RenderedSong parts; ///< the stems (their mix moved to `audio`)
};

/// Prepares and renders clip `clipIndex` of a request that is not a join, the render once `after` opens (null: at
/// once); reports 0 to 0.85.
RenderedClip renderClip(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                        const domain::Moderation& moderation, const ProgressFn& report, Gate* after = nullptr) {
    RenderedClip out;
    out.prepared = prepareAny(config, request, clipIndex, moderation);
    report(0.03);
    const std::shared_ptr<SoundFont> font = SoundFont::shared(config.soundfont);
    report(0.05);
    RenderOptions options;
    options.cores = renderCoresOf(config);
    options.progress = [&report](double p) { report(0.05 + 0.8 * p); };
    if (after) {
        after->wait({});
    }
    out.parts = renderSong(out.prepared.song, *font, options);
    out.audio = std::move(out.parts.mix);
    return out;
}

/// Encodes a rendered clip and draws its cover; reports 0.97, then 1.
ComposedClip encodeClip(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                        const RenderedClip& rendered, const ProgressFn& report, bool stems = false) {
    const PreparedClip& prepared = rendered.prepared;
    const Arrangement& song = prepared.song;
    const GenreProfile& genre = genreProfile(song.genre);
    const std::string artist = request.artist.empty() ? config.defaultArtist : request.artist;
    ComposedClip clip;
    clip.mp3 = encodeMp3(rendered.audio, {prepared.title, artist, std::string(genre.zh)}, 192, renderCoresOf(config));
    report(0.97);
    clip.svg = drawCover(prepared.title, song, prepared.seed + static_cast<std::uint64_t>(clipIndex));
    clip.title = prepared.title;
    clip.lyric = song.instrumental ? std::string() : prepared.lyric;
    clip.style = song.style;
    clip.genre = song.genre;
    clip.seconds = rendered.audio.seconds();
    clip.timeline = lyricTimeline(song);
    clip.vocalSeconds = rendered.parts.vocalSeconds;
    if (stems) {
        clip.vocalWav = encodeWav(rendered.parts.vocal);
        clip.accompanimentWav = encodeWav(rendered.parts.accompaniment);
    }
    report(1.0);
    return clip;
}

} // namespace

ComposedClip composeClip(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                         const domain::Moderation& moderation, const ProgressFn& progress, bool stems) {
    if (request.action == domain::TaskAction::Concat) {
        return composeJoined(config, request, moderation, progress);
    }
    const ProgressFn report = clamped(progress);
    return encodeClip(config, request, clipIndex, renderClip(config, request, clipIndex, moderation, report), report,
                      stems);
}

std::string composeWav(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                       const domain::Moderation& moderation) {
    if (isStems(request.action)) {
        // A stem song: its part of the song it was split from.
        auto stems =
            composeStems(config, request, clipIndex, moderation, request.action == domain::TaskAction::AllStems);
        if (clipIndex < 0 || static_cast<std::size_t>(clipIndex) >= stems.size()) {
            throw ComposerError("no such stem", std::string(domain::kWavUnavailableMessage));
        }
        return std::move(stems[static_cast<std::size_t>(clipIndex)].wav);
    }
    if (request.action == domain::TaskAction::Concat) {
        return encodeWav(renderJoined(config, request, moderation, {}).audio);
    }
    const PreparedClip prepared = prepareAny(config, request, clipIndex, moderation);
    const std::shared_ptr<SoundFont> font = SoundFont::shared(config.soundfont);
    RenderOptions options;
    options.cores = renderCoresOf(config);
    return encodeWav(renderSong(prepared.song, *font, options).mix);
}

std::vector<ClipStem> composeStems(const ComposerConfig& config, const domain::GenerationRequest& request,
                                   int clipIndex, const domain::Moderation& moderation, bool four) {
    if (request.action == domain::TaskAction::Concat) {
        throw ComposerError("stems of a joined song", "合成的完整歌曲暂不支持分离音轨");
    }
    const PreparedClip prepared = prepareAny(config, request, clipIndex, moderation);
    const std::shared_ptr<SoundFont> font = SoundFont::shared(config.soundfont);
    RenderOptions options;
    options.cores = renderCoresOf(config);
    const RenderedSong song = renderSong(prepared.song, *font, options, four);
    std::vector<ClipStem> out;
    out.push_back({"vocal", encodeWav(song.vocal)});
    if (four) {
        out.push_back({"drums", encodeWav(song.drums)});
        out.push_back({"bass", encodeWav(song.bass)});
        out.push_back({"other", encodeWav(song.other)});
    } else {
        out.push_back({"accompaniment", encodeWav(song.accompaniment)});
    }
    return out;
}

std::string composeMidi(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                        const domain::Moderation& moderation) {
    if (request.action == domain::TaskAction::Concat) {
        throw ComposerError("MIDI of a joined song", "合成的完整歌曲暂不支持导出 MIDI");
    }
    const PreparedClip prepared = prepareAny(config, request, clipIndex, moderation);
    return writeMidi(prepared.song, prepared.title);
}

namespace {

/// Thrown through a render to stop it when the composer shuts down.
struct Cancelled {};

constexpr std::size_t kKeptFinished = 10000;
constexpr int kClips = 2;

/// The clips of a task: one for a joined song, one per stem, two otherwise.
int clipsOf(const domain::GenerationRequest& request) {
    switch (request.action) {
    case domain::TaskAction::Concat:
        return 1;
    case domain::TaskAction::Stems:
        return 2;
    case domain::TaskAction::AllStems:
        return 4;
    case domain::TaskAction::Generate:
    case domain::TaskAction::Extend:
    case domain::TaskAction::Cover:
        break;
    }
    return kClips;
}

/// The upstream task id: "local-" and the task id when that is a safe file name (it prefixes the media keys),
/// else "local-" and a hash. Without a task id every submit is a task of its own.
std::string upstreamIdFor(const domain::GenerationRequest& request, std::uint64_t counter) {
    const bool safe =
        !request.taskId.empty() && request.taskId.size() <= 64 &&
        std::all_of(request.taskId.begin(), request.taskId.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        });
    if (safe) {
        return "local-" + request.taskId;
    }
    std::uint64_t h = fnv1a(request.taskId);
    if (request.taskId.empty()) {
        h = mix64(h ^ counter);
    }
    static const char* kHex = "0123456789abcdef";
    std::string id = "local-";
    for (int i = 15; i >= 0; --i) {
        id += kHex[(h >> (i * 4)) & 0xF];
    }
    return id;
}

class LocalComposer : public domain::SongGenerator {
public:
    LocalComposer(ComposerConfig config, domain::MediaStore& media, const domain::Moderation& moderation)
        : _config(std::move(config)), _media(media), _moderation(moderation) {
        const int workers = std::max(1, _config.workers);
        for (int i = 0; i < workers; ++i) {
            _threads.emplace_back([this, i] {
                if (i == 0 && _config.preload) {
                    preload();
                }
                work();
            });
        }
    }

    ~LocalComposer() override {
        {
            std::lock_guard lock(_mutex);
            _stopping = true;
        }
        _wake.notify_all();
        for (auto& thread : _threads) {
            thread.join();
        }
    }

    domain::Result<std::string> submit(const domain::GenerationRequest& request) override {
        std::lock_guard lock(_mutex);
        const std::string id = upstreamIdFor(request, ++_counter);
        if (const auto it = _jobs.find(id);
            it != _jobs.end() && it->second.status.state != domain::UpstreamState::Failed) {
            return id; // the same task again: it is already queued, rendering or done
        }
        Job job;
        job.request = request;
        job.status.id = id;
        job.status.state = domain::UpstreamState::Queued;
        for (int i = 0; i < clipsOf(request); ++i) {
            domain::ClipStatus clip;
            clip.id = id + "-" + std::to_string(i + 1);
            clip.state = domain::ClipState::Pending;
            clip.title = request.title;
            clip.style = request.style;
            job.status.clips.push_back(clip);
        }
        _jobs[id] = std::move(job);
        _queue.push_back(id);
        _wake.notify_one();
        return id;
    }

    domain::Result<std::vector<domain::TaskStatus>> poll(const std::vector<std::string>& ids) override {
        std::lock_guard lock(_mutex);
        std::vector<domain::TaskStatus> statuses;
        for (const auto& id : ids) {
            if (const auto it = _jobs.find(id); it != _jobs.end()) {
                statuses.push_back(it->second.status);
            } else {
                domain::TaskStatus unknown;
                unknown.id = id;
                unknown.state = domain::UpstreamState::Failed;
                unknown.error = "任务不存在或已过期";
                statuses.push_back(unknown);
            }
        }
        return statuses;
    }

    domain::Result<domain::Lyrics> lyrics(const std::string& prompt) override {
        // Asking again (the web's "generate lyrics" button) gives new lyrics: each call draws its own seed.
        return writeLyrics(prompt, mix64(fnv1a(prompt) + _lyricsCalls.fetch_add(1)), _moderation);
    }

    std::string name() const override { return "local"; }

    domain::GeneratorCapabilities capabilities() const override {
        domain::GeneratorCapabilities out;
        out.rendersSources = true; // it renders a chain again from the stored requests
        out.forgetsJobs = true;    // its jobs live in memory
        return out;
    }

    domain::Result<std::string> midi(const domain::WavRequest& request) override {
        if (request.clipIndex < 0 || request.clipIndex >= clipsOf(request.request)) {
            return domain::upstreamError(domain::UpstreamFailure::Permanent,
                                         std::string(domain::kMidiUnavailableMessage));
        }
        try {
            // A stem song's MIDI is the song's it was split from (every part: the notes are the same).
            const int clip = isStems(request.request.action) ? 0 : request.clipIndex;
            return composeMidi(_config, request.request, clip, _moderation);
        } catch (const ComposerError& e) {
            Poco::Logger::get("gequ.composer").error(std::string("writing a MIDI file failed: ") + e.what());
            return domain::upstreamError(domain::UpstreamFailure::Permanent, e.reason());
        } catch (const std::exception& e) {
            Poco::Logger::get("gequ.composer").error(std::string("writing a MIDI file failed: ") + e.what());
            return domain::upstreamError(domain::UpstreamFailure::Retryable);
        }
    }

    domain::Result<std::string> wav(const domain::WavRequest& request) override {
        if (request.mediaKey.empty() || request.clipIndex < 0 || request.clipIndex >= clipsOf(request.request)) {
            return domain::upstreamError(domain::UpstreamFailure::Permanent,
                                         std::string(domain::kWavUnavailableMessage));
        }
        Poco::Logger& log = Poco::Logger::get("gequ.composer");
        try {
            // The same request, task id and clip index give the same arrangement as the MP3: rendered again,
            // losslessly.
            const std::string wav = composeWav(_config, request.request, request.clipIndex, _moderation);
            const std::string url = _media.put(request.mediaKey, wav, "audio/wav");
            log.information("rendered " + request.mediaKey + " (" + std::to_string(wav.size()) + " bytes)");
            return url;
        } catch (const ComposerError& e) {
            log.error("rendering " + request.mediaKey + " failed: " + e.what());
            return domain::upstreamError(domain::UpstreamFailure::Retryable, e.reason());
        } catch (const std::exception& e) {
            log.error("rendering " + request.mediaKey + " failed: " + e.what());
            return domain::upstreamError(domain::UpstreamFailure::Retryable);
        }
    }

    void setStatusListener(domain::StatusListener listener) override {
        std::lock_guard lock(_listenerMutex); // waits for a call in progress
        _listener = std::move(listener);
    }

private:
    struct Job {
        domain::GenerationRequest request;
        domain::TaskStatus status;
    };

    /// Loads the soundfont (start-up, in the background), so that the first song does not wait for it.
    void preload() {
        Poco::Logger& log = Poco::Logger::get("gequ.composer");
        try {
            const auto started = std::chrono::steady_clock::now();
            SoundFont::shared(_config.soundfont);
            const auto ms =
                std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
            log.information("soundfont " + _config.soundfont + " loaded in " + std::to_string(ms.count()) + " ms");
        } catch (const std::exception& e) {
            log.error(std::string("preloading the soundfont failed: ") + e.what());
        }
    }

    /// Tells the listener the task's current status (outside the job lock).
    void push(const std::string& id) {
        domain::TaskStatus status;
        {
            std::lock_guard lock(_mutex);
            const auto it = _jobs.find(id);
            if (it == _jobs.end()) {
                return;
            }
            status = it->second.status;
        }
        std::lock_guard lock(_listenerMutex);
        if (!_listener) {
            return;
        }
        try {
            _listener(status);
        } catch (const std::exception& e) {
            Poco::Logger::get("gequ.composer").error("the status listener threw: " + std::string(e.what()));
        }
    }

    void work() {
        for (;;) {
            std::string id;
            domain::GenerationRequest request;
            {
                std::unique_lock lock(_mutex);
                _wake.wait(lock, [this] { return _stopping || !_queue.empty(); });
                if (_stopping) {
                    return;
                }
                id = _queue.front();
                _queue.pop_front();
                Job& job = _jobs.at(id);
                job.status.state = domain::UpstreamState::Running;
                job.status.progress = 0;
                job.status.error.clear();
                request = job.request;
            }
            compose(id, request);
        }
    }

    /// Runs one step of a clip; its failure as the Chinese reason the clip fails with, nothing when it worked.
    static std::optional<std::string> attempt(const std::string& clipId, const std::function<void()>& step) {
        Poco::Logger& log = Poco::Logger::get("gequ.composer");
        try {
            step();
            return std::nullopt;
        } catch (const Cancelled&) {
            return "服务正在停止，任务已中断";
        } catch (const ComposerError& e) {
            log.error("composing " + clipId + " failed: " + e.what());
            return e.reason();
        } catch (const std::exception& e) {
            log.error("composing " + clipId + " failed: " + e.what());
            return "本地作曲失败";
        }
    }

    /// Renders the task's clips in order; each clip is encoded, stored and told to the listener on a thread of its
    /// own, and the next clip's render starts once that encode is done (the gate): a render and an encode each use
    /// both cores, so the first song is out one render and one encode after the start, on all the machine has, and
    /// the second one render and one encode later, while the first is being stored.
    void compose(const std::string& id, const domain::GenerationRequest& request) {
        if (isStems(request.action)) {
            composeStemSongs(id, request);
            return;
        }
        const int clips = clipsOf(request);
        // Per clip: not tried yet, failed with a reason, or "" once stored.
        std::vector<std::optional<std::string>> outcomes(static_cast<std::size_t>(clips));
        std::thread delivering;
        std::shared_ptr<Gate> encoded; // opens once the clip being delivered is encoded (null: none is)
        const auto progressOf = [this, &id, clips](int i) {
            return [this, &id, i, clips](double p) {
                update(id, [i, p, clips](Job& job) {
                    job.status.progress = std::max(job.status.progress, (i + p) / clips);
                });
                if (stopping()) {
                    throw Cancelled{};
                }
            };
        };
        for (int i = 0; i < clips; ++i) {
            const auto index = static_cast<std::size_t>(i);
            const std::string clipId = id + "-" + std::to_string(i + 1);
            update(id, [index](Job& job) { job.status.clips[index].state = domain::ClipState::Running; });
            auto rendered = std::make_shared<RenderedClip>();
            const std::optional<std::string> renderError = attempt(clipId, [&] {
                if (request.action != domain::TaskAction::Concat) {
                    *rendered = renderClip(_config, request, i, _moderation, progressOf(i), encoded.get());
                }
            });
            if (delivering.joinable()) {
                delivering.join();
            }
            if (renderError) {
                fail(id, index, *renderError);
                outcomes[index] = *renderError;
                if (stopping()) {
                    break;
                }
                continue;
            }
            encoded = std::make_shared<Gate>();
            auto deliver = [this, &id, &request, &outcomes, &progressOf, i, index, clips, clipId, rendered,
                            gate = encoded] {
                std::string genre;
                double seconds = 0;
                const std::optional<std::string> error = attempt(clipId, [&] {
                    struct OpenAtEnd {
                        Gate& gate;
                        ~OpenAtEnd() { gate.open(); }
                    } openAtEnd{*gate};
                    const ComposedClip clip = request.action == domain::TaskAction::Concat
                                                  ? composeClip(_config, request, i, _moderation, progressOf(i))
                                                  : encodeClip(_config, request, i, *rendered, clamped(progressOf(i)));
                    gate->open();
                    store(id, index, clipId, clip);
                    genre = clip.genre;
                    seconds = clip.seconds;
                });
                outcomes[index] = error.value_or("");
                if (error) {
                    fail(id, index, *error);
                    return;
                }
                Poco::Logger::get("gequ.composer")
                    .information("composed " + clipId + " (" + genre + ", " + std::to_string(seconds) + " s)");
                if (i + 1 < clips) {
                    push(id); // this song is playable now; the last one is told with the task's end
                }
            };
            if (i + 1 < clips) {
                delivering = std::thread(std::move(deliver));
            } else {
                deliver();
            }
        }
        if (delivering.joinable()) {
            delivering.join();
        }
        int succeeded = 0;
        std::string firstError;
        for (const auto& outcome : outcomes) {
            if (outcome && outcome->empty()) {
                ++succeeded;
            } else if (outcome && firstError.empty()) {
                firstError = *outcome;
            }
        }
        finish(id, succeeded, firstError);
        push(id);
    }

    /// A stems task: the song rendered once, part by part; each stem encoded, stored and told as a clip of its own,
    /// in the order of domain::stemParts (vocal, accompaniment; or vocal, drums, bass, other).
    void composeStemSongs(const std::string& id, const domain::GenerationRequest& request) {
        const int clips = clipsOf(request);
        const bool four = request.action == domain::TaskAction::AllStems;
        std::optional<std::string> failure;
        for (int i = 0; i < clips; ++i) {
            update(id,
                   [i](Job& job) { job.status.clips[static_cast<std::size_t>(i)].state = domain::ClipState::Running; });
        }
        PreparedClip prepared;
        RenderedSong song;
        failure = attempt(id, [&] {
            prepared = prepareAny(_config, request, 0, _moderation);
            const std::shared_ptr<SoundFont> font = SoundFont::shared(_config.soundfont);
            RenderOptions options;
            options.cores = renderCoresOf(_config);
            options.progress = [this, &id](double p) {
                update(id, [p](Job& job) { job.status.progress = std::max(job.status.progress, 0.8 * p); });
                if (stopping()) {
                    throw Cancelled{};
                }
            };
            song = renderSong(prepared.song, *font, options, four);
        });
        int succeeded = 0;
        std::string firstError;
        const std::vector<const Audio*> stems =
            four ? std::vector<const Audio*>{&song.vocal, &song.drums, &song.bass, &song.other}
                 : std::vector<const Audio*>{&song.vocal, &song.accompaniment};
        for (int i = 0; i < clips; ++i) {
            const auto index = static_cast<std::size_t>(i);
            const std::string clipId = id + "-" + std::to_string(i + 1);
            std::optional<std::string> error = failure;
            if (!error) {
                error = attempt(clipId, [&] {
                    const GenreProfile& genre = genreProfile(prepared.song.genre);
                    const std::string artist = request.artist.empty() ? _config.defaultArtist : request.artist;
                    ComposedClip clip;
                    clip.title = request.title.empty() ? prepared.title : request.title;
                    clip.mp3 = encodeMp3(*stems[index], {clip.title, artist, std::string(genre.zh)}, 192,
                                         renderCoresOf(_config));
                    clip.svg = drawCover(prepared.title, prepared.song, prepared.seed);
                    clip.style = prepared.song.style;
                    clip.genre = prepared.song.genre;
                    clip.seconds = stems[index]->seconds();
                    if (i == 0) { // the vocal: the words and when they are sung
                        clip.lyric = prepared.song.instrumental ? std::string() : prepared.lyric;
                        clip.timeline = lyricTimeline(prepared.song);
                    }
                    store(id, index, clipId, clip);
                    update(id, [i, clips](Job& job) {
                        job.status.progress = std::max(job.status.progress, 0.8 + 0.2 * (i + 1) / clips);
                    });
                });
            }
            if (error) {
                fail(id, index, *error);
                if (firstError.empty()) {
                    firstError = *error;
                }
            } else {
                ++succeeded;
            }
        }
        finish(id, succeeded, firstError);
        push(id);
    }

    /// Stores a clip's audio and cover and marks it succeeded.
    void store(const std::string& id, std::size_t index, const std::string& clipId, const ComposedClip& clip) {
        std::string audioUrl;
        std::string imageUrl;
        try {
            audioUrl = _media.put(clipId + ".mp3", clip.mp3, "audio/mpeg");
            imageUrl = _media.put(clipId + ".svg", clip.svg, "image/svg+xml");
        } catch (const std::exception& e) {
            throw ComposerError(std::string("storing the clip failed: ") + e.what(), "音频文件保存失败");
        }
        update(id, [&](Job& job) {
            domain::ClipStatus& status = job.status.clips[index];
            status.state = domain::ClipState::Succeeded;
            status.title = clip.title;
            status.audioUrl = audioUrl;
            status.imageUrl = imageUrl;
            status.lyric = clip.lyric;
            status.style = clip.style;
            status.duration = clip.seconds;
            status.timeline = clip.timeline;
        });
    }

    void fail(const std::string& id, std::size_t index, const std::string& error) {
        update(id, [index, &error](Job& job) {
            domain::ClipStatus& status = job.status.clips[index];
            status.state = domain::ClipState::Failed;
            status.error = error;
        });
    }

    void finish(const std::string& id, int succeeded, const std::string& firstError) {
        std::lock_guard lock(_mutex);
        Job& job = _jobs.at(id);
        job.status.progress = 1.0;
        if (succeeded > 0) {
            job.status.state = domain::UpstreamState::Succeeded;
        } else {
            job.status.state = domain::UpstreamState::Failed;
            job.status.error = firstError.empty() ? "本地作曲失败" : firstError;
        }
        _finished.push_back(id);
        while (_finished.size() > kKeptFinished) {
            const auto it = _jobs.find(_finished.front());
            if (it != _jobs.end() && (it->second.status.state == domain::UpstreamState::Succeeded ||
                                      it->second.status.state == domain::UpstreamState::Failed)) {
                _jobs.erase(it);
            }
            _finished.pop_front();
        }
    }

    template <class F> void update(const std::string& id, F&& change) {
        std::lock_guard lock(_mutex);
        change(_jobs.at(id));
    }

    bool stopping() {
        std::lock_guard lock(_mutex);
        return _stopping;
    }

    const ComposerConfig _config;
    domain::MediaStore& _media;
    const domain::Moderation& _moderation;
    std::mutex _mutex;
    std::condition_variable _wake;
    std::deque<std::string> _queue;
    std::map<std::string, Job> _jobs;
    std::deque<std::string> _finished;
    std::uint64_t _counter = 0;
    std::atomic<std::uint64_t> _lyricsCalls{0};
    std::mutex _listenerMutex; ///< held while the listener is called or replaced
    domain::StatusListener _listener;
    bool _stopping = false;
    std::vector<std::thread> _threads;
};

} // namespace

std::unique_ptr<domain::SongGenerator> makeComposer(const ComposerConfig& config, domain::MediaStore& media,
                                                    const domain::Moderation& moderation) {
    return std::make_unique<LocalComposer>(config, media, moderation);
}

} // namespace gequ::composer
