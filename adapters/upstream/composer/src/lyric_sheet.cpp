// Parsing lyrics into sung sections and counting syllables (arrangement.h).

#include "gequ/composer/arrangement.h"
#include "gequ/domain/model/text.h"

#include <algorithm>
#include <cctype>
#include <optional>

namespace gequ::composer {

namespace {

enum class Heading { Verse, Chorus, Bridge, Skip, Unknown };

/// The heading a line is, if it is one: [..], 【..】, (..) or （..） around at most 30 characters.
std::optional<Heading> headingOf(std::string_view line) {
    const std::u32string text = domain::decodeUtf8(line);
    if (text.size() < 2 || text.size() > 32) {
        return std::nullopt;
    }
    const char32_t open = text.front();
    const char32_t close = text.back();
    const bool bracketed = (open == U'[' && close == U']') || (open == U'【' && close == U'】') ||
                           (open == U'(' && close == U')') || (open == U'（' && close == U'）');
    if (!bracketed) {
        return std::nullopt;
    }
    const std::string name = domain::toLowerAscii(domain::encodeUtf8(text.substr(1, text.size() - 2)));
    const auto has = [&name](std::string_view word) { return name.find(word) != std::string::npos; };
    if (has("pre-chorus") || has("pre chorus") || has("prechorus") || has("预副歌") || has("导歌")) {
        return Heading::Verse;
    }
    if (has("副歌") || has("chorus") || has("hook") || has("refrain") || has("叠句")) {
        return Heading::Chorus;
    }
    if (has("桥段") || has("bridge") || has("过渡")) {
        return Heading::Bridge;
    }
    if (has("主歌") || has("verse") || has("说唱") || has("rap")) {
        return Heading::Verse;
    }
    if (has("前奏") || has("intro") || has("尾奏") || has("outro") || has("间奏") || has("interlude") || has("结尾") ||
        has("end") || has("instrumental") || has("solo") || has("独奏") || has("纯音乐")) {
        return Heading::Skip;
    }
    return Heading::Unknown;
}

} // namespace

namespace {

/// Walks a line's sung units as syllableCount counts them: unit(from, to, syllables) for each Chinese character,
/// digit or word (code point indexes into text), punct(at) for each punctuation mark or space. Allocates nothing:
/// the composer counts syllables often (splitting long lines tries every cut).
template <class Unit, class Punct> void walkUnits(const std::u32string& text, Unit&& unit, Punct&& punct) {
    std::size_t i = 0;
    while (i < text.size()) {
        const char32_t c = text[i];
        if (domain::isCjk(c) || (c >= U'0' && c <= U'9')) {
            unit(i, i + 1, 1);
            ++i;
            continue;
        }
        if (domain::isPunctuationOrSpace(c) || c == U'\uFFFD') {
            punct(i);
            ++i;
            continue;
        }
        // A word of letters (Latin or other scripts): its vowel groups, at least one.
        std::size_t end = i;
        int vowels = 0;
        bool inVowel = false;
        int letters = 0;
        while (end < text.size() && !domain::isCjk(text[end]) && !domain::isPunctuationOrSpace(text[end]) &&
               !(text[end] >= U'0' && text[end] <= U'9')) {
            const char32_t lower =
                text[end] < 0x80 ? static_cast<char32_t>(std::tolower(static_cast<int>(text[end]))) : text[end];
            const bool vowel =
                lower == U'a' || lower == U'e' || lower == U'i' || lower == U'o' || lower == U'u' || lower == U'y';
            if (vowel && !inVowel) {
                ++vowels;
            }
            inVowel = vowel;
            ++letters;
            ++end;
        }
        if (text[i] >= 0x80) {
            vowels = std::max(vowels, (letters + 2) / 3);
        } else if (vowels > 1 && end - i > 2 && (text[end - 1] == U'e' || text[end - 1] == U'E') &&
                   text[end - 2] != U'l' && text[end - 2] != U'L') {
            --vowels; // a silent final e: "love", "time" (but "table" keeps it)
        }
        unit(i, end, std::max(1, vowels));
        i = end;
    }
}

} // namespace

std::vector<SungUnit> sungUnits(std::string_view line) {
    const std::u32string text = domain::decodeUtf8(line);
    std::vector<SungUnit> units;
    walkUnits(
        text,
        [&](std::size_t from, std::size_t to, int syllables) {
            units.push_back({domain::encodeUtf8(std::u32string_view(text).substr(from, to - from)), syllables});
        },
        [&](std::size_t at) {
            // Punctuation stays with the unit before it; spaces are not written.
            const char32_t c = text[at];
            if (!units.empty() && c != U'\uFFFD' && c != U' ' && c != U'\t' && c != U'\u3000' && c != U'\u00A0') {
                units.back().text += domain::encodeUtf8(c);
            }
        });
    return units;
}

int syllableCount(std::string_view line) {
    int count = 0;
    walkUnits(
        domain::decodeUtf8(line), [&count](std::size_t, std::size_t, int syllables) { count += syllables; },
        [](std::size_t) {});
    return count;
}

std::vector<LyricSection> parseLyrics(std::string_view lyric) {
    const std::string text = domain::normalizeLineBreaks(lyric);
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(
            domain::trim(std::string_view(text).substr(start, end == std::string::npos ? end : end - start)));
        if (end == std::string::npos) {
            break;
        }
        start = end + 1;
    }

    bool anyHeading = false;
    for (const auto& line : lines) {
        if (const auto heading = headingOf(line); heading && *heading != Heading::Unknown) {
            anyHeading = true;
            break;
        }
    }

    std::vector<LyricSection> sections;
    if (anyHeading) {
        bool skipping = false;
        for (const auto& line : lines) {
            if (const auto heading = headingOf(line)) {
                if (*heading == Heading::Unknown) {
                    continue;
                }
                skipping = *heading == Heading::Skip;
                if (!skipping) {
                    const SectionKind kind = *heading == Heading::Chorus   ? SectionKind::Chorus
                                             : *heading == Heading::Bridge ? SectionKind::Bridge
                                                                           : SectionKind::Verse;
                    sections.push_back({kind, {}});
                }
                continue;
            }
            if (skipping || line.empty() || syllableCount(line) == 0) {
                continue;
            }
            if (sections.empty()) {
                sections.push_back({SectionKind::Verse, {}});
            }
            sections.back().lines.push_back(line);
        }
    } else {
        // No headings: blank lines separate blocks, or blocks of four lines when there are none.
        std::vector<std::vector<std::string>> blocks(1);
        bool blankSeen = false;
        for (const auto& line : lines) {
            if (line.empty()) {
                blankSeen = true;
                if (!blocks.back().empty()) {
                    blocks.emplace_back();
                }
            } else if (syllableCount(line) > 0) {
                blocks.back().push_back(line);
            }
        }
        if (!blankSeen && !blocks.front().empty()) {
            std::vector<std::vector<std::string>> fours;
            for (std::size_t i = 0; i < blocks.front().size(); ++i) {
                if (i % 4 == 0) {
                    fours.emplace_back();
                }
                fours.back().push_back(blocks.front()[i]);
            }
            blocks = fours;
        }
        static const SectionKind kOrder[] = {SectionKind::Verse,  SectionKind::Chorus, SectionKind::Verse,
                                             SectionKind::Chorus, SectionKind::Bridge, SectionKind::Chorus};
        std::size_t n = 0;
        for (auto& block : blocks) {
            if (!block.empty()) {
                sections.push_back({kOrder[n % 6], std::move(block)});
                ++n;
            }
        }
    }
    std::erase_if(sections, [](const LyricSection& s) { return s.lines.empty(); });
    return sections;
}

} // namespace gequ::composer
