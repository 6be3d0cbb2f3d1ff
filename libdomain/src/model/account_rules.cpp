#include "gequ/domain/model/account_rules.h"

#include "gequ/domain/model/text.h"

#include <algorithm>

namespace gequ::domain {

namespace {

constexpr std::string_view kCountryPrefix = "+86";
constexpr std::size_t kPhoneDigits = 11;
constexpr std::size_t kVisibleHead = 3;
constexpr std::size_t kVisibleTail = 4;

bool isDigit(char c) {
    return c >= '0' && c <= '9';
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
        return invalid("请输入手机号");
    }
    bool mobile = phone.size() == kPhoneDigits && phone[0] == '1' && phone[1] >= '3' && phone[1] <= '9' &&
                  std::all_of(phone.begin(), phone.end(), isDigit);
    if (!mobile) {
        return invalid("请输入正确的手机号");
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
    if (name.empty()) {
        return invalid("请输入用户名");
    }
    if (codePointCount(name) > kMaxUsernameChars) {
        return invalid("用户名不能超过" + std::to_string(kMaxUsernameChars) + "个字符");
    }
    return name;
}

std::string defaultNickname(std::string_view phone) {
    return "用户" + std::string(phone.substr(phone.size() - std::min(phone.size(), kVisibleTail)));
}

} // namespace gequ::domain
