#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace gequ::domain {

/// Our own moderation's refusal (docs/product.md): used for lyric generation (by every SongGenerator that checks a
/// prompt itself) and, so that the web recognises it the same way, for create requests too.
inline constexpr std::string_view kOwnModerationMessage = "歌名包含敏感内容，无法生成歌词";

/// Decides whether user text may be charged for and sent upstream.
class Moderation {
public:
    virtual ~Moderation() = default;
    /// The refused term found in text, or nullopt when the text may pass.
    virtual std::optional<std::string> findRefused(const std::string& text) const = 0;
};

} // namespace gequ::domain
