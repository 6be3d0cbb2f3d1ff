#include "gequ/domain/model/account_rules.h"
#include "repeat.h"

#include <gtest/gtest.h>

using namespace gequ::domain;

using gequ::domain::testing::repeat;

TEST(Phone, Normalise) {
    EXPECT_EQ(normalizePhone(" 13800000000 "), "13800000000");
    EXPECT_EQ(normalizePhone("+8613800000000"), "13800000000");
    EXPECT_EQ(normalizePhone("+86 13800000000"), "13800000000");
    EXPECT_EQ(normalizePhone("8613800000000"), "8613800000000");
}

TEST(Phone, Valid) {
    for (std::string_view phone : {"13800000000", "19912345678", "+86 15012345678", " 17700001111\t"}) {
        auto result = validatePhone(phone);
        ASSERT_TRUE(result.ok()) << phone;
        EXPECT_EQ(result->size(), 11u);
    }
}

TEST(Phone, Invalid) {
    const std::pair<std::string, std::string> table[] = {
        {"", "请输入手机号"},
        {"  ", "请输入手机号"},
        {"+86", "请输入手机号"},
        {"1380000000", "请输入正确的手机号"},   // 10 digits
        {"138000000000", "请输入正确的手机号"}, // 12 digits
        {"12800000000", "请输入正确的手机号"},  // second digit 2
        {"23800000000", "请输入正确的手机号"},  // not starting with 1
        {"1380000000a", "请输入正确的手机号"},
        {"138 0000 0000", "请输入正确的手机号"},
        {"１３８００００００００", "请输入正确的手机号"}, // full-width digits
    };
    for (const auto& [phone, message] : table) {
        auto result = validatePhone(phone);
        ASSERT_FALSE(result.ok()) << phone;
        EXPECT_EQ(result.error(), invalid(message)) << phone;
    }
}

TEST(Phone, Mask) {
    EXPECT_EQ(maskPhone("13800000000"), "138****0000");
    EXPECT_EQ(maskPhone("13912345678"), "139****5678");
    EXPECT_EQ(maskPhone("123"), "****");
}

TEST(Phone, DefaultNickname) {
    EXPECT_EQ(defaultNickname("13812345678"), "用户5678");
}

TEST(Username, Limits) {
    const std::pair<std::string, std::string> table[] = {
        {"", "请输入用户名"},
        {" \xE3\x80\x80 ", "请输入用户名"},
        {repeat("a", 10), ""},
        {repeat("a", 11), "用户名不能超过10个字符"},
        {repeat("歌", 10), ""},
        {repeat("歌", 11), "用户名不能超过10个字符"},
        {"  " + repeat("歌", 10) + "  ", ""},
        {"歌\n手", "用户名包含不支持的控制字符"},
        {"\xC0\xAF", "用户名包含无效的字符编码"},
        {"\u202eabc", "用户名包含不可见的格式字符"},
        {"a\u200bb", "用户名包含不可见的格式字符"},
        {"a\u200db", "用户名包含不可见的格式字符"},
        {"小明\u200e", "用户名包含不可见的格式字符"},
        {"小明👍", ""},
    };
    for (const auto& [name, message] : table) {
        auto result = validateUsername(name);
        if (message.empty()) {
            ASSERT_TRUE(result.ok()) << name;
        } else {
            ASSERT_FALSE(result.ok()) << name;
            EXPECT_EQ(result.error(), invalid(message)) << name;
        }
    }
}

TEST(Username, Trimmed) {
    EXPECT_EQ(*validateUsername("  小明 "), "小明");
}
