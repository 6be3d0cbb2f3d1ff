#include "mood.h"

#include "gequ/domain/model/text.h"

#include <string>
#include <utility>
#include <vector>

namespace gequ::composer::detail {

namespace {

const std::vector<std::pair<std::string_view, Mood>>& moodWords() {
    static const std::vector<std::pair<std::string_view, Mood>> words = {
        {"悲伤", Mood::Sad},
        {"伤感", Mood::Sad},
        {"忧伤", Mood::Sad},
        {"难过", Mood::Sad},
        {"失恋", Mood::Sad},
        {"忧郁", Mood::Sad},
        {"心碎", Mood::Sad},
        {"眼泪", Mood::Sad},
        {"离别", Mood::Sad},
        {"melanchol", Mood::Sad},
        {"sad", Mood::Sad},
        {"heartbreak", Mood::Sad},
        {"emotional", Mood::Sad},
        {"感人", Mood::Sad},
        {"欢快", Mood::Happy},
        {"快乐", Mood::Happy},
        {"开心", Mood::Happy},
        {"活泼", Mood::Happy},
        {"甜美", Mood::Happy},
        {"阳光", Mood::Happy},
        {"轻快", Mood::Happy},
        {"upbeat", Mood::Happy},
        {"happy", Mood::Happy},
        {"cheerful", Mood::Happy},
        {"sweet", Mood::Happy},
        {"安静", Mood::Calm},
        {"宁静", Mood::Calm},
        {"温柔", Mood::Calm},
        {"治愈", Mood::Calm},
        {"舒缓", Mood::Calm},
        {"轻柔", Mood::Calm},
        {"放松", Mood::Calm},
        {"calm", Mood::Calm},
        {"gentle", Mood::Calm},
        {"soothing", Mood::Calm},
        {"relax", Mood::Calm},
        {"peaceful", Mood::Calm},
        {"激昂", Mood::Energetic},
        {"热血", Mood::Energetic},
        {"激情", Mood::Energetic},
        {"燃", Mood::Energetic},
        {"励志", Mood::Energetic},
        {"史诗", Mood::Energetic},
        {"愤怒", Mood::Energetic},
        {"energetic", Mood::Energetic},
        {"aggressive", Mood::Energetic},
        {"epic", Mood::Energetic},
        {"inspiring", Mood::Energetic},
        {"powerful", Mood::Energetic},
        {"黑暗", Mood::Dark},
        {"神秘", Mood::Dark},
        {"dark", Mood::Dark},
        {"mysterious", Mood::Dark},
        {"浪漫", Mood::Romantic},
        {"romantic", Mood::Romantic},
        {"梦幻", Mood::Romantic},
        {"dreamy", Mood::Romantic},
    };
    return words;
}

} // namespace

Mood detectMood(std::string_view text) {
    const std::string lower = domain::toLowerAscii(text);
    std::size_t best = std::string::npos;
    Mood mood = Mood::Neutral;
    for (const auto& [word, value] : moodWords()) {
        const std::size_t at = lower.find(word);
        if (at != std::string::npos && (best == std::string::npos || at < best)) {
            best = at;
            mood = value;
        }
    }
    return mood;
}

double moodTempoFactor(Mood mood) {
    switch (mood) {
    case Mood::Happy:
        return 1.08;
    case Mood::Sad:
        return 0.88;
    case Mood::Calm:
        return 0.85;
    case Mood::Energetic:
        return 1.12;
    case Mood::Dark:
        return 0.95;
    case Mood::Romantic:
        return 0.92;
    case Mood::Neutral:
        break;
    }
    return 1.0;
}

std::string_view moodStyleWord(Mood mood) {
    switch (mood) {
    case Mood::Happy:
        return "upbeat";
    case Mood::Sad:
        return "sad";
    case Mood::Calm:
        return "calm";
    case Mood::Energetic:
        return "energetic";
    case Mood::Dark:
        return "dark";
    case Mood::Romantic:
        return "romantic";
    case Mood::Neutral:
        break;
    }
    return "";
}

int tempoHint(std::string_view text) {
    const std::string lower = domain::toLowerAscii(text);
    if (lower.find("慢速") != std::string::npos || lower.find("slow tempo") != std::string::npos ||
        lower.find("slow") != std::string::npos) {
        return -1;
    }
    if (lower.find("快速") != std::string::npos || lower.find("fast tempo") != std::string::npos ||
        lower.find("fast") != std::string::npos) {
        return 1;
    }
    return 0;
}

} // namespace gequ::composer::detail
