// Creating songs: POST /music/api/create/ace, AI lyrics, and upstream's callback (docs/api.md,
// docs/generation.md).

#include "envelope.h"
#include "json_input.h"
#include "json_views.h"
#include "routes.h"

#include <Poco/Logger.h>

namespace gequ::http {

namespace {

/// Reads the create body (docs/api.md) defensively: every member optional, each of its type (4000 otherwise).
domain::Result<domain::CreateRequest> createRequestOf(const Request& request) {
    auto body = parseJsonObject(request.body);
    if (!body) {
        return body.error();
    }
    domain::CreateRequest out;
    struct Text {
        const char* name;
        std::string* into;
    };
    for (const Text& field : {Text{"action", &out.action}, Text{"prompt", &out.prompt}, Text{"model", &out.model},
                              Text{"lyric", &out.lyric}, Text{"title", &out.title}, Text{"style", &out.style},
                              Text{"gender", &out.gender}}) {
        auto value = stringField(*body, field.name, false);
        if (!value) {
            return value.error();
        }
        *field.into = value->value_or("");
    }
    auto audioId = textOrIntegerField(*body, "audio_id", false);
    if (!audioId) {
        return audioId.error();
    }
    out.audioId = audioId->value_or("");
    auto continueAt = numberField(*body, "continue_at", false);
    if (!continueAt) {
        return continueAt.error();
    }
    out.continueAt = continueAt->value_or(0);
    auto custom = boolField(*body, "custom", false);
    if (!custom) {
        return custom.error();
    }
    out.custom = custom->value_or(false);
    auto instrumental = boolField(*body, "instrumental", false);
    if (!instrumental) {
        return instrumental.error();
    }
    out.instrumental = instrumental->value_or(false);
    return out;
}

/// Compares without stopping at the first difference (the key is a secret).
bool sameSecret(const std::string& a, const std::string& b) {
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < a.size(); ++i) {
        diff |= static_cast<unsigned char>(a[i] ^ (i < b.size() ? b[i] : 0));
    }
    return diff == 0;
}

} // namespace

void addCreateRoutes(Router& router, RouteContext& context) {
    if (domain::CreateService* create = context.services.create) {
        router.add("POST", "/music/api/create/ace", [create](Request& request) {
            auto user = requireUser(request);
            if (!user) {
                return errorResponse(user.error());
            }
            auto body = createRequestOf(request);
            if (!body) {
                return errorResponse(body.error());
            }
            auto created = create->create(*user, *body);
            if (!created) {
                return errorResponse(created.error());
            }
            return okResponse(views::createdTask(*created), domain::CreateService::successMessage(created->cost));
        });
    }

    if (domain::WorksService* works = context.services.works) {
        router.add("POST", "/music/api/generateLyrics", [works](Request& request) {
            auto user = requireUser(request);
            if (!user) {
                return errorResponse(user.error());
            }
            auto body = parseJsonObject(request.body);
            if (!body) {
                return errorResponse(body.error());
            }
            auto prompt = stringField(*body, "prompt", false);
            if (!prompt) {
                return errorResponse(prompt.error());
            }
            return render(works->lyrics(prompt->value_or("")), views::lyrics);
        });
    }

    const UpstreamCallback& callback = context.services.callback;
    if (!callback.key.empty() && callback.parse && callback.worker) {
        router.add("POST", "/music/api/callback/ace", [&callback](Request& request) {
            if (!sameSecret(request.param("key").value_or(""), callback.key)) {
                return errorResponse(domain::ErrorCode::Forbidden, "回调密钥无效");
            }
            auto status = callback.parse(request.body);
            if (!status) {
                return errorResponse(status.error());
            }
            auto applied = callback.worker->applyPushed(*status);
            if (!applied) {
                // A task we no longer track (finished, or never ours): nothing to do, and nothing to retry.
                Poco::Logger::get("gequ.http").information("callback for unknown upstream task %s", status->id);
                return errorResponse(applied.error());
            }
            return okResponse(Poco::Dynamic::Var());
        }); // rate-limited per client like every API route: guessing the key is slow as well as hopeless
    }
}

} // namespace gequ::http
