// The music square (docs/api.md, "Square, search, player"): the lists, search, the player detail, and plays,
// likes and shares.

#include "envelope.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"
#include "share_page.h"

#include <Poco/URI.h>
#include <functional>
#include <sstream>

namespace gequ::http {

namespace {

constexpr int kPageSize = 20;
constexpr int kMaxPageSize = 50;
constexpr std::size_t kMaxIdBytes = 128;

using ListCall = domain::Result<std::vector<domain::SongView>> (domain::SquareService::*)(
    domain::Page, const std::optional<std::string>&);

/// The cache key of a public list page as a visitor sees it.
std::string listKey(const std::string& list, domain::Page page, const std::string& keyword = {}) {
    return list + '\n' + std::to_string(page.offset) + '\n' + std::to_string(page.limit) + '\n' + keyword;
}

/// The answer of a public list from the short-lived cache: a visitor gets the cached bytes (the same for everyone);
/// a signed-in viewer the cached songs of the page with their own `liked` fields read fresh.
Response listAnswer(
    RouteContext& context, Request& request, const std::string& key,
    const std::function<domain::Result<std::vector<domain::SongView>>(const std::optional<std::string>&)>& list) {
    const auto& viewer = request.viewerId();
    if (!viewer) {
        return context.listCache.get(key, [&] { return render(list(std::nullopt), views::songList); });
    }
    std::optional<domain::DomainError> failed;
    auto shared = context.listCache.songs(key, [&]() -> SharedSongs {
        auto songs = list(std::nullopt);
        if (!songs.ok()) {
            failed = songs.error();
            return nullptr;
        }
        return std::make_shared<const std::vector<domain::SongView>>(std::move(*songs));
    });
    if (!shared) {
        return failed ? errorResponse(*failed) : render(list(viewer), views::songList);
    }
    return render(domain::Result<std::vector<domain::SongView>>(context.services.square.asSeenBy(*shared, *viewer)),
                  views::songList);
}

Handler listHandler(RouteContext& context, ListCall call, std::string name) {
    return [&context, call, name](Request& request) {
        auto page = pageParams(request, kPageSize, kMaxPageSize);
        if (!page.ok()) {
            return errorResponse(page.error());
        }
        return listAnswer(context, request, listKey(name, *page), [&](const std::optional<std::string>& viewer) {
            return (context.services.square.*call)(*page, viewer);
        });
    };
}

/// The song id of a body: a JSON object's `nativeId` (a string, or a number), or, with `bareAllowed`, a bare JSON
/// string (what the original client sends to addNumberOfViews). 4000 when missing, empty or absurdly long.
domain::Result<std::string> songIdOf(const Request& request, bool bareAllowed) {
    auto json = parseJson(request.body);
    if (!json) {
        return json.error();
    }
    std::optional<std::string> id;
    if (bareAllowed && json->isString()) {
        id = json->extract<std::string>();
    } else if (json->type() == typeid(Poco::JSON::Object::Ptr)) {
        auto field = textOrIntegerField(json->extract<Poco::JSON::Object::Ptr>(), "nativeId", true);
        if (!field) {
            return field.error();
        }
        id = **field;
    } else {
        return domain::invalid("请求内容应为 JSON 对象");
    }
    if (id->empty() || id->size() > kMaxIdBytes) {
        return domain::invalid("参数 nativeId 无效");
    }
    return *id;
}

} // namespace

void addSquareRoutes(Router& router, RouteContext& context) {
    router.add("GET", "/music/getPopularMusic", listHandler(context, &domain::SquareService::popular, "hot"));
    router.add("GET", "/music/getNewMusic", listHandler(context, &domain::SquareService::latest, "new"));

    router.add("GET", "/music/search", [&context](Request& request) {
        auto keyword = textParam(request, "keyword");
        if (!keyword.ok()) {
            return errorResponse(keyword.error());
        }
        auto page = pageParams(request, kPageSize, kMaxPageSize);
        if (!page.ok()) {
            return errorResponse(page.error());
        }
        const std::string text = keyword->value_or("");
        return listAnswer(context, request, listKey("search", *page, text),
                          [&](const std::optional<std::string>& viewer) {
                              return context.services.square.search(text, *page, viewer);
                          });
    });

    router.add("GET", "/music/getMusic", [&context](Request& request) {
        auto id = textParam(request, "id");
        if (!id.ok()) {
            return errorResponse(id.error());
        }
        // An absent, empty or absurd id names no song: data null, like an unknown one.
        if (!id->has_value() || (*id)->empty() || (*id)->size() > kMaxIdBytes) {
            return okResponse(Poco::Dynamic::Var());
        }
        if (!request.viewerId()) {
            // A visitor sees public songs only, the same bytes for everyone: from the list cache like the lists.
            return context.listCache.get("song\n" + **id, [&] {
                auto song = context.services.square.song(**id, std::nullopt);
                if (!song) {
                    return okResponse(Poco::Dynamic::Var());
                }
                return okResponse(views::playerDetail(*song, std::nullopt,
                                                      context.services.square.sourceOf(song->song, std::nullopt)));
            });
        }
        auto song = context.services.square.song(**id, request.viewerId());
        if (!song) {
            return okResponse(Poco::Dynamic::Var());
        }
        if (request.viewerId() == song->song.userId) {
            context.signOwnerMedia(song->song); // a private song its owner plays: signed media URLs
        }
        return okResponse(views::playerDetail(*song, request.viewerId(),
                                              context.services.square.sourceOf(song->song, request.viewerId())));
    });

    router.add("POST", "/music/addNumberOfViews", [&context](Request& request) {
        auto id = songIdOf(request, true);
        if (!id) {
            return errorResponse(id.error());
        }
        const auto& viewer = request.viewerId();
        return render(context.services.square.addPlay(*id, domain::playViewerKey(viewer, request.clientKey), viewer),
                      views::playCount);
    });

    router.add("POST", "/music/like", [&context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        auto id = songIdOf(request, false);
        if (!id) {
            return errorResponse(id.error());
        }
        // songIdOf accepted the body as an object.
        auto like = boolField(parseJsonObject(request.body).value(), "like", true);
        if (!like) {
            return errorResponse(like.error());
        }
        return render(context.services.square.like(*user, *id, **like), views::likeState);
    });

    router.add("POST", "/music/share", [&context](Request& request) {
        auto id = songIdOf(request, false);
        if (!id) {
            return errorResponse(id.error());
        }
        const auto& viewer = request.viewerId();
        auto shared = context.services.square.share(*id, domain::playViewerKey(viewer, request.clientKey), viewer);
        if (!shared) {
            return errorResponse(shared.error());
        }
        return okResponse(views::shareResult(*shared, shareUrl(context.config.publicBaseUrl, *id)));
    });
}

} // namespace gequ::http
