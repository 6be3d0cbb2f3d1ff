#include "gequ/wiring/config.h"
#include "gequ/wiring/exceptions.h"
#include "temp_dir.h"

#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>

using gequ::test::TempDir;
using gequ::wiring::Config;
using gequ::wiring::ConfigError;

namespace {

Config::Environment envOf(std::map<std::string, std::string> vars) {
    return [vars = std::move(vars)](const std::string& name) -> std::optional<std::string> {
        auto it = vars.find(name);
        if (it == vars.end()) {
            return std::nullopt;
        }
        return it->second;
    };
}

const Config::Environment kNoEnv = envOf({});

// The ConfigError message of loading `properties` with `env`; fails the test when it loads.
std::string errorOf(const std::string& properties, const Config::Environment& env = kNoEnv) {
    try {
        Config::loadFromString(properties, env);
    } catch (const ConfigError& e) {
        return e.what();
    }
    ADD_FAILURE() << "expected a ConfigError for:\n" << properties;
    return {};
}

const std::string kProductionOk = "app.env = production\n"
                                  "payment.provider = wechat\n"
                                  "sms.provider = aliyun\n"
                                  "auth.secret = 0123456789abcdef0123456789abcdef\n";

} // namespace

TEST(ConfigTest, DefaultsMatchTheDesign) {
    Config c = Config::load("", kNoEnv);
    EXPECT_EQ(c.appEnv(), "development");
    EXPECT_FALSE(c.isProduction());
    EXPECT_EQ(c.dataDir(), "var");
    EXPECT_EQ(c.dbUrl(), "sqlite:var/gequ.db");
    EXPECT_EQ(c.dbPoolSize(), 8);
    EXPECT_EQ(c.mediaDir(), "var/media");
    EXPECT_EQ(c.httpHost(), "127.0.0.1");
    EXPECT_EQ(c.httpPort(), 8080);
    EXPECT_EQ(c.publicBaseUrl(), "http://127.0.0.1:8080");
    EXPECT_EQ(c.webRoot(), "web/dist");
    EXPECT_EQ(c.upstreamProvider(), "local");
    EXPECT_EQ(c.paymentProvider(), "sandbox");
    EXPECT_EQ(c.smsProvider(), "console");
    EXPECT_EQ(c.httpThreads(), 256);
    EXPECT_EQ(c.httpKeepAliveSeconds(), 5);
    EXPECT_EQ(c.httpKeepAliveRequests(), 1000);
    EXPECT_EQ(c.httpListCacheMillis(), 2000);
    EXPECT_EQ(c.httpReadTimeoutSeconds(), 30);
    EXPECT_DOUBLE_EQ(c.httpRatePerIp(), 20);
    EXPECT_DOUBLE_EQ(c.httpBurstPerIp(), 60);
    EXPECT_FALSE(c.httpTrustProxy());
    EXPECT_TRUE(c.httpCorsOrigins().empty());
    EXPECT_FALSE(c.authSecret().has_value());
    EXPECT_FALSE(c.authSecretFile().has_value());
    EXPECT_EQ(c.authSessionDays(), 30);
    EXPECT_EQ(c.pointsSignupBonus(), 20);
    EXPECT_EQ(c.pointsCreateCost(), 10);
    EXPECT_EQ(c.generationTimeoutSeconds(), 600);
    EXPECT_EQ(c.generationWorkers(), 2);
    EXPECT_EQ(c.generationMaxInflight(), 50);
    EXPECT_EQ(c.composerWorkers(), 1);
    EXPECT_EQ(c.composerClipSeconds(), 90);
    EXPECT_EQ(c.logLevel(), "information");
    EXPECT_EQ(c.sourceOf("http.port"), "default");
    EXPECT_FALSE(c.isConfigured("http.port"));
    EXPECT_TRUE(c.unknownKeys().empty());
}

TEST(ConfigTest, EnvNameUpperCasesAndReplacesDots) {
    EXPECT_EQ(Config::envName("db.url"), "GEQU_DB_URL");
    EXPECT_EQ(Config::envName("http.port"), "GEQU_HTTP_PORT");
    EXPECT_EQ(Config::envName("http.public_base_url"), "GEQU_HTTP_PUBLIC_BASE_URL");
}

TEST(ConfigTest, FileOverridesDefaults) {
    TempDir dir;
    const std::string path = dir / "gequ.properties";
    std::ofstream(path) << "# a comment\n"
                           "http.port = 9001\n"
                           "http.host=0.0.0.0\n"
                           "db.pool_size = 3\n"
                           "http.trust_proxy = yes\n"
                           "http.cors_origins = https://a.example, https://b.example ,\n"
                           "http.rate_per_ip = 2.5\n"
                           "log.level = debug\n";
    Config c = Config::load(path, kNoEnv);
    EXPECT_EQ(c.httpPort(), 9001);
    EXPECT_EQ(c.httpHost(), "0.0.0.0");
    EXPECT_EQ(c.dbPoolSize(), 3);
    EXPECT_TRUE(c.httpTrustProxy());
    EXPECT_EQ(c.httpCorsOrigins(), (std::vector<std::string>{"https://a.example", "https://b.example"}));
    EXPECT_DOUBLE_EQ(c.httpRatePerIp(), 2.5);
    EXPECT_EQ(c.logLevel(), "debug");
    EXPECT_EQ(c.sourceOf("http.port"), "file " + path);
    EXPECT_TRUE(c.isConfigured("http.port"));
    // Derived from the configured host and port.
    EXPECT_EQ(c.publicBaseUrl(), "http://0.0.0.0:9001");
}

TEST(ConfigTest, EnvironmentOverridesFileAndDefaults) {
    Config c = Config::loadFromString("http.port = 9001\ndb.pool_size = 3\n",
                                      envOf({{"GEQU_HTTP_PORT", "9002"},
                                             {"GEQU_HTTP_PUBLIC_BASE_URL", "https://x.cn"},
                                             {"GEQU_LOG_LEVEL", " warning "}}));
    EXPECT_EQ(c.httpPort(), 9002);
    EXPECT_EQ(c.dbPoolSize(), 3);
    EXPECT_EQ(c.publicBaseUrl(), "https://x.cn");
    EXPECT_EQ(c.logLevel(), "warning");
    EXPECT_EQ(c.sourceOf("http.port"), "environment GEQU_HTTP_PORT");
}

TEST(ConfigTest, ProcessEnvironmentIsReadWithSetenv) {
    ::setenv("GEQU_DB_URL", "sqlite:/tmp/elsewhere.db", 1);
    ::setenv("GEQU_HTTP_PORT", "9123", 1);
    Config c = Config::load();
    ::unsetenv("GEQU_DB_URL");
    ::unsetenv("GEQU_HTTP_PORT");
    EXPECT_EQ(c.dbUrl(), "sqlite:/tmp/elsewhere.db");
    EXPECT_EQ(c.httpPort(), 9123);
    EXPECT_EQ(Config::load().httpPort(), 8080);
}

TEST(ConfigTest, DefaultsDeriveFromDataDir) {
    Config fromEnv = Config::load("", envOf({{"GEQU_DATA_DIR", "/srv/gequ"}}));
    EXPECT_EQ(fromEnv.dbUrl(), "sqlite:/srv/gequ/gequ.db");
    EXPECT_EQ(fromEnv.mediaDir(), "/srv/gequ/media");

    Config fromFile = Config::loadFromString("data.dir = d1\nmedia.dir = /m\n", kNoEnv);
    EXPECT_EQ(fromFile.dbUrl(), "sqlite:d1/gequ.db");
    EXPECT_EQ(fromFile.mediaDir(), "/m");

    // References work in configured values too, and the environment's data.dir wins over the file's.
    Config both =
        Config::loadFromString("data.dir = d1\nmedia.dir = ${data.dir}/m\n", envOf({{"GEQU_DATA_DIR", "d2"}}));
    EXPECT_EQ(both.dbUrl(), "sqlite:d2/gequ.db");
    EXPECT_EQ(both.mediaDir(), "d2/m");
}

TEST(ConfigTest, BadValuesNameTheKeyAndTheirSource) {
    for (const auto& [props, key] : std::vector<std::pair<std::string, std::string>>{
             {"http.port = abc", "http.port"},
             {"http.port = 65536", "http.port"},
             {"http.port = -1", "http.port"},
             {"http.port = 80x", "http.port"},
             {"db.pool_size = 0", "db.pool_size"},
             {"http.threads = 1.5", "http.threads"},
             {"http.rate_per_ip = fast", "http.rate_per_ip"},
             {"http.trust_proxy = maybe", "http.trust_proxy"},
             {"app.env = staging", "app.env"},
             {"upstream.provider = openai", "upstream.provider"},
             {"payment.provider = alipay", "payment.provider"},
             {"sms.provider = email", "sms.provider"},
             {"log.level = loud", "log.level"},
             {"db.url = mysql://x", "db.url"},
             {"http.public_base_url = example.com", "http.public_base_url"},
             {"auth.secret = short", "auth.secret"},
             {"data.dir = ", "data.dir"},
             {"composer.clip_seconds = 5", "composer.clip_seconds"},
             {"points.create_cost = 99999999999999999999", "points.create_cost"},
         }) {
        const std::string message = errorOf(props);
        EXPECT_NE(message.find(key), std::string::npos) << props << " -> " << message;
        EXPECT_NE(message.find("<string>"), std::string::npos) << message;
    }
    const std::string fromEnv = errorOf("", envOf({{"GEQU_HTTP_PORT", "eighty"}}));
    EXPECT_NE(fromEnv.find("http.port"), std::string::npos);
    EXPECT_NE(fromEnv.find("GEQU_HTTP_PORT"), std::string::npos);
    EXPECT_NE(fromEnv.find("eighty"), std::string::npos);
}

TEST(ConfigTest, EveryBadKeyIsReportedAtOnce) {
    const std::string message = errorOf("http.port = x\ndb.pool_size = y\n");
    EXPECT_NE(message.find("http.port"), std::string::npos);
    EXPECT_NE(message.find("db.pool_size"), std::string::npos);
}

TEST(ConfigTest, BoundaryValuesAreAccepted) {
    Config c = Config::loadFromString("http.port = 0\ngeneration.workers = 0\nhttp.trust_proxy = ON\n", kNoEnv);
    EXPECT_EQ(c.httpPort(), 0);
    EXPECT_EQ(c.generationWorkers(), 0);
    EXPECT_TRUE(c.httpTrustProxy());
    EXPECT_EQ(Config::loadFromString("http.port = 65535", kNoEnv).httpPort(), 65535);
    EXPECT_EQ(Config::loadFromString("db.url = postgresql://u:p@127.0.0.1:5432/gequ", kNoEnv).dbUrl(),
              "postgresql://u:p@127.0.0.1:5432/gequ");
}

TEST(ConfigTest, MissingFileIsAClearError) {
    TempDir dir;
    try {
        Config::load(dir / "nope.properties", kNoEnv);
        FAIL() << "expected a ConfigError";
    } catch (const ConfigError& e) {
        EXPECT_NE(std::string(e.what()).find("nope.properties"), std::string::npos);
    }
}

TEST(ConfigTest, ProductionRefusesTheDevelopmentProviders) {
    Config ok = Config::loadFromString(kProductionOk, kNoEnv);
    EXPECT_TRUE(ok.isProduction());

    const std::string sandbox = errorOf("app.env = production\nsms.provider = aliyun\n"
                                        "auth.secret = 0123456789abcdef0123456789abcdef\n");
    EXPECT_NE(sandbox.find("payment.provider"), std::string::npos) << sandbox;
    EXPECT_NE(sandbox.find("sandbox"), std::string::npos) << sandbox;
    EXPECT_EQ(sandbox.find("sms.provider"), std::string::npos) << sandbox;

    const std::string console = errorOf("app.env = production\npayment.provider = wechat\n"
                                        "auth.secret = 0123456789abcdef0123456789abcdef\n");
    EXPECT_NE(console.find("sms.provider"), std::string::npos) << console;
    EXPECT_NE(console.find("console"), std::string::npos) << console;

    const std::string secret = errorOf("app.env = production\npayment.provider = wechat\nsms.provider = tencent\n");
    EXPECT_NE(secret.find("auth.secret"), std::string::npos) << secret;

    // Every refusal at once, and the environment can switch to production.
    const std::string all = errorOf("", envOf({{"GEQU_APP_ENV", "production"}}));
    EXPECT_NE(all.find("payment.provider"), std::string::npos) << all;
    EXPECT_NE(all.find("sms.provider"), std::string::npos) << all;
    EXPECT_NE(all.find("auth.secret"), std::string::npos) << all;

    // A secret file named in the configuration is acceptable in production.
    Config withFile = Config::loadFromString("app.env = production\npayment.provider = wechat\n"
                                             "sms.provider = aliyun\nauth.secret_file = /run/secrets/gequ\n",
                                             kNoEnv);
    EXPECT_EQ(withFile.authSecretFile(), "/run/secrets/gequ");
}

TEST(ConfigTest, GenericGettersAndUnknownKeys) {
    Config c =
        Config::loadFromString("upstream.ace.base_url = https://api.acedata.cloud\nhttp.prot = 1\nfuture.key = later\n",
                               envOf({{"GEQU_UPSTREAM_ACE_TOKEN", "tok"}}));
    EXPECT_EQ(c.getString("upstream.ace.base_url"), "https://api.acedata.cloud");
    EXPECT_EQ(c.getString("future.key"), "later"); // keys the application does not list are looked up too
    EXPECT_EQ(c.getString("upstream.ace.token"), "tok");
    EXPECT_EQ(c.getString("upstream.ace.callback_url", "none"), "none");
    EXPECT_FALSE(c.has("upstream.ace.callback_url"));
    EXPECT_THROW(c.getString("upstream.ace.callback_url"), ConfigError);
    EXPECT_EQ(c.getInt("http.prot"), 1);
    EXPECT_THROW(c.getInt("upstream.ace.base_url"), ConfigError);
    const std::set<std::string> unknown(c.unknownKeys().begin(), c.unknownKeys().end());
    EXPECT_EQ(unknown, (std::set<std::string>{"http.prot", "future.key"}));
}

TEST(ConfigTest, EmptyEnvironmentValueUnsetsAnOptionalKey) {
    Config c =
        Config::loadFromString("auth.secret = 0123456789abcdef0123456789abcdef\n", envOf({{"GEQU_AUTH_SECRET", ""}}));
    EXPECT_FALSE(c.authSecret().has_value());
}

TEST(ConfigTest, TheExampleFileListsEveryKeyWithItsDefault) {
    std::ifstream in(GEQU_EXAMPLE_PROPERTIES);
    ASSERT_TRUE(in) << GEQU_EXAMPLE_PROPERTIES;
    std::map<std::string, std::string> listed;
    std::string line;
    while (std::getline(in, line)) {
        auto eq = line.find('=');
        if (line.empty() || line[0] == '#' || eq == std::string::npos) {
            continue;
        }
        auto trim = [](std::string s) {
            s.erase(0, s.find_first_not_of(' '));
            s.erase(s.find_last_not_of(' ') + 1);
            return s;
        };
        listed[trim(line.substr(0, eq))] = trim(line.substr(eq + 1));
    }
    for (const auto& spec : Config::knownKeys()) {
        auto it = listed.find(std::string(spec.name));
        ASSERT_NE(it, listed.end()) << spec.name << " is missing from config/gequ.example.properties";
        EXPECT_EQ(it->second, spec.defaultValue) << spec.name;
    }
    EXPECT_EQ(listed.size(), Config::knownKeys().size());
    // And the file loads as it is, giving the defaults, with derived values still following the environment.
    Config c = Config::load(GEQU_EXAMPLE_PROPERTIES, envOf({{"GEQU_DATA_DIR", "/d"}}));
    EXPECT_TRUE(c.unknownKeys().empty());
    EXPECT_EQ(c.dbUrl(), "sqlite:/d/gequ.db");
    EXPECT_EQ(c.mediaDir(), "/d/media");
    EXPECT_EQ(c.publicBaseUrl(), "http://127.0.0.1:8080");
}

namespace {

TEST(ConfigSecurityTest, AShortCallbackKeyRefusesToStart) {
    const std::string shortKey =
        errorOf("upstream.ace.callback_url = https://gequ.example/music/api/callback/ace?key=abc\n");
    EXPECT_NE(shortKey.find("upstream.ace.callback_url"), std::string::npos) << shortKey;
    EXPECT_NE(shortKey.find("at least 32"), std::string::npos) << shortKey;
    const std::string noKey = errorOf("upstream.ace.callback_url = https://gequ.example/music/api/callback/ace\n");
    EXPECT_NE(noKey.find("upstream.ace.callback_url"), std::string::npos) << noKey;
    const std::string key(32, 'k');
    Config ok = Config::loadFromString(
        "upstream.ace.callback_url = https://gequ.example/music/api/callback/ace?key=" + key + "\n", kNoEnv);
    EXPECT_TRUE(ok.has("upstream.ace.callback_url"));
}

TEST(ConfigSecurityTest, ErrorsNeverShowADatabasePassword) {
    for (const char* url : {"mysql://gequ:hunter2secret@db.example/gequ", "postgresq://gequ:hunter2secret@db/gequ",
                            "postgres:/gequ:hunter2secret@db/gequ?password=hunter2secret"}) {
        const std::string message = errorOf(std::string("db.url = ") + url + "\n");
        EXPECT_NE(message.find("db.url"), std::string::npos) << message;
        EXPECT_EQ(message.find("hunter2secret"), std::string::npos) << message;
    }
}

TEST(ConfigSecurityTest, MetricsTokenAndTrustedProxiesAreRead) {
    Config c = Config::loadFromString("metrics.token = " + std::string(32, 'm') +
                                          "\nhttp.trusted_proxies = 10.0.0.0/8, fd00::/8\nhttp.request_deadline = 7\n"
                                          "auth.sms_hourly_budget = 50\n",
                                      kNoEnv);
    EXPECT_EQ(c.metricsToken(), std::string(32, 'm'));
    EXPECT_EQ(c.httpTrustedProxies(), (std::vector<std::string>{"10.0.0.0/8", "fd00::/8"}));
    EXPECT_EQ(c.httpRequestDeadlineSeconds(), 7);
    EXPECT_EQ(c.authSmsHourlyBudget(), 50);
    EXPECT_NE(errorOf("metrics.token = short\n").find("metrics.token"), std::string::npos);
}

} // namespace
