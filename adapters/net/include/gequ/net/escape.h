#pragma once

// Text escaping for what the adapters write by hand: JSON string literals, and HTML or XML (SVG) text and attribute
// values. One implementation of each; the JSON one lives in libdomain (model/text.h) because the task request codec
// there needs it too, and is the same function here.

#include "gequ/domain/model/text.h"

#include <string>
#include <string_view>

namespace gequ::net {

/// A JSON string literal of text, quotes included (see domain::jsonQuote).
using domain::jsonQuote;

/// text with & < > " ' replaced by character references and C0 control characters other than tab, CR and LF
/// dropped: safe in HTML and XML text and in quoted attribute values.
std::string markupEscape(std::string_view text);

} // namespace gequ::net
