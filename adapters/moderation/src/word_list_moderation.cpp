#include "gequ/moderation/word_list_moderation.h"

#include "gequ/domain/model/text.h"

#include <fstream>
#include <sstream>

namespace gequ::moderation {

namespace detail {
extern const char* const kModerationWords;
} // namespace detail

namespace {

bool isAsciiAlnum(char32_t c) {
    return (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9');
}

/// Lower-cased ASCII, spaces and punctuation removed: what Chinese terms are searched in.
std::string compactOf(std::string_view text) {
    std::u32string out;
    for (const char32_t c : domain::decodeUtf8(domain::toLowerAscii(text))) {
        if (!domain::isPunctuationOrSpace(c) && c != U'\uFFFD') {
            out.push_back(c);
        }
    }
    return domain::encodeUtf8(out);
}

/// Lower-cased words of ASCII letters and digits (accented Latin letters are kept inside words).
std::vector<std::string> wordsOf(std::string_view text) {
    std::vector<std::string> words;
    std::u32string current;
    for (const char32_t c : domain::decodeUtf8(domain::toLowerAscii(text))) {
        const bool letter = isAsciiAlnum(c) || (c >= 0xC0 && c <= 0x24F);
        if (letter) {
            current.push_back(c);
        } else if (!current.empty()) {
            words.push_back(domain::encodeUtf8(current));
            current.clear();
        }
    }
    if (!current.empty()) {
        words.push_back(domain::encodeUtf8(current));
    }
    return words;
}

bool isLatinTerm(std::string_view term) {
    for (const char32_t c : domain::decodeUtf8(term)) {
        if (domain::isCjk(c)) {
            return false;
        }
    }
    return true;
}

} // namespace

std::string_view builtInWordList() {
    return detail::kModerationWords;
}

WordListModeration::WordListModeration(std::string_view wordList) {
    std::string text = domain::normalizeLineBreaks(wordList);
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        const std::string term = domain::trim(line);
        if (term.empty() || term.front() == '#' || (term.front() == '[' && term.back() == ']')) {
            continue;
        }
        Term entry;
        entry.original = term;
        if (isLatinTerm(term)) {
            entry.words = wordsOf(term);
            if (entry.words.empty()) {
                continue;
            }
        } else {
            entry.compact = compactOf(term);
            if (entry.compact.empty()) {
                continue;
            }
        }
        _terms.push_back(std::move(entry));
    }
}

const WordListModeration& WordListModeration::builtIn() {
    static const WordListModeration instance(builtInWordList());
    return instance;
}

WordListModeration WordListModeration::withFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw WordListError("cannot read moderation word list " + path);
    }
    std::ostringstream extra;
    extra << in.rdbuf();
    std::string all(builtInWordList());
    all += '\n';
    all += extra.str();
    return WordListModeration(all);
}

std::optional<std::string> WordListModeration::findRefused(const std::string& text) const {
    const std::string compact = compactOf(text);
    const std::vector<std::string> words = wordsOf(text);
    for (const auto& term : _terms) {
        if (!term.compact.empty()) {
            if (compact.find(term.compact) != std::string::npos) {
                return term.original;
            }
            continue;
        }
        const std::size_t n = term.words.size();
        for (std::size_t i = 0; i + n <= words.size(); ++i) {
            if (std::equal(term.words.begin(), term.words.end(), words.begin() + static_cast<std::ptrdiff_t>(i))) {
                return term.original;
            }
        }
        if (n >= 2) {
            // Written as one word: "TaylorSwift".
            std::string joined;
            for (const auto& w : term.words) {
                joined += w;
            }
            for (const auto& w : words) {
                if (w == joined) {
                    return term.original;
                }
            }
        }
    }
    return std::nullopt;
}

} // namespace gequ::moderation
