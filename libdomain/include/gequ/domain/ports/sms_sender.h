#pragma once

#include "gequ/domain/model/result.h"

#include <string>

namespace gequ::domain {

/// Sends login codes by SMS (console, Aliyun or Tencent).
class SmsSender {
public:
    virtual ~SmsSender() = default;
    /// Sends code to the normalised phone; an Upstream error (5020) when the provider refuses or cannot be reached.
    virtual Status sendCode(const std::string& phone, const std::string& code) = 0;
    /// The provider's name for logs ("console", "aliyun", "tencent").
    virtual std::string name() const = 0;
};

} // namespace gequ::domain
