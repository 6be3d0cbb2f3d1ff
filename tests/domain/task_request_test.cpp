// The stored form of a task's request (services/task_request.h) and the provisional title of a create.

#include "gequ/domain/model/create_request.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/services/generation_worker.h"
#include "gequ/domain/services/task_request.h"

#include <gtest/gtest.h>

using namespace gequ::domain;

namespace {

TaskRequest sample() {
    TaskRequest stored;
    GenerationRequest& r = stored.request;
    r.taskId = "2f1c9a0e-0000-4000-8000-000000000001";
    r.action = TaskAction::Extend;
    r.prompt = "一首关于\"夏天\"的歌\n第二行\t制表符 \\ 反斜杠";
    r.model = "chirp-v4-5";
    r.lyric = "[主歌]\n阳光洒在窗台 🌞\n";
    r.custom = true;
    r.instrumental = true;
    r.title = "夏日 / Summer";
    r.style = "male vocal,pop,Rock";
    r.audioId = "song-1";
    r.continueAt = 12.75;
    r.gender = "male";
    r.artist = "小明";
    stored.charge = 10;
    return stored;
}

void expectSame(const TaskRequest& a, const TaskRequest& b) {
    EXPECT_EQ(a.request.taskId, b.request.taskId);
    EXPECT_EQ(a.request.action, b.request.action);
    EXPECT_EQ(a.request.prompt, b.request.prompt);
    EXPECT_EQ(a.request.model, b.request.model);
    EXPECT_EQ(a.request.lyric, b.request.lyric);
    EXPECT_EQ(a.request.custom, b.request.custom);
    EXPECT_EQ(a.request.instrumental, b.request.instrumental);
    EXPECT_EQ(a.request.title, b.request.title);
    EXPECT_EQ(a.request.style, b.request.style);
    EXPECT_EQ(a.request.audioId, b.request.audioId);
    EXPECT_EQ(a.request.continueAt, b.request.continueAt);
    EXPECT_EQ(a.request.gender, b.request.gender);
    EXPECT_EQ(a.request.artist, b.request.artist);
    EXPECT_EQ(a.charge, b.charge);
}

} // namespace

TEST(TaskRequestTest, RoundTripsEveryField) {
    const TaskRequest stored = sample();
    const std::string json = encodeTaskRequest(stored);
    auto decoded = decodeTaskRequest(json);
    ASSERT_TRUE(decoded.has_value()) << json;
    expectSame(*decoded, stored);
}

TEST(TaskRequestTest, RoundTripsDefaultsAndControlCharacters) {
    TaskRequest stored;
    stored.request.prompt = std::string("a\x01"
                                        "b\x1f"
                                        "c\x7f",
                                        6);
    const std::string json = encodeTaskRequest(stored);
    EXPECT_NE(json.find("\\u0001"), std::string::npos) << json;
    EXPECT_NE(json.find("\\u001f"), std::string::npos) << json;
    auto decoded = decodeTaskRequest(json);
    ASSERT_TRUE(decoded.has_value());
    expectSame(*decoded, stored);
}

TEST(TaskRequestTest, EncodesOneCompactObjectWithTheFieldNames) {
    TaskRequest stored;
    stored.request.taskId = "t";
    stored.request.prompt = "p";
    stored.charge = 10;
    EXPECT_EQ(encodeTaskRequest(stored),
              R"({"taskId":"t","action":"generate","prompt":"p","model":"chirp-v3-5","lyric":"","custom":false,)"
              R"("instrumental":false,"title":"","style":"","audioId":"","continueAt":0,"gender":"","artist":"",)"
              R"("charge":10})");
}

TEST(TaskRequestTest, ReadsEscapesWhitespaceUnknownMembersAndNulls) {
    auto decoded = decodeTaskRequest(" { \"title\" : \"\\u6b4c\\u66f2 \\ud83c\\udfb5\\/\" , \"custom\":true,"
                                     "\"extra\":123, \"style\":null, \"continueAt\": 1.5e1, \"charge\": 20 } ");
    ASSERT_TRUE(decoded.has_value());
    EXPECT_EQ(decoded->request.title, "歌曲 🎵/");
    EXPECT_TRUE(decoded->request.custom);
    EXPECT_EQ(decoded->request.style, "");
    EXPECT_EQ(decoded->request.continueAt, 15);
    EXPECT_EQ(decoded->charge, 20);
    EXPECT_EQ(decoded->request.model, "chirp-v3-5"); // missing: the default
}

TEST(TaskRequestTest, RefusesWhatIsNotOneFlatObjectOfTheRightTypes) {
    for (const char* bad : {"",
                            "null",
                            "[]",
                            "\"x\"",
                            "{",
                            "{\"title\":}",
                            "{\"title\":\"a\"",
                            "{\"title\":\"a\",}",
                            "{\"title\":\"a\"} x",
                            "{\"title\":1}",
                            "{\"custom\":\"yes\"}",
                            "{\"charge\":\"10\"}",
                            "{\"charge\":-1}",
                            "{\"charge\":1.5}",
                            "{\"a\":{}}",
                            "{\"a\":[1]}",
                            "{\"t\":\"\\x\"}",
                            "{\"t\":\"\\ud83c\"}",
                            "{\"t\":\"\\udfb5\"}",
                            "{\"t\":\"a\nb\"}",
                            "{title:\"a\"}",
                            "{\"continueAt\":1e999}"}) {
        EXPECT_FALSE(decodeTaskRequest(bad).has_value()) << bad;
    }
}

TEST(TaskRequestTest, QuotesStrings) {
    EXPECT_EQ(jsonQuote("a\"b\\c\nd\re\tf"), R"("a\"b\\c\nd\re\tf")");
    EXPECT_EQ(jsonQuote("歌"), "\"歌\"");
    EXPECT_EQ(jsonQuote(std::string("a\x01"
                                    "b\x7f") +
                        '\0' + "c"),
              R"("a\u0001b\u007f\u0000c")");
    EXPECT_EQ(jsonQuote(""), "\"\"");
    EXPECT_EQ(jsonQuote("\"\""), R"("\"\"")");
    // Appending many values keeps what came before.
    std::string out = "[";
    for (int i = 0; i < 1000; ++i) {
        appendJsonQuoted(out, "夏\"" + std::to_string(i));
        out += ',';
    }
    EXPECT_EQ(out.substr(0, 14), "[\"夏\\\"0\",\"夏");
    EXPECT_EQ(out.substr(out.size() - 10), "夏\\\"999\",");
}

TEST(TaskRequestTest, QuotesEveryByteThatNeedsItWhereverItStands) {
    // Text is scanned eight bytes at a time; each byte that needs escaping, at every offset from a word's start and in
    // texts of every length around a word, comes out as a byte-by-byte quoting would write it.
    const auto byByte = [](const std::string& text) {
        std::string out = "\"";
        for (const char c : text) {
            const auto byte = static_cast<unsigned char>(c);
            const char* hex = "0123456789abcdef";
            if (c == '"' || c == '\\') {
                out += '\\';
                out += c;
            } else if (c == '\n') {
                out += "\\n";
            } else if (c == '\r') {
                out += "\\r";
            } else if (c == '\t') {
                out += "\\t";
            } else if (byte < 0x20 || byte == 0x7F) {
                out += "\\u00";
                out += hex[byte >> 4];
                out += hex[byte & 0xF];
            } else {
                out += c;
            }
        }
        return out + '"';
    };
    const std::string plain = "晚风abcdefghij夏夜海边0123456789ABCDEF~ !#"; // no byte of it needs escaping
    for (const char special : {'"', '\\', '\n', '\x01', '\x1f', '\x7f', '\0'}) {
        for (std::size_t length = 0; length <= 24; ++length) {
            for (std::size_t at = 0; at < length; ++at) {
                std::string text = plain.substr(0, length);
                text[at] = special;
                EXPECT_EQ(jsonQuote(text), byByte(text)) << "byte " << int(special) << " at " << at << " of " << length;
            }
        }
    }
    // Bytes next to the ones that need escaping (0x1f/0x20, '!'/'"'/'#', '['/'\\'/']', 0x7e/0x7f/0x80) and every
    // byte from 0x80 up pass unchanged.
    std::string edges = "\x20!#[]~\x80\xff";
    for (int i = 0; i < 4; ++i) {
        edges += edges;
    }
    EXPECT_EQ(jsonQuote(edges), '"' + edges + '"');
}

TEST(ProvisionalTitleTest, TheTitleWhenGivenElseTheDescriptionsFirstClause) {
    NormalizedCreate create;
    create.title = "夏日";
    create.prompt = "别的";
    EXPECT_EQ(provisionalTitle(create), "夏日");

    create.title.clear();
    create.prompt = "一首欢快的夏日歌曲，关于海边";
    EXPECT_EQ(provisionalTitle(create), "一首欢快的夏日歌曲");
    create.prompt = "写一首关于秋天落叶和思念远方朋友的民谣";
    EXPECT_EQ(provisionalTitle(create), "写一首关于秋天落叶和思念"); // 12 characters
    create.prompt = "a happy song about summer holidays by the sea";
    EXPECT_EQ(provisionalTitle(create), "a happy song"); // 12 characters, ending at a space
    create.prompt = "a happy songwriter went out";
    EXPECT_EQ(provisionalTitle(create), "a happy"); // cut at a space, not inside a word
    create.prompt = "Rainy night. Then more";
    EXPECT_EQ(provisionalTitle(create), "Rainy night");
    create.prompt = "，，。";
    EXPECT_EQ(provisionalTitle(create), "灵感创作");
    create.prompt = "";
    EXPECT_EQ(provisionalTitle(create), "灵感创作");
}

TEST(PollDelayTest, ThreeThenFiveThenTenSeconds) {
    EXPECT_EQ(pollDelay(0), std::chrono::seconds(3));
    EXPECT_EQ(pollDelay(1), std::chrono::seconds(5));
    EXPECT_EQ(pollDelay(2), std::chrono::seconds(10));
    EXPECT_EQ(pollDelay(50), std::chrono::seconds(10));
}

namespace {

gequ::domain::SourcePart part(const std::string& task, double duration, double cutAt = 0) {
    gequ::domain::SourcePart out;
    out.request.taskId = task;
    out.duration = duration;
    out.cutAt = cutAt;
    return out;
}

} // namespace

TEST(SourceChain, CuttingKeepsThePartWhereTheCutFallsAndDropsTheRest) {
    using gequ::domain::cutChain;
    std::vector<gequ::domain::SourcePart> chain{part("a", 120, 60), part("b", 100), part("c", 90)};
    EXPECT_DOUBLE_EQ(gequ::domain::chainSeconds(chain), 250);

    auto inSecond = chain;
    cutChain(inSecond, 100); // 60 of a, then 40 of b
    ASSERT_EQ(inSecond.size(), 2u);
    EXPECT_DOUBLE_EQ(inSecond[1].cutAt, 40);
    EXPECT_DOUBLE_EQ(gequ::domain::chainSeconds(inSecond), 100);

    auto inFirst = chain;
    cutChain(inFirst, 30);
    ASSERT_EQ(inFirst.size(), 1u);
    EXPECT_DOUBLE_EQ(inFirst[0].cutAt, 30);

    auto atJoint = chain;
    cutChain(atJoint, 160); // exactly where c begins: a and b whole as kept
    ASSERT_EQ(atJoint.size(), 2u);
    EXPECT_DOUBLE_EQ(gequ::domain::chainSeconds(atJoint), 160);

    auto beyond = chain;
    cutChain(beyond, 1000);
    EXPECT_EQ(beyond.size(), 3u);
    EXPECT_DOUBLE_EQ(gequ::domain::chainSeconds(beyond), 250);
}

namespace {

TEST(TaskActionTest, EveryActionHasOneNameThatReadsBack) {
    const TaskAction all[] = {TaskAction::Generate, TaskAction::Extend, TaskAction::Concat,
                              TaskAction::Cover,    TaskAction::Stems,  TaskAction::AllStems};
    std::vector<std::string> names;
    for (TaskAction action : all) {
        names.push_back(toString(action));
        EXPECT_EQ(parseTaskAction(names.back()), action) << names.back();
    }
    EXPECT_EQ(names, (std::vector<std::string>{"generate", "extend", "concat", "cover", "stems", "all_stems"}));
    for (const char* bad : {"", "Generate", "remix", "all-stems"}) {
        EXPECT_FALSE(parseTaskAction(bad)) << bad;
    }
    EXPECT_FALSE(hasSource(TaskAction::Generate));
    EXPECT_TRUE(hasSource(TaskAction::Cover));
    EXPECT_TRUE(isStems(TaskAction::Stems));
    EXPECT_TRUE(isStems(TaskAction::AllStems));
    EXPECT_FALSE(isStems(TaskAction::Cover));
}

TEST(TaskActionTest, AStoredRequestWithAnUnknownActionDoesNotRead) {
    EXPECT_FALSE(decodeTaskRequest(R"({"taskId":"t","action":"remix"})"));
    auto cover = decodeTaskRequest(R"({"taskId":"t","action":"all_stems","audioId":"s"})");
    ASSERT_TRUE(cover);
    EXPECT_EQ(cover->request.action, TaskAction::AllStems);
}

} // namespace
