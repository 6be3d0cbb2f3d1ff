// Characters to tone-numbered pinyin (pinyin.h) from the embedded tables (data/README.md).

#include "pinyin.h"

#include "gequ/composer/arrangement.h"
#include "gequ/domain/model/text.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

namespace gequ::composer::detail {

extern const char* const kPinyinChars;
extern const char* const kPinyinWords;

namespace {

struct Tables {
    std::unordered_map<char32_t, std::string> chars;
    std::map<std::u32string, std::vector<std::string>> words;
    std::size_t longestWord = 1;
};

/// Calls row(key, value) for each `key<TAB>value` line of a table.
template <class Row> void eachRow(std::string_view table, Row&& row) {
    while (!table.empty()) {
        const std::size_t end = std::min(table.find('\n'), table.size());
        const std::string_view line = table.substr(0, end);
        if (const std::size_t tab = line.find('\t'); tab != std::string_view::npos) {
            row(line.substr(0, tab), line.substr(tab + 1));
        }
        table.remove_prefix(std::min(end + 1, table.size()));
    }
}

const Tables& tables() {
    static const Tables kTables = [] {
        Tables t;
        eachRow(kPinyinChars, [&t](std::string_view key, std::string_view value) {
            const std::u32string c = domain::decodeUtf8(key);
            if (c.size() == 1) {
                t.chars.emplace(c.front(), std::string(value));
            }
        });
        eachRow(kPinyinWords, [&t](std::string_view key, std::string_view value) {
            std::vector<std::string> readings;
            std::size_t start = 0;
            while (start < value.size()) {
                const std::size_t end = std::min(value.find(' ', start), value.size());
                readings.emplace_back(value.substr(start, end - start));
                start = end + 1;
            }
            std::u32string word = domain::decodeUtf8(key);
            if (word.size() == readings.size()) {
                t.longestWord = std::max(t.longestWord, word.size());
                t.words.emplace(std::move(word), std::move(readings));
            }
        });
        return t;
    }();
    return kTables;
}

/// Digits as they are sung in Chinese.
constexpr std::string_view kDigits[] = {"ling2", "yi1", "er4", "san1", "si4", "wu3", "liu4", "qi1", "ba1", "jiu3"};

bool isVowel(char32_t c) {
    const char32_t lower = c < 0x80 ? static_cast<char32_t>(std::tolower(static_cast<int>(c))) : c;
    return lower == U'a' || lower == U'e' || lower == U'i' || lower == U'o' || lower == U'u' || lower == U'y';
}

/// A Latin word cut into `count` syllables: each cut falls before the last consonant ahead of a vowel group
/// ("baby" → "ba" "by"; "hello" → "hel" "lo"), the extra groups (a silent e) stay with the last syllable.
std::vector<std::string> splitWord(const std::u32string& word, int count) {
    std::vector<std::size_t> groups; // where each vowel group starts
    for (std::size_t i = 0; i < word.size(); ++i) {
        if (isVowel(word[i]) && (i == 0 || !isVowel(word[i - 1]))) {
            groups.push_back(i);
        }
    }
    std::vector<std::size_t> cuts = {0};
    for (std::size_t g = 1; g < groups.size() && static_cast<int>(cuts.size()) < count; ++g) {
        std::size_t cut = groups[g];
        if (cut > 0 && !isVowel(word[cut - 1]) && cut - 1 > cuts.back()) {
            --cut;
        }
        cuts.push_back(cut);
    }
    // A word of other letters (no vowels as counted): even pieces.
    while (static_cast<int>(cuts.size()) < count) {
        cuts.push_back(std::min(word.size(), cuts.back() + std::max<std::size_t>(1, word.size() / count)));
    }
    std::vector<std::string> out;
    for (std::size_t k = 0; k < cuts.size(); ++k) {
        const std::size_t end = k + 1 < cuts.size() ? cuts[k + 1] : word.size();
        out.push_back(domain::encodeUtf8(word.substr(cuts[k], end - std::min(end, cuts[k]))));
    }
    return out;
}

} // namespace

std::string_view pinyinOf(char32_t c) {
    const auto& chars = tables().chars;
    const auto it = chars.find(c);
    return it == chars.end() ? std::string_view() : std::string_view(it->second);
}

std::size_t pinyinTableSize() {
    return tables().chars.size();
}

std::vector<SyllableText> lineSyllables(std::string_view line) {
    const Tables& t = tables();
    std::vector<SyllableText> out;
    // The units in order; a run of single Chinese characters is read word by word (the longest word first).
    std::vector<std::u32string> units;
    std::vector<int> counts;
    for (const auto& unit : sungUnits(line)) {
        std::u32string text = domain::decodeUtf8(unit.text);
        // Drop the punctuation that follows the unit.
        while (!text.empty() && (domain::isPunctuationOrSpace(text.back()) || text.back() == U'\uFFFD')) {
            text.pop_back();
        }
        units.push_back(std::move(text));
        counts.push_back(unit.syllables);
    }
    std::size_t i = 0;
    while (i < units.size()) {
        const std::u32string& u = units[i];
        if (u.size() == 1 && domain::isCjk(u.front())) {
            // The longest dictionary word starting here.
            std::size_t run = i;
            std::u32string chars;
            while (run < units.size() && units[run].size() == 1 && domain::isCjk(units[run].front()) &&
                   chars.size() < t.longestWord) {
                chars += units[run].front();
                ++run;
            }
            std::size_t matched = 0;
            for (std::size_t n = chars.size(); n >= 2 && matched == 0; --n) {
                if (const auto it = t.words.find(chars.substr(0, n)); it != t.words.end()) {
                    for (std::size_t k = 0; k < n; ++k) {
                        out.push_back({domain::encodeUtf8(chars[k]), it->second[k], false, true});
                    }
                    matched = n;
                }
            }
            if (matched == 0) {
                const std::string_view py = pinyinOf(u.front());
                out.push_back({domain::encodeUtf8(u), py.empty() ? std::string("a5") : std::string(py), false, true});
                matched = 1;
            }
            i += matched;
            continue;
        }
        if (u.size() == 1 && u.front() >= U'0' && u.front() <= U'9') {
            out.push_back({domain::encodeUtf8(u), std::string(kDigits[u.front() - U'0']), false, true});
            ++i;
            continue;
        }
        const auto pieces = splitWord(u, counts[i]);
        for (std::size_t k = 0; k < pieces.size(); ++k) {
            std::string speech;
            for (const char ch : pieces[k]) {
                speech += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            }
            out.push_back({pieces[k], speech, true, k == 0});
        }
        ++i;
    }
    return out;
}

} // namespace gequ::composer::detail
