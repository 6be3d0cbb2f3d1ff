#pragma once

// The runtime configuration shared by gequ-server and gequ-admin (docs/configuration.md).
//
// Every key has a value from, in increasing precedence: its built-in default, the properties file given with
// `--config FILE`, and the environment variable GEQU_<KEY> (upper-cased, dots as underscores: db.url ->
// GEQU_DB_URL). A value may refer to another key as ${other.key}; the defaults do (db.url is
// sqlite:${data.dir}/gequ.db), so derived values follow the keys they come from wherever those were set.
// config/gequ.example.properties lists every key with its default.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::wiring {

/// The shortest upstream callback key (upstream.ace.callback_url's key parameter) the configuration accepts.
inline constexpr std::size_t kMinCallbackKeyChars = 32;

/// How a key's value is checked when the configuration is loaded.
enum class KeyKind {
    Text,     ///< any string, possibly empty
    Required, ///< a non-empty string
    Integer,  ///< a decimal integer within [min, max]
    Number,   ///< a decimal number within [min, max]
    Boolean,  ///< true/false, yes/no, on/off, 1/0
    Choice,   ///< one of `choices`
    List,     ///< comma-separated items (may be empty)
    HttpUrl,  ///< http://... or https://...
    DbUrl,    ///< sqlite:PATH or postgresql://...
    Secret,   ///< empty (unset) or at least 32 characters
};

/// One known configuration key.
struct KeySpec {
    std::string_view name;
    KeyKind kind = KeyKind::Text;
    /// The default (may refer to other keys as ${other.key}). Empty means unset.
    std::string_view defaultValue;
    std::string_view help; ///< one line, as written in config/gequ.example.properties
    double min = 0;
    double max = 0;
    std::vector<std::string_view> choices;
};

/// The loaded, validated configuration. Cheap to copy; immutable once loaded.
class Config {
public:
    /// Looks up an environment variable by name; nullopt when it is not set.
    using Environment = std::function<std::optional<std::string>(const std::string& name)>;

    /// The process environment (getenv).
    static Environment processEnvironment();
    /// Every key the application knows, in the order of the example file.
    static const std::vector<KeySpec>& knownKeys();
    /// The environment variable that overrides key: "db.url" -> "GEQU_DB_URL".
    static std::string envName(const std::string& key);

    /// Defaults, then the properties file at `path` (none when empty), then the environment; then validates.
    /// Throws ConfigError naming every bad key (and the file or variable it came from), or when the file cannot be
    /// read.
    static Config load(const std::string& path = {}, const Environment& env = processEnvironment());
    /// The same from properties text instead of a file (`source` names it in messages).
    static Config loadFromString(const std::string& properties, const Environment& env = processEnvironment(),
                                 const std::string& source = "<string>");

    /// The value of key, or nullopt when it is unset (no default, not configured). Keys the application does not
    /// list are looked up in the file and the environment too.
    std::optional<std::string> find(const std::string& key) const;
    /// Whether key has a non-empty value.
    bool has(const std::string& key) const;
    /// Whether key was set by the file or the environment rather than defaulted.
    bool isConfigured(const std::string& key) const;
    /// Where the value of key came from: "default", "file <path>" or "environment GEQU_...".
    std::string sourceOf(const std::string& key) const;

    /// The value of key; ConfigError when unset.
    std::string getString(const std::string& key) const;
    std::string getString(const std::string& key, const std::string& fallback) const;
    /// Typed values; ConfigError when unset or malformed.
    std::int64_t getInt(const std::string& key) const;
    double getDouble(const std::string& key) const;
    bool getBool(const std::string& key) const;
    /// Comma-separated items, trimmed, empty items dropped; empty when unset.
    std::vector<std::string> getList(const std::string& key) const;

    /// Keys found in the file or the environment that the application does not know (likely typos).
    const std::vector<std::string>& unknownKeys() const { return _unknown; }

    // The core keys, typed.
    std::string appEnv() const { return getString("app.env"); }
    bool isProduction() const { return appEnv() == "production"; }
    std::string dataDir() const { return getString("data.dir"); }
    std::string dbUrl() const { return getString("db.url"); }
    int dbPoolSize() const { return static_cast<int>(getInt("db.pool_size")); }
    int dbWorksCacheMillis() const { return static_cast<int>(getInt("db.works_cache_ms")); }
    std::string mediaDir() const { return getString("media.dir"); }
    std::string httpHost() const { return getString("http.host"); }
    std::uint16_t httpPort() const { return static_cast<std::uint16_t>(getInt("http.port")); }
    std::string publicBaseUrl() const { return getString("http.public_base_url"); }
    int httpThreads() const { return static_cast<int>(getInt("http.threads")); }
    int httpKeepAliveSeconds() const { return static_cast<int>(getInt("http.keep_alive_timeout")); }
    int httpKeepAliveRequests() const { return static_cast<int>(getInt("http.keep_alive_requests")); }
    int httpListCacheMillis() const { return static_cast<int>(getInt("http.list_cache_ms")); }
    int httpSessionCacheMillis() const { return static_cast<int>(getInt("http.session_cache_ms")); }
    int httpReadTimeoutSeconds() const { return static_cast<int>(getInt("http.read_timeout")); }
    double httpRatePerIp() const { return getDouble("http.rate_per_ip"); }
    double httpBurstPerIp() const { return getDouble("http.burst_per_ip"); }
    bool httpTrustProxy() const { return getBool("http.trust_proxy"); }
    std::vector<std::string> httpTrustedProxies() const { return getList("http.trusted_proxies"); }
    int httpRequestDeadlineSeconds() const { return static_cast<int>(getInt("http.request_deadline")); }
    int httpMaxConnectionsPerClient() const { return static_cast<int>(getInt("http.max_connections_per_client")); }
    std::string metricsToken() const { return getString("metrics.token", ""); }
    std::int64_t authSmsHourlyBudget() const { return getInt("auth.sms_hourly_budget"); }
    std::int64_t authChallengeMaxNumber() const { return getInt("auth.challenge_max_number"); }
    std::vector<std::string> httpCorsOrigins() const { return getList("http.cors_origins"); }
    std::string webRoot() const { return getString("web.root"); }
    std::string upstreamProvider() const { return getString("upstream.provider"); }
    std::string paymentProvider() const { return getString("payment.provider"); }
    std::string smsProvider() const { return getString("sms.provider"); }
    /// auth.secret when configured (see loadOrCreateSecret in setup.h for the generated default).
    std::optional<std::string> authSecret() const { return find("auth.secret"); }
    /// auth.secret_file when configured.
    std::optional<std::string> authSecretFile() const { return find("auth.secret_file"); }
    int authSessionDays() const { return static_cast<int>(getInt("auth.session_days")); }
    std::int64_t pointsSignupBonus() const { return getInt("points.signup_bonus"); }
    std::int64_t pointsCreateCost() const { return getInt("points.create_cost"); }
    int generationTimeoutSeconds() const { return static_cast<int>(getInt("generation.timeout")); }
    int generationWorkers() const { return static_cast<int>(getInt("generation.workers")); }
    int generationMaxInflight() const { return static_cast<int>(getInt("generation.max_inflight")); }
    int generationLeaseSeconds() const { return static_cast<int>(getInt("generation.lease")); }
    int composerWorkers() const { return static_cast<int>(getInt("composer.workers")); }
    int composerRenderCores() const { return static_cast<int>(getInt("composer.render_cores")); }
    std::string composerSoundfont() const { return getString("composer.soundfont"); }
    int composerClipSeconds() const { return static_cast<int>(getInt("composer.clip_seconds")); }
    std::string logLevel() const { return getString("log.level"); }

private:
    struct Entry {
        std::string value;
        std::string source;
        bool configured = false;
    };

    Config() = default;
    static Config build(const std::map<std::string, std::string>& fileValues, const std::string& fileSource,
                        const Environment& env);
    const Entry* entry(const std::string& key) const;
    void validate() const;

    std::map<std::string, Entry> _entries;
    std::vector<std::string> _unknown;
    Environment _env;
};

} // namespace gequ::wiring
