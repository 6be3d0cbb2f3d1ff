#include "gequ/domain/model/timeline.h"

#include "gequ/domain/model/text.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace gequ::domain {

namespace {

constexpr std::string_view kHeader = "gequ-timeline 1";

/// The text without section marks: "[...]" and "【...】" (with what they enclose).
std::string withoutSectionMarks(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    const std::string_view open = "【";
    const std::string_view close = "】";
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '[') {
            const std::size_t end = text.find(']', i);
            if (end != std::string_view::npos && text.substr(i, end - i).find('\n') == std::string_view::npos) {
                i = end + 1;
                continue;
            }
        } else if (text.substr(i, open.size()) == open) {
            const std::size_t end = text.find(close, i);
            if (end != std::string_view::npos) {
                i = end + close.size();
                continue;
            }
        }
        out += text[i];
        ++i;
    }
    return out;
}

/// Tabs and line breaks become spaces (the stored format separates with them).
std::string flat(std::string_view text) {
    std::string out(text);
    for (char& c : out) {
        if (c == '\t' || c == '\n' || c == '\r') {
            c = ' ';
        }
    }
    return out;
}

std::int64_t millis(double seconds) {
    return std::llround(std::max(0.0, seconds) * 1000.0);
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        parts.push_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) {
            return parts;
        }
        start = end + 1;
    }
}

std::optional<double> seconds(std::string_view field) {
    std::int64_t value = 0;
    const auto [end, error] = std::from_chars(field.data(), field.data() + field.size(), value);
    if (error != std::errc{} || end != field.data() + field.size() || value < 0) {
        return std::nullopt;
    }
    return static_cast<double>(value) / 1000.0;
}

/// A tag's text: one line, no brackets.
std::string tagText(std::string_view text) {
    std::string out;
    for (const char c : flat(text)) {
        if (c != '[' && c != ']') {
            out += c;
        }
    }
    return trim(out);
}

} // namespace

Timeline timelineFromAlignedWords(const std::vector<AlignedWord>& words) {
    Timeline timeline;
    TimedLine line;
    std::string lineText;
    const auto endLine = [&] {
        line.text = trim(lineText);
        if (!line.words.empty() && !line.text.empty()) {
            line.start = line.words.front().start;
            line.end = line.words.back().end;
            timeline.lines.push_back(std::move(line));
        }
        line = TimedLine{};
        lineText.clear();
    };
    for (const auto& word : words) {
        const bool placed = word.success && word.end >= word.start && std::isfinite(word.start) &&
                            std::isfinite(word.end) && word.start >= 0;
        const std::string text = withoutSectionMarks(normalizeLineBreaks(word.word));
        const auto segments = split(text, '\n');
        for (std::size_t i = 0; i < segments.size(); ++i) {
            if (i > 0) {
                endLine();
            }
            const std::string segment = trim(segments[i]);
            if (segment.empty()) {
                continue;
            }
            if (!lineText.empty() && lineText.back() != ' ' && segments[i].front() == ' ') {
                lineText += ' ';
            }
            lineText += segments[i];
            if (placed) {
                line.words.push_back({segment, word.start, word.end});
            }
        }
    }
    endLine();
    return normalizedTimeline(std::move(timeline));
}

Timeline normalizedTimeline(Timeline timeline) {
    std::vector<TimedLine> lines;
    for (auto& line : timeline.lines) {
        line.text = trim(flat(line.text));
        if (line.text.empty() || !std::isfinite(line.start) || !std::isfinite(line.end)) {
            continue;
        }
        line.start = std::max(0.0, line.start);
        line.end = std::max(line.start, line.end);
        lines.push_back(std::move(line));
    }
    std::stable_sort(lines.begin(), lines.end(),
                     [](const TimedLine& a, const TimedLine& b) { return a.start < b.start; });
    for (std::size_t i = 0; i < lines.size(); ++i) {
        TimedLine& line = lines[i];
        if (i + 1 < lines.size()) {
            line.end = std::clamp(line.end, line.start, lines[i + 1].start);
        }
        std::vector<TimedWord> words;
        for (auto& word : line.words) {
            word.text = trim(flat(word.text));
            if (word.text.empty() || !std::isfinite(word.start) || !std::isfinite(word.end)) {
                continue;
            }
            word.start = std::clamp(word.start, line.start, line.end);
            word.end = std::clamp(word.end, word.start, line.end);
            words.push_back(std::move(word));
        }
        line.words = std::move(words);
    }
    timeline.lines = std::move(lines);
    return timeline;
}

std::string encodeTimeline(const Timeline& timeline) {
    std::string out(kHeader);
    for (const auto& line : timeline.lines) {
        out += '\n';
        out += std::to_string(millis(line.start));
        out += '\t';
        out += std::to_string(millis(line.end));
        out += '\t';
        out += flat(line.text);
        for (const auto& word : line.words) {
            out += '\t';
            out += std::to_string(millis(word.start));
            out += '\t';
            out += std::to_string(millis(word.end));
            out += '\t';
            out += flat(word.text);
        }
    }
    return out;
}

std::optional<Timeline> decodeTimeline(std::string_view text) {
    const auto rows = split(text, '\n');
    if (rows.empty() || rows.front() != kHeader) {
        return std::nullopt;
    }
    Timeline timeline;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const auto fields = split(rows[r], '\t');
        if (fields.size() < 3 || fields.size() % 3 != 0) {
            return std::nullopt;
        }
        TimedLine line;
        const auto start = seconds(fields[0]);
        const auto end = seconds(fields[1]);
        if (!start || !end) {
            return std::nullopt;
        }
        line.start = *start;
        line.end = *end;
        line.text = std::string(fields[2]);
        for (std::size_t f = 3; f < fields.size(); f += 3) {
            const auto wordStart = seconds(fields[f]);
            const auto wordEnd = seconds(fields[f + 1]);
            if (!wordStart || !wordEnd) {
                return std::nullopt;
            }
            line.words.push_back({std::string(fields[f + 2]), *wordStart, *wordEnd});
        }
        timeline.lines.push_back(std::move(line));
    }
    return timeline;
}

std::string lrcTime(double seconds) {
    const std::int64_t centis = std::isfinite(seconds) ? std::llround(std::max(0.0, seconds) * 100.0) : 0;
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%02lld:%02lld.%02lld", static_cast<long long>(centis / 6000),
                  static_cast<long long>((centis / 100) % 60), static_cast<long long>(centis % 100));
    return buffer;
}

std::string lrcOf(const Timeline& timeline, std::string_view title, std::string_view artist, double seconds) {
    std::string out;
    if (const std::string t = tagText(title); !t.empty()) {
        out += "[ti:" + t + "]\n";
    }
    if (const std::string a = tagText(artist); !a.empty()) {
        out += "[ar:" + a + "]\n";
    }
    if (seconds > 0 && std::isfinite(seconds)) {
        const auto whole = static_cast<long long>(std::llround(seconds));
        char buffer[64];
        std::snprintf(buffer, sizeof buffer, "[length:%02lld:%02lld]\n", whole / 60, whole % 60);
        out += buffer;
    }
    for (const auto& line : timeline.lines) {
        out += '[' + lrcTime(line.start) + ']' + flat(line.text) + '\n';
    }
    if (!timeline.lines.empty() && timeline.lines.back().end > timeline.lines.back().start) {
        out += '[' + lrcTime(timeline.lines.back().end) + "]\n";
    }
    return out;
}

} // namespace gequ::domain
