#pragma once

// The template lyric writer (docs/generation.md): Chinese lyrics from a description's keywords and mood, used for
// inspiration-mode songs and by the port's lyrics call.

#include "gequ/domain/ports/moderation.h"
#include "gequ/domain/ports/song_generator.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace gequ::composer {

/// Writes lyrics for a description or a song name: sections [主歌], [副歌], [主歌], [副歌], [桥段], [副歌] (the
/// chorus repeated as written), 4 to 8 lines each, every line 5 to 9 Chinese characters with no punctuation, every
/// line of a section ending on the same rhyme (final vowel); and a title of 2 to 12 characters. The theme and mood
/// come from words of the description (夏天, 故乡, 思念, 悲伤, 欢快, ...), the rest from the seed. A description that
/// reads as a song name (at most 12 characters, no spaces or punctuation) becomes the title.
///
/// Never returns text that `moderation` refuses: a refused description is Refused (4220) with
/// 歌名包含敏感内容，无法生成歌词; the writer only uses its own phrase bank and rewrites any draft the list would
/// refuse (and answers the same error in the unlikely case that no draft passes).
domain::Result<domain::Lyrics> writeLyrics(std::string_view description, std::uint64_t seed,
                                           const domain::Moderation& moderation);

/// The rhyme group (a final such as "ang", "an", "i") of the last character of a line written by writeLyrics, or ""
/// when the character ends no line of the phrase bank.
std::string rhymeOf(std::string_view lastCharacter);

} // namespace gequ::composer
