#pragma once

// The route groups. Each file adapts one area: parse the request, call a service, render with json_views.

#include "gequ/domain/model/result.h"
#include "gequ/http/server.h"
#include "list_cache.h"
#include "media_urls.h"
#include "metrics.h"
#include "router.h"
#include "session_cache.h"

namespace gequ::http {

/// What route handlers may use.
struct RouteContext {
    RouteContext(const HttpConfig& c, Services& s, Metrics& m, ListCache& l, SessionCache& sc)
        : config(c), services(s), metrics(m), listCache(l), sessions(sc), mediaUrls(s.mediaUrlKey) {}

    const HttpConfig& config;
    Services& services;
    Metrics& metrics;
    ListCache& listCache;   ///< anonymous public list answers (hot, new, search)
    SessionCache& sessions; ///< who a token signs in, for a moment
    MediaUrlSigner mediaUrls;

    /// Signs the song's /media/ URLs (MediaUrlSigner) when only its owner may fetch them; call it only for a song
    /// shown to its owner.
    void signOwnerMedia(domain::Song& song) const {
        if (song.open && !song.hidden && song.complete == domain::SongStatus::Done) {
            return; // public: the plain URLs, cached publicly
        }
        const auto now =
            std::chrono::duration_cast<std::chrono::seconds>(services.clock.now().time_since_epoch()).count();
        song.audioUrl = mediaUrls.sign(song.audioUrl, now);
        song.imageUrl = mediaUrls.sign(song.imageUrl, now);
    }
};

/// GET /healthz, GET /metrics, GET /music/test, GET /media/<file>.
void addSystemRoutes(Router& router, RouteContext& context);
/// Whether GET /metrics answers this request: from a loopback client that no proxy forwarded, or with
/// `Authorization: Bearer <token>` when a token (metrics.token) is configured.
bool metricsAllowed(const Request& request, const std::string& token);
/// The music square: hot, new, search, player detail; POST /music/addNumberOfViews, /music/like, /music/share.
void addSquareRoutes(Router& router, RouteContext& context);
/// GET /pay/plans; with Services::payments.orders also POST /pay/jsapiPc, /pay/h5, /pay/jsapi, GET /pay/resultQuery,
/// /pay/resultTaskId, POST /pay/notify/wechat, the JSAPI page GET /pay/wechat/jsapi (+ .js), and for the sandbox
/// provider GET /pay/sandbox/<no> and POST /pay/sandbox/<no>/confirm.
void addPayRoutes(Router& router, RouteContext& context);
/// POST /login/code, /login/phone, /login/logout.
void addAuthRoutes(Router& router, RouteContext& context);
/// GET /user/select, /user/integralRecords; POST /user/updateUserName, /user/redeem.
void addUserRoutes(Router& router, RouteContext& context);
/// GET /music/song/list, /music/song/listNumber, /music/song/generateNumber, /music/download; POST /music/deleteSong,
/// /music/openSong (when Services::works is set).
void addWorksRoutes(Router& router, RouteContext& context);
/// POST /music/api/create/ace (Services::create), /music/api/generateLyrics (Services::works) and
/// /music/api/callback/ace (Services::callback).
void addCreateRoutes(Router& router, RouteContext& context);

inline constexpr const char* kMessageLoginRequired = "请先登录";

/// The signed-in user's id, or 4010 请先登录 for a visitor (no, unknown, expired or revoked token).
inline domain::Result<std::string> requireUser(Request& request) {
    if (const auto& id = request.viewerId()) {
        return *id;
    }
    return domain::DomainError{domain::ErrorCode::Unauthorized, kMessageLoginRequired};
}

/// Every route of the server.
inline void addAllRoutes(Router& router, RouteContext& context) {
    addSystemRoutes(router, context);
    addSquareRoutes(router, context);
    addPayRoutes(router, context);
    addAuthRoutes(router, context);
    addUserRoutes(router, context);
    addWorksRoutes(router, context);
    addCreateRoutes(router, context);
}

} // namespace gequ::http
