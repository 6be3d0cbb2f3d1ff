#pragma once

// The offline composer: the SongGenerator port implemented on this machine (upstream.provider = local). It writes an
// arrangement, renders it with FluidSynth and a General MIDI soundfont, encodes MP3 with LAME, draws an SVG cover
// and stores both through the MediaStore port.

#include "gequ/domain/ports/media_store.h"
#include "gequ/domain/ports/moderation.h"
#include "gequ/domain/ports/song_generator.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace gequ::composer {

inline constexpr std::string_view kDefaultSoundFont = "/usr/share/sounds/sf2/FluidR3_GM.sf2";

struct ComposerConfig {
    std::string soundfont = std::string(kDefaultSoundFont); ///< composer.soundfont
    int workers = 1;                                        ///< composer.workers: tasks rendered at once
    int renderCores = 0;     ///< composer.render_cores: 1 or 2 threads per clip's render and encode (0: 2 on 2 cores)
    double clipSeconds = 90; ///< composer.clip_seconds
    double longClipSeconds = 150;         ///< for chirp-v4-5, chirp-v4-5-plus and later models
    std::string defaultArtist = "歌曲AI"; ///< ID3 artist when the request names none
    bool preload = true;                  ///< makeComposer starts loading the soundfont in the background at once
};

/// The clip length for a model: longClipSeconds for chirp-v4-5 and later (v4-5-plus, v5, ...), else clipSeconds.
double clipSecondsFor(const ComposerConfig& config, std::string_view model);

/// One finished clip.
struct ComposedClip {
    std::string title;
    std::string lyric; ///< the lyrics sung ("" when instrumental)
    std::string style; ///< the style played, e.g. "pop,female vocal,upbeat"
    std::string genre; ///< the genre table key
    double seconds = 0;
    std::string mp3;              ///< 44.1 kHz stereo, 192 kbps CBR, ID3v2 title/artist/genre, LAME info frame
    std::string svg;              ///< the cover
    domain::Timeline timeline;    ///< when each line and word is sung (lyricTimeline; empty when instrumental)
    std::string vocalWav;         ///< with stems: the vocal bus alone, a 44.1 kHz stereo 16-bit WAV (silent when
                                  ///< instrumental)
    std::string accompanimentWav; ///< with stems: everything else; the two add up to the mix
    double vocalSeconds = 0;      ///< the singer's own CPU time for this clip (0 when nothing is sung)
};

/// Reports progress from 0 to 1.
using ProgressFn = std::function<void(double)>;

/// Composes, renders and encodes clip `clipIndex` (0 or 1) of a request, synchronously. The same request, task id
/// and clip index give the same song. Inspiration mode (custom = false) writes lyrics from the prompt unless
/// instrumental, never with text `moderation` refuses. The soundfont is loaded once per process and shared. Throws
/// ComposerError when the soundfont cannot be loaded or rendering or encoding fails. With `stems` the clip also
/// carries its vocal and accompaniment as WAVs (not for a joined song).
ComposedClip composeClip(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                         const domain::Moderation& moderation, const ProgressFn& progress = {}, bool stems = false);

/// The same clip as composeClip (same request, task id and clip index: same arrangement) rendered again as a 44.1 kHz
/// stereo 16-bit PCM WAV file (the members' lossless download). Throws ComposerError as composeClip does.
std::string composeWav(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                       const domain::Moderation& moderation);

/// One stem of a clip.
struct ClipStem {
    std::string part; ///< "vocal", "accompaniment", "drums", "bass" or "other"
    std::string wav;  ///< 44.1 kHz stereo 16-bit PCM WAV, as long as the clip
};

/// The stems of the same clip as composeClip (same arrangement), rendered again: two (vocal, accompaniment) or, with
/// `four`, four (vocal, drums, bass, other); sample by sample they add up to the clip's mix (docs/generation.md,
/// "Stems, MIDI and covers"). The vocal stem is silence for an instrumental. Not for a joined song (ComposerError,
/// 合成的完整歌曲暂不支持分离音轨). Throws ComposerError as composeClip does.
std::vector<ClipStem> composeStems(const ComposerConfig& config, const domain::GenerationRequest& request,
                                   int clipIndex, const domain::Moderation& moderation, bool four);

/// The same clip's arrangement as a Standard MIDI File (format 1, 480 ticks a beat: a conductor track with the title,
/// tempo, meter and key, then a track per part, the vocal track with the lyric's syllables as lyric events). No
/// rendering; not for a joined song (ComposerError, 合成的完整歌曲暂不支持导出 MIDI).
std::string composeMidi(const ComposerConfig& config, const domain::GenerationRequest& request, int clipIndex,
                        const domain::Moderation& moderation);

/// Loads the soundfont into the process-wide cache now (the first render would otherwise); throws ComposerError.
void preloadSoundFont(const std::string& path);

/// The offline composer as a SongGenerator named "local": submit queues the task and returns its id at once;
/// `config.workers` threads render queued tasks in order; poll reports Queued, Running (with progress) and then
/// Succeeded with both clips (audio and cover stored in `media`) or Failed with a Chinese reason. The status
/// listener (setStatusListener) is told the task's status as soon as each clip is stored (or fails) and when the
/// task ends, so a worker need not wait for its next poll. With `config.preload`, the first composer thread loads
/// the soundfont before it takes a job (a failure there is logged; the first render reports it again). lyrics() writes
/// lyrics with writeLyrics (new ones on each call) and refuses (4220, 歌名包含敏感内容，无法生成歌词) a prompt that
/// `moderation` refuses. wav() renders a clip again as WAV (composeWav, on the caller's thread, about as long as the
/// clip took) and stores it under the request's media key.
/// `media` and `moderation` must outlive the composer; destroying it finishes the clips being rendered and drops
/// the queue.
std::unique_ptr<domain::SongGenerator> makeComposer(const ComposerConfig& config, domain::MediaStore& media,
                                                    const domain::Moderation& moderation);

} // namespace gequ::composer
