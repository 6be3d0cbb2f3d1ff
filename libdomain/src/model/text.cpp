#include "gequ/domain/model/text.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace gequ::domain {

namespace {

constexpr std::string_view kIdeographicSpace = "\xE3\x80\x80";

bool isContinuation(unsigned char byte) {
    return (byte & 0xC0) == 0x80;
}

bool isAsciiSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

char lowerAscii(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// The length of the UTF-8 sequence a lead byte starts (1 to 4), with the code point bits the lead byte carries in
/// `bits`; 0 for a byte that starts no sequence (a continuation byte, or 0xF8 and above).
std::size_t sequenceLength(unsigned char lead, char32_t& bits) {
    if (lead < 0x80) {
        bits = lead;
        return 1;
    }
    if ((lead & 0xE0) == 0xC0) {
        bits = lead & 0x1F;
        return 2;
    }
    if ((lead & 0xF0) == 0xE0) {
        bits = lead & 0x0F;
        return 3;
    }
    if ((lead & 0xF8) == 0xF0) {
        bits = lead & 0x07;
        return 4;
    }
    return 0;
}

} // namespace

bool isValidUtf8(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        char32_t codePoint = 0;
        const std::size_t length = sequenceLength(static_cast<unsigned char>(text[i]), codePoint);
        if (length == 0) {
            return false;
        }
        if (length == 1) {
            ++i;
            continue;
        }
        if (text.size() - i < length) {
            return false;
        }
        for (std::size_t k = 1; k < length; ++k) {
            auto byte = static_cast<unsigned char>(text[i + k]);
            if (!isContinuation(byte)) {
                return false;
            }
            codePoint = (codePoint << 6) | (byte & 0x3F);
        }
        constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
        if (codePoint < kSmallest[length] || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
            return false;
        }
        i += length;
    }
    return true;
}

std::size_t codePointCount(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return !isContinuation(static_cast<unsigned char>(c)); }));
}

std::string_view firstCodePoints(std::string_view text, std::size_t n) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (!isContinuation(static_cast<unsigned char>(text[i])) && count++ == n) {
            return text.substr(0, i);
        }
    }
    return text;
}

std::string trim(std::string_view text) {
    for (;;) {
        if (!text.empty() && isAsciiSpace(text.front())) {
            text.remove_prefix(1);
        } else if (text.starts_with(kIdeographicSpace)) {
            text.remove_prefix(kIdeographicSpace.size());
        } else {
            break;
        }
    }
    for (;;) {
        if (!text.empty() && isAsciiSpace(text.back())) {
            text.remove_suffix(1);
        } else if (text.ends_with(kIdeographicSpace)) {
            text.remove_suffix(kIdeographicSpace.size());
        } else {
            break;
        }
    }
    return std::string(text);
}

std::string trim(std::string_view text, std::string_view bytes) {
    const std::size_t first = text.find_first_not_of(bytes);
    if (first == std::string_view::npos) {
        return {};
    }
    return std::string(text.substr(first, text.find_last_not_of(bytes) - first + 1));
}

bool hasControlChars(std::string_view text, bool allowLineBreaks) {
    for (std::size_t i = 0; i < text.size(); ++i) {
        auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x20 || byte == 0x7F) {
            if (!allowLineBreaks || (byte != '\n' && byte != '\t')) {
                return true;
            }
        } else if (byte == 0xC2 && i + 1 < text.size()) {
            // U+0080–U+009F are encoded as C2 80 – C2 9F.
            auto next = static_cast<unsigned char>(text[i + 1]);
            if (next >= 0x80 && next <= 0x9F) {
                return true;
            }
        }
    }
    return false;
}

namespace {

/// Emoji and the code points that end one (variation selector 16, skin tones, pictographs, dingbats).
bool endsEmoji(char32_t c) {
    return c >= 0x1F000 || (c >= 0x2600 && c <= 0x27BF) || c == 0xFE0F || c == 0x20E3;
}

bool isHiddenFormat(char32_t c) {
    return c == 0x00AD || c == 0x061C || c == 0x180E || c == 0x200B || c == 0x200C || c == 0x200E || c == 0x200F ||
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) || c == 0xFEFF;
}

} // namespace

bool hasHiddenFormatChars(std::string_view text) {
    // Every one of them starts with a byte C2, D8, E1, E2 or EF: text without those needs no decoding.
    if (text.find_first_of("\xC2\xD8\xE1\xE2\xEF") == std::string_view::npos) {
        return false;
    }
    char32_t previous = 0;
    for (char32_t c : decodeUtf8(text)) {
        if (isHiddenFormat(c) || (c == 0x200D && !endsEmoji(previous))) {
            return true;
        }
        previous = c;
    }
    return false;
}

std::string normalizeLineBreaks(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '\r') {
            out += text[i];
        } else if (i + 1 == text.size() || text[i + 1] != '\n') {
            out += '\n';
        }
    }
    return out;
}

std::string toLowerAscii(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), lowerAscii);
    return out;
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return lowerAscii(x) == lowerAscii(y); });
}

void appendJsonQuoted(std::string& out, std::string_view text) {
    static const char* kHex = "0123456789abcdef";
    // No reserve here: an exact reserve on every call would defeat the string's geometric growth and copy a whole
    // answer again for each value appended to it.
    out += '"';
    std::size_t run = 0; // the start of the bytes not yet copied (they need no escaping)
    for (std::size_t i = 0; i < text.size(); ++i) {
        // Eight bytes at a time while none of them needs escaping (most text): a control byte, '"', '\\' or DEL
        // shows in `flagged` (which may also flag a byte after a real match: that word is then read byte by byte).
        while (i + 8 <= text.size()) {
            std::uint64_t word;
            std::memcpy(&word, text.data() + i, sizeof word);
            constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
            constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
            const auto zeroIn = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
            const std::uint64_t flagged = ((word - kOnes * 0x20) & ~word & kHigh) | zeroIn(word ^ (kOnes * '"')) |
                                          zeroIn(word ^ (kOnes * '\\')) | zeroIn(word ^ (kOnes * 0x7F));
            if (flagged != 0) {
                break;
            }
            i += 8;
        }
        if (i >= text.size()) {
            break;
        }
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte != 0x7F && byte != '"' && byte != '\\') {
            continue;
        }
        out.append(text.data() + run, i - run);
        run = i + 1;
        switch (byte) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            out += "\\u00";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        }
    }
    out.append(text.data() + run, text.size() - run);
    out += '"';
}

std::string jsonQuote(std::string_view text) {
    std::string out;
    appendJsonQuoted(out, text);
    return out;
}

std::u32string decodeUtf8(std::string_view text) {
    std::u32string out;
    out.reserve(text.size());
    std::size_t i = 0;
    while (i < text.size()) {
        char32_t cp = 0;
        const std::size_t length = sequenceLength(static_cast<unsigned char>(text[i]), cp);
        bool ok = length > 0 && i + length <= text.size();
        for (std::size_t k = 1; ok && k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            ok = isContinuation(next);
            cp = (cp << 6) | (next & 0x3F);
        }
        if (!ok) {
            out.push_back(U'\uFFFD');
            ++i;
            continue;
        }
        out.push_back(cp);
        i += length;
    }
    return out;
}

std::string encodeUtf8(char32_t c) {
    std::string out;
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
    return out;
}

std::string encodeUtf8(std::u32string_view text) {
    std::string out;
    for (const char32_t c : text) {
        out += encodeUtf8(c);
    }
    return out;
}

bool isCjk(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2FA1F) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x3040 && c <= 0x30FF) || (c >= 0xAC00 && c <= 0xD7AF) || c == 0x3007;
}

bool isPunctuationOrSpace(char32_t c) {
    if (c < 0x80) {
        return !((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
    }
    return (c >= 0x2000 && c <= 0x206F) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFF0F) ||
           (c >= 0xFF1A && c <= 0xFF20) || (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65) ||
           (c >= 0xFE30 && c <= 0xFE4F) || c == 0x00A0 || c == 0x00B7 || c == 0x30FB || c == 0xFEFF || c == 0x00AB ||
           c == 0x00BB;
}

} // namespace gequ::domain
