#include "gequ/domain/model/create_request.h"

#include "gequ/domain/model/genres.h"
#include "gequ/domain/model/text.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace gequ::domain {

namespace {

constexpr std::string_view kFullWidthComma = "\xEF\xBC\x8C"; // ，

/// The limits of one free-text field.
struct TextRule {
    std::string_view label; ///< the field's Chinese name in messages
    std::size_t maxChars;
    std::string_view missing; ///< the message when it is required and empty
    bool allowLineBreaks;
};

constexpr TextRule kPromptRule{rules::kLabelsPrompt, kMaxPromptChars, rules::kMessagesPromptMissing, true};
constexpr TextRule kTitleRule{rules::kLabelsTitle, kMaxTitleChars, rules::kMessagesTitleMissing, false};
constexpr TextRule kLyricRule{rules::kLabelsLyric, kMaxLyricChars, rules::kMessagesLyricMissing, true};

std::optional<DomainError> checkEncoding(const std::string& text, std::string_view label, bool allowLineBreaks) {
    if (!isValidUtf8(text)) {
        return invalid(std::string(label) + "包含无效的字符编码");
    }
    if (hasControlChars(text, allowLineBreaks)) {
        return invalid(std::string(label) + "包含不支持的控制字符");
    }
    if (hasHiddenFormatChars(text)) {
        return invalid(std::string(label) + "包含不可见的格式字符");
    }
    return std::nullopt;
}

std::optional<DomainError> checkText(const std::string& text, const TextRule& rule, bool required) {
    if (auto error = checkEncoding(text, rule.label, rule.allowLineBreaks)) {
        return error;
    }
    if (text.empty() && required) {
        return invalid(std::string(rule.missing));
    }
    if (codePointCount(text) > rule.maxChars) {
        return invalid(tooLongMessage(rule.label, rule.maxChars));
    }
    return std::nullopt;
}

/// The gender tag first, then the user's tags that differ from it.
std::vector<std::string> withGender(const std::string& gender, std::vector<std::string> userTags) {
    std::vector<std::string> tags;
    if (!gender.empty()) {
        tags.push_back(gender);
    }
    for (std::string& tag : userTags) {
        if (gender.empty() || !equalsIgnoreCase(tag, gender)) {
            tags.push_back(std::move(tag));
        }
    }
    return tags;
}

std::string joinTags(const std::vector<std::string>& tags) {
    std::string joined;
    for (const std::string& tag : tags) {
        joined += joined.empty() ? "" : ",";
        joined += tag;
    }
    return joined;
}

} // namespace

std::span<const std::string_view> supportedModels() {
    return rules::kModelsId;
}

bool isSupportedModel(std::string_view model) {
    return std::find(std::begin(rules::kModelsId), std::end(rules::kModelsId), model) != std::end(rules::kModelsId);
}

std::vector<std::string> userStyleTags(std::string_view raw) {
    std::string text(raw);
    for (std::size_t at; (at = text.find(kFullWidthComma)) != std::string::npos;) {
        text.replace(at, kFullWidthComma.size(), ",");
    }
    std::vector<std::string> tags;
    std::string_view rest = text;
    while (!rest.empty()) {
        std::size_t comma = rest.find(',');
        std::string item = trim(rest.substr(0, comma));
        rest.remove_prefix(comma == std::string_view::npos ? rest.size() : comma + 1);
        if (item.empty()) {
            continue;
        }
        std::string tag = genreEnglish(item).value_or(item);
        if (std::none_of(tags.begin(), tags.end(),
                         [&](const std::string& seen) { return equalsIgnoreCase(seen, tag); })) {
            tags.push_back(std::move(tag));
        }
    }
    return tags;
}

std::string genderTag(std::string_view gender) {
    if (equalsIgnoreCase(gender, "male")) {
        return std::string(rules::kGenderTagsMale);
    }
    return std::string(equalsIgnoreCase(gender, "female") ? rules::kGenderTagsFemale : "");
}

std::vector<std::string> styleTags(std::string_view raw, std::string_view gender) {
    return withGender(genderTag(gender), userStyleTags(raw));
}

std::string normalizeStyle(std::string_view raw, std::string_view gender) {
    return joinTags(styleTags(raw, gender));
}

namespace {

/// 换个风格: the song (audio_id), the new style (required: the genre picker's tags and the gender), an optional new
/// title, the model; the lyrics and melody come from the song (CreateService).
Result<NormalizedCreate> validateCover(const CreateRequest& request, NormalizedCreate out) {
    out.audioId = trim(request.audioId);
    if (out.audioId.empty()) {
        return invalid(std::string(kCoverSourceMissingMessage));
    }
    out.custom = true;
    out.mode = CreateMode::Custom;
    out.title = trim(request.title);
    if (auto error = checkText(out.title, kTitleRule, false)) {
        return *error;
    }
    std::string gender = toLowerAscii(trim(request.gender));
    if (!gender.empty() && gender != "random" && gender != "male" && gender != "female") {
        return invalid("不支持的人声性别");
    }
    out.gender = gender == "random" ? "" : gender;
    const std::string style = trim(request.style);
    if (auto error = checkEncoding(style, "风格", false)) {
        return *error;
    }
    std::vector<std::string> userTags = userStyleTags(style);
    if (userTags.empty()) {
        return invalid(std::string(kCoverStyleMissingMessage));
    }
    if (userTags.size() > kMaxStyleTags) {
        return invalid(std::string(rules::kMessagesStyleTagLimit));
    }
    out.tags = withGender(genderTag(out.gender), std::move(userTags));
    out.style = joinTags(out.tags);
    if (codePointCount(out.style) > kMaxStyleChars) {
        return invalid(tooLongMessage(rules::kLabelsStyle, kMaxStyleChars));
    }
    out.model = trim(request.model).empty() ? std::string(kDefaultModel) : trim(request.model);
    if (!isSupportedModel(out.model)) {
        return invalid("不支持的模型");
    }
    return out;
}

} // namespace

Result<NormalizedCreate> validateCreate(const CreateRequest& request) {
    NormalizedCreate out;
    const std::string action = trim(request.action);
    const auto parsed = action.empty() ? std::optional(TaskAction::Generate) : parseTaskAction(action);
    if (!parsed) {
        return invalid("不支持的操作");
    }
    out.action = *parsed;
    if (out.action == TaskAction::Concat || isStems(out.action)) {
        // 合成完整歌曲 and 分离音轨: only the song; title, style and lyrics come from it (CreateService).
        out.audioId = trim(request.audioId);
        if (out.audioId.empty()) {
            return invalid(std::string(out.action == TaskAction::Concat ? kConcatSourceMissingMessage
                                                                        : kStemsSourceMissingMessage));
        }
        out.custom = true;
        out.mode = CreateMode::Custom;
        out.model = trim(request.model).empty() ? std::string(kDefaultModel) : trim(request.model);
        if (!isSupportedModel(out.model)) {
            return invalid("不支持的模型");
        }
        return out;
    }

    if (out.action == TaskAction::Cover) {
        return validateCover(request, std::move(out));
    }

    out.custom = request.custom;
    out.instrumental = request.instrumental;
    out.title = trim(request.title);
    if (auto error = checkText(out.title, kTitleRule, out.custom)) {
        return *error;
    }

    std::string gender = toLowerAscii(trim(request.gender));
    if (!gender.empty() && gender != "random" && gender != "male" && gender != "female") {
        return invalid("不支持的人声性别");
    }
    out.gender = gender == "random" ? "" : gender;

    if (!out.custom) {
        out.mode = CreateMode::Inspiration;
        out.prompt = trim(request.prompt);
        if (auto error = checkText(out.prompt, kPromptRule, true)) {
            return *error;
        }
    } else {
        std::string style = trim(request.style);
        if (auto error = checkEncoding(style, "风格", false)) {
            return *error;
        }
        std::vector<std::string> userTags = userStyleTags(style);
        if (userTags.size() > kMaxStyleTags) {
            return invalid(std::string(rules::kMessagesStyleTagLimit));
        }
        out.tags = withGender(genderTag(out.gender), std::move(userTags));
        out.style = joinTags(out.tags);
        if (codePointCount(out.style) > kMaxStyleChars) {
            return invalid(tooLongMessage(rules::kLabelsStyle, kMaxStyleChars));
        }
        out.mode = out.tags.empty() ? CreateMode::Lyrics : CreateMode::Custom;
        out.lyric = trim(normalizeLineBreaks(request.lyric));
        bool lyricRequired = !out.instrumental || out.mode == CreateMode::Lyrics;
        if (auto error = checkText(out.lyric, kLyricRule, lyricRequired)) {
            return *error;
        }
    }

    out.model = trim(request.model);
    if (out.model.empty()) {
        out.model = kDefaultModel;
    }
    if (!isSupportedModel(out.model)) {
        return invalid("不支持的模型");
    }

    if (out.action == TaskAction::Extend) {
        out.audioId = trim(request.audioId);
        if (out.audioId.empty()) {
            return invalid("请选择要续写的歌曲");
        }
        if (!std::isfinite(request.continueAt) || request.continueAt <= 0) {
            return invalid("续写起点必须大于0秒");
        }
        out.continueAt = request.continueAt;
    }
    return out;
}

std::string provisionalTitle(const NormalizedCreate& request) {
    if (!request.title.empty()) {
        return request.title;
    }
    // The first clause: everything before the first ASCII or full-width punctuation mark or line break.
    static constexpr std::string_view kStops[] = {"，", "。", "！", "？", "、", "；", "：", "…",
                                                  "\n", ",",  ".",  "!",  "?",  ";",  ":",  "\t"};
    std::string_view text = request.prompt;
    std::size_t end = text.size();
    for (std::string_view stop : kStops) {
        end = std::min(end, text.find(stop));
    }
    std::string clause = trim(text.substr(0, end));
    if (codePointCount(clause) > kPromptTitleChars) {
        // Cut after kPromptTitleChars code points; back to the last space when there is one (Latin words stay whole).
        const std::size_t cut = firstCodePoints(clause, kPromptTitleChars).size();
        const std::size_t space = clause.rfind(' ', cut);
        clause = trim(std::string_view(clause).substr(0, space != std::string::npos && space > 0 ? space : cut));
    }
    return clause.empty() ? std::string(kInspirationTitle) : clause;
}

} // namespace gequ::domain
