// compose: makes a song with the offline composer and writes both clips (MP3 and SVG cover) to a folder, so anyone
// can listen without the web app.

#include "commands.h"
#include "gequ/composer/composer.h"
#include "gequ/composer/exceptions.h"
#include "gequ/domain/model/create_request.h"
#include "gequ/domain/model/text.h"
#include "gequ/moderation/word_list_moderation.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>

namespace gequ::cli {

namespace {

namespace fs = std::filesystem;

std::string hex64(std::uint64_t value) {
    static const char* kDigits = "0123456789abcdef";
    std::string out;
    for (int i = 15; i >= 0; --i) {
        out += kDigits[(value >> (i * 4)) & 0xF];
    }
    return out;
}

/// A stable id for the inputs, so the same command writes the same files.
std::string taskIdFor(const domain::GenerationRequest& request) {
    std::uint64_t h = 1469598103934665603ULL;
    for (const std::string* part :
         {&request.title, &request.style, &request.lyric, &request.prompt, &request.model, &request.gender}) {
        for (const unsigned char c : *part) {
            h = (h ^ c) * 1099511628211ULL;
        }
        h = (h ^ 0x1F) * 1099511628211ULL;
    }
    h = (h ^ (request.instrumental ? 1u : 0u)) * 1099511628211ULL;
    return "gequ-" + hex64(h).substr(0, 12);
}

bool writeFile(const fs::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return static_cast<bool>(out);
}

/// A clip's synced lyrics: lines with their start and end seconds, each with its words.
Poco::JSON::Array::Ptr timelineJson(const domain::Timeline& timeline) {
    Poco::JSON::Array::Ptr lines = new Poco::JSON::Array;
    for (const auto& line : timeline.lines) {
        Poco::JSON::Object::Ptr l = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        l->set("text", line.text);
        l->set("start", line.start);
        l->set("end", line.end);
        Poco::JSON::Array::Ptr words = new Poco::JSON::Array;
        for (const auto& word : line.words) {
            Poco::JSON::Object::Ptr w = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
            w->set("text", word.text);
            w->set("start", word.start);
            w->set("end", word.end);
            words->add(w);
        }
        l->set("words", words);
        lines->add(l);
    }
    return lines;
}

int composeCommand(Context& context) {
    domain::GenerationRequest request;
    request.title = domain::trim(context.option("title").value_or(""));
    if (request.title.empty()) {
        return context.usageError("--title must not be empty");
    }
    if (domain::codePointCount(request.title) > domain::kMaxTitleChars) {
        return context.usageError("--title: 歌曲名称不能超过50个字符");
    }
    request.gender = context.option("gender").value_or("");
    if (!request.gender.empty() && request.gender != "male" && request.gender != "female") {
        return context.usageError("--gender must be male or female");
    }
    request.style = domain::normalizeStyle(context.option("style").value_or(""), request.gender);
    request.model = context.option("model").value_or(std::string(domain::kDefaultModel));
    if (!domain::isSupportedModel(request.model)) {
        return context.usageError("--model: 不支持的模型 '" + request.model + "'");
    }
    request.instrumental = context.option("instrumental").has_value();
    if (const auto file = context.option("lyrics")) {
        std::ifstream in(*file, std::ios::binary);
        if (!in) {
            return context.fail("cannot read the lyrics file " + *file);
        }
        std::ostringstream text;
        text << in.rdbuf();
        request.lyric = domain::normalizeLineBreaks(text.str());
        if (!domain::isValidUtf8(request.lyric)) {
            return context.fail("the lyrics file is not UTF-8 text");
        }
        request.custom = true;
    } else {
        // No lyrics: inspiration mode, lyrics written from the description (or, without one, the title).
        request.prompt = domain::trim(context.option("prompt").value_or(request.title));
    }
    request.artist = context.option("artist").value_or("");

    for (const std::string* text : {&request.title, &request.style, &request.lyric, &request.prompt}) {
        if (const auto term = moderation::WordListModeration::builtIn().findRefused(*text)) {
            return context.fail("内容未通过安全审核 (refused term: " + *term + ")", 4220);
        }
    }

    composer::ComposerConfig config;
    config.soundfont = context.config().getString("composer.soundfont", std::string(composer::kDefaultSoundFont));
    if (const auto file = context.option("soundfont")) {
        config.soundfont = *file;
    }
    config.clipSeconds = context.config().composerClipSeconds();
    if (const auto text = context.option("seconds")) {
        int seconds = 0;
        const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), seconds);
        if (ec != std::errc() || end != text->data() + text->size() || seconds < 4 || seconds > 600) {
            return context.usageError("--seconds must be a whole number from 4 to 600");
        }
        config.clipSeconds = seconds;
        config.longClipSeconds = seconds;
    }
    request.taskId = taskIdFor(request);

    const fs::path out = context.option("out").value_or(".");
    std::error_code ec;
    fs::create_directories(out, ec);
    if (ec) {
        return context.fail("cannot create " + out.string() + ": " + ec.message());
    }

    const std::optional<fs::path> stems = context.option("stems");
    if (stems) {
        fs::create_directories(*stems, ec);
        if (ec) {
            return context.fail("cannot create " + stems->string() + ": " + ec.message());
        }
    }

    Poco::JSON::Array::Ptr clips = new Poco::JSON::Array;
    for (int i = 0; i < 2; ++i) {
        composer::ComposedClip clip;
        try {
            clip = composer::composeClip(config, request, i, moderation::WordListModeration::builtIn(), {},
                                         stems.has_value());
        } catch (const composer::ComposerError& e) {
            return context.fail(e.reason() + " (" + e.what() + ")");
        }
        const std::string name = request.taskId + "-" + std::to_string(i + 1);
        const fs::path audio = out / (name + ".mp3");
        const fs::path cover = out / (name + ".svg");
        if (!writeFile(audio, clip.mp3) || !writeFile(cover, clip.svg)) {
            return context.fail("cannot write to " + out.string());
        }
        fs::path vocal;
        fs::path accompaniment;
        if (stems) {
            vocal = *stems / (name + ".vocal.wav");
            accompaniment = *stems / (name + ".accompaniment.wav");
            if (!writeFile(vocal, clip.vocalWav) || !writeFile(accompaniment, clip.accompanimentWav)) {
                return context.fail("cannot write to " + stems->string());
            }
        }
        if (context.json()) {
            Poco::JSON::Object::Ptr item = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
            item->set("audio", audio.string());
            item->set("cover", cover.string());
            item->set("seconds", clip.seconds);
            item->set("title", clip.title);
            item->set("style", clip.style);
            item->set("bytes", static_cast<Poco::UInt64>(clip.mp3.size()));
            if (stems) {
                item->set("vocal", vocal.string());
                item->set("accompaniment", accompaniment.string());
            }
            item->set("timeline", timelineJson(clip.timeline));
            clips->add(item);
        } else {
            char seconds[32];
            std::snprintf(seconds, sizeof seconds, "%.1f", clip.seconds);
            context.out() << "clip " << i + 1 << ": " << audio.string() << " (" << seconds << " s, " << clip.style
                          << ", 《" << clip.title << "》)\n"
                          << "        cover " << cover.string() << "\n";
            if (stems) {
                context.out() << "        stems " << vocal.string() << ", " << accompaniment.string() << "\n";
            }
        }
    }
    if (context.json()) {
        Poco::JSON::Object::Ptr result = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        result->set("clips", clips);
        context.printJson(result);
    }
    return kExitOk;
}

} // namespace

void addComposeCommands(CommandTable& table) {
    table.add(
        {.path = {"compose"},
         .arguments = {},
         .summary = "make a song with the offline composer and write both clips to a folder",
         .description =
             "Composes, renders and encodes a song the way the server's offline composer does (upstream.provider =\n"
             "local) and writes its two clips as <id>-1.mp3 / <id>-2.mp3 with SVG covers into --out. With --lyrics\n"
             "the file's lyrics are sung ([主歌]/[副歌]/[桥段] headings optional); without, lyrics are written from\n"
             "--prompt (or the title). With --stems, each clip's vocal and accompaniment are written as WAVs too;\n"
             "--json also gives each clip's timeline (lines and words with start and end seconds). The same options\n"
             "always give the same files. Uses composer.soundfont and composer.clip_seconds from the configuration.",
         .options = {{.name = "style", .valueName = "TAGS", .help = "style tags, e.g. \"pop,female vocal\" or 流行"},
                     {.name = "title", .valueName = "TEXT", .help = "the song's title", .required = true},
                     {.name = "lyrics", .valueName = "FILE", .help = "a UTF-8 file with the lyrics to sing"},
                     {.name = "prompt", .valueName = "TEXT", .help = "a description to write lyrics from"},
                     {.name = "instrumental", .help = "no vocals"},
                     {.name = "gender", .valueName = "male|female", .help = "the singing voice"},
                     {.name = "model", .valueName = "M", .help = "chirp-v4-5 and later make longer clips"},
                     {.name = "seconds", .valueName = "N", .help = "clip length (default composer.clip_seconds)"},
                     {.name = "artist", .valueName = "NAME", .help = "the ID3 artist"},
                     {.name = "soundfont", .valueName = "FILE", .help = "a General MIDI .sf2 (default FluidR3_GM)"},
                     {.name = "out", .valueName = "DIR", .help = "where to write the files", .required = true},
                     {.name = "stems",
                      .valueName = "DIR",
                      .help = "also write <id>-N.vocal.wav, <id>-N.accompaniment.wav"}},
         .run = composeCommand});
}

} // namespace gequ::cli
