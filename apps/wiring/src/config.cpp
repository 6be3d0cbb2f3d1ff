#include "gequ/wiring/config.h"

#include "gequ/db/db_exception.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/text.h"
#include "gequ/wiring/exceptions.h"

#include <Poco/AutoPtr.h>
#include <Poco/Exception.h>
#include <Poco/URI.h>
#include <Poco/Util/PropertyFileConfiguration.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

namespace gequ::wiring {

namespace {

KeySpec text(std::string_view name, KeyKind kind, std::string_view def, std::string_view help) {
    KeySpec spec;
    spec.name = name;
    spec.kind = kind;
    spec.defaultValue = def;
    spec.help = help;
    return spec;
}

KeySpec range(std::string_view name, KeyKind kind, std::string_view def, double min, double max,
              std::string_view help) {
    KeySpec spec = text(name, kind, def, help);
    spec.min = min;
    spec.max = max;
    return spec;
}

KeySpec choice(std::string_view name, std::string_view def, std::vector<std::string_view> choices,
               std::string_view help) {
    KeySpec spec = text(name, KeyKind::Choice, def, help);
    spec.choices = std::move(choices);
    return spec;
}

// The known keys, in the order of config/gequ.example.properties. Later features add theirs here and there.
const std::vector<KeySpec>& keyTable() {
    using K = KeyKind;
    // The points defaults have one home, the domain's ledger.h.
    static const std::string kSignupBonusText = std::to_string(domain::kSignupBonus);
    static const std::string kCreateCostText = std::to_string(domain::kCreateCost);
    static const std::vector<KeySpec> keys = {
        choice("app.env", "development", {"development", "production"},
               "development or production; production refuses the sandbox payment, the console SMS and a generated "
               "secret"),
        text("data.dir", K::Required, "var", "where the default database, media, secret and SMS outbox live"),
        text("db.url", K::DbUrl, "sqlite:${data.dir}/gequ.db", "sqlite:PATH or postgresql://user:pass@host:port/db"),
        range("db.pool_size", K::Integer, "8", 1, 1024, "database connections per process"),
        range("db.works_cache_ms", K::Integer, "2000", 0, 60000,
              "milliseconds a works page read may be served again while the owner's works are unchanged (0: never)"),
        range("db.search_index_poll_ms", K::Integer, "1000", 0, 60000,
              "gequ-server searches an index of the public songs kept in memory, reading the songs changed through "
              "other instances this often (milliseconds; 0: no index, searches use the database's indexes)"),
        text("media.dir", K::Required, "${data.dir}/media", "stored audio and covers, served under /media/"),
        choice("media.provider", "local", {"local", "s3"},
               "where media live: local (media.dir) or s3 (an S3-compatible bucket, media.s3.*)"),
        text("media.accel_redirect", K::Text, "",
             "local media behind nginx: the internal location (e.g. /_media/) gequ-server names in X-Accel-Redirect "
             "instead of sending the file itself; empty: gequ-server sends it"),
        text("media.s3.endpoint", K::Text, "",
             "the S3-compatible service, http(s)://host[:port], without the bucket (media.provider=s3)"),
        text("media.s3.region", K::Required, "us-east-1", "the region signed into every request"),
        text("media.s3.bucket", K::Text, "", "the bucket holding the media"),
        choice("media.s3.addressing", "path", {"path", "virtual"},
               "path: endpoint/bucket/key; virtual: bucket.endpoint-host/key (AWS, COS and OSS prefer virtual)"),
        text("media.s3.access_key_id", K::Text, "", "the access key id (media.provider=s3)"),
        text("media.s3.secret_access_key", K::Text, "",
             "the secret access key (media.provider=s3; set it in the environment)"),
        range("media.s3.presign_seconds", K::Integer, "300", 10, 604800,
              "how long the presigned URL /media/<key> redirects to stays valid"),
        text("http.host", K::Required, "127.0.0.1", "the address to listen on (0.0.0.0 for every interface)"),
        range("http.port", K::Integer, "8080", 0, 65535, "the port to listen on (0 picks a free one)"),
        text("http.public_base_url", K::HttpUrl, "http://${http.host}:${http.port}",
             "the address users reach the site at (share links, payment return pages)"),
        range("http.threads", K::Integer, "256", 1, 4096,
              "request handling threads; a keep-alive connection holds one while it is open, so at least the number "
              "of concurrent client (or proxy) connections"),
        range("http.keep_alive_timeout", K::Integer, "5", 1, 300,
              "seconds an idle keep-alive connection may hold its thread"),
        range("http.keep_alive_requests", K::Integer, "1000", 1, 1000000,
              "requests on one connection before it is closed"),
        range("http.list_cache_ms", K::Integer, "2000", 0, 60000,
              "milliseconds anonymous public lists may be answered from memory (0: never)"),
        range("http.session_cache_ms", K::Integer, "1000", 0, 10000,
              "milliseconds a token's user may be remembered after it was read; a logout through another instance or a "
              "disabled account takes effect within it (0: read every request)"),
        range("http.read_timeout", K::Integer, "30", 1, 3600, "seconds one read or write of a client may take"),
        range("http.request_deadline", K::Integer, "30", 1, 3600,
              "seconds a client may take to send one whole request (headers and body)"),
        range("http.max_connections_per_client", K::Integer, "32", 0, 100000,
              "connections one client (an IPv4 address or an IPv6 /64) may hold open at once; more are closed at "
              "accept time; http.trusted_proxies are exempt (0: no cap)"),
        range("http.rate_per_ip", K::Number, "20", 0.001, 1e6, "API requests per second per client IP"),
        range("http.burst_per_ip", K::Number, "60", 1, 1e6, "burst size of the per-IP rate limit"),
        text("http.trust_proxy", K::Boolean, "false",
             "take the client IP from X-Forwarded-For (only behind a reverse proxy)"),
        text("http.trusted_proxies", K::List, "",
             "addresses or CIDR ranges of the proxies whose X-Forwarded-For is believed; empty: loopback"),
        text("metrics.token", K::Secret, "",
             "a bearer token (>= 32 characters) that opens /metrics beyond loopback; empty: loopback only"),
        text("http.cors_origins", K::List, "", "comma-separated origins allowed by CORS; empty turns CORS off"),
        text("web.root", K::Text, "web/dist", "the built web app; missing means API only"),
        choice("upstream.provider", "local", {"local", "ace"},
               "the AI upstream: local (offline composer) or ace (AceData)"),
        text("upstream.ace.base_url", K::HttpUrl, "https://api.acedata.cloud",
             "the AceData API (upstream.provider=ace)"),
        text("upstream.ace.token", K::Text, "",
             "the AceData API token (upstream.provider=ace; set it in the environment as GEQU_UPSTREAM_ACE_TOKEN)"),
        text("upstream.ace.callback_url", K::Text, "",
             "optional: https://<site>/music/api/callback/ace?key=<secret>, sent with each task; empty: polling only"),
        range("upstream.ace.timeout", K::Integer, "60", 1, 600, "seconds one AceData API call may take"),
        choice("payment.provider", "sandbox", {"sandbox", "wechat"}, "sandbox (simulated WeChat Pay) or wechat"),
        choice("sms.provider", "console", {"console", "aliyun", "tencent"},
               "console (log and outbox file), aliyun or tencent"),
        text("sms.outbox", K::Required, "${data.dir}/sms-outbox.jsonl",
             "the console provider's outbox: one JSON line per code sent"),
        range("sms.timeout", K::Integer, "10", 1, 120, "seconds one SMS provider call may take"),
        text("sms.aliyun.endpoint", K::HttpUrl, "https://dysmsapi.aliyuncs.com/", "Aliyun Dysmsapi endpoint"),
        text("sms.aliyun.access_key_id", K::Text, "", "Aliyun AccessKey ID (sms.provider=aliyun)"),
        text("sms.aliyun.access_key_secret", K::Text, "",
             "Aliyun AccessKey secret (sms.provider=aliyun; set it in the environment)"),
        text("sms.aliyun.sign_name", K::Text, "", "the approved SMS signature, e.g. 歌曲"),
        text("sms.aliyun.template_code", K::Text, "", "the approved template taking ${code}, e.g. SMS_123456789"),
        text("sms.aliyun.region_id", K::Text, "cn-hangzhou", "Aliyun region"),
        text("sms.tencent.endpoint", K::HttpUrl, "https://sms.tencentcloudapi.com/", "Tencent Cloud SMS endpoint"),
        text("sms.tencent.secret_id", K::Text, "", "Tencent Cloud SecretId (sms.provider=tencent)"),
        text("sms.tencent.secret_key", K::Text, "",
             "Tencent Cloud SecretKey (sms.provider=tencent; set it in the environment)"),
        text("sms.tencent.sdk_app_id", K::Text, "", "the SMS application id, e.g. 1400006666"),
        text("sms.tencent.sign_name", K::Text, "", "the approved SMS signature, e.g. 歌曲"),
        text("sms.tencent.template_id", K::Text, "", "the approved template whose only parameter {1} is the code"),
        text("sms.tencent.region", K::Text, "ap-guangzhou", "Tencent Cloud region"),
        range("payment.reconcile_interval", K::Integer, "30", 0, 3600,
              "seconds between runs that close expired orders and ask the provider about open ones (0: none here)"),
        text("wechat.appid", K::Text, "", "the AppID bound to the merchant (payment.provider=wechat)"),
        text("wechat.mchid", K::Text, "", "the merchant number (mchid)"),
        text("wechat.merchant_serial", K::Text, "", "the serial number of the merchant API certificate"),
        text("wechat.private_key_file", K::Text, "", "a file holding the merchant API private key (PEM)"),
        text("wechat.apiv3_key", K::Text, "",
             "the 32-byte APIv3 key (set it in the environment as GEQU_WECHAT_APIV3_KEY)"),
        text("wechat.public_key_id", K::Text, "",
             "the WeChat Pay public key's id (PUB_KEY_ID_...); empty: certificates"),
        text("wechat.public_key_file", K::Text, "", "a file holding the WeChat Pay public key (PEM)"),
        text("wechat.platform_certificates", K::Boolean, "false",
             "also accept platform certificates when a public key is configured (always used without one)"),
        text("wechat.notify_url", K::HttpUrl, "${http.public_base_url}/pay/notify/wechat",
             "where WeChat posts payment notifications (https in production)"),
        text("wechat.h5_app_name", K::Text, "歌曲", "the site's name as registered for H5 payments"),
        text("wechat.h5_app_url", K::Text, "${http.public_base_url}",
             "the site's address as registered for H5 payments"),
        text("wechat.oauth_secret", K::Text, "",
             "the official account's AppSecret for the JSAPI openid (set it in the environment)"),
        text("wechat.base_url", K::HttpUrl, "https://api.mch.weixin.qq.com", "the WeChat Pay API host"),
        text("wechat.oauth_base_url", K::HttpUrl, "https://api.weixin.qq.com", "the official account API host"),
        text("wechat.oauth_authorize_url", K::HttpUrl, "https://open.weixin.qq.com/connect/oauth2/authorize",
             "WeChat's OAuth2 authorize page"),
        range("wechat.timeout", K::Integer, "10", 1, 120, "seconds one WeChat Pay call may take"),
        text("auth.secret", K::Secret, "",
             "server secret (>= 32 characters) for login codes; unset: generated into <data.dir>/secret"),
        text("auth.secret_file", K::Text, "", "a file holding auth.secret (used when auth.secret is unset)"),
        range("auth.session_days", K::Integer, "30", 1, 3650, "days a login session lasts"),
        range("auth.sms_hourly_budget", K::Integer, "1000", 1, 10000000,
              "login codes the whole site may send in any rolling hour"),
        range("auth.challenge_max_number", K::Integer, "100000", 1, 100000000,
              "the work of the login proof-of-work challenge: its secret number is drawn from 0 to this"),
        range("points.signup_bonus", K::Integer, kSignupBonusText, 0, 1000000, "points given on sign-up"),
        range("points.create_cost", K::Integer, kCreateCostText, 0, 1000000, "points one create request costs"),
        range("generation.timeout", K::Integer, "600", 10, 86400,
              "seconds before an unfinished generation fails and refunds"),
        range("generation.workers", K::Integer, "2", 0, 64,
              "background generation threads (0: this instance runs none)"),
        range("generation.max_inflight", K::Integer, "50", 1, 100000, "upstream tasks in flight per instance"),
        range("generation.lease", K::Integer, "60", 1, 3600,
              "seconds a worker holds the tasks it claimed (a crashed instance's tasks are taken over after it)"),
        range("composer.workers", K::Integer, "1", 1, 64, "offline composer tasks rendered at once"),
        range("composer.render_cores", K::Integer, "0", 0, 16,
              "threads one clip renders and encodes on: 1 or 2 (0: 2 when this machine has two cores or more)"),
        range("composer.clip_seconds", K::Integer, "90", 10, 600, "length of a composed clip in seconds"),
        text("composer.soundfont", K::Required, "/usr/share/sounds/sf2/FluidR3_GM.sf2",
             "the General MIDI soundfont the offline composer plays"),
        text("moderation.words_file", K::Text, "", "extra refused terms, one a line, added to the built-in list"),
        range("media.fetch_max_bytes", K::Integer, "104857600", 1024, 1073741824,
              "largest upstream file (audio or cover) re-hosted into media.dir"),
        range("media.fetch_timeout", K::Integer, "60", 1, 3600, "seconds re-hosting may wait for upstream's data"),
        choice("log.level", "information",
               {"none", "fatal", "critical", "error", "warning", "notice", "information", "debug", "trace"},
               "log level (to stderr)"),
    };
    return keys;
}

const KeySpec* findSpec(const std::string& key) {
    for (const auto& spec : keyTable()) {
        if (spec.name == key) {
            return &spec;
        }
    }
    return nullptr;
}

/// s without the white space a configuration file or the environment may leave around a value.
std::string trim(const std::string& s) {
    return domain::trim(s, " \t\r\n");
}

std::optional<std::int64_t> parseInt(const std::string& text) {
    std::int64_t value = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (text.empty() || ec != std::errc() || ptr != last) {
        return std::nullopt;
    }
    return value;
}

std::optional<double> parseDouble(const std::string& text) {
    double value = 0;
    const char* first = text.data();
    const char* last = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(first, last, value);
    if (text.empty() || ec != std::errc() || ptr != last || !std::isfinite(value)) {
        return std::nullopt;
    }
    return value;
}

std::optional<bool> parseBool(const std::string& text) {
    const std::string t = domain::toLowerAscii(text);
    if (t == "true" || t == "yes" || t == "on" || t == "1") {
        return true;
    }
    if (t == "false" || t == "no" || t == "off" || t == "0") {
        return false;
    }
    return std::nullopt;
}

std::string formatNumber(double v) {
    if (v == std::floor(v) && std::fabs(v) < 1e15) {
        return std::to_string(static_cast<std::int64_t>(v));
    }
    std::ostringstream out;
    out << v;
    return out.str();
}

// Every key and value of a properties file, unexpanded.
std::map<std::string, std::string> readProperties(std::istream& in) {
    Poco::AutoPtr<Poco::Util::PropertyFileConfiguration> props(new Poco::Util::PropertyFileConfiguration);
    props->load(in);
    std::map<std::string, std::string> out;
    std::function<void(const std::string&)> walk = [&](const std::string& prefix) {
        Poco::Util::AbstractConfiguration::Keys keys;
        props->keys(prefix, keys);
        for (const auto& k : keys) {
            const std::string full = prefix.empty() ? k : prefix + "." + k;
            if (props->hasProperty(full)) {
                out[full] = trim(props->getRawString(full));
            }
            walk(full);
        }
    };
    walk("");
    return out;
}

// Replaces ${key} with resolve(key); unknown references stay as they are.
std::string expand(const std::string& text, const std::function<std::string(const std::string&)>& resolve) {
    std::string out;
    std::size_t pos = 0;
    while (pos < text.size()) {
        auto open = text.find("${", pos);
        if (open == std::string::npos) {
            out += text.substr(pos);
            break;
        }
        auto close = text.find('}', open + 2);
        if (close == std::string::npos) {
            out += text.substr(pos);
            break;
        }
        out += text.substr(pos, open - pos);
        out += resolve(text.substr(open + 2, close - open - 2));
        pos = close + 1;
    }
    return out;
}

} // namespace

Config::Environment Config::processEnvironment() {
    return [](const std::string& name) -> std::optional<std::string> {
        if (const char* v = std::getenv(name.c_str())) {
            return std::string(v);
        }
        return std::nullopt;
    };
}

const std::vector<KeySpec>& Config::knownKeys() {
    return keyTable();
}

std::string Config::envName(const std::string& key) {
    std::string out = "GEQU_";
    for (unsigned char c : key) {
        out += (c == '.' || c == '-') ? '_' : static_cast<char>(std::toupper(c));
    }
    return out;
}

Config Config::load(const std::string& path, const Environment& env) {
    if (path.empty()) {
        return build({}, {}, env);
    }
    std::ifstream in(path);
    if (!in) {
        throw ConfigError("cannot read the configuration file " + path);
    }
    try {
        return build(readProperties(in), "file " + path, env);
    } catch (const Poco::Exception& e) {
        throw ConfigError("cannot parse the configuration file " + path + ": " + e.displayText());
    }
}

Config Config::loadFromString(const std::string& properties, const Environment& env, const std::string& source) {
    std::istringstream in(properties);
    try {
        return build(readProperties(in), source, env);
    } catch (const Poco::Exception& e) {
        throw ConfigError("cannot parse the configuration " + source + ": " + e.displayText());
    }
}

Config Config::build(const std::map<std::string, std::string>& fileValues, const std::string& fileSource,
                     const Environment& env) {
    Config config;
    config._env = env;

    auto setFrom = [&](const std::string& key, const std::string& fallback, bool hasFallback) {
        Entry e;
        if (auto v = env ? env(envName(key)) : std::nullopt) {
            e = {trim(*v), "environment " + envName(key), true};
        } else if (auto it = fileValues.find(key); it != fileValues.end()) {
            e = {it->second, fileSource, true};
        } else if (hasFallback) {
            e = {fallback, "default", false};
        } else {
            return;
        }
        config._entries[key] = std::move(e);
    };

    for (const auto& spec : keyTable()) {
        setFrom(std::string(spec.name), std::string(spec.defaultValue), true);
    }
    for (const auto& [key, value] : fileValues) {
        if (!findSpec(key)) {
            config._unknown.push_back(key);
            setFrom(key, value, true);
        }
    }

    // Derived values: ${key} is replaced by the final value of that key (so db.url follows GEQU_DATA_DIR even when
    // the default or the file says sqlite:${data.dir}/gequ.db). References to keys that are not set stay literal.
    std::set<std::string> resolving;
    std::function<std::string(const std::string&)> resolve = [&](const std::string& key) -> std::string {
        auto it = config._entries.find(key);
        if (it == config._entries.end() || resolving.count(key)) {
            return "${" + key + "}";
        }
        if (it->second.value.find("${") != std::string::npos) {
            resolving.insert(key);
            it->second.value = expand(it->second.value, resolve);
            resolving.erase(key);
        }
        return it->second.value;
    };
    for (auto& [key, e] : config._entries) {
        resolve(key);
    }

    config.validate();
    return config;
}

void Config::validate() const {
    std::vector<std::string> problems;
    auto complain = [&](const std::string& key, const std::string& why) {
        const Entry* e = entry(key);
        std::string where = e ? " (from " + e->source + ")" : "";
        problems.push_back(key + where + ": " + why);
    };

    for (const auto& spec : keyTable()) {
        const std::string key(spec.name);
        const Entry* e = entry(key);
        const std::string value = e ? e->value : std::string();
        const std::string shown = "'" + value + "'";
        switch (spec.kind) {
        case KeyKind::Text:
        case KeyKind::List:
            break;
        case KeyKind::Required:
            if (value.empty()) {
                complain(key, "must not be empty");
            }
            break;
        case KeyKind::Integer: {
            auto v = parseInt(value);
            if (!v || *v < spec.min || *v > spec.max) {
                complain(key,
                         shown + " is not an integer from " + formatNumber(spec.min) + " to " + formatNumber(spec.max));
            }
            break;
        }
        case KeyKind::Number: {
            auto v = parseDouble(value);
            if (!v || *v < spec.min || *v > spec.max) {
                complain(key,
                         shown + " is not a number from " + formatNumber(spec.min) + " to " + formatNumber(spec.max));
            }
            break;
        }
        case KeyKind::Boolean:
            if (!parseBool(value)) {
                complain(key, shown + " is not a boolean (true or false)");
            }
            break;
        case KeyKind::Choice:
            if (std::find(spec.choices.begin(), spec.choices.end(), value) == spec.choices.end()) {
                std::string list;
                for (auto c : spec.choices) {
                    list += (list.empty() ? "" : ", ") + std::string(c);
                }
                complain(key, shown + " is not one of: " + list);
            }
            break;
        case KeyKind::HttpUrl: {
            const bool http = value.rfind("http://", 0) == 0 && value.size() > 7;
            const bool https = value.rfind("https://", 0) == 0 && value.size() > 8;
            if (!http && !https) {
                complain(key, shown + " is not an http:// or https:// URL");
            }
            break;
        }
        case KeyKind::DbUrl: {
            const bool sqlite = value.rfind("sqlite:", 0) == 0 && value.size() > 7;
            const bool pg = (value.rfind("postgresql://", 0) == 0 && value.size() > 13) ||
                            (value.rfind("postgres://", 0) == 0 && value.size() > 11);
            if (!sqlite && !pg) {
                complain(key, shown + " is not sqlite:PATH or postgresql://user:pass@host:port/dbname");
            }
            break;
        }
        case KeyKind::Secret:
            if (!value.empty() && value.size() < 32) {
                complain(key, "must be at least 32 characters long (it is " + std::to_string(value.size()) + ")");
            }
            break;
        }
    }

    if (const Entry* callback = entry("upstream.ace.callback_url"); callback && !callback->value.empty()) {
        // The key is all that stands between the internet and the task results: it must not be guessable.
        std::string key;
        try {
            for (const auto& [name, value] : Poco::URI(callback->value).getQueryParameters()) {
                if (name == "key") {
                    key = value;
                }
            }
        } catch (const Poco::Exception&) {
            complain("upstream.ace.callback_url", "is not a URL");
        }
        if (key.size() < kMinCallbackKeyChars) {
            complain("upstream.ace.callback_url", "its key parameter must be a random secret of at least " +
                                                      std::to_string(kMinCallbackKeyChars) + " characters (it is " +
                                                      std::to_string(key.size()) + ")");
        }
    }

    if (const Entry* accel = entry("media.accel_redirect"); accel && !accel->value.empty()) {
        const std::string& location = accel->value;
        if (location.size() < 2 || location.front() != '/' || location.back() != '/' ||
            location.find_first_of("?# \t") != std::string::npos) {
            complain("media.accel_redirect", "'" + location + "' is not an internal location such as /_media/");
        }
    }
    if (const Entry* provider = entry("media.provider"); provider && provider->value == "s3") {
        for (const char* key :
             {"media.s3.endpoint", "media.s3.bucket", "media.s3.access_key_id", "media.s3.secret_access_key"}) {
            if (const Entry* value = entry(key); !value || value->value.empty()) {
                complain(key, "is required when media.provider=s3");
            }
        }
    }

    if (problems.empty() && entry("app.env")->value == "production") {
        if (entry("payment.provider")->value == "sandbox") {
            complain("payment.provider", "'sandbox' is refused when app.env=production (it grants plans without "
                                         "payment); set payment.provider=wechat");
        }
        if (entry("sms.provider")->value == "console") {
            complain("sms.provider", "'console' is refused when app.env=production (codes would never reach users); "
                                     "set sms.provider=aliyun or tencent");
        }
        if (entry("auth.secret")->value.empty() && entry("auth.secret_file")->value.empty()) {
            complain("auth.secret", "must be configured when app.env=production (set GEQU_AUTH_SECRET or "
                                    "auth.secret_file); the generated <data.dir>/secret is for development only");
        }
    }

    if (!problems.empty()) {
        std::string message = problems.size() == 1 ? "invalid configuration: " : "invalid configuration:";
        if (problems.size() == 1) {
            message += problems.front();
        } else {
            for (const auto& p : problems) {
                message += "\n  " + p;
            }
        }
        throw ConfigError(db::maskPasswords(message)); // a malformed db.url must not print its password
    }
}

const Config::Entry* Config::entry(const std::string& key) const {
    auto it = _entries.find(key);
    return it == _entries.end() ? nullptr : &it->second;
}

std::optional<std::string> Config::find(const std::string& key) const {
    if (const Entry* e = entry(key)) {
        if (e->value.empty()) {
            return std::nullopt;
        }
        return e->value;
    }
    if (_env) {
        if (auto v = _env(envName(key))) {
            std::string t = trim(*v);
            if (!t.empty()) {
                return t;
            }
        }
    }
    return std::nullopt;
}

bool Config::has(const std::string& key) const {
    return find(key).has_value();
}

bool Config::isConfigured(const std::string& key) const {
    if (const Entry* e = entry(key)) {
        return e->configured;
    }
    return has(key);
}

std::string Config::sourceOf(const std::string& key) const {
    if (const Entry* e = entry(key)) {
        return e->source;
    }
    return has(key) ? "environment " + envName(key) : "unset";
}

std::string Config::getString(const std::string& key) const {
    if (auto v = find(key)) {
        return *v;
    }
    throw ConfigError(key + " is not configured (set it in the configuration file or " + envName(key) + ")");
}

std::string Config::getString(const std::string& key, const std::string& fallback) const {
    return find(key).value_or(fallback);
}

std::int64_t Config::getInt(const std::string& key) const {
    const std::string value = getString(key);
    if (auto v = parseInt(value)) {
        return *v;
    }
    throw ConfigError(key + " (from " + sourceOf(key) + "): '" + value + "' is not an integer");
}

double Config::getDouble(const std::string& key) const {
    const std::string value = getString(key);
    if (auto v = parseDouble(value)) {
        return *v;
    }
    throw ConfigError(key + " (from " + sourceOf(key) + "): '" + value + "' is not a number");
}

bool Config::getBool(const std::string& key) const {
    const std::string value = getString(key);
    if (auto v = parseBool(value)) {
        return *v;
    }
    throw ConfigError(key + " (from " + sourceOf(key) + "): '" + value + "' is not a boolean (true or false)");
}

std::vector<std::string> Config::getList(const std::string& key) const {
    std::vector<std::string> out;
    const std::string value = getString(key, "");
    std::size_t pos = 0;
    while (pos <= value.size()) {
        auto comma = value.find(',', pos);
        if (comma == std::string::npos) {
            comma = value.size();
        }
        std::string item = trim(value.substr(pos, comma - pos));
        if (!item.empty()) {
            out.push_back(item);
        }
        pos = comma + 1;
    }
    return out;
}

} // namespace gequ::wiring
