// gequ-server: reads the configuration, opens (and migrates) the database, builds the services and the HTTP server,
// prints "Gequ listening on http://HOST:PORT" and serves until SIGTERM or SIGINT.

#include "gequ/db/database.h"
#include "gequ/db/db_exception.h"
#include "gequ/http/server.h"
#include "gequ/server/generation_runner.h"
#include "gequ/server/http_wiring.h"
#include "gequ/server/upkeep.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/exceptions.h"
#include "gequ/wiring/runtime.h"
#include "gequ/wiring/setup.h"

#include <Poco/Exception.h>
#include <Poco/Logger.h>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace {

constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

const char* const kUsage = "Usage: gequ-server [--config FILE]\n"
                           "\n"
                           "Serves the Gequ web app and its API. With no configuration it runs on its own:\n"
                           "SQLite in var/gequ.db, the offline composer, the sandbox payment, the console SMS,\n"
                           "media in var/media, the web app from web/dist, on http://127.0.0.1:8080.\n"
                           "\n"
                           "Options:\n"
                           "  --config FILE  read the configuration from FILE (a properties file; see\n"
                           "                 config/gequ.example.properties)\n"
                           "  -h, --help     show this help\n"
                           "\n"
                           "Every key can be overridden by an environment variable: GEQU_ + the key upper-cased,\n"
                           "dots as underscores (GEQU_DATA_DIR, GEQU_HTTP_PORT, GEQU_DB_URL, ...).\n"
                           "Stops cleanly on SIGTERM or SIGINT.\n";

struct Options {
    std::string configPath;
    bool help = false;
};

// The options, or nullopt after printing a usage error.
std::optional<Options> parseArguments(const std::vector<std::string>& args) {
    Options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "-h" || arg == "--help") {
            options.help = true;
        } else if (arg == "--config" && i + 1 < args.size()) {
            options.configPath = args[++i];
        } else if (arg.rfind("--config=", 0) == 0) {
            options.configPath = arg.substr(9);
        } else {
            std::cerr << "gequ-server: " << (arg == "--config" ? "--config needs a FILE" : "unknown argument " + arg)
                      << "\n\n"
                      << kUsage;
            return std::nullopt;
        }
    }
    return options;
}

/// Removes the generator's status listener when the scope ends (before the runner it points to is destroyed).
class ListenerGuard {
public:
    explicit ListenerGuard(gequ::domain::SongGenerator& generator) : _generator(generator) {}
    ~ListenerGuard() { _generator.setStatusListener({}); }
    ListenerGuard(const ListenerGuard&) = delete;
    ListenerGuard& operator=(const ListenerGuard&) = delete;

private:
    gequ::domain::SongGenerator& _generator;
};

std::string hostForUrl(const std::string& host) {
    return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

} // namespace

int main(int argc, char** argv) {
    const auto options = parseArguments(std::vector<std::string>(argv + 1, argv + argc));
    if (!options) {
        return kExitUsage;
    }
    if (options->help) {
        std::cout << kUsage;
        return 0;
    }

    // Block the termination signals before any thread starts, so every thread inherits the mask and sigwait below
    // is the only place they are received.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);
    std::signal(SIGPIPE, SIG_IGN);

    std::optional<gequ::wiring::Config> config;
    try {
        config = gequ::wiring::Config::load(options->configPath);
    } catch (const std::exception& e) {
        std::cerr << "gequ-server: " << gequ::db::maskPasswords(e.what()) << "\n";
        return kExitFailure;
    }
    gequ::wiring::configureLogging(config->logLevel());
    Poco::Logger& log = Poco::Logger::get("gequ.server");

    try {
        for (const auto& key : config->unknownKeys()) {
            log.warning("unknown configuration key %s (from %s) is ignored", key, config->sourceOf(key));
        }
        log.information("starting: app.env=%s, db=%s, upstream=%s, payment=%s, sms=%s", config->appEnv(),
                        config->dbUrl().rfind("sqlite:", 0) == 0 ? config->dbUrl() : std::string("postgresql"),
                        config->upstreamProvider(), config->paymentProvider(), config->smsProvider());

        gequ::wiring::ensureDirectories(*config);
        gequ::wiring::Runtime runtime(*config); // opens the database and applies pending migrations
        runtime.auth(); // loads (or generates) the server secret and builds the SMS sender: fails here, not later
        log.information("SMS provider: %s", runtime.sms().name());

        // The song side: the upstream (offline composer or AceData), the services and the generation workers.
        runtime.generator();
        log.information("upstream: %s; %d generation worker(s)", runtime.generator().name(),
                        config->generationWorkers());
        if (config->upstreamProvider() == "local" && !std::filesystem::exists(config->composerSoundfont())) {
            log.error("composer.soundfont %s does not exist: the offline composer cannot render, so every song "
                      "will fail (and be refunded). Install fluid-soundfont-gm or set composer.soundfont.",
                      config->composerSoundfont());
        }
        gequ::server::GenerationRunner workers(runtime.generation(), config->generationWorkers());
        runtime.create().setOnCreated([&workers] { workers.wake(); });
        // Push completion: a provider that knows when a clip is done (the offline composer) tells the workers at
        // once. The listener is removed before the workers go, also when start-up fails below.
        runtime.generator().setStatusListener([&workers](const gequ::domain::TaskStatus& s) { workers.push(s); });
        const ListenerGuard listenerGuard(runtime.generator());

        // The payment side: the gateway of payment.provider and the order service (fails here when misconfigured).
        log.information("payment provider: %s", runtime.paymentGateway().name());
        const auto reconcileSeconds = config->getInt("payment.reconcile_interval");
        std::unique_ptr<gequ::server::PeriodicJob> orderUpkeep;
        if (reconcileSeconds > 0) {
            orderUpkeep = gequ::server::makeOrderUpkeep(runtime.orders(), std::chrono::seconds{reconcileSeconds});
        }

        gequ::http::Server server(gequ::server::makeHttpConfig(*config), gequ::server::makeHttpServices(runtime));
        server.start();
        workers.start();
        const auto squareUpkeep = gequ::server::makeSquareUpkeep(runtime.square()); // hotness and play de-duplication
        squareUpkeep->start();
        if (orderUpkeep) {
            orderUpkeep->start(); // expired orders closed, open ones asked about at the provider
        }
        const auto mediaUpkeep =
            gequ::server::makeMediaUpkeep(runtime.media()); // deleted songs' files, after retention
        mediaUpkeep->start();
        const auto searchUpkeep = gequ::server::makeSearchIndexUpkeep(runtime.store()); // SQLite's full-text segments
        searchUpkeep->start();
        if (const auto poll = config->getInt("db.search_index_poll_ms"); poll > 0) {
            // Searches from memory once the index is built (docs/performance.md, "Search").
            gequ::db::startSearchIndex(runtime.store(), std::chrono::milliseconds{poll});
        }
        std::cout << "Gequ listening on http://" << hostForUrl(config->httpHost()) << ":" << server.port() << std::endl;
        if (std::filesystem::is_directory(config->webRoot())) {
            log.information("serving the web app from %s and media from %s", config->webRoot(), config->mediaDir());
        } else {
            log.warning("web.root %s does not exist: serving the API and media only (build the web app first)",
                        config->webRoot());
        }

        int received = 0;
        sigwait(&signals, &received);
        log.information("received %s; stopping", std::string(strsignal(received)));
        server.stop();
        workers.stop(); // each worker finishes its tick; tasks in flight are picked up again on the next start
        squareUpkeep->stop();
        if (orderUpkeep) {
            orderUpkeep->stop();
        }
        mediaUpkeep->stop();
        searchUpkeep->stop();
        log.information("stopped");
    } catch (const Poco::Exception& e) {
        log.fatal("cannot start: %s", gequ::db::maskPasswords(e.displayText()));
        return kExitFailure;
    } catch (const std::exception& e) {
        log.fatal("cannot start: %s", gequ::db::maskPasswords(e.what()));
        return kExitFailure;
    }
    return 0;
}
