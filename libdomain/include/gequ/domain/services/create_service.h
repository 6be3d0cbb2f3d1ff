#pragma once

// Creating songs (docs/product.md, "Creating a song", "Points", "Plans and membership"):
// a request is validated, moderated, checked against the concurrency limit of the user's level and charged; the
// charge, the task and its two songs are written in one unit of work. The generation worker takes it from there.

#include "gequ/domain/model/create_request.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/result.h"
#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/id_generator.h"
#include "gequ/domain/ports/moderation.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

inline constexpr std::string_view kConcurrencyMessage = "当前并发任务已达上限，请等待作品生成完成";
inline constexpr std::string_view kInsufficientPointsMessage = "积分不足，请充值或开通会员";
inline constexpr std::string_view kExtendSourceMessage = "只能续写自己已完成的作品";
inline constexpr std::string_view kConcatSourceMessage = "只能合成自己已完成的作品";
inline constexpr std::string_view kConcatNotExtensionMessage = "只有续写的作品可以合成完整歌曲";
inline constexpr std::string_view kExtendStudioSourceMessage = "换风格和分离音轨的作品暂不支持续写";
inline constexpr std::string_view kStudioSourceNotFoundMessage = "歌曲不存在";
inline constexpr std::string_view kStemsNotYourSongMessage = "只能分离自己作品的音轨";
inline constexpr std::string_view kStemsOfStemMessage = "音轨不能再次分离";
inline constexpr std::string_view kStemsOfJoinMessage = "合成的完整歌曲暂不支持分离音轨";
inline constexpr std::string_view kCoverSourceMessage = "只能为新创作的歌曲换风格";
inline constexpr std::string_view kAllStemsUnavailableMessage = "当前服务暂不支持四轨分离";

/// What 分离音轨 costs: two stems (everyone), four stems (members); shared with the web app (rules.json).
inline constexpr std::int64_t kStemsCost = rules::kCreateStemsCost;
inline constexpr std::int64_t kAllStemsCost = rules::kCreateAllStemsCost;

struct CreateSettings {
    std::int64_t cost = kCreateCost; ///< points.create_cost
    std::string provider = "local";  ///< upstream.provider, recorded on the task
    bool allStems = true;            ///< the provider makes four stems (GeneratorCapabilities::allStems)
};

/// What a successful create made.
struct CreatedTask {
    std::string taskId;
    std::vector<std::string> songIds; ///< by clip index
    std::int64_t cost = 0;            ///< points charged
    std::string title;                ///< the songs' title until upstream names them
};

class CreateService {
public:
    CreateService(Store& store, const Clock& clock, IdGenerator& ids, const Moderation& moderation,
                  CreateSettings settings);

    /// Validates (validateCreate; an extend needs audio_id to be one of the user's finished songs and
    /// 0 < continue_at < its duration: 4000 只能续写自己已完成的作品 / 续写起点必须小于歌曲时长), moderates the prompt,
    /// title, style and lyrics (4220 歌名包含敏感内容，无法生成歌词), then in one unit of work: refuses when the user
    /// already has concurrencyLimit(effective level) tasks queued, submitted or running (4290
    /// 当前并发任务已达上限，请等待作品生成完成), charges the cost (ref task:<id>:charge, remark 创作歌曲《title》;
    /// 4020 积分不足，请充值或开通会员), and inserts the queued task (channel by level, the request as
    /// encodeTaskRequest) and its two generating, private songs. Nothing is written when anything is refused.
    /// The onCreated hook runs after the commit.
    /// A concat (合成完整歌曲) joins one of the user's finished extensions with the songs it continues: 4000
    /// 只能合成自己已完成的作品 for anything else of the user's or another's, 只有续写的作品可以合成完整歌曲 for a song
    /// that is not an extension; the same concurrency limit; free (nothing charged, nothing to refund); one song
    /// (origin concat, source_id the extension) with the extension's title and style and the chain's lyrics. One join
    /// per extension: while an earlier join of it is neither failed nor deleted, a concat answers that join's task and
    /// song again and writes nothing.
    /// 分离音轨 (stems: 人声, 伴奏; all_stems: 人声, 鼓, 贝斯, 其他) and 换个风格 (cover): studio() below.
    Result<CreatedTask> create(const std::string& userId, const CreateRequest& request);

    /// Runs after every successful create (the composition root wakes the generation workers). Set before use.
    void setOnCreated(std::function<void()> hook) { _onCreated = std::move(hook); }

    /// 任务提交成功，扣除积分：<cost>
    static std::string successMessage(std::int64_t cost);

    const CreateSettings& settings() const { return _settings; }

private:
    /// The stems, all_stems and cover paths of create (docs/product.md, "Studio"). The song (audio_id): 4040 歌曲不存在
    /// when unknown, deleted, hidden or another person's private song; 4090 while generating or failed. Stems: the
    /// caller's own song only (4030 只能分离自己作品的音轨), not a stem (音轨不能再次分离) nor a joined song
    /// (合成的完整歌曲暂不支持分离音轨); all_stems for members only (4030, rules.json allStemsMembersOnly); one song
    /// per part (origin the action, source_id the song, title 《title》part, the lyric on the vocal), charged
    /// kStemsCost or kAllStemsCost. Cover: a newly created song (origin generate) of the caller's or a public one (4000
    /// 只能为新创作的歌曲换风格); its title and style moderated; two songs with the new style and the song's lyric,
    /// titled as asked or as the song; charged like a create. Then as create: concurrency, charge, task, songs, one
    /// unit of work; refunded once by the worker when the task fails.
    Result<CreatedTask> studio(const std::string& userId, const NormalizedCreate& create);
    /// The concat path of create.
    Result<CreatedTask> join(const std::string& userId, const NormalizedCreate& create);
    /// A task about to be written: a new task id, `songs` new song ids, its cost and provisional title.
    CreatedTask newTask(std::string title, std::int64_t cost, std::size_t songs);

    Store& _store;
    const Clock& _clock;
    IdGenerator& _ids;
    const Moderation& _moderation;
    CreateSettings _settings;
    std::function<void()> _onCreated;
};

} // namespace gequ::domain
