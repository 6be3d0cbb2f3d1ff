#pragma once

// The signed-in user's works (docs/api.md, "Creating and managing works"): the list and its counts, deleting, the
// public/private switch, downloading (MP3, and WAV for members), and AI lyrics for the create page.

#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/media_fetcher.h"
#include "gequ/domain/ports/media_store.h"
#include "gequ/domain/ports/moderation.h"
#include "gequ/domain/ports/song_generator.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

inline constexpr int kWorksPageSize = 20;
inline constexpr std::string_view kSongNotFoundMessage = "歌曲不存在";
inline constexpr std::string_view kNotYourSongMessage = "无权操作该作品";
/// What a failed song shows when its task recorded no reason.
inline constexpr std::string_view kGenerationFailedMessage = "生成失败";

/// One of the user's songs as their works list shows it.
struct WorkItem {
    Song song;
    bool liked = false;
    std::optional<std::string> error; ///< the failure text of a failed song; nullopt otherwise
};

/// What GET /music/download serves.
struct SongDownload {
    std::string title;
    /// The stored file's media key ("<name>.mp3" under /media/) when the audio is ours; empty when only the upstream
    /// URL exists (not re-hosted yet).
    std::string mediaKey;
    std::string url; ///< the audio URL (ours or upstream's)
};

/// What GET /music/lrc serves.
struct LrcFile {
    std::string title; ///< the song's title (the file is named after it)
    std::string text;  ///< the LRC file (model/timeline.h, lrcOf)
};

/// What GET /music/download?format=midi serves.
struct MidiDownload {
    std::string title; ///< the song's title (the file is named after it)
    std::string bytes; ///< the Standard MIDI File
};

/// One file of a song's stems archive (GET /music/download?format=stems).
struct StemFile {
    std::string name; ///< the stem's title with its extension, 《海浪》人声.mp3 (a repeated name gets " (2)", …)
    std::string bytes; ///< the MP3 or WAV
};

/// The answers of WorksService::stems when the song has no finished stems of the viewer's.
inline constexpr std::string_view kNoStemsMessage = "该作品还没有分离好的音轨，请先分离音轨";
inline constexpr std::string_view kStemsGeneratingMessage = "音轨正在分离中，请稍候";
/// A finished stem whose file is not ours (yet) or cannot be read.
inline constexpr std::string_view kStemFileMissingMessage = "音轨文件暂不可用，请稍后再试";

/// The answer for a song without synced lyrics (yet).
inline constexpr std::string_view kNoTimelineMessage = "该作品暂无同步歌词";

class WorksService {
public:
    /// `media` (where WAV copies are kept) and `fetcher` (how a provider's WAV is copied there; null when the
    /// provider stores its own) serve downloadWav; without `media` every WAV download answers 4090.
    WorksService(Store& store, const Clock& clock, SongGenerator& generator, const Moderation& moderation,
                 MediaStore* media = nullptr, MediaFetcher* fetcher = nullptr);

    /// The user's songs that are not deleted, newest first; 4000 for a page outside 1..50 rows.
    Result<std::vector<WorkItem>> list(const std::string& userId, Page page);
    /// How many songs the user has (not deleted).
    std::int64_t count(const std::string& userId);
    /// How many of the user's songs are still generating.
    std::int64_t generatingCount(const std::string& userId);
    /// Deletes one of the user's songs (soft: hidden everywhere). 4040 歌曲不存在 for an unknown or deleted song,
    /// 4030 无权操作该作品 for another user's, 4090 音乐正在生成中，请稍候 while generating.
    Status remove(const std::string& userId, const std::string& songId);
    /// Makes one of the user's songs public or private; the state afterwards. 4040 / 4030 as remove; 4090 while
    /// generating or (生成失败的作品无法切换公开状态) when failed.
    Result<bool> setOpen(const std::string& userId, const std::string& songId, bool open);
    /// The file to download: a public finished song, or the viewer's own. 4040 歌曲不存在 for an unknown, deleted or
    /// hidden song and for another user's private one; 4090 while generating (音乐正在生成中，请稍候) or failed.
    Result<SongDownload> download(const std::optional<std::string>& viewerId, const std::string& songId);
    /// The lossless WAV of a song (docs/product.md, members' benefits): the same access as download, then 4010 请先登录
    /// for a visitor and 4030 (rules.json wavMembersOnly) below membership level 1. The first request makes it: the
    /// provider that made the song renders it (the composer, from the same arrangement) or hands its file over (AceData
    /// /suno/wav, copied with the fetcher); it is kept as "<song id>.wav" in the media store for every later one. A
    /// provider failure answers its class (5020 busy, 4090 该作品暂不支持无损下载 when the song's provider is not the
    /// configured one) and changes nothing.
    Result<SongDownload> downloadWav(const std::optional<std::string>& viewerId, const std::string& songId);
    /// The MIDI file of a song (docs/product.md, members' benefits): the same access as download, then 4010 请先登录
    /// for a visitor and 4030 (rules.json midiMembersOnly) below membership level 1. The provider that made the song
    /// writes it each time (the composer from the arrangement, in milliseconds; AceData /suno/midi); 4090
    /// 该作品暂不支持导出 MIDI when it cannot, 5020 when it failed this time. Nothing is charged or kept.
    Result<MidiDownload> downloadMidi(const std::optional<std::string>& viewerId, const std::string& songId);
    /// Every finished stem the viewer split from the song (origin stems or all_stems, not deleted), oldest first, each
    /// handed to `each` in turn; the song's title. The same access to the song as download, then 4010 请先登录 for a
    /// visitor; with `wav` each stem's WAV as downloadWav makes it (4030 wavMembersOnly below level 1), else its MP3.
    /// 4090 kStemsGeneratingMessage while the viewer's stems of it are all still generating, 4090 kNoStemsMessage when
    /// there are none, 4090 kStemFileMissingMessage when a stem's file is not ours yet. Nothing is charged or kept.
    Result<std::string> stems(const std::optional<std::string>& viewerId, const std::string& songId, bool wav,
                              const std::function<void(const StemFile&)>& each);
    /// The synced lyrics of a song as an LRC file: the same access as download, then 4040 该作品暂无同步歌词 when the
    /// song has no timeline (an instrumental, or upstream's is not in yet).
    Result<LrcFile> lrc(const std::optional<std::string>& viewerId, const std::string& songId);
    /// AI lyrics for a song name. 4000 请先输入歌曲名称 when empty (歌曲名称不能超过50个字符 when too long); 4220
    /// 歌名包含敏感内容，无法生成歌词 when our moderation refuses it (upstream is not asked); 4220 内容未通过安全审核
    /// when upstream refuses; 5020 AI 服务繁忙，请稍后再试 for any other upstream failure.
    Result<Lyrics> lyrics(const std::string& prompt);

private:
    /// A finished song the viewer may download and, as a member, copy losslessly (downloadWav, downloadMidi): the
    /// download's errors, 4010 for a visitor, 4030 `membersOnly` below level 1.
    Result<Song> memberCopyOf(const std::optional<std::string>& viewerId, const std::string& songId,
                              std::string_view membersOnly);
    /// What the song's provider needs to make a copy of it: the stored request, clip index, and the chain (a provider
    /// that renders sources) or its own clip id; nullopt when it cannot (`error` set when that is a passing failure).
    std::optional<WavRequest> renderRequestOf(const Song& song, std::string_view gone,
                                              std::optional<DomainError>& error);

    Store& _store;
    const Clock& _clock;
    SongGenerator& _generator;
    const Moderation& _moderation;
    MediaStore* _media;
    MediaFetcher* _fetcher;
};

/// The provider's clip id of one of our songs (an extend's or a WAV's audio_id), asked of the provider through the
/// song's task: the poll's error when that fails (retry later), Permanent `gone` when the provider no longer has it.
Result<std::string> upstreamClipIdOf(Store& store, SongGenerator& generator, const std::string& songId,
                                     std::string_view gone);

/// The media key of one of our media URLs ("/media/<key>"), or empty for any other URL.
std::string mediaKeyOf(std::string_view url);

} // namespace gequ::domain
