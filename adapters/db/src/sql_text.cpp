#include "sql_text.h"

#include "gequ/domain/model/text.h"

#include <cctype>
#include <utility>

namespace gequ::db::detail {

namespace {

bool isWordChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
}

/// Walks SQL text, telling the visitor about code (outside quotes and comments) one character at a time and copying
/// quoted and commented text through as it is.
class Scanner {
public:
    explicit Scanner(std::string_view sql) : _sql(sql) {}

    /// The length of the quoted string, comment or dollar-quoted body starting at i, or 0 when i starts plain code.
    std::size_t skippable(std::size_t i) const {
        const char c = _sql[i];
        if (c == '\'' || c == '"') {
            std::size_t j = i + 1;
            while (j < _sql.size()) {
                if (_sql[j] == c) {
                    if (j + 1 < _sql.size() && _sql[j + 1] == c) {
                        j += 2;
                        continue;
                    }
                    return j + 1 - i;
                }
                ++j;
            }
            return _sql.size() - i;
        }
        if (c == '-' && i + 1 < _sql.size() && _sql[i + 1] == '-') {
            const std::size_t end = _sql.find('\n', i);
            return (end == std::string_view::npos ? _sql.size() : end) - i;
        }
        if (c == '/' && i + 1 < _sql.size() && _sql[i + 1] == '*') {
            const std::size_t end = _sql.find("*/", i + 2);
            return (end == std::string_view::npos ? _sql.size() : end + 2) - i;
        }
        if (c == '$' && (i == 0 || !isWordChar(_sql[i - 1]))) {
            // A dollar quote: $$ or $tag$.
            std::size_t j = i + 1;
            while (j < _sql.size() && isWordChar(_sql[j]) && !std::isdigit(static_cast<unsigned char>(_sql[i + 1]))) {
                ++j;
            }
            if (j < _sql.size() && _sql[j] == '$') {
                const std::string_view tag = _sql.substr(i, j + 1 - i);
                const std::size_t end = _sql.find(tag, j + 1);
                return (end == std::string_view::npos ? _sql.size() : end + tag.size()) - i;
            }
        }
        return 0;
    }

private:
    std::string_view _sql;
};

} // namespace

std::string numberPlaceholders(std::string_view sql) {
    Scanner scanner(sql);
    std::string out;
    out.reserve(sql.size() + 16);
    int n = 0;
    for (std::size_t i = 0; i < sql.size();) {
        if (const std::size_t skip = scanner.skippable(i)) {
            out.append(sql.substr(i, skip));
            i += skip;
            continue;
        }
        if (sql[i] == '?') {
            out += '$';
            out += std::to_string(++n);
        } else {
            out += sql[i];
        }
        ++i;
    }
    return out;
}

std::vector<std::string> splitStatements(std::string_view script) {
    Scanner scanner(script);
    std::vector<std::string> statements;
    std::string current;
    std::vector<std::string> leadingWords; // the first words of the current statement, upper case
    int depth = 0;                         // BEGIN/CASE ... END nesting inside CREATE TRIGGER
    auto isTrigger = [&] {
        if (leadingWords.size() >= 2 && leadingWords[0] == "CREATE") {
            for (std::size_t k = 1; k < leadingWords.size() && k < 4; ++k) {
                if (leadingWords[k] == "TRIGGER") {
                    return true;
                }
            }
        }
        return false;
    };
    auto flush = [&] {
        if (std::string statement = domain::trim(current, " \t\r\n"); !statement.empty()) {
            statements.push_back(std::move(statement));
        }
        current.clear();
        leadingWords.clear();
        depth = 0;
    };
    for (std::size_t i = 0; i < script.size();) {
        if (const std::size_t skip = scanner.skippable(i)) {
            const bool comment = script[i] == '-' || script[i] == '/';
            if (!comment) {
                current.append(script.substr(i, skip));
            } else {
                current += ' ';
            }
            i += skip;
            continue;
        }
        const char c = script[i];
        if (isWordChar(c)) {
            std::size_t j = i;
            while (j < script.size() && isWordChar(script[j])) {
                ++j;
            }
            const std::string_view word = script.substr(i, j - i);
            if (leadingWords.size() < 4) {
                std::string upper;
                for (char w : word) {
                    upper += static_cast<char>(std::toupper(static_cast<unsigned char>(w)));
                }
                leadingWords.push_back(upper);
            }
            if (isTrigger()) {
                if (domain::equalsIgnoreCase(word, "BEGIN") || domain::equalsIgnoreCase(word, "CASE")) {
                    ++depth;
                } else if (domain::equalsIgnoreCase(word, "END") && depth > 0) {
                    --depth;
                }
            }
            current.append(word);
            i = j;
            continue;
        }
        if (c == ';' && depth == 0) {
            flush();
            ++i;
            continue;
        }
        current += c;
        ++i;
    }
    flush();
    return statements;
}

std::string escapeLike(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 4);
    for (char c : text) {
        if (c == '%' || c == '_' || c == '\\') {
            out += '\\';
        }
        out += c;
    }
    return out;
}

std::string textArray(const std::vector<const std::string*>& items) {
    std::string out = "{";
    for (const std::string* item : items) {
        if (out.size() > 1) {
            out += ',';
        }
        out += '"';
        for (char c : *item) {
            if (c == '"' || c == '\\') {
                out += '\\';
            }
            out += c;
        }
        out += '"';
    }
    out += '}';
    return out;
}

bool hasNoCase(std::string_view text) {
    std::size_t i = 0;
    while (i < text.size()) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte < 0x80) {
            if ((byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z')) {
                return false;
            }
            ++i;
            continue;
        }
        // Decode one multi-byte character; anything malformed counts as having a case (ILIKE, as before).
        const std::size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 0;
        if (length == 0 || i + length > text.size()) {
            return false;
        }
        char32_t c = byte & (0x3F >> (length - 1));
        for (std::size_t k = 1; k < length; ++k) {
            c = (c << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
        }
        // CJK symbols and punctuation, kana, Hangul compatibility, CJK ideographs (with extension A and the
        // compatibility block) and the supplementary ideographs: none of them has a case, and lowering no other
        // character gives one of them.
        const bool caseless =
            (c >= 0x3000 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF);
        if (!caseless) {
            return false;
        }
        i += length;
    }
    return true;
}

std::string ftsPhrase(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '"') {
            out += '"';
        }
        out += c;
    }
    out += '"';
    return out;
}

} // namespace gequ::db::detail
