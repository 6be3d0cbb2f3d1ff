#pragma once

// Syllables spoken by espeak-ng into memory (its synchronous callback API, no files, no sound device), monotone, and
// analysed for the singer: where the unvoiced consonant ends and the glottal pulses (pitch marks) of the voiced part.

#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

namespace gequ::composer::detail {

enum class SingerVoice { Male, Female };

/// A syllable as espeak-ng says it, trimmed of silence.
struct SpokenSyllable {
    int sampleRate = 22050;
    std::vector<float> samples;
    double period = 0;           ///< samples per glottal period (the source is monotone)
    std::vector<double> marks;   ///< pitch marks of the voiced part, ascending sample positions
    std::size_t voicedStart = 0; ///< the unvoiced consonant is [0, voicedStart)
    std::size_t voicedEnd = 0;   ///< the voiced part ends here (what follows is dropped)
};

/// The syllable `speech` ("xia4", or Latin letters when `latin`) in the voice: espeak-ng's cmn-latn-pinyin voice
/// (en for Latin) with a variant without pitch flutter (the male "Alex", the female "shelby"), its pitch range
/// 0. espeak-ng is not thread-safe and keeps state between calls: one mutex serialises it and each syllable is
/// synthesized once per process and cached, so the same text always gives the same samples. Throws ComposerError
/// when espeak-ng cannot start.
std::shared_ptr<const SpokenSyllable> speakSyllable(std::string_view speech, bool latin, SingerVoice voice);

} // namespace gequ::composer::detail
