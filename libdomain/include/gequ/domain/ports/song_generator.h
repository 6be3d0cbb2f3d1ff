#pragma once

#include "gequ/domain/model/result.h"

#include <optional>
#include <string>
#include <vector>

namespace gequ::domain {

/// What is sent upstream for one create request (already validated and normalised).
struct GenerationRequest {
    std::string taskId; ///< our task id; seeds the offline composer
    std::string action = "generate";
    std::string prompt;
    std::string model = "chirp-v3-5";
    std::string lyric;
    bool custom = false;
    bool instrumental = false;
    std::string title;
    std::string style;
    std::string audioId;
    double continueAt = 0;
    std::string gender; ///< "", "male" or "female"
    std::string artist; ///< the user's nickname, for ID3 tags
};

enum class UpstreamState { Queued, Running, Succeeded, Failed };
enum class ClipState { Pending, Running, Succeeded, Failed };

struct ClipStatus {
    std::string id; ///< upstream clip id
    ClipState state = ClipState::Pending;
    std::string title;
    std::string audioUrl;  ///< final audio when succeeded
    std::string streamUrl; ///< preview while running
    std::string imageUrl;
    std::string lyric;
    std::string style;
    double duration = 0;
    std::string error;
};

struct TaskStatus {
    std::string id; ///< upstream task id
    UpstreamState state = UpstreamState::Queued;
    double progress = 0; ///< 0..1 where known
    std::vector<ClipStatus> clips;
    std::string error; ///< Chinese reason when failed
};

struct Lyrics {
    std::string title;
    std::string text;
};

/// The AI upstream: the AceData Suno API or the offline composer.
class SongGenerator {
public:
    virtual ~SongGenerator() = default;
    /// Queues a generation and returns the upstream task id at once; never blocks for the whole generation.
    virtual Result<std::string> submit(const GenerationRequest& request) = 0;
    /// The current state of each upstream task id (unknown ids come back Failed).
    virtual Result<std::vector<TaskStatus>> poll(const std::vector<std::string>& ids) = 0;
    /// Lyrics for a prompt (a song name or description); Refused (4220) when moderation refuses.
    virtual Result<Lyrics> lyrics(const std::string& prompt) = 0;
    /// The provider's name ("local" or "ace").
    virtual std::string name() const = 0;
};

} // namespace gequ::domain
