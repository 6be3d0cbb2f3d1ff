#pragma once

// Validation and normalisation of a create request (docs/product.md, "Creating a song").
// Shape only: whether an extend's audio_id is a finished song of the caller's is the service's check.

#include "gequ/domain/model/entities.h"
#include "gequ/domain/model/result.h"

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::domain {

// The limits and the model list are shared with the web app: libdomain/data/rules.json.
inline constexpr std::size_t kMaxPromptChars = rules::kLimitsPromptChars;
inline constexpr std::size_t kMaxTitleChars = rules::kLimitsTitleChars;
inline constexpr std::size_t kMaxLyricChars = rules::kLimitsLyricChars;
inline constexpr std::size_t kMaxStyleChars = rules::kLimitsStyleChars;
/// The limit on the user's own style tags (picker chips and free-text items); the gender tag is not counted.
inline constexpr std::size_t kMaxStyleTags = rules::kLimitsStyleTags;
inline constexpr std::string_view kDefaultModel = rules::kModelsId[0];

/// The models upstream accepts (rules.json's models), the default first.
std::span<const std::string_view> supportedModels();
bool isSupportedModel(std::string_view model);

/// The create request as the client sends it (docs/api.md, with `gender`).
struct CreateRequest {
    std::string action;  ///< a TaskAction's name ("generate" also when empty)
    std::string prompt;  ///< the description, inspiration mode
    std::string model;   ///< empty: kDefaultModel
    std::string lyric;   ///< custom mode
    bool custom = false; ///< false: inspiration mode
    bool instrumental = false;
    std::string title;
    std::string style;     ///< comma separated; Chinese labels and full-width commas allowed
    std::string audioId;   ///< extend: the song to continue
    double continueAt = 0; ///< extend: seconds into that song
    std::string gender;    ///< "", "random", "male" or "female"
};

/// The create modes of the web (docs/product.md): tab 1, the tab-less mode 2, tab 3.
enum class CreateMode : int {
    Inspiration = 1, ///< custom = false: the description alone
    Lyrics = 2,      ///< custom = true with no style (neither style tags nor a gender): title and lyrics
    Custom = 3,      ///< custom = true with a style
};

/// A valid request, trimmed and normalised: what is stored and sent upstream.
struct NormalizedCreate {
    TaskAction action = TaskAction::Generate;
    CreateMode mode = CreateMode::Inspiration;
    std::string prompt; ///< inspiration mode only, else empty
    std::string model;
    std::string lyric; ///< custom modes only; line breaks normalised to \n
    bool custom = false;
    bool instrumental = false;
    std::string title;
    std::vector<std::string> tags; ///< custom modes only: the normalised style items, the gender tag first
    std::string style;             ///< the tags joined with ","
    std::string gender;            ///< "", "male" or "female" ("random" becomes "")
    std::string audioId;           ///< the song an extend, concat, cover or stems request is made from
    double continueAt = 0;         ///< extend only
};

/// Checks and normalises a request. Inspiration mode needs the prompt; the custom modes need the title and, unless
/// instrumental with a style, the lyrics (mode 2 always needs them). A title is checked whenever one is given. Every
/// failure is InvalidInput (4000) with the message of docs/product.md:
/// 请先输入歌词描述, 歌词描述不能超过200个字符, 请输入歌曲名称, 歌曲名称不能超过50个字符, 请输入歌词,
/// 歌词不能超过2000个字符, 标签选择已达上限, 风格总长度不能超过120个字符, 不支持的模型, 不支持的操作; or a sentence
/// naming the field for invalid UTF-8, control characters (lyrics and descriptions may hold newlines and tabs), an
/// unknown gender, or an extend without its song or start. A concat (合成完整歌曲) needs only audio_id
/// (请选择要合成的歌曲) and a supported model; its other fields are ignored; so do stems and all_stems
/// (请选择要分离音轨的歌曲). A cover (换个风格) needs audio_id (请选择要换风格的歌曲) and a style of at least one tag
/// besides the gender (请选择新的风格), under the style rules of a create; a title is optional; prompt and lyrics are
/// ignored.
Result<NormalizedCreate> validateCreate(const CreateRequest& request);

/// A concat without the extension to join.
inline constexpr std::string_view kConcatSourceMissingMessage = "请选择要合成的歌曲";
/// A stems or all_stems request without the song to separate.
inline constexpr std::string_view kStemsSourceMissingMessage = "请选择要分离音轨的歌曲";
/// A cover without the song, or without the new style.
inline constexpr std::string_view kCoverSourceMissingMessage = "请选择要换风格的歌曲";
inline constexpr std::string_view kCoverStyleMissingMessage = "请选择新的风格";

/// The user's style items: full-width commas (，) read as commas; items trimmed; empty items dropped (so a trailing
/// comma too); Chinese genre labels mapped to English style names; duplicates (ignoring ASCII case) dropped, the
/// first kept. The gender tag is not included.
std::vector<std::string> userStyleTags(std::string_view raw);
/// The tag for a gender (ignoring ASCII case): "male vocal", "female vocal", or empty for anything else ("random"
/// adds nothing).
std::string genderTag(std::string_view gender);
/// userStyleTags(raw) with genderTag(gender) in front; a user item equal to it (ignoring case) is dropped.
std::vector<std::string> styleTags(std::string_view raw, std::string_view gender);
/// styleTags(raw, gender) joined with "," (no spaces): the style string sent upstream and limited to 120 characters.
std::string normalizeStyle(std::string_view raw, std::string_view gender);

/// The title of an inspiration-mode work whose description yields none.
inline constexpr std::string_view kInspirationTitle = "灵感创作";
/// The longest title taken from a description.
inline constexpr std::size_t kPromptTitleChars = 12;
/// The title a request's songs carry until upstream names them (and the one in the charge's remark): the given title;
/// in inspiration mode without one, the description's first clause (up to the first punctuation mark or line break),
/// cut to 12 characters (at a space when the clause has spaces), or 灵感创作 when that is empty.
std::string provisionalTitle(const NormalizedCreate& request);

} // namespace gequ::domain
