#pragma once

// The route groups. Each file adapts one area: parse the request, call a service, render with json_views.

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

/// Every route of the server.
inline void addAllRoutes(Router& router, RouteContext& context) {
    addSystemRoutes(router, context);
    addSquareRoutes(router, context);
    addPayRoutes(router, context);
}

} // namespace gequ::http
