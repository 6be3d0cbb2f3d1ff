// Genre detection: which genre of the table a request's style tags, or else its description, name (English and
// Chinese names, common sub-genres and spellings).

#include "gequ/composer/arrangement.h"
#include "gequ/domain/model/text.h"

#include <string>
#include <string_view>
#include <vector>

namespace gequ::composer {

namespace {

struct GenrePattern {
    std::string_view text; ///< lower case; ASCII patterns match whole words ('*' at the end: a word prefix)
    std::string_view genre;
};

// Checked in this order within one tag: the more specific genres first.
const std::vector<GenrePattern>& genrePatterns() {
    static const std::vector<GenrePattern> patterns = {
        {"metal*", "metal"},
        {"djent", "metal"},
        {"金属", "metal"},
        {"lo fi", "lofi"},
        {"lofi", "lofi"},
        {"chillhop", "lofi"},
        {"低保真", "lofi"},
        {"trap", "rap"},
        {"drill", "rap"},
        {"rap", "rap"},
        {"hip hop", "rap"},
        {"hiphop", "rap"},
        {"grime", "rap"},
        {"说唱", "rap"},
        {"嘻哈", "rap"},
        {"陷阱", "rap"},
        {"钻头", "rap"},
        {"r b", "rnb"},
        {"rnb", "rnb"},
        {"soul", "rnb"},
        {"neo soul", "rnb"},
        {"funk", "rnb"},
        {"gospel", "rnb"},
        {"motown", "rnb"},
        {"new jack swing", "rnb"},
        {"节奏布鲁斯", "rnb"},
        {"灵魂", "rnb"},
        {"放克", "rnb"},
        {"福音", "rnb"},
        {"摩城", "rnb"},
        {"jazz*", "jazz"},
        {"swing", "jazz"},
        {"bebop", "jazz"},
        {"big band", "jazz"},
        {"blues", "jazz"},
        {"bossa nova", "jazz"},
        {"lounge", "jazz"},
        {"爵士", "jazz"},
        {"蓝调", "jazz"},
        {"摇摆", "jazz"},
        {"比波普", "jazz"},
        {"沙发音乐", "jazz"},
        {"波萨诺瓦", "jazz"},
        {"chinese*", "chinese"},
        {"gufeng", "chinese"},
        {"guzheng", "chinese"},
        {"erhu", "chinese"},
        {"pipa", "chinese"},
        {"dizi", "chinese"},
        {"peking opera", "chinese"},
        {"jiangnan*", "chinese"},
        {"japanese traditional", "chinese"},
        {"enka", "chinese"},
        {"中国风", "chinese"},
        {"古风", "chinese"},
        {"民乐", "chinese"},
        {"国风", "chinese"},
        {"古筝", "chinese"},
        {"二胡", "chinese"},
        {"琵琶", "chinese"},
        {"竹笛", "chinese"},
        {"戏腔", "chinese"},
        {"京剧", "chinese"},
        {"江南", "chinese"},
        {"民歌", "chinese"},
        {"日本传统", "chinese"},
        {"演歌", "chinese"},
        {"country", "country"},
        {"bluegrass", "country"},
        {"americana", "country"},
        {"honky tonk", "country"},
        {"western", "country"},
        {"cajun", "country"},
        {"乡村", "country"},
        {"蓝草", "country"},
        {"美式根源", "country"},
        {"西部", "country"},
        {"卡津", "country"},
        {"folk", "folk"},
        {"acoustic", "folk"},
        {"singer songwriter", "folk"},
        {"celtic", "folk"},
        {"民谣", "folk"},
        {"凯尔特", "folk"},
        {"rock*", "rock"},
        {"punk", "rock"},
        {"grunge", "rock"},
        {"emo", "rock"},
        {"britpop", "rock"},
        {"krautrock", "rock"},
        {"摇滚", "rock"},
        {"朋克", "rock"},
        {"后摇", "rock"},
        {"情绪摇滚", "rock"},
        {"classical", "classical"},
        {"orchestra*", "classical"},
        {"symphon*", "classical"},
        {"baroque", "classical"},
        {"opera", "classical"},
        {"chamber music", "classical"},
        {"piano", "classical"},
        {"string quartet", "classical"},
        {"violin", "classical"},
        {"cello", "classical"},
        {"concerto", "classical"},
        {"neoclassical", "classical"},
        {"cinematic", "classical"},
        {"minimalism", "classical"},
        {"古典", "classical"},
        {"管弦", "classical"},
        {"交响", "classical"},
        {"巴洛克", "classical"},
        {"歌剧", "classical"},
        {"室内乐", "classical"},
        {"钢琴", "classical"},
        {"小提琴", "classical"},
        {"大提琴", "classical"},
        {"协奏", "classical"},
        {"电影感", "classical"},
        {"ambient", "ambient"},
        {"new age*", "ambient"},
        {"meditation", "ambient"},
        {"healing*", "ambient"},
        {"sleep*", "ambient"},
        {"zen", "ambient"},
        {"yoga", "ambient"},
        {"spiritual", "ambient"},
        {"nature sounds", "ambient"},
        {"singing bowl", "ambient"},
        {"drone", "ambient"},
        {"氛围", "ambient"},
        {"新世纪", "ambient"},
        {"冥想", "ambient"},
        {"疗愈", "ambient"},
        {"睡眠", "ambient"},
        {"禅", "ambient"},
        {"瑜伽", "ambient"},
        {"颂钵", "ambient"},
        {"edm", "dance"},
        {"house", "dance"},
        {"techno", "dance"},
        {"trance", "dance"},
        {"disco", "dance"},
        {"dance*", "dance"},
        {"dubstep", "dance"},
        {"drum and bass", "dance"},
        {"hardstyle", "dance"},
        {"uk garage", "dance"},
        {"breakbeat", "dance"},
        {"future bass", "dance"},
        {"reggaeton", "dance"},
        {"latin*", "dance"},
        {"salsa", "dance"},
        {"samba", "dance"},
        {"cumbia", "dance"},
        {"电子舞曲", "dance"},
        {"舞曲", "dance"},
        {"浩室", "dance"},
        {"迪斯科", "dance"},
        {"electro*", "electronic"},
        {"synth*", "electronic"},
        {"vaporwave", "electronic"},
        {"chillwave", "electronic"},
        {"downtempo", "electronic"},
        {"trip hop", "electronic"},
        {"glitch", "electronic"},
        {"hyperpop", "electronic"},
        {"idm", "electronic"},
        {"industrial", "electronic"},
        {"电子", "electronic"},
        {"合成器", "electronic"},
        {"蒸汽波", "electronic"},
        {"pop*", "pop"},
        {"ballad", "pop"},
        {"流行", "pop"},
        {"抒情", "pop"},
        {"cantopop", "pop"},
        {"k pop", "pop"},
        {"j pop", "pop"},
        {"c pop", "pop"},
    };
    return patterns;
}

/// Lower case, ASCII punctuation as spaces, padded with one space at each end: " pop rock ".
std::string normalise(std::string_view text) {
    std::string out = " ";
    for (const char c : domain::toLowerAscii(text)) {
        const auto u = static_cast<unsigned char>(c);
        const bool word = u >= 0x80 || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        out += word ? c : ' ';
    }
    out += ' ';
    return out;
}

/// Where pattern occurs in normalised text, or npos.
std::size_t findPattern(const std::string& text, std::string_view pattern) {
    if (static_cast<unsigned char>(pattern.front()) >= 0x80) {
        return text.find(pattern);
    }
    const bool prefix = pattern.back() == '*';
    std::string needle = " ";
    needle += prefix ? pattern.substr(0, pattern.size() - 1) : pattern;
    if (!prefix) {
        needle += ' ';
    }
    return text.find(needle);
}

} // namespace

std::string detectGenre(std::string_view style, std::string_view prompt) {
    // Style tags in order: the first tag naming a genre decides.
    // Full-width commas separate tags too.
    std::string tags;
    constexpr std::string_view kFullWidthComma = "，";
    for (std::size_t i = 0; i < style.size();) {
        if (style.substr(i, kFullWidthComma.size()) == kFullWidthComma) {
            tags += ',';
            i += kFullWidthComma.size();
        } else {
            tags += style[i++];
        }
    }
    std::string_view rest = tags;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string tag = normalise(rest.substr(0, comma));
        for (const auto& pattern : genrePatterns()) {
            if (findPattern(tag, pattern.text) != std::string::npos) {
                return std::string(pattern.genre);
            }
        }
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    // The description: the genre named earliest.
    const std::string text = normalise(prompt);
    std::size_t best = std::string::npos;
    std::string genre;
    for (const auto& pattern : genrePatterns()) {
        const std::size_t at = findPattern(text, pattern.text);
        if (at != std::string::npos && at < best) {
            best = at;
            genre = pattern.genre;
        }
    }
    return genre;
}

} // namespace gequ::composer
