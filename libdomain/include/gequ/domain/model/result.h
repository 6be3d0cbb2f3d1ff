#pragma once

#include "gequ/domain/rules_data.h"

#include <cassert>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace gequ::domain {

/// The envelope `code` of a success (docs/api.md).
inline constexpr int kSuccessCode = rules::kErrorCodesOk;

/// The error classes of the HTTP contract (docs/api.md); the number is the envelope `code`. The numbers come from
/// libdomain/data/rules.json, which the web app reads too: it recognises failures by these codes.
enum class ErrorCode : int {
    InvalidInput = rules::kErrorCodesInvalidInput,
    Unauthorized = rules::kErrorCodesUnauthorized,
    InsufficientPoints = rules::kErrorCodesInsufficientPoints,
    Forbidden = rules::kErrorCodesForbidden,
    NotFound = rules::kErrorCodesNotFound,
    Conflict = rules::kErrorCodesConflict,
    PayloadTooLarge = rules::kErrorCodesPayloadTooLarge,
    Refused = rules::kErrorCodesRefused,
    TooManyRequests = rules::kErrorCodesTooManyRequests,
    Internal = rules::kErrorCodesInternal,
    Upstream = rules::kErrorCodesUpstream,
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

/// The message of a text over its limit (rules.json's messages.tooLong): 歌词不能超过2000个字符.
std::string tooLongMessage(std::string_view label, std::size_t maxChars);

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
