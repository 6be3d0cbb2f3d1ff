#pragma once

// The one exception header of gequ_wiring (gequ-server and gequ-admin share it).

#include <stdexcept>
#include <string>

namespace gequ::wiring {

/// The configuration cannot be used: a bad value, a missing required key, or a refusal of app.env=production.
/// what() names every offending key, one per line.
class ConfigError : public std::runtime_error {
public:
    explicit ConfigError(const std::string& message) : std::runtime_error(message) {}
};

/// The process cannot be set up (a directory or the secret file cannot be created, an unknown provider, ...).
class StartupError : public std::runtime_error {
public:
    explicit StartupError(const std::string& message) : std::runtime_error(message) {}
};

} // namespace gequ::wiring
