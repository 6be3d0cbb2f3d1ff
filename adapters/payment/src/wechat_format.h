#pragma once

// Text helpers of the WeChat Pay adapter: URL encoding and RFC 3339 times; JSON quoting and header look-up come from
// gequ_net. Internal to gequ_payment.

#include "gequ/domain/model/time.h"
#include "gequ/net/escape.h"
#include "gequ/net/http_client.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gequ::payment::detail {

using HeaderList = net::Headers;
using net::findHeader;
using net::jsonQuote;

/// Percent-encoding of everything but the RFC 3986 unreserved characters (A-Z a-z 0-9 - . _ ~), upper-case hex.
std::string urlEncode(std::string_view text);
/// t in Asia/Shanghai as RFC 3339 without fractions, e.g. 2018-06-08T10:34:56+08:00.
std::string formatRfc3339Shanghai(domain::TimePoint t);
/// YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM) as an instant; nullopt for anything else.
std::optional<domain::TimePoint> parseRfc3339(std::string_view text);
/// Whether text is non-empty and all ASCII digits.
bool isDigits(std::string_view text);

} // namespace gequ::payment::detail
