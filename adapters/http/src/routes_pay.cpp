#include "envelope.h"
#include "gequ/domain/model/plans.h"
#include "json_views.h"
#include "routes.h"

namespace gequ::http {

void addPayRoutes(Router& router, RouteContext&) {
    router.add("GET", "/pay/plans", [](Request&) { return okResponse(views::plans(domain::planCatalogue())); });
}

} // namespace gequ::http
