#pragma once

// Mood words of a description or style (欢快, 悲伤, 安静, 激昂, ...): they nudge tempo and mode, and pick the
// lyric writer's templates.

#include <string_view>

namespace gequ::composer::detail {

enum class Mood { Neutral, Happy, Sad, Calm, Energetic, Dark, Romantic };

/// The mood the text names first (Chinese or English words, any ASCII case), or Neutral.
Mood detectMood(std::string_view text);
/// Tempo multiplier of a mood (Sad 0.88, Calm 0.85, Happy 1.08, Energetic 1.12, ...).
double moodTempoFactor(Mood mood);
/// The English style word of a mood ("sad", "upbeat", ...), or "" for Neutral.
std::string_view moodStyleWord(Mood mood);
/// An explicit tempo word: -1 slow (慢速, slow tempo), +1 fast (快速, fast tempo), 0 none.
int tempoHint(std::string_view text);

} // namespace gequ::composer::detail
