#pragma once

// What a generation task keeps in its request_json column: the normalised request sent upstream and the points it
// was charged, so the worker can submit it (again, after a restart) and refund exactly what was taken. A small
// std-only JSON codec for that one flat object.

#include "gequ/domain/ports/song_generator.h"

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

} // namespace gequ::domain
