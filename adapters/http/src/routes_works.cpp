// The caller's works (docs/api.md, "Creating and managing works") and GET /music/download.

#include "envelope.h"
#include "files.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"

#include <Poco/DateTime.h>
#include <Poco/MemoryStream.h>
#include <Poco/Path.h>
#include <Poco/Zip/Compress.h>
#include <sstream>
#include <string_view>

namespace gequ::http {

namespace {

constexpr std::size_t kMaxIdBytes = 128;
constexpr std::string_view kStemsAudioInvalidMessage = "不支持的音轨格式，可选 mp3 或 wav";

/// The song id member of a body: `nativeId` (a string, or a number some clients send). 4000 when missing.
domain::Result<std::string> nativeIdOf(const Request& request) {
    auto body = parseJsonObject(request.body);
    if (!body) {
        return body.error();
    }
    auto id = textOrIntegerField(*body, "nativeId", true);
    if (!id) {
        return id.error();
    }
    if ((*id)->empty() || (*id)->size() > kMaxIdBytes) {
        return domain::invalid("参数 nativeId 无效");
    }
    return **id;
}

/// A file made for this request, sent as an attachment named after the song (`title` + extension), cached privately.
Response attachment(std::string body, std::string contentType, const std::string& title, std::string_view extension) {
    Response response;
    response.body = std::move(body);
    response.contentType = std::move(contentType);
    response.set("Content-Disposition", attachmentDisposition(title, extension));
    response.set("Cache-Control", kCachePrivate);
    return response;
}

/// A file name inside the stems archive: characters file systems refuse become '_'.
std::string archiveName(std::string name) {
    for (char& c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f || std::string_view("/\\:*?\"<>|").find(c) != std::string_view::npos) {
            c = '_';
        }
    }
    return name;
}

/// GET /music/download?format=stems: every finished stem the caller split from the song, one ZIP (stored, not
/// deflated: MP3 does not shrink and WAV barely), its entries named 《title》人声.mp3 and so on.
Response stemsArchive(domain::WorksService& works, Request& request, const std::string& id, bool wav) {
    std::ostringstream zip;
    Poco::Zip::Compress compress(zip, true);
    const Poco::DateTime now;
    auto title = works.stems(request.viewerId(), id, wav, [&](const domain::StemFile& file) {
        Poco::MemoryInputStream in(file.bytes.data(), file.bytes.size()); // read in place, not copied
        compress.addFile(in, now, Poco::Path(archiveName(file.name), Poco::Path::PATH_UNIX),
                         Poco::Zip::ZipCommon::CM_STORE);
    });
    if (!title) {
        return errorResponse(title.error());
    }
    compress.close();
    Response response =
        attachment(std::move(zip).str(), "application/zip", *title + (wav ? " 音轨 WAV" : " 音轨"), ".zip");
    response.compressible = false; // stored audio gains nothing from gzip
    return response;
}

} // namespace

void addWorksRoutes(Router& router, RouteContext& context) {
    if (!context.services.works) {
        return;
    }
    domain::WorksService& works = *context.services.works;

    router.add("GET", "/music/song/list", [&context, &works](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        // 20 a page (docs/api.md); `size` is accepted as elsewhere.
        auto page = pageParams(request, domain::kWorksPageSize, 50);
        if (!page) {
            return errorResponse(page.error());
        }
        auto items = works.list(*user, *page);
        if (items) {
            for (auto& item : *items) {
                context.signOwnerMedia(item.song); // the owner's private songs still play in <audio>
            }
        }
        return render(std::move(items), views::userSongs);
    });

    router.add("GET", "/music/song/listNumber", [&works](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        return okResponse(works.count(*user));
    });

    router.add("GET", "/music/song/generateNumber", [&works](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        return okResponse(works.generatingCount(*user));
    });

    router.add("POST", "/music/deleteSong", [&works, &context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        auto id = nativeIdOf(request);
        if (!id) {
            return errorResponse(id.error());
        }
        auto removed = works.remove(*user, *id);
        if (!removed) {
            return errorResponse(removed.error());
        }
        context.listCache.clear(); // it may have been on a public list
        return okResponse(Poco::Dynamic::Var(), "删除成功");
    });

    router.add("POST", "/music/openSong", [&works, &context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        auto body = parseJsonObject(request.body);
        if (!body) {
            return errorResponse(body.error());
        }
        auto id = textOrIntegerField(*body, "nativeId", true);
        if (!id) {
            return errorResponse(id.error());
        }
        // openId: the state wanted, 1 public and 0 private (true/false too).
        auto open = boolField(*body, "openId", true);
        if (!open) {
            return errorResponse(open.error());
        }
        auto state = works.setOpen(*user, **id, **open);
        if (!state) {
            return errorResponse(state.error());
        }
        context.listCache.clear(); // published or withdrawn: the public lists change
        return okResponse(views::openState(*state), "状态修改成功");
    });

    router.add("GET", "/music/download", [&context, &works](Request& request) {
        auto id = textParam(request, "id");
        if (!id) {
            return errorResponse(id.error());
        }
        if (!id->has_value() || (*id)->empty() || (*id)->size() > kMaxIdBytes) {
            return errorResponse(domain::ErrorCode::NotFound, std::string(domain::kSongNotFoundMessage));
        }
        // format: mp3 (the default), wav or midi (members: WorksService::downloadWav, downloadMidi), or stems (a ZIP of
        // the caller's stems of the song: MP3s, or with audio=wav the members' WAVs).
        auto format = textParam(request, "format");
        if (!format) {
            return errorResponse(format.error());
        }
        const std::string wanted = format->has_value() ? domain::toLowerAscii(domain::trim(**format)) : "";
        if (!wanted.empty() && wanted != "mp3" && wanted != "wav" && wanted != "midi" && wanted != "stems") {
            return errorResponse(domain::ErrorCode::InvalidInput,
                                 std::string(domain::rules::kDownloadMessagesFormatInvalid));
        }
        if (wanted == "stems") {
            auto audio = textParam(request, "audio");
            if (!audio) {
                return errorResponse(audio.error());
            }
            const std::string kind = audio->has_value() ? domain::toLowerAscii(domain::trim(**audio)) : "";
            if (!kind.empty() && kind != "mp3" && kind != "wav") {
                return errorResponse(domain::ErrorCode::InvalidInput, std::string(kStemsAudioInvalidMessage));
            }
            return stemsArchive(works, request, **id, kind == "wav");
        }
        if (wanted == "midi") {
            auto midi = works.downloadMidi(request.viewerId(), **id);
            if (!midi) {
                return errorResponse(midi.error());
            }
            return attachment(std::move(midi->bytes), "audio/midi", midi->title, ".mid");
        }
        const bool wav = wanted == "wav";
        auto song = wav ? works.downloadWav(request.viewerId(), **id) : works.download(request.viewerId(), **id);
        if (!song) {
            return errorResponse(song.error());
        }
        if (song->mediaKey.empty()) {
            // Not re-hosted yet: the upstream file, where the browser can fetch it.
            Response redirect;
            redirect.status = 302;
            redirect.body.clear();
            redirect.set("Location", song->url);
            redirect.set("Cache-Control", "no-store");
            return redirect;
        }
        const MediaDelivery delivery{context.config.mediaDir, context.config.mediaAccelRedirect,
                                     context.services.mediaRedirect};
        return deliverMedia(request, delivery, song->mediaKey, kCachePrivate,
                            attachmentDisposition(song->title, wav ? ".wav" : ".mp3"));
    });

    // The synced lyrics as a standard .lrc file named after the song (the same access rules as the audio).
    router.add("GET", "/music/lrc", [&works](Request& request) {
        auto id = textParam(request, "id");
        if (!id) {
            return errorResponse(id.error());
        }
        if (!id->has_value() || (*id)->empty() || (*id)->size() > kMaxIdBytes) {
            return errorResponse(domain::ErrorCode::NotFound, std::string(domain::kSongNotFoundMessage));
        }
        auto lrc = works.lrc(request.viewerId(), **id);
        if (!lrc) {
            return errorResponse(lrc.error());
        }
        return attachment(std::move(lrc->text), "text/plain; charset=utf-8", lrc->title, ".lrc");
    });
}

} // namespace gequ::http
