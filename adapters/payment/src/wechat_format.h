#pragma once

// Text helpers of the WeChat Pay adapter: JSON string quoting, URL encoding, RFC 3339 times, header look-up.
// Internal to gequ_payment.

#include "gequ/domain/model/time.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gequ::payment::detail {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

/// text as a JSON string literal, quotes included (UTF-8 kept as it is; ", \ and control characters escaped).
std::string jsonQuote(std::string_view text);
/// Percent-encoding of everything but the RFC 3986 unreserved characters (A-Z a-z 0-9 - . _ ~), upper-case hex.
std::string urlEncode(std::string_view text);
/// t in Asia/Shanghai as RFC 3339 without fractions, e.g. 2018-06-08T10:34:56+08:00.
std::string formatRfc3339Shanghai(domain::TimePoint t);
/// YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM) as an instant; nullopt for anything else.
std::optional<domain::TimePoint> parseRfc3339(std::string_view text);
/// The value of the first header named name (ASCII case-insensitive).
std::optional<std::string> findHeader(const HeaderList& headers, std::string_view name);
/// Whether text is non-empty and all ASCII digits.
bool isDigits(std::string_view text);

} // namespace gequ::payment::detail
