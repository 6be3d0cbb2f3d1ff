#pragma once

// Small helpers shared by the SMS senders. Internal to gequ_sms.

#include "gequ/domain/model/time.h"

#include <string>
#include <string_view>

namespace gequ::sms::detail {

/// text as a quoted JSON string (UTF-8 kept, control characters, quotes and backslashes escaped).
std::string jsonString(std::string_view text);
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
