#include "gequ/domain/model/create_request.h"
#include "repeat.h"

#include <cmath>
#include <gtest/gtest.h>
#include <limits>

using namespace gequ::domain;

using gequ::domain::testing::repeat;

namespace {

CreateRequest inspiration(std::string prompt) {
    CreateRequest request;
    request.action = "generate";
    request.prompt = std::move(prompt);
    return request;
}

CreateRequest custom(std::string title, std::string lyric, std::string style = "pop") {
    CreateRequest request;
    request.action = "generate";
    request.custom = true;
    request.title = std::move(title);
    request.lyric = std::move(lyric);
    request.style = std::move(style);
    return request;
}

/// The error message, or "" when the request is valid.
std::string messageOf(const CreateRequest& request) {
    auto result = validateCreate(request);
    if (result.ok()) {
        return "";
    }
    EXPECT_EQ(result.error().code, ErrorCode::InvalidInput);
    return result.error().message;
}

struct LengthCase {
    std::string text;
    std::string expected; ///< "" when valid
};

} // namespace

TEST(CreateValidation, PromptLengthLimits) {
    const LengthCase cases[] = {
        {"", "请先输入歌词描述"},
        {"   \xE3\x80\x80 ", "请先输入歌词描述"},
        {repeat("a", 200), ""},
        {repeat("a", 201), "歌词描述不能超过200个字符"},
        {repeat("歌", 200), ""},
        {repeat("歌", 201), "歌词描述不能超过200个字符"},
        {"  " + repeat("歌", 200) + "  ", ""},
    };
    for (const LengthCase& c : cases) {
        EXPECT_EQ(messageOf(inspiration(c.text)), c.expected) << c.text.size();
    }
}

TEST(CreateValidation, TitleLengthLimits) {
    const LengthCase cases[] = {
        {"", "请输入歌曲名称"},
        {repeat("a", 50), ""},
        {repeat("a", 51), "歌曲名称不能超过50个字符"},
        {repeat("夏", 50), ""},
        {repeat("夏", 51), "歌曲名称不能超过50个字符"},
    };
    for (const LengthCase& c : cases) {
        EXPECT_EQ(messageOf(custom(c.text, "歌词")), c.expected) << c.text.size();
    }
}

TEST(CreateValidation, LyricLengthLimits) {
    const LengthCase cases[] = {
        {"", "请输入歌词"},       {" \n\t ", "请输入歌词"},
        {repeat("a", 2000), ""},  {repeat("a", 2001), "歌词不能超过2000个字符"},
        {repeat("爱", 2000), ""}, {repeat("爱", 2001), "歌词不能超过2000个字符"},
    };
    for (const LengthCase& c : cases) {
        EXPECT_EQ(messageOf(custom("夏天", c.text)), c.expected) << c.text.size();
    }
}

TEST(CreateValidation, InspirationModeNormalised) {
    CreateRequest request = inspiration("  一首关于夏天的歌  ");
    request.lyric = "ignored";
    request.style = "rock";
    request.model = "";
    request.instrumental = true;
    auto result = validateCreate(request);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->mode, CreateMode::Inspiration);
    EXPECT_EQ(result->action, TaskAction::Generate);
    EXPECT_EQ(result->prompt, "一首关于夏天的歌");
    EXPECT_EQ(result->model, "chirp-v3-5");
    EXPECT_TRUE(result->instrumental);
    EXPECT_FALSE(result->custom);
    EXPECT_EQ(result->lyric, "");
    EXPECT_EQ(result->style, "");
    EXPECT_TRUE(result->tags.empty());
}

TEST(CreateValidation, InspirationTitleIsOptionalButLimited) {
    CreateRequest request = inspiration("描述");
    request.title = repeat("夏", 51);
    EXPECT_EQ(messageOf(request), "歌曲名称不能超过50个字符");
    request.title = " 夏天 ";
    EXPECT_EQ(validateCreate(request)->title, "夏天");
}

TEST(CreateValidation, CustomModeNormalised) {
    CreateRequest request = custom(" 夏天 ", "\r\n第一句\r\n第二句\r\n", "流行，  摇滚 ,K-POP,");
    request.prompt = "ignored";
    request.gender = "female";
    request.model = "chirp-v4";
    auto result = validateCreate(request);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->mode, CreateMode::Custom);
    EXPECT_TRUE(result->custom);
    EXPECT_EQ(result->title, "夏天");
    EXPECT_EQ(result->lyric, "第一句\n第二句");
    EXPECT_EQ(result->prompt, "");
    EXPECT_EQ(result->gender, "female");
    EXPECT_EQ(result->tags, (std::vector<std::string>{"female vocal", "pop", "Rock", "K-POP"}));
    EXPECT_EQ(result->style, "female vocal,pop,Rock,K-POP");
    EXPECT_EQ(result->model, "chirp-v4");
}

TEST(CreateValidation, ModeTwoIsCustomWithoutStyle) {
    auto result = validateCreate(custom("夏天", "歌词", ""));
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->mode, CreateMode::Lyrics);
    EXPECT_EQ(result->style, "");

    CreateRequest random = custom("夏天", "歌词", " , ，");
    random.gender = "random";
    EXPECT_EQ(validateCreate(random)->mode, CreateMode::Lyrics);

    CreateRequest male = custom("夏天", "歌词", "");
    male.gender = "male";
    EXPECT_EQ(validateCreate(male)->mode, CreateMode::Custom);
}

TEST(CreateValidation, InstrumentalNeedsNoLyricsWhenStyled) {
    CreateRequest styled = custom("夏天", "", "lo-fi");
    styled.instrumental = true;
    EXPECT_EQ(messageOf(styled), "");

    CreateRequest bare = custom("夏天", "", "");
    bare.instrumental = true;
    EXPECT_EQ(messageOf(bare), "请输入歌词");
}

TEST(CreateValidation, TagLimitCountsTheUsersTagsOnly) {
    std::string ten = "a1,a2,a3,a4,a5,a6,a7,a8,a9,a10";
    EXPECT_EQ(messageOf(custom("t", "l", ten)), "");
    EXPECT_EQ(messageOf(custom("t", "l", ten + ",a11")), "标签选择已达上限");

    CreateRequest withGender = custom("t", "l", ten);
    withGender.gender = "male";
    auto result = validateCreate(withGender);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->tags.size(), 11u);

    // Duplicates and empty items do not count.
    EXPECT_EQ(messageOf(custom("t", "l", ten + ",A1,,摇滚,rock,")), "标签选择已达上限");
    EXPECT_EQ(messageOf(custom("t", "l", ten + ",A1,,")), "");
}

TEST(CreateValidation, StyleLengthLimitIncludesGender) {
    const std::string style120 = repeat("x", 120);
    EXPECT_EQ(messageOf(custom("t", "l", style120)), "");
    EXPECT_EQ(messageOf(custom("t", "l", style120 + "x")), "风格总长度不能超过120个字符");
    EXPECT_EQ(messageOf(custom("t", "l", repeat("风", 120))), "");
    EXPECT_EQ(messageOf(custom("t", "l", repeat("风", 121))), "风格总长度不能超过120个字符");

    // "male vocal," is 11 characters: 109 more reach the limit exactly.
    CreateRequest atLimit = custom("t", "l", repeat("y", 109));
    atLimit.gender = "male";
    EXPECT_EQ(messageOf(atLimit), "");
    CreateRequest overLimit = custom("t", "l", repeat("y", 110));
    overLimit.gender = "male";
    EXPECT_EQ(messageOf(overLimit), "风格总长度不能超过120个字符");

    // Measured after normalisation: spaces and commas that go away do not count.
    EXPECT_EQ(messageOf(custom("t", "l", " , " + style120 + " ，,")), "");
}

TEST(CreateValidation, Models) {
    for (std::string_view model : supportedModels()) {
        CreateRequest request = inspiration("描述");
        request.model = std::string(model);
        auto result = validateCreate(request);
        ASSERT_TRUE(result.ok()) << model;
        EXPECT_EQ(result->model, model);
    }
    EXPECT_EQ(supportedModels().size(), 6u);
    EXPECT_EQ(supportedModels().front(), kDefaultModel);
    for (std::string model : {"chirp-v5", "CHIRP-V3-5", "gpt-4"}) {
        CreateRequest request = inspiration("描述");
        request.model = model;
        EXPECT_EQ(messageOf(request), "不支持的模型") << model;
    }
}

TEST(CreateValidation, ModelList) {
    for (std::string_view model :
         {"chirp-v3-5", "chirp-v4-5-plus", "chirp-v4-5", "chirp-v4", "chirp-v3-0", "chirp-v2-xxl-alpha"}) {
        EXPECT_TRUE(isSupportedModel(model)) << model;
    }
    EXPECT_FALSE(isSupportedModel(""));
}

TEST(CreateValidation, Actions) {
    CreateRequest empty = inspiration("描述");
    empty.action = "";
    EXPECT_EQ(validateCreate(empty)->action, TaskAction::Generate);

    for (std::string action : {"upload", "Generate", "Concat", "remix", "all-stems"}) {
        CreateRequest request = inspiration("描述");
        request.action = action;
        EXPECT_EQ(messageOf(request), "不支持的操作") << action;
    }
}

TEST(CreateValidation, StemsNeedOnlyTheSongToSeparate) {
    for (const char* action : {"stems", "all_stems"}) {
        CreateRequest request;
        request.action = action;
        EXPECT_EQ(messageOf(request), "请选择要分离音轨的歌曲") << action;
        request.audioId = " song-1 ";
        request.prompt = std::string(500, 'x'); // ignored: the song is what is separated
        auto valid = validateCreate(request);
        ASSERT_TRUE(valid.ok()) << valid.error().message;
        EXPECT_EQ(valid->action, *parseTaskAction(action));
        EXPECT_EQ(valid->audioId, "song-1");
        EXPECT_TRUE(valid->prompt.empty());
    }
}

TEST(CreateValidation, ACoverNeedsTheSongAndANewStyle) {
    CreateRequest request;
    request.action = "cover";
    request.style = "摇滚";
    EXPECT_EQ(messageOf(request), "请选择要换风格的歌曲");
    request.audioId = "song-1";
    request.style = " ，";
    request.gender = "female";
    EXPECT_EQ(messageOf(request), "请选择新的风格") << "the gender alone is no style";
    request.style = "摇滚，Jazz";
    auto valid = validateCreate(request);
    ASSERT_TRUE(valid.ok()) << valid.error().message;
    EXPECT_EQ(valid->action, TaskAction::Cover);
    EXPECT_EQ(valid->style, "female vocal,Rock,Jazz");
    EXPECT_TRUE(valid->title.empty()); // optional: the song's own by default
    EXPECT_EQ(valid->model, "chirp-v3-5");
    request.title = std::string(51, 'x');
    EXPECT_EQ(messageOf(request), "歌曲名称不能超过50个字符");
    request.title = "夜曲";
    request.style = "a,b,c,d,e,f,g,h,i,j,k";
    EXPECT_EQ(messageOf(request), "标签选择已达上限");
    request.style = "pop";
    request.gender = "robot";
    EXPECT_EQ(messageOf(request), "不支持的人声性别");
}

TEST(CreateValidation, ConcatNeedsOnlyTheExtensionToJoin) {
    CreateRequest request;
    request.action = "concat";
    EXPECT_EQ(messageOf(request), "请选择要合成的歌曲");
    request.audioId = " ext-1 ";
    request.prompt = std::string(500, 'x'); // ignored: the chain names the song
    auto valid = validateCreate(request);
    ASSERT_TRUE(valid.ok()) << valid.error().message;
    EXPECT_EQ(valid->action, TaskAction::Concat);
    EXPECT_EQ(valid->audioId, "ext-1");
    EXPECT_EQ(valid->model, "chirp-v3-5");
    EXPECT_TRUE(valid->prompt.empty());
    request.model = "no-such-model";
    EXPECT_EQ(messageOf(request), "不支持的模型");
}

TEST(CreateValidation, ExtendShape) {
    CreateRequest request = custom("夏天", "歌词");
    request.action = "extend";
    request.audioId = " song-1 ";
    request.continueAt = 30.5;
    auto result = validateCreate(request);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->action, TaskAction::Extend);
    EXPECT_EQ(result->audioId, "song-1");
    EXPECT_EQ(result->continueAt, 30.5);

    request.audioId = "";
    EXPECT_EQ(messageOf(request), "请选择要续写的歌曲");
    request.audioId = "song-1";
    for (double at : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity()}) {
        request.continueAt = at;
        EXPECT_EQ(messageOf(request), "续写起点必须大于0秒") << at;
    }
}

TEST(CreateValidation, GenerateDropsExtendFields) {
    CreateRequest request = inspiration("描述");
    request.audioId = "song-1";
    request.continueAt = 12;
    auto result = validateCreate(request);
    ASSERT_TRUE(result.ok());
    EXPECT_EQ(result->audioId, "");
    EXPECT_EQ(result->continueAt, 0);
}

TEST(CreateValidation, Gender) {
    const std::pair<std::string, std::string> table[] = {
        {"", ""}, {"random", ""}, {"male", "male"}, {"Female", "female"}, {" male ", "male"}};
    for (const auto& [given, stored] : table) {
        CreateRequest request = inspiration("描述");
        request.gender = given;
        auto result = validateCreate(request);
        ASSERT_TRUE(result.ok()) << given;
        EXPECT_EQ(result->gender, stored);
    }
    CreateRequest request = inspiration("描述");
    request.gender = "男";
    EXPECT_EQ(messageOf(request), "不支持的人声性别");
}

TEST(CreateValidation, ControlCharacters) {
    EXPECT_EQ(messageOf(custom("夏天", "第一句\n\t第二句")), "");
    EXPECT_EQ(messageOf(custom("夏天", "第一句\x01")), "歌词包含不支持的控制字符");
    EXPECT_EQ(messageOf(custom("夏\n天", "歌词")), "歌曲名称包含不支持的控制字符");
    EXPECT_EQ(messageOf(custom("夏天", "歌词", "pop\x1B")), "风格包含不支持的控制字符");
    EXPECT_EQ(messageOf(inspiration("描述\x7F")), "歌词描述包含不支持的控制字符");
    EXPECT_EQ(messageOf(inspiration("第一行\n第二行")), "");
}

TEST(CreateValidation, BidiAndZeroWidthCharactersAreRefusedInPublicText) {
    // Issue 31: U+202E (right-to-left override), U+200B (zero-width space), U+2067 (right-to-left isolate).
    EXPECT_EQ(messageOf(custom("\u202e夏天", "歌词")), "歌曲名称包含不可见的格式字符");
    EXPECT_EQ(messageOf(custom("夏\u200b天", "歌词")), "歌曲名称包含不可见的格式字符");
    EXPECT_EQ(messageOf(custom("夏天", "第一句\u2067第二句")), "歌词包含不可见的格式字符");
    EXPECT_EQ(messageOf(custom("夏天", "歌词", "pop\u200c")), "风格包含不可见的格式字符");
    EXPECT_EQ(messageOf(inspiration("描述\ufeff")), "歌词描述包含不可见的格式字符");
    EXPECT_EQ(messageOf(custom("夏天👩\u200d💻", "歌词")), "") << "a joiner inside an emoji sequence is fine";
}

TEST(CreateValidation, InvalidUtf8) {
    EXPECT_EQ(messageOf(inspiration("\xC0\xAF")), "歌词描述包含无效的字符编码");
    EXPECT_EQ(messageOf(custom("夏天", "\xE4\xB8")), "歌词包含无效的字符编码");
    EXPECT_EQ(messageOf(custom("\xFF", "歌词")), "歌曲名称包含无效的字符编码");
    EXPECT_EQ(messageOf(custom("夏天", "歌词", "\x80")), "风格包含无效的字符编码");
}

TEST(StyleNormalisation, Rules) {
    const std::pair<std::string, std::vector<std::string>> table[] = {
        {"", {}},
        {"pop", {"pop"}},
        {"pop,", {"pop"}},
        {"pop，rock，", {"pop", "rock"}},
        {" pop ,  ,rock ,,", {"pop", "rock"}},
        {"\xE3\x80\x80 爵士\xE3\x80\x80", {"Jazz"}},
        {"流行,摇滚,电子,古典,说唱,金属,男声,女声",
         {"pop", "Rock", "Electronic", "classical", "rap", "Metal", "Male Vocal", "Female Vocal"}},
        {"Rock,rock,摇滚,ROCK", {"Rock"}},
        {"赛博朋克, dreamy synth", {"赛博朋克", "dreamy synth"}},
        {"欢快、悲伤", {"欢快、悲伤"}},
    };
    for (const auto& [raw, tags] : table) {
        EXPECT_EQ(userStyleTags(raw), tags) << raw;
    }
}

TEST(StyleNormalisation, GenderComesFirst) {
    EXPECT_EQ(genderTag("male"), "male vocal");
    EXPECT_EQ(genderTag("female"), "female vocal");
    EXPECT_EQ(genderTag("random"), "");
    EXPECT_EQ(genderTag(""), "");
    EXPECT_EQ(styleTags("pop", "male"), (std::vector<std::string>{"male vocal", "pop"}));
    EXPECT_EQ(styleTags("pop", "random"), (std::vector<std::string>{"pop"}));
    // A chip equal to the gender tag is not repeated.
    EXPECT_EQ(styleTags("女声,pop", "female"), (std::vector<std::string>{"female vocal", "pop"}));
    EXPECT_EQ(normalizeStyle("流行，摇滚,", "female"), "female vocal,pop,Rock");
    EXPECT_EQ(normalizeStyle("", "male"), "male vocal");
    EXPECT_EQ(normalizeStyle(" , ", ""), "");
}
