#pragma once

// A test string of `times` copies of `unit` (e.g. 201 Chinese characters), for the length limits of the domain tests.

#include <cstddef>
#include <string>
#include <string_view>

namespace gequ::domain::testing {

inline std::string repeat(std::string_view unit, std::size_t times) {
    std::string out;
    out.reserve(unit.size() * times);
    for (std::size_t i = 0; i < times; ++i) {
        out += unit;
    }
    return out;
}

} // namespace gequ::domain::testing
