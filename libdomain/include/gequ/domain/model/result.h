#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace gequ::domain {

/// The error classes of the HTTP contract (docs/api.md); the number is the envelope `code`.
enum class ErrorCode : int {
    InvalidInput = 4000,
    Unauthorized = 4010,
    InsufficientPoints = 4020,
    Forbidden = 4030,
    NotFound = 4040,
    Conflict = 4090,
    PayloadTooLarge = 4130,
    Refused = 4220,
    TooManyRequests = 4290,
    Internal = 5000,
    Upstream = 5020,
};

/// An expected failure: a class and a Chinese sentence shown to the user as it is.
struct DomainError {
    ErrorCode code = ErrorCode::InvalidInput;
    std::string message;

    bool operator==(const DomainError&) const = default;
};

inline DomainError invalid(std::string message) {
    return {ErrorCode::InvalidInput, std::move(message)};
}

/// A value or a DomainError. Expected failures travel as values; exceptions are for the exceptional.
template <class T> class [[nodiscard]] Result {
public:
    Result(T value) : _v(std::in_place_index<0>, std::move(value)) {}
    Result(DomainError error) : _v(std::in_place_index<1>, std::move(error)) {}

    bool ok() const { return _v.index() == 0; }
    explicit operator bool() const { return ok(); }

    T& value() & {
        assert(ok());
        return std::get<0>(_v);
    }
    const T& value() const& {
        assert(ok());
        return std::get<0>(_v);
    }
    T&& value() && {
        assert(ok());
        return std::get<0>(std::move(_v));
    }
    const DomainError& error() const {
        assert(!ok());
        return std::get<1>(_v);
    }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, DomainError> _v;
};

/// The result of an operation that has no value to give back.
struct Unit {
    bool operator==(const Unit&) const = default;
};
using Status = Result<Unit>;
inline Status success() {
    return Unit{};
}

} // namespace gequ::domain
