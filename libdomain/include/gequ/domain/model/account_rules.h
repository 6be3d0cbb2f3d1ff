#pragma once

// Phone numbers and user names (docs/accounts.md, "Codes"; docs/product.md, "Lists and engagement").

#include "gequ/domain/model/result.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace gequ::domain {

/// Shared with the web app: libdomain/data/rules.json.
inline constexpr std::size_t kMaxUsernameChars = rules::kLimitsUsernameChars;

/// The phone number trimmed, without a leading +86 (and the white space after it).
std::string normalizePhone(std::string_view raw);
/// The normalised mainland mobile number (rules.json's phone.pattern, ^1[3-9][0-9]{9}$). InvalidInput 请输入手机号 when
/// empty, else 请输入正确的手机号.
Result<std::string> validatePhone(std::string_view raw);
/// A phone number for logs and the profile: 13800000000 → 138****0000 (anything shorter than 7 characters: ****).
std::string maskPhone(std::string_view phone);
/// The trimmed user name. InvalidInput 请输入用户名 when empty, 用户名不能超过10个字符 past 10 characters (code
/// points), or a sentence for invalid UTF-8 or control characters.
Result<std::string> validateUsername(std::string_view raw);
/// The nickname of a new user: 用户 and the last four digits of the phone.
std::string defaultNickname(std::string_view phone);

} // namespace gequ::domain
