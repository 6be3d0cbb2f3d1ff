// The rules shared with the web app (libdomain/data/rules.json, docs/architecture.md "Shared rules"): the server
// enforces exactly what the file says, and normalises styles as the cases of libdomain/data/style_cases.tsv say,
// which the web suite checks too (web/src/lib/rules.test.ts).
#include "gequ/domain/model/account_rules.h"
#include "gequ/domain/model/create_request.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/rules_data.h"
#include "repeat.h"

#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace gequ::domain {
namespace {

using testing::repeat;

std::string messageOf(const Result<NormalizedCreate>& result) {
    return result.ok() ? std::string("(ok)") : result.error().message;
}

CreateRequest custom(std::string title, std::string lyric, std::string style = "") {
    CreateRequest request;
    request.custom = true;
    request.title = std::move(title);
    request.lyric = std::move(lyric);
    request.style = std::move(style);
    return request;
}

TEST(SharedRules, TooLongMessagesNameTheLimitAsTheWebShowsThem) {
    EXPECT_EQ(tooLongMessage("歌词", 2000), "歌词不能超过2000个字符");
    EXPECT_EQ(tooLongMessage(rules::kLabelsStyle, kMaxStyleChars), "风格总长度不能超过120个字符");
}

TEST(SharedRules, CreateLimitsAndMessagesComeFromTheFile) {
    CreateRequest inspiration;
    inspiration.prompt = repeat("歌", rules::kLimitsPromptChars);
    EXPECT_TRUE(validateCreate(inspiration).ok());
    inspiration.prompt += "歌";
    EXPECT_EQ(messageOf(validateCreate(inspiration)), tooLongMessage(rules::kLabelsPrompt, rules::kLimitsPromptChars));
    inspiration.prompt = "";
    EXPECT_EQ(messageOf(validateCreate(inspiration)), rules::kMessagesPromptMissing);

    EXPECT_EQ(messageOf(validateCreate(custom("", "词"))), rules::kMessagesTitleMissing);
    EXPECT_EQ(messageOf(validateCreate(custom(repeat("名", rules::kLimitsTitleChars + 1), "词"))),
              tooLongMessage(rules::kLabelsTitle, rules::kLimitsTitleChars));
    EXPECT_EQ(messageOf(validateCreate(custom("名", ""))), rules::kMessagesLyricMissing);
    EXPECT_TRUE(validateCreate(custom("名", repeat("词", rules::kLimitsLyricChars))).ok());
    EXPECT_EQ(messageOf(validateCreate(custom("名", repeat("词", rules::kLimitsLyricChars + 1)))),
              tooLongMessage(rules::kLabelsLyric, rules::kLimitsLyricChars));

    std::string tags;
    for (int i = 0; i <= rules::kLimitsStyleTags; ++i) {
        tags += "tag" + std::to_string(i) + ",";
    }
    EXPECT_EQ(messageOf(validateCreate(custom("名", "词", tags))), rules::kMessagesStyleTagLimit);
    EXPECT_EQ(messageOf(validateCreate(custom("名", "词", repeat("a", rules::kLimitsStyleChars + 1)))),
              tooLongMessage(rules::kLabelsStyle, rules::kLimitsStyleChars));
}

TEST(SharedRules, ModelsAreTheFilesInItsOrderWithTheFirstAsDefault) {
    auto models = supportedModels();
    ASSERT_EQ(models.size(), std::size(rules::kModelsId));
    for (std::size_t i = 0; i < models.size(); ++i) {
        EXPECT_EQ(models[i], rules::kModelsId[i]);
        EXPECT_TRUE(isSupportedModel(rules::kModelsId[i]));
    }
    EXPECT_EQ(kDefaultModel, rules::kModelsId[0]);
    EXPECT_FALSE(isSupportedModel("chirp-v9"));
}

TEST(SharedRules, PhoneNumbersAreCheckedWithTheSharedPattern) {
    const std::regex pattern{std::string(rules::kPhonePattern)};
    for (std::string phone : {"13800000000", "19912345678", "12800000000", "1380000000", "138000000001", "23800000000",
                              "1380000000a", "１3800000000"}) {
        EXPECT_EQ(validatePhone(phone).ok(), std::regex_match(phone, pattern)) << phone;
    }
    EXPECT_EQ(validatePhone("").error().message, rules::kMessagesPhoneMissing);
    EXPECT_EQ(validatePhone("12345").error().message, rules::kMessagesPhoneInvalid);
}

TEST(SharedRules, UserNamesFollowTheSharedLimit) {
    EXPECT_TRUE(validateUsername(repeat("名", rules::kLimitsUsernameChars)).ok());
    EXPECT_EQ(validateUsername(repeat("名", rules::kLimitsUsernameChars + 1)).error().message,
              tooLongMessage(rules::kLabelsUsername, rules::kLimitsUsernameChars));
    EXPECT_EQ(validateUsername("  ").error().message, rules::kMessagesUsernameMissing);
}

TEST(SharedRules, ErrorCodesAndLevelNamesAreTheFiles) {
    EXPECT_EQ(kSuccessCode, 2000);
    EXPECT_EQ(static_cast<int>(ErrorCode::Unauthorized), rules::kErrorCodesUnauthorized);
    EXPECT_EQ(static_cast<int>(ErrorCode::Refused), rules::kErrorCodesRefused);
    for (int level = 0; level < static_cast<int>(std::size(rules::kLevels)); ++level) {
        EXPECT_EQ(levelText(level), rules::kLevels[level]);
    }
    EXPECT_EQ(levelText(-1), "普通用户");
    EXPECT_EQ(levelText(99), "超级会员PLUS");
    EXPECT_EQ(kCreateCost, rules::kCreateCost);
}

struct StyleCase {
    std::string gender;
    std::string raw;
    std::string expected;
};

std::vector<StyleCase> styleCases() {
    std::ifstream in(GEQU_DOMAIN_DATA_DIR "/style_cases.tsv", std::ios::binary);
    std::vector<StyleCase> cases;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line.starts_with('#')) {
            continue;
        }
        std::vector<std::string> cells;
        std::stringstream cellStream(line);
        std::string cell;
        while (std::getline(cellStream, cell, '\t')) {
            cells.push_back(cell);
        }
        if (line.ends_with('\t')) {
            cells.emplace_back();
        }
        EXPECT_EQ(cells.size(), 3u) << line;
        if (cells.size() == 3) {
            cases.push_back({cells[0], cells[1], cells[2]});
        }
    }
    return cases;
}

TEST(SharedRules, StyleNormalisationFollowsTheSharedCases) {
    auto cases = styleCases();
    ASSERT_GE(cases.size(), 10u);
    for (const auto& c : cases) {
        EXPECT_EQ(normalizeStyle(c.raw, c.gender), c.expected) << c.gender << " | " << c.raw;
    }
}

} // namespace
} // namespace gequ::domain
