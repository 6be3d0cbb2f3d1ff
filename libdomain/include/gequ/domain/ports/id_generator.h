#pragma once

#include <string>

namespace gequ::domain {

/// Makes identifiers for new rows.
class IdGenerator {
public:
    virtual ~IdGenerator() = default;
    /// A new identifier, unique across all instances (a lower-case UUID v4 string).
    virtual std::string newId() = 0;
};

} // namespace gequ::domain
