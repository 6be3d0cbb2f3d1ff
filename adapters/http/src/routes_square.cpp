#include "envelope.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"

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
}

} // namespace gequ::http
