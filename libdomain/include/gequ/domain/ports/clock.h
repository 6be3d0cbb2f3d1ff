#pragma once

#include "gequ/domain/model/time.h"

namespace gequ::domain {

/// The source of the current time; the domain never reads a clock itself.
class Clock {
public:
    virtual ~Clock() = default;
    /// The current instant, UTC.
    virtual TimePoint now() const = 0;
};

} // namespace gequ::domain
