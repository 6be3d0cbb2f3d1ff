#include "cli.h"

#include "gequ/db/database.h"
#include "gequ/db/db_exception.h"
#include "gequ/wiring/exceptions.h"
#include "gequ/wiring/setup.h"

#include <Poco/Exception.h>
#include <Poco/JSON/Stringifier.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace gequ::cli {

namespace {

constexpr const char* kProgram = "gequ-admin";
constexpr std::size_t kColumn = 44;

std::string join(const std::vector<std::string>& words, std::size_t count = std::string::npos) {
    std::string out;
    for (std::size_t i = 0; i < words.size() && i < count; ++i) {
        out += (i ? " " : "") + words[i];
    }
    return out;
}

bool startsWith(const std::vector<std::string>& path, const std::vector<std::string>& prefix) {
    return prefix.size() <= path.size() && std::equal(prefix.begin(), prefix.end(), path.begin());
}

// The command and its arguments and options, without the program name: "points grant <phone|id> ...".
std::string synopsis(const CommandSpec& spec) {
    std::string out = join(spec.path);
    for (const auto& a : spec.arguments) {
        out += " " + a;
    }
    for (const auto& o : spec.options) {
        std::string text = "--" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
        out += " " + (o.required ? text : "[" + text + "]");
    }
    return out;
}

void printCommandList(std::ostream& out, const CommandTable& table, const std::vector<std::string>& prefix) {
    for (const auto& spec : table.commands()) {
        if (!startsWith(spec.path, prefix)) {
            continue;
        }
        std::string left = "  " + synopsis(spec);
        if (left.size() + 2 > kColumn) {
            out << left << "\n" << std::string(kColumn, ' ') << spec.summary << "\n";
        } else {
            out << left << std::string(kColumn - left.size(), ' ') << spec.summary << "\n";
        }
    }
}

void printGlobalOptions(std::ostream& out) {
    out << "Global options:\n"
           "  --config FILE  read the configuration from FILE (GEQU_* environment variables override it)\n"
           "  --json         machine-readable output: one JSON document on stdout\n"
           "  -h, --help     show this help; `"
        << kProgram << " COMMAND --help` shows a command's\n";
}

void printUsage(std::ostream& out, const CommandTable& table) {
    out << "Usage: " << kProgram << " [--config FILE] [--json] COMMAND [ARGUMENTS]\n\n"
        << "Administers a Gequ installation: the database named by db.url in the configuration\n"
           "(default sqlite:var/gequ.db, relative to the working directory).\n\n"
           "Commands:\n";
    printCommandList(out, table, {});
    out << "\n";
    printGlobalOptions(out);
    out << "\nExit status: 0 success, 1 failure (check: an invariant is broken), 2 usage error.\n";
}

void printGroupUsage(std::ostream& out, const CommandTable& table, const std::vector<std::string>& group) {
    out << "Usage: " << kProgram << " [--config FILE] [--json] " << join(group) << " SUBCOMMAND [ARGUMENTS]\n\n"
        << "Commands:\n";
    printCommandList(out, table, group);
    out << "\n";
    printGlobalOptions(out);
}

void printCommandHelp(std::ostream& out, const CommandSpec& spec) {
    out << "Usage: " << usageLine(spec) << "\n\n" << spec.description << "\n";
    if (!spec.options.empty()) {
        out << "\nOptions:\n";
        std::size_t width = 0;
        for (const auto& o : spec.options) {
            width = std::max(width, o.name.size() + o.valueName.size() + 5);
        }
        for (const auto& o : spec.options) {
            std::string left = "--" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
            out << "  " << left << std::string(width - left.size(), ' ') << o.help << (o.required ? " (required)" : "")
                << "\n";
        }
    }
    out << "\n";
    printGlobalOptions(out);
}

int usageError(std::ostream& err, const CommandTable& table, const std::string& message) {
    err << kProgram << ": " << message << "\n\n";
    printUsage(err, table);
    return kExitUsage;
}

void printJsonError(std::ostream& out, const std::string& message, std::optional<int> code) {
    Poco::JSON::Object::Ptr error = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    if (code) {
        error->set("code", *code);
    }
    error->set("message", message);
    Poco::JSON::Object::Ptr root = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    root->set("error", error);
    Poco::JSON::Stringifier::condense(root, out);
    out << "\n";
}

bool looksLikeNumber(const std::string& arg) {
    return arg.size() > 1 && arg[0] == '-' && std::isdigit(static_cast<unsigned char>(arg[1]));
}

} // namespace

void CommandTable::add(CommandSpec spec) {
    for (const auto& other : _commands) {
        if (startsWith(other.path, spec.path) || startsWith(spec.path, other.path)) {
            throw std::logic_error("gequ-admin: command '" + join(spec.path) + "' clashes with '" + join(other.path) +
                                   "'");
        }
    }
    _commands.push_back(std::move(spec));
}

std::string usageLine(const CommandSpec& spec) {
    return std::string(kProgram) + " [--config FILE] [--json] " + synopsis(spec);
}

Context::Context(const CommandSpec& spec, std::vector<std::string> arguments,
                 std::map<std::string, std::string> options, wiring::Config config, bool json, std::ostream& out,
                 std::ostream& err)
    : _spec(spec), _arguments(std::move(arguments)), _options(std::move(options)), _config(std::move(config)),
      _json(json), _out(out), _err(err) {}

Context::~Context() = default;

std::optional<std::string> Context::option(const std::string& name) const {
    auto it = _options.find(name);
    if (it == _options.end()) {
        return std::nullopt;
    }
    return it->second;
}

wiring::Runtime& Context::runtime() {
    if (!_runtime) {
        auto store = wiring::openStore(_config, false);
        const int have = db::schemaVersion(*store);
        const int want = db::latestSchemaVersion();
        if (have < want) {
            throw std::runtime_error("the database schema is at version " + std::to_string(have) +
                                     " but this build needs " + std::to_string(want) + "; run `" + kProgram +
                                     " migrate` first (database: " + _config.dbUrl() + ")");
        }
        _runtime = std::make_unique<wiring::Runtime>(_config, std::move(store));
    }
    return *_runtime;
}

void Context::printJson(const Poco::Dynamic::Var& value) {
    Poco::JSON::Stringifier::condense(value, _out);
    _out << "\n";
}

int Context::fail(const std::string& rawMessage, std::optional<int> code) {
    const std::string message = db::maskPasswords(rawMessage); // whatever failed, a database password is not shown
    _err << kProgram << ": " << message << "\n";
    if (_json) {
        printJsonError(_out, message, code);
    }
    return kExitFailure;
}

int Context::usageError(const std::string& message) {
    _err << kProgram << ": " << message << "\n\n";
    printCommandHelp(_err, _spec);
    return kExitUsage;
}

int run(const CommandTable& table, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::optional<std::string> configPath;
    bool json = false;
    bool help = false;
    bool endOfOptions = false;
    std::vector<std::string> words; // the command's words, while the command is not yet known
    const CommandSpec* spec = nullptr;
    std::vector<std::string> arguments;
    std::map<std::string, std::string> options;

    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        const bool isOption = !endOfOptions && arg.size() > 1 && arg[0] == '-' && !looksLikeNumber(arg);
        if (!isOption) {
            if (!endOfOptions && arg == "--") {
                endOfOptions = true;
                continue;
            }
            if (spec) {
                arguments.push_back(arg);
                continue;
            }
            words.push_back(arg);
            bool partial = false;
            for (const auto& candidate : table.commands()) {
                if (candidate.path == words) {
                    spec = &candidate;
                } else if (startsWith(candidate.path, words)) {
                    partial = true;
                }
            }
            if (!spec && !partial) {
                return usageError(err, table, "unknown command '" + join(words) + "'");
            }
            continue;
        }
        if (arg == "--") {
            endOfOptions = true;
            continue;
        }
        if (arg == "-h" || arg == "--help") {
            help = true;
            continue;
        }
        if (arg.rfind("--", 0) != 0) {
            return usageError(err, table, "unknown option " + arg);
        }
        std::string name = arg.substr(2);
        std::optional<std::string> value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        if (name == "json") {
            if (value) {
                return usageError(err, table, "--json takes no value");
            }
            json = true;
            continue;
        }
        const OptionSpec* option = nullptr;
        if (name == "config") {
            static const OptionSpec configOption{"config", "FILE", "", false};
            option = &configOption;
        } else if (spec) {
            for (const auto& o : spec->options) {
                if (o.name == name) {
                    option = &o;
                }
            }
        }
        if (!option) {
            if (help) {
                continue; // help wins over everything else
            }
            if (spec) {
                err << kProgram << ": unknown option --" << name << " for '" << join(spec->path) << "'\n\n";
                printCommandHelp(err, *spec);
                return kExitUsage;
            }
            return usageError(err, table, "unknown option --" + name);
        }
        if (option->valueName.empty()) {
            if (value) {
                return usageError(err, table, "--" + name + " takes no value");
            }
            value = "";
        } else if (!value) {
            if (i + 1 >= args.size()) {
                return usageError(err, table, "--" + name + " needs a value (" + option->valueName + ")");
            }
            value = args[++i];
        }
        if (name == "config") {
            configPath = *value;
        } else {
            options[name] = *value;
        }
    }

    if (!spec) {
        if (help) {
            if (words.empty()) {
                printUsage(out, table);
            } else {
                printGroupUsage(out, table, words);
            }
            return kExitOk;
        }
        if (words.empty()) {
            return usageError(err, table, "no command given");
        }
        err << kProgram << ": '" << join(words) << "' needs a subcommand\n\n";
        printGroupUsage(err, table, words);
        return kExitUsage;
    }
    if (help) {
        printCommandHelp(out, *spec);
        return kExitOk;
    }
    const int minArgs = spec->minArguments >= 0 ? spec->minArguments : static_cast<int>(spec->arguments.size());
    const int maxArgs = spec->maxArguments >= 0 ? spec->maxArguments : static_cast<int>(spec->arguments.size());
    const int given = static_cast<int>(arguments.size());
    if (given < minArgs || given > maxArgs) {
        err << kProgram << ": '" << join(spec->path) << "' takes "
            << (minArgs == maxArgs ? std::to_string(minArgs)
                                   : std::to_string(minArgs) + " to " + std::to_string(maxArgs))
            << " argument(s), got " << given << "\n\n";
        printCommandHelp(err, *spec);
        return kExitUsage;
    }
    for (const auto& o : spec->options) {
        if (o.required && !options.count(o.name)) {
            err << kProgram << ": '" << join(spec->path) << "' needs --" << o.name << " " << o.valueName << "\n\n";
            printCommandHelp(err, *spec);
            return kExitUsage;
        }
    }

    std::optional<wiring::Config> config;
    try {
        config = wiring::Config::load(configPath.value_or(""));
        wiring::configureLogging(config->logLevel());
    } catch (const std::exception& e) {
        const std::string message = db::maskPasswords(e.what());
        err << kProgram << ": " << message << "\n";
        if (json) {
            printJsonError(out, message, std::nullopt);
        }
        return kExitFailure;
    }

    Context context(*spec, std::move(arguments), std::move(options), std::move(*config), json, out, err);
    try {
        return spec->run(context);
    } catch (const Poco::Exception& e) {
        return context.fail(e.displayText());
    } catch (const std::exception& e) {
        return context.fail(e.what());
    }
}

Poco::JSON::Object::Ptr newObject() {
    return new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
}

std::optional<int> intOption(Context& context, const std::string& name, int fallback, int min, int max) {
    const auto text = context.option(name);
    if (!text) {
        return fallback;
    }
    int value = 0;
    auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
    if (ec != std::errc() || end != text->data() + text->size() || value < min || value > max) {
        context.usageError("--" + name + " must be an integer from " + std::to_string(min) + " to " +
                           std::to_string(max) + ", got '" + *text + "'");
        return std::nullopt;
    }
    return value;
}

std::optional<domain::Page> pageOptions(Context& context) {
    constexpr int kDefaultListSize = 50;
    constexpr int kMaxListSize = 1000;
    const auto page = intOption(context, "page", 1, 1, 1000000);
    if (!page) {
        return std::nullopt;
    }
    const auto size = intOption(context, "size", kDefaultListSize, 1, kMaxListSize);
    if (!size) {
        return std::nullopt;
    }
    return domain::Page{(*page - 1) * *size, *size};
}

} // namespace gequ::cli
