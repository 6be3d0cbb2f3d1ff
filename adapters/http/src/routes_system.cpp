#include "envelope.h"
#include "files.h"
#include "routes.h"

#include <Poco/JSON/Object.h>
#include <Poco/Logger.h>
#include <Poco/Net/IPAddress.h>
#include <chrono>
#include <memory>
#include <mutex>
#include <sstream>

namespace gequ::http {

namespace {

/// The gauges read from the database: songs, generation tasks and orders by state.
std::string storeGauges(domain::Store& store) {
    std::ostringstream out;
    try {
        auto text = domain::readOnly(store, [](domain::Repositories& repos) {
            std::ostringstream gauges;
            gauges << "# HELP gequ_songs Songs that are not deleted, by status.\n# TYPE gequ_songs gauge\n";
            for (const auto& [status, count] : repos.songs().countByStatus()) {
                gauges << "gequ_songs{status=\"" << domain::toString(status) << "\"} " << count << '\n';
            }
            gauges << "# HELP gequ_generation_tasks Generation tasks by state.\n# TYPE gequ_generation_tasks gauge\n";
            for (const auto& [state, count] : repos.tasks().countByState()) {
                gauges << "gequ_generation_tasks{state=\"" << escapeLabel(domain::toString(state)) << "\"} " << count
                       << '\n';
            }
            gauges << "# HELP gequ_orders Payment orders by state.\n# TYPE gequ_orders gauge\n";
            for (const auto& [state, count] : repos.orders().countByState()) {
                gauges << "gequ_orders{state=\"" << escapeLabel(domain::toString(state)) << "\"} " << count << '\n';
            }
            return std::move(gauges).str();
        });
        out << text << "# HELP gequ_database_up Whether the database answered.\n# TYPE gequ_database_up gauge\n"
            << "gequ_database_up 1\n";
    } catch (const std::exception& e) {
        Poco::Logger::get("gequ.http").warning("metrics: the database did not answer: %s", std::string(e.what()));
        out << "# HELP gequ_database_up Whether the database answered.\n# TYPE gequ_database_up gauge\n"
            << "gequ_database_up 0\n";
    }
    return std::move(out).str();
}

/// The database gauges, read at most once per kGaugeLifetime whatever the scrape rate (a scrape must not become a
/// way to load the database).
class GaugeCache {
public:
    static constexpr std::chrono::seconds kGaugeLifetime{5};

    explicit GaugeCache(domain::Store& store) : _store(store) {}

    std::string text() {
        std::lock_guard lock(_mutex);
        const auto now = std::chrono::steady_clock::now();
        if (!_read || now - *_read >= kGaugeLifetime) {
            _text = storeGauges(_store);
            _read = now;
        }
        return _text;
    }

private:
    domain::Store& _store;
    std::mutex _mutex;
    std::optional<std::chrono::steady_clock::time_point> _read;
    std::string _text;
};

/// Compares without stopping at the first difference (the token is a secret).
bool sameToken(const std::string& given, const std::string& expected) {
    unsigned char diff = given.size() == expected.size() ? 0 : 1;
    for (std::size_t i = 0; i < expected.size(); ++i) {
        diff |= static_cast<unsigned char>(expected[i] ^ (i < given.size() ? given[i] : 0));
    }
    return diff == 0;
}

} // namespace

bool metricsAllowed(const Request& request, const std::string& token) {
    if (!token.empty()) {
        const std::string given = bearerToken(request);
        if (!given.empty() && sameToken(given, token)) {
            return true;
        }
    }
    // A request a proxy forwarded is not a local one, even when the proxy itself runs on this machine.
    for (const char* forwarded : {"X-Forwarded-For", "Forwarded", "X-Real-IP"}) {
        if (!request.header(forwarded).empty()) {
            return false;
        }
    }
    Poco::Net::IPAddress address;
    if (!Poco::Net::IPAddress::tryParse(request.clientIp, address)) {
        return false;
    }
    if (address.isLoopback()) {
        return true;
    }
    // ::ffff:127.x.y.z
    return address.family() == Poco::Net::IPAddress::IPv6 && address.isIPv4Mapped() &&
           address.toString().find("::ffff:127.") == 0;
}

void addSystemRoutes(Router& router, RouteContext& context) {
    RouteOptions unlimited{false};

    router.add(
        "GET", "/healthz",
        [&context](Request&) {
            bool up = false;
            try {
                up = context.services.store.ping();
            } catch (const std::exception& e) {
                Poco::Logger::get("gequ.http").warning("healthz: %s", std::string(e.what()));
            }
            Poco::JSON::Object::Ptr body = new Poco::JSON::Object;
            body->set("status", up ? "ok" : "unavailable");
            return rawJsonResponse(up ? 200 : 503, body);
        },
        unlimited);

    auto gauges = std::make_shared<GaugeCache>(context.services.store);
    router.add(
        "GET", "/metrics",
        [&context, gauges](Request& request) {
            if (!metricsAllowed(request, context.config.metricsToken)) {
                // The same answer as a path that does not exist: the endpoint is not advertised.
                return errorResponse(domain::ErrorCode::NotFound, kMessageNoSuchApi);
            }
            Response response;
            response.contentType = "text/plain; version=0.0.4; charset=utf-8";
            response.body = context.metrics.render() + gauges->text();
            return response;
        },
        unlimited);

    router.add("GET", "/music/test", [](Request& request) {
        Poco::JSON::Object::Ptr data = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        data->set("status", "ok");
        data->set("loggedIn", request.viewerId().has_value());
        return okResponse(data);
    });

    // A song's audio and cover: to anyone when the song is public and finished, else only to its owner (signed in,
    // or holding a URL signed for them); everyone else gets the same 404 as for a file that does not exist.
    router.addPrefix(
        "GET", "/media/",
        [&context](Request& request) {
            const std::filesystem::path root = context.config.mediaDir;
            if (!safeJoin(root, request.pathRest)) {
                return errorResponse(domain::ErrorCode::InvalidInput, "请求路径无效");
            }
            auto notFound = [] { return errorResponse(domain::ErrorCode::NotFound, "文件不存在"); };
            if (!context.services.media) {
                return notFound();
            }
            auto access = context.services.media->access(request.pathRest);
            if (!access) {
                return notFound();
            }
            const MediaDelivery delivery{root, context.config.mediaAccelRedirect, context.services.mediaRedirect};
            if (access->isPublic) {
                return deliverMedia(request, delivery, request.pathRest, kCacheImmutable);
            }
            bool allowed = false;
            if (auto exp = request.param("exp"), sig = request.param("sig"); exp && sig) {
                const auto now =
                    std::chrono::duration_cast<std::chrono::seconds>(context.services.clock.now().time_since_epoch())
                        .count();
                allowed = context.mediaUrls.verify(request.pathRest, *exp, *sig, now);
            }
            if (!allowed) {
                const auto& viewer = request.viewerId();
                allowed = viewer && *viewer == access->ownerId;
            }
            if (!allowed) {
                return notFound();
            }
            return deliverMedia(request, delivery, request.pathRest, kCachePrivate);
        },
        unlimited);
}

} // namespace gequ::http
