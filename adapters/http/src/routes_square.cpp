// The music square (design/api.md, "Music square, search, player"): the lists, search, the player detail, and plays,
// likes and shares.

#include "envelope.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"
#include "share_page.h"

namespace gequ::http {

namespace {

constexpr int kPageSize = 20;
constexpr int kMaxPageSize = 50;
constexpr std::size_t kMaxIdBytes = 128;

using ListCall = domain::Result<std::vector<domain::SongView>> (domain::SquareService::*)(
    domain::Page, const std::optional<std::string>&);

Handler listHandler(RouteContext& context, ListCall call) {
    return [&context, call](Request& request) {
        auto page = pageParams(request, kPageSize, kMaxPageSize);
        if (!page.ok()) {
            return errorResponse(page.error());
        }
        return render((context.services.square.*call)(*page, request.viewerId()), views::songList);
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
    router.add("GET", "/music/getPopularMusic", listHandler(context, &domain::SquareService::popular));
    router.add("GET", "/music/getNewMusic", listHandler(context, &domain::SquareService::latest));

    router.add("GET", "/music/search", [&context](Request& request) {
        auto keyword = textParam(request, "keyword");
        if (!keyword.ok()) {
            return errorResponse(keyword.error());
        }
        auto page = pageParams(request, kPageSize, kMaxPageSize);
        if (!page.ok()) {
            return errorResponse(page.error());
        }
        return render(context.services.square.search(keyword->value_or(""), *page, request.viewerId()),
                      views::songList);
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
        auto song = context.services.square.song(**id, request.viewerId());
        if (!song) {
            return okResponse(Poco::Dynamic::Var());
        }
        return okResponse(views::playerDetail(*song));
    });

    router.add("POST", "/music/addNumberOfViews", [&context](Request& request) {
        auto id = songIdOf(request, true);
        if (!id) {
            return errorResponse(id.error());
        }
        const auto& viewer = request.viewerId();
        return render(context.services.square.addPlay(*id, domain::playViewerKey(viewer, request.clientIp), viewer),
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
        auto shared = context.services.square.share(*id, request.viewerId());
        if (!shared) {
            return errorResponse(shared.error());
        }
        return okResponse(views::shareResult(*shared, shareUrl(context.config.publicBaseUrl, *id)));
    });
}

} // namespace gequ::http
