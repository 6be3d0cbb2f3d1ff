#include "gequ/domain/model/result.h"

namespace gequ::domain {

std::string tooLongMessage(std::string_view label, std::size_t maxChars) {
    std::string message(rules::kMessagesTooLong);
    auto fill = [&message](std::string_view placeholder, std::string_view value) {
        if (auto at = message.find(placeholder); at != std::string::npos) {
            message.replace(at, placeholder.size(), value);
        }
    };
    fill("{label}", label);
    fill("{max}", std::to_string(maxChars));
    return message;
}

} // namespace gequ::domain
