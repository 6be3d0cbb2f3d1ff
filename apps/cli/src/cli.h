#pragma once

// gequ-admin's command framework: a table of commands ("migrate", "points grant", ...), argument parsing, help, and
// the context a command runs in. Each command group lives in its own <group>_commands.cpp and adds its commands to
// the table through a function declared in commands.h.

#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace gequ::cli {

/// Exit statuses.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1; ///< the command failed (or, for check, found broken invariants)
inline constexpr int kExitUsage = 2;   ///< unknown command or option, wrong arguments

/// A command-specific option: `--name VALUE`, or `--name` alone when valueName is empty.
struct OptionSpec {
    std::string name{};
    std::string valueName{}; ///< e.g. "TEXT"; empty for a flag
    std::string help{};
    bool required = false;
};

class Context;

/// One command of the table.
struct CommandSpec {
    std::vector<std::string> path{};      ///< {"points", "grant"}
    std::vector<std::string> arguments{}; ///< positional argument names for the usage line, e.g. "<phone|id>"
    std::string summary{};                ///< one line for the command list
    std::string description{};            ///< a paragraph for `--help`
    std::vector<OptionSpec> options{};
    int minArguments = -1; ///< -1: exactly arguments.size()
    int maxArguments = -1; ///< -1: exactly arguments.size()
    std::function<int(Context&)> run{};
};

/// Every command gequ-admin knows.
class CommandTable {
public:
    void add(CommandSpec spec);
    const std::vector<CommandSpec>& commands() const { return _commands; }

private:
    std::vector<CommandSpec> _commands;
};

/// What a running command sees: its arguments and options, the configuration, the output streams, and the
/// runtime (opened on first use).
class Context {
public:
    Context(const CommandSpec& spec, std::vector<std::string> arguments, std::map<std::string, std::string> options,
            wiring::Config config, bool json, std::ostream& out, std::ostream& err);
    ~Context();

    const CommandSpec& spec() const { return _spec; }
    const std::vector<std::string>& arguments() const { return _arguments; }
    /// The value of a command option (a flag's value is empty), or nullopt when not given.
    std::optional<std::string> option(const std::string& name) const;
    const wiring::Config& config() const { return _config; }
    bool json() const { return _json; }
    std::ostream& out() { return _out; }
    std::ostream& err() { return _err; }

    /// The services on the configured database. Throws when the database's schema is older than this build (run
    /// `gequ-admin migrate`); never migrates by itself.
    wiring::Runtime& runtime();

    /// Prints a JSON value as one line on stdout.
    void printJson(const Poco::Dynamic::Var& value);
    /// Reports a failure: text on stderr, and with --json also {"error": {...}} on stdout. Returns kExitFailure.
    int fail(const std::string& message, std::optional<int> code = std::nullopt);
    /// Reports a usage error for this command: the message and the command's usage on stderr. Returns kExitUsage.
    int usageError(const std::string& message);

private:
    const CommandSpec& _spec;
    std::vector<std::string> _arguments;
    std::map<std::string, std::string> _options;
    wiring::Config _config;
    bool _json;
    std::ostream& _out;
    std::ostream& _err;
    std::unique_ptr<wiring::Runtime> _runtime;
};

/// A JSON object that keeps its keys in insertion order.
Poco::JSON::Object::Ptr newObject();
/// The integer option --name within [min, max], fallback when absent; nullopt after printing a usage error.
std::optional<int> intOption(Context& context, const std::string& name, int fallback, int min, int max);
/// The list options --page (from 1) and --size (1 to 1000, default 50) as a Page; nullopt after a usage error.
std::optional<domain::Page> pageOptions(Context& context);

/// Prints a list command's rows: as JSON {"<plural>": [toJson(row), …]}, or one toLine(row) a line and a count
/// ("3 orders"). Returns kExitOk.
template <class Row, class ToJson, class ToLine>
int printRows(Context& context, const std::vector<Row>& rows, const std::string& noun, ToJson toJson, ToLine toLine) {
    if (context.json()) {
        Poco::JSON::Object::Ptr out = newObject();
        Poco::JSON::Array::Ptr list = new Poco::JSON::Array;
        for (const auto& row : rows) {
            list->add(toJson(row));
        }
        out->set(noun + "s", list);
        context.printJson(out);
        return kExitOk;
    }
    for (const auto& row : rows) {
        context.out() << toLine(row) << "\n";
    }
    context.out() << rows.size() << " " << noun << (rows.size() == 1 ? "" : "s") << "\n";
    return kExitOk;
}

/// Parses argv, runs the command and returns the exit status. Never throws.
int run(const CommandTable& table, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

/// The usage line of a command: "gequ-admin points grant <phone|id> <amount> --remark TEXT".
std::string usageLine(const CommandSpec& spec);

} // namespace gequ::cli
