#pragma once

// What a generation task keeps in its request_json column: the normalised request sent upstream and the points it
// was charged, so the worker can submit it (again, after a restart) and refund exactly what was taken. A small
// std-only JSON codec for that one flat object.

#include "gequ/domain/ports/song_generator.h"
#include "gequ/domain/ports/store.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gequ::domain {

/// The stored form of a task's request.
struct TaskRequest {
    GenerationRequest request;
    std::int64_t charge = 0; ///< points taken when the task was created (0: nothing to refund)
};

/// The request as one compact JSON object: {"taskId", "action", "prompt", "model", "lyric", "custom",
/// "instrumental", "title", "style", "audioId", "continueAt", "gender", "artist", "charge"}. Strings are escaped as
/// RFC 8259 requires (control characters as \u00XX); the text must be valid UTF-8 and is otherwise kept as it is.
std::string encodeTaskRequest(const TaskRequest& stored);
/// Reads what encodeTaskRequest wrote. Missing members keep their defaults and unknown members are ignored (so
/// older and newer rows both read); nullopt when the text is not one flat JSON object of strings, numbers, booleans
/// and nulls, or a member has the wrong type.
std::optional<TaskRequest> decodeTaskRequest(std::string_view json);

/// The longest chain sourceChain follows (a loop or a very long chain of extensions stops there).
inline constexpr int kMaxChainParts = 20;

/// The songs a song is made of, root first (docs/generation.md, "Extend and join"): a generated song is itself; an
/// extension is its source's chain cut at its continue_at, then itself; a joined song is its extension's chain; a
/// cover is the chain of the song it covers, then itself; a stem song is the chain of the song it was split from.
/// Every part carries its task's stored request, clip index and duration. nullopt when a song or task of the chain
/// is missing or unreadable, or the chain is longer than kMaxChainParts.
std::optional<std::vector<SourcePart>> sourceChain(Repositories& repos, const std::string& songId);

/// Keeps the first `at` seconds of a chain: the part in which `at` falls is cut there and the parts after it are
/// dropped; `at` beyond the chain's end keeps it all.
void cutChain(std::vector<SourcePart>& chain, double at);

/// The seconds a chain plays: what it keeps of each part.
double chainSeconds(const std::vector<SourcePart>& chain);

/// The sources a provider that renders them itself (GeneratorCapabilities::rendersSources) needs for a stored request
/// (GenerationRequest::sources): nothing for a generate; the chain of the song it is made from (audio_id) for the
/// rest, cut at continue_at for an extend. nullopt when that chain is gone (sourceChain).
std::optional<std::vector<SourcePart>> sourcesOf(Repositories& repos, const GenerationRequest& request);

/// The parts of a stems task's songs by clip index: 人声, 伴奏 (stems); 人声, 鼓, 贝斯, 其他 (all_stems); none for any
/// other action.
std::vector<std::string_view> stemParts(TaskAction action);
/// A stem song's title: 《title》part.
std::string stemTitle(std::string_view title, std::string_view part);

} // namespace gequ::domain
