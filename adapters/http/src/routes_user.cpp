#include "envelope.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"

namespace gequ::http {

void addUserRoutes(Router& router, RouteContext& context) {
    router.add("GET", "/user/select", [&context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        return render(context.services.users.profile(*user), views::userProfile);
    });

    router.add("GET", "/user/integralRecords", [&context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        auto page = pageParams(request, domain::kPointsPageSize, domain::kMaxPointsPageSize);
        if (!page) {
            return errorResponse(page.error());
        }
        return render(context.services.users.pointsRecords(*user, *page), views::pointsPage);
    });

    router.add("POST", "/user/updateUserName", [&context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        auto body = parseJsonObject(request.body);
        if (!body) {
            return errorResponse(body.error());
        }
        auto id = textOrIntegerField(*body, "id", false);
        if (!id) {
            return errorResponse(id.error());
        }
        auto nickname = stringField(*body, "nickname", false);
        if (!nickname) {
            return errorResponse(nickname.error());
        }
        auto profile = context.services.users.rename(*user, id->value_or(""), nickname->value_or(""));
        if (!profile) {
            return errorResponse(profile.error());
        }
        return okResponse(views::userProfile(*profile), "修改成功");
    });

    router.add("POST", "/user/redeem", [&context](Request& request) {
        auto user = requireUser(request);
        if (!user) {
            return errorResponse(user.error());
        }
        auto body = parseJsonObject(request.body);
        if (!body) {
            return errorResponse(body.error());
        }
        auto code = stringField(*body, "code", false);
        if (!code) {
            return errorResponse(code.error());
        }
        auto profile = context.services.redeem.redeem(*user, code->value_or(""));
        if (!profile) {
            return errorResponse(profile.error());
        }
        return okResponse(views::redeemResult(*profile), "兑换成功");
    });
}

} // namespace gequ::http
