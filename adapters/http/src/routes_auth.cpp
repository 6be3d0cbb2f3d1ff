#include "envelope.h"
#include "gequ/domain/model/account_rules.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"

#include <Poco/Logger.h>

namespace gequ::http {

namespace {

constexpr std::size_t kCodeDigits = 6;

/// The phone as logged: masked, and only when it is a valid number (anything else is not worth a log line's room).
std::string loggedPhone(const std::string& raw) {
    auto phone = domain::validatePhone(raw);
    return phone ? domain::maskPhone(*phone) : std::string("(invalid)");
}

} // namespace

void addAuthRoutes(Router& router, RouteContext& context) {
    router.add("POST", "/login/code", [&context](Request& request) {
        auto body = parseJsonObject(request.body);
        if (!body) {
            return errorResponse(body.error());
        }
        auto phone = textOrIntegerField(*body, "phoneNumber", false);
        if (!phone) {
            return errorResponse(phone.error());
        }
        const std::string raw = phone->value_or("");
        auto sent = context.services.auth.requestCode(raw, request.clientKey);
        Poco::Logger& log = Poco::Logger::get("gequ.auth");
        if (!sent) {
            if (sent.error().code != domain::ErrorCode::InvalidInput) {
                log.information("login code for %s from %s refused: %d", loggedPhone(raw), request.clientIp,
                                static_cast<int>(sent.error().code));
            }
            return errorResponse(sent.error());
        }
        log.information("login code sent to %s from %s", loggedPhone(raw), request.clientIp);
        return okResponse(Poco::Dynamic::Var(), domain::kCodeSentMessage);
    });

    router.add("POST", "/login/phone", [&context](Request& request) {
        auto body = parseJsonObject(request.body);
        if (!body) {
            return errorResponse(body.error());
        }
        auto phone = textOrIntegerField(*body, "phoneNumber", false);
        if (!phone) {
            return errorResponse(phone.error());
        }
        auto code = textOrIntegerField(*body, "code", false);
        if (!code) {
            return errorResponse(code.error());
        }
        std::string codeText = code->value_or("");
        if (!codeText.empty() && codeText.size() < kCodeDigits && (*body)->get("code").isInteger()) {
            codeText.insert(0, kCodeDigits - codeText.size(), '0'); // a code sent as a number lost its leading zeros
        }
        const std::string raw = phone->value_or("");
        auto result = context.services.auth.login(raw, codeText, request.clientKey);
        if (!result) {
            return errorResponse(result.error());
        }
        Poco::Logger::get("gequ.auth")
            .information("login of user %s (%s) from %s%s", result->userId, loggedPhone(raw), request.clientIp,
                         std::string(result->isNew ? ", registered" : ""));
        return okResponse(views::login(*result), "登录成功");
    });

    router.add("POST", "/login/logout", [&context](Request& request) {
        const std::string token = bearerToken(request);
        context.services.auth.logout(token);
        context.sessions.forget(token); // after the revocation, so no read from before it is kept (session_cache.h)
        return okResponse(Poco::Dynamic::Var(), "已退出登录");
    });
}

} // namespace gequ::http
