#pragma once

// The route groups. Each file adapts one area: parse the request, call a service, render with json_views.

#include "gequ/domain/model/result.h"
#include "gequ/http/server.h"
#include "metrics.h"
#include "router.h"

namespace gequ::http {

/// What route handlers may use.
struct RouteContext {
    const HttpConfig& config;
    Services& services;
    Metrics& metrics;
};

/// GET /healthz, GET /metrics, GET /music/test, GET /media/<file>.
void addSystemRoutes(Router& router, RouteContext& context);
/// The music square: hot, new, search, player detail.
void addSquareRoutes(Router& router, RouteContext& context);
/// GET /pay/plans.
void addPayRoutes(Router& router, RouteContext& context);
/// POST /login/code, /login/phone, /login/logout.
void addAuthRoutes(Router& router, RouteContext& context);
/// GET /user/select, /user/integralRecords; POST /user/updateUserName, /user/redeem.
void addUserRoutes(Router& router, RouteContext& context);

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
}

} // namespace gequ::http
