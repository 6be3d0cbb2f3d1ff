#include "gequ/domain/model/account_rules.h"

#include "gequ/domain/model/text.h"

#include <regex>

namespace gequ::domain {

namespace {

constexpr std::string_view kCountryPrefix = "+86";
constexpr std::size_t kVisibleHead = 3;
constexpr std::size_t kVisibleTail = 4;

/// A mainland mobile number: the pattern the web app checks too (rules.json).
bool isMobileNumber(const std::string& phone) {
    static const std::regex pattern(std::string(rules::kPhonePattern));
    return std::regex_match(phone, pattern);
}

} // namespace

std::string normalizePhone(std::string_view raw) {
    std::string phone = trim(raw);
    if (phone.starts_with(kCountryPrefix)) {
        phone = trim(std::string_view(phone).substr(kCountryPrefix.size()));
    }
    return phone;
}

Result<std::string> validatePhone(std::string_view raw) {
    std::string phone = normalizePhone(raw);
    if (phone.empty()) {
        return invalid(std::string(rules::kMessagesPhoneMissing));
    }
    if (!isMobileNumber(phone)) {
        return invalid(std::string(rules::kMessagesPhoneInvalid));
    }
    return phone;
}

std::string maskPhone(std::string_view phone) {
    if (phone.size() < kVisibleHead + kVisibleTail) {
        return "****";
    }
    return std::string(phone.substr(0, kVisibleHead)) + "****" + std::string(phone.substr(phone.size() - kVisibleTail));
}

Result<std::string> validateUsername(std::string_view raw) {
    std::string name = trim(raw);
    if (!isValidUtf8(name)) {
        return invalid("用户名包含无效的字符编码");
    }
    if (hasControlChars(name, false)) {
        return invalid("用户名包含不支持的控制字符");
    }
    if (hasHiddenFormatChars(name)) {
        return invalid("用户名包含不可见的格式字符");
    }
    if (name.empty()) {
        return invalid(std::string(rules::kMessagesUsernameMissing));
    }
    if (codePointCount(name) > kMaxUsernameChars) {
        return invalid(tooLongMessage(rules::kLabelsUsername, kMaxUsernameChars));
    }
    return name;
}

std::string defaultNickname(std::string_view phone) {
    return "用户" + std::string(phone.substr(phone.size() - std::min(phone.size(), kVisibleTail)));
}

} // namespace gequ::domain
