#include "envelope.h"
#include "files.h"
#include "routes.h"

#include <Poco/JSON/Object.h>
#include <Poco/Logger.h>
#include <sstream>

namespace gequ::http {

namespace {

const char* songStatusName(domain::SongStatus status) {
    switch (status) {
    case domain::SongStatus::Generating:
        return "generating";
    case domain::SongStatus::Done:
        return "done";
    case domain::SongStatus::Failed:
        return "failed";
    }
    return "unknown";
}

/// The gauges read from the database: songs, generation tasks and orders by state.
std::string storeGauges(domain::Store& store) {
    std::ostringstream out;
    try {
        auto text = domain::readOnly(store, [](domain::Repositories& repos) {
            std::ostringstream gauges;
            gauges << "# HELP gequ_songs Songs that are not deleted, by status.\n# TYPE gequ_songs gauge\n";
            for (const auto& [status, count] : repos.songs().countByStatus()) {
                gauges << "gequ_songs{status=\"" << songStatusName(status) << "\"} " << count << '\n';
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

} // namespace

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

    router.add(
        "GET", "/metrics",
        [&context](Request&) {
            Response response;
            response.contentType = "text/plain; version=0.0.4; charset=utf-8";
            response.body = context.metrics.render() + storeGauges(context.services.store);
            return response;
        },
        unlimited);

    router.add("GET", "/music/test", [](Request& request) {
        Poco::JSON::Object::Ptr data = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        data->set("status", "ok");
        data->set("loggedIn", request.viewerId().has_value());
        return okResponse(data);
    });

    router.addPrefix(
        "GET", "/media/", [&context](Request& request) { return serveMedia(request, context.config.mediaDir); },
        unlimited);
}

} // namespace gequ::http
