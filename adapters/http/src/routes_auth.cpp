#include "envelope.h"
#include "gequ/domain/model/account_rules.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"

#include <Poco/Base64Decoder.h>
#include <Poco/JSON/Object.h>
#include <Poco/Logger.h>
#include <sstream>

namespace gequ::http {

namespace {

constexpr std::size_t kCodeDigits = 6;

/// The phone as logged: masked, and only when it is a valid number (anything else is not worth a log line's room).
std::string loggedPhone(const std::string& raw) {
    auto phone = domain::validatePhone(raw);
    return phone ? domain::maskPhone(*phone) : std::string("(invalid)");
}

/// The longest ALTCHA payload we read (base64 of a small JSON object).
constexpr std::size_t kMaxProofChars = 2048;

/// ALTCHA's payload (base64 of {algorithm, challenge, number, salt, signature}) as a solution; a payload that is not
/// one becomes a solution that fails the check (so a required challenge is refused as invalid).
domain::ChallengeSolution decodeProof(const std::string& payload) {
    domain::ChallengeSolution out;
    if (payload.size() > kMaxProofChars) {
        return out;
    }
    try {
        std::istringstream in(payload);
        Poco::Base64Decoder decoder(in);
        std::string json((std::istreambuf_iterator<char>(decoder)), std::istreambuf_iterator<char>());
        auto object = parseJsonObject(json);
        if (!object) {
            return out;
        }
        auto text = [&](const char* name) {
            auto value = (*object)->get(name);
            return value.isString() ? value.extract<std::string>() : std::string();
        };
        out.algorithm = text("algorithm");
        out.challenge = text("challenge");
        out.salt = text("salt");
        out.signature = text("signature");
        auto number = (*object)->get("number");
        if (number.isInteger()) {
            out.number = number.convert<std::int64_t>();
        }
    } catch (const Poco::Exception&) {
        out = domain::ChallengeSolution{};
    }
    return out;
}

/// A refusal of POST /login/code that a solved challenge answers carries data {"challengeRequired": true}: the web app
/// then shows the challenge widget (docs/api.md).
Response codeRefusal(const domain::DomainError& error) {
    Response response = errorResponse(error);
    if (error.message == domain::kChallengeRequiredMessage || error.message == domain::kChallengeInvalidMessage) {
        Poco::JSON::Object::Ptr data = new Poco::JSON::Object;
        data->set("challengeRequired", true);
        Poco::JSON::Object::Ptr envelope = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        envelope->set("code", static_cast<int>(error.code));
        envelope->set("type", "error");
        envelope->set("message", error.message);
        envelope->set("data", data);
        response.body = toJson(envelope);
    }
    return response;
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
        auto altcha = textOrIntegerField(*body, "altcha", false);
        if (!altcha) {
            return errorResponse(altcha.error());
        }
        std::optional<domain::ChallengeSolution> proof;
        if (altcha->has_value() && !(*altcha)->empty()) {
            proof = decodeProof(**altcha);
        }
        const std::string raw = phone->value_or("");
        auto sent = context.services.auth.requestCode(raw, {request.clientKey, request.clientNetwork}, proof);
        Poco::Logger& log = Poco::Logger::get("gequ.auth");
        if (!sent) {
            if (sent.error().code != domain::ErrorCode::InvalidInput) {
                log.information("login code for %s from %s refused: %d", loggedPhone(raw), request.clientIp,
                                static_cast<int>(sent.error().code));
            }
            return codeRefusal(sent.error());
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
        auto result = context.services.auth.login(raw, codeText, {request.clientKey, request.clientNetwork});
        if (!result) {
            return errorResponse(result.error());
        }
        Poco::Logger::get("gequ.auth")
            .information("login of user %s (%s) from %s%s", result->userId, loggedPhone(raw), request.clientIp,
                         std::string(result->isNew ? ", registered" : ""));
        return okResponse(views::login(*result), "登录成功");
    });

    router.add("GET", "/login/challenge", [&context](Request&) {
        const domain::LoginChallenge challenge = context.services.auth.issueChallenge();
        Poco::JSON::Object::Ptr data = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        data->set("algorithm", challenge.algorithm);
        data->set("challenge", challenge.challenge);
        data->set("maxnumber", challenge.maxNumber);
        data->set("salt", challenge.salt);
        data->set("signature", challenge.signature);
        return okResponse(data);
    });

    router.add("POST", "/login/logout", [&context](Request& request) {
        const std::string token = bearerToken(request);
        context.services.auth.logout(token);
        context.sessions.forget(token); // after the revocation, so no read from before it is kept (session_cache.h)
        return okResponse(Poco::Dynamic::Var(), "已退出登录");
    });
}

} // namespace gequ::http
