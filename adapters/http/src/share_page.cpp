#include "share_page.h"

#include "files.h"
#include "gequ/crypto/encoding.h"
#include "gequ/domain/model/genres.h"
#include "gequ/domain/model/text.h"
#include "gequ/net/escape.h"

#include <Poco/Logger.h>
#include <Poco/URI.h>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace gequ::http {

namespace fs = std::filesystem;

namespace {

constexpr std::size_t kMaxIdBytes = 128;
constexpr std::size_t kLyricExcerptCodePoints = 60;
constexpr std::string_view kMetaBegin = "<!--gequ:meta-->";
constexpr std::string_view kMetaEnd = "<!--/gequ:meta-->";
constexpr std::string_view kShellEnd = "<!--/gequ:shell-->";
constexpr const char* kDefaultImage = "/icons/icon-512.png";

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.size() >= prefix.size() && text.compare(0, prefix.size(), prefix) == 0;
}

std::string withoutTrailingSlash(std::string base) {
    while (!base.empty() && base.back() == '/') {
        base.pop_back();
    }
    return base;
}

/// An absolute address for a chat app: http(s) URLs stay, site paths get the public base URL.
std::string absoluteUrl(const std::string& publicBaseUrl, const std::string& url) {
    if (startsWith(url, "https://") || startsWith(url, "http://")) {
        return url;
    }
    if (startsWith(url, "/")) {
        return withoutTrailingSlash(publicBaseUrl) + url;
    }
    return {};
}

/// The first code points of valid UTF-8 text, with an ellipsis when cut.
std::string excerpt(const std::string& text, std::size_t codePoints) {
    const std::string_view kept = domain::firstCodePoints(text, codePoints);
    return kept.size() < text.size() ? std::string(kept) + "…" : text;
}

/// The sung lines of the lyrics, without [section] tags, joined by spaces and cut short.
std::string lyricExcerpt(const std::string& lyric) {
    std::istringstream lines(domain::normalizeLineBreaks(lyric));
    std::string line;
    std::string joined;
    while (std::getline(lines, line)) {
        line = domain::trim(line);
        if (line.empty() || line.front() == '[' || line.front() == '(') {
            continue;
        }
        joined += joined.empty() ? line : " " + line;
        if (domain::codePointCount(joined) > kLyricExcerptCodePoints) {
            break;
        }
    }
    return excerpt(joined, kLyricExcerptCodePoints);
}

/// The song's genres in Chinese where the dictionary knows them: "pop, Male Vocal" → "流行 · 男声".
std::string displayTags(const std::string& tags) {
    std::string out;
    std::size_t pos = 0;
    while (pos <= tags.size()) {
        std::size_t comma = tags.find(',', pos);
        if (comma == std::string::npos) {
            comma = tags.size();
        }
        std::string item = domain::trim(std::string_view(tags).substr(pos, comma - pos));
        if (!item.empty()) {
            out += (out.empty() ? "" : " · ") + domain::displayGenre(item);
        }
        pos = comma + 1;
    }
    return out;
}

std::string metaTag(const char* attribute, const char* name, const std::string& content) {
    return std::string("<meta ") + attribute + "=\"" + name + "\" content=\"" + net::markupEscape(content) + "\" />";
}

std::string songMeta(const domain::Song& song, const std::string& publicBaseUrl) {
    const std::string artist = song.userName.empty() ? std::string("歌曲用户") : song.userName;
    std::string description = artist + " 用歌曲 AI 创作的歌曲《" + song.title + "》";
    if (std::string tags = displayTags(song.tags); !tags.empty()) {
        description += "，风格：" + tags;
    }
    description += "。";
    if (std::string words = lyricExcerpt(song.lyric); !words.empty()) {
        description += "歌词：" + words;
    }
    std::string image = absoluteUrl(publicBaseUrl, song.imageUrl);
    if (image.empty()) {
        image = withoutTrailingSlash(publicBaseUrl) + kDefaultImage;
    }
    const std::string title = song.title + " - " + artist + " - 歌曲";

    std::string meta = "<title>" + net::markupEscape(title) + "</title>";
    meta += metaTag("name", "description", description);
    meta += metaTag("property", "og:type", "music.song");
    meta += metaTag("property", "og:site_name", "歌曲");
    meta += metaTag("property", "og:title", song.title);
    meta += metaTag("property", "og:description", description);
    meta += metaTag("property", "og:image", image);
    meta += metaTag("property", "og:image:alt", song.title + " 封面");
    meta += metaTag("property", "og:url", shareUrl(publicBaseUrl, song.id));
    if (std::string audio = absoluteUrl(publicBaseUrl, song.audioUrl); !audio.empty()) {
        meta += metaTag("property", "og:audio", audio);
    }
    meta += metaTag("name", "twitter:card", "summary_large_image");
    return meta;
}

std::optional<std::string> readFile(const fs::path& file) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        return std::nullopt;
    }
    std::ostringstream out;
    out << in.rdbuf();
    return std::move(out).str();
}

} // namespace

std::string shareUrl(const std::string& publicBaseUrl, const std::string& songId) {
    std::string query;
    Poco::URI::encode(crypto::base64Encode(songId), "+/=", query);
    return withoutTrailingSlash(publicBaseUrl) + "/musicPlayer?id=" + query;
}

std::optional<std::string> decodeBase64Param(std::string_view value) {
    std::string text(value);
    for (char& c : text) {
        if (c == ' ' || c == '-') {
            c = '+';
        } else if (c == '_') {
            c = '/';
        }
    }
    text = domain::trim(text);
    while (!text.empty() && text.back() == '=') {
        text.pop_back();
    }
    text.append((4 - text.size() % 4) % 4, '=');
    auto decoded = crypto::base64Decode(text);
    if (!decoded || !domain::isValidUtf8(*decoded)) {
        return std::nullopt;
    }
    return decoded;
}

std::string replaceMetaBlock(const std::string& page, const std::string& meta) {
    std::size_t begin = page.find(kMetaBegin);
    std::size_t end = begin == std::string::npos ? std::string::npos : page.find(kMetaEnd, begin);
    if (end != std::string::npos) {
        return page.substr(0, begin + kMetaBegin.size()) + meta + page.substr(end);
    }
    std::size_t head = page.find("</head>");
    if (head == std::string::npos) {
        return page;
    }
    return page.substr(0, head) + meta + page.substr(head);
}

std::string addShellCover(const std::string& page, const std::string& imageUrl) {
    std::size_t at = page.find(kShellEnd);
    if (imageUrl.empty() || at == std::string::npos) {
        return page;
    }
    // The box the player page draws its cover in (web/src/ui/ui.css .gq-shell-cover): the app's first render replaces
    // it with the same image in the same place. The image is the page's largest paint.
    const std::string cover = "<div class=\"gq-shell-cover\"><img src=\"" + net::markupEscape(imageUrl) +
                              "\" alt=\"\" fetchpriority=\"high\" /></div>";
    return page.substr(0, at) + cover + page.substr(at);
}

std::optional<Response> songSharePage(const Request& request, const HttpConfig& config, domain::SquareService& square) {
    auto param = request.param("id");
    if (!param) {
        return std::nullopt;
    }
    auto id = decodeBase64Param(*param);
    if (!id) {
        return std::nullopt;
    }
    *id = domain::trim(*id);
    if (id->empty() || id->size() > kMaxIdBytes) {
        return std::nullopt;
    }
    std::optional<domain::SongView> song;
    try {
        song = square.song(*id, std::nullopt); // what a visitor may see: a chat preview is public
    } catch (const std::exception& e) {
        Poco::Logger::get("gequ.http").warning("share page: %s", std::string(e.what()));
        return std::nullopt;
    }
    if (!song) {
        return std::nullopt;
    }
    const fs::path root(config.webRoot);
    auto page = readFile(root / "musicPlayer" / "index.html");
    if (!page) {
        page = readFile(root / "index.html");
    }
    if (!page) {
        return std::nullopt;
    }
    Response response;
    response.contentType = "text/html; charset=utf-8";
    response.body =
        addShellCover(replaceMetaBlock(*page, songMeta(song->song, config.publicBaseUrl)), song->song.imageUrl);
    response.set("Cache-Control", kCacheNoCache);
    return response;
}

} // namespace gequ::http
