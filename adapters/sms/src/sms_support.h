#pragma once

// Small helpers shared by the SMS senders. Internal to gequ_sms.

#include "gequ/domain/model/time.h"
#include "gequ/net/http_client.h"

#include <string>
#include <string_view>

namespace gequ::sms::detail {

/// The limits of one provider call: timeoutSeconds to connect and for each read; answers cut at 256 KiB (providers
/// answer in a few hundred bytes).
net::Limits replyLimits(int timeoutSeconds);
/// POSTs body to endpoint with Content-Type contentType, Accept application/json and headers. Throws
/// net::TransportError when there is no answer.
net::Response post(const net::HttpClient& http, const net::Url& endpoint, const net::Limits& limits,
                   const net::Headers& headers, const std::string& contentType, const std::string& body);
/// t in UTC to the second, e.g. 2017-07-12T02:42:19Z.
std::string isoSeconds(domain::TimePoint t);
/// A provider's free text made fit for a log: the full phone masked, the code blanked, cut to a few hundred bytes
/// (at a UTF-8 boundary), control characters turned into spaces.
std::string scrubForLog(std::string_view text, std::string_view phone, std::string_view code);
/// value, or std::invalid_argument "<key> is required for sms.provider=<provider>" when it is empty or blank.
const std::string& requireKey(const std::string& value, const char* key, const char* provider);
/// 16 bytes as a lower-case 8-4-4-4-12 identifier.
std::string uuidText(std::string_view sixteenBytes);

} // namespace gequ::sms::detail
