// The console provider: one JSON line per code in the outbox, appended, intact under concurrency; a log line with
// the masked phone and no code.

#include "gequ/sms/console_sms_sender.h"
#include "gequ/sms/sms_config.h"
#include "test_support.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <thread>

namespace gequ::sms {
namespace {

std::vector<std::string> readLines(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

Poco::JSON::Object::Ptr parseLine(const std::string& line) {
    Poco::JSON::Parser parser;
    return parser.parse(line).extract<Poco::JSON::Object::Ptr>();
}

TEST(ConsoleSmsSender, WritesOneJsonLineWithPhoneTextCodeAndTime) {
    test::TempDir dir;
    test::FixedClock clock(domain::fromEpochMillis(1700000000123));
    const auto outbox = dir.path() / "var" / "nested" / "sms-outbox.jsonl";
    ConsoleSmsSender sender(outbox, clock);
    EXPECT_EQ(sender.name(), "console");

    ASSERT_TRUE(sender.sendCode("13800138000", "123456").ok());

    const auto lines = readLines(outbox);
    ASSERT_EQ(lines.size(), 1u);
    EXPECT_EQ(lines[0],
              "{\"phone\":\"13800138000\",\"text\":\"【歌曲】您的验证码是123456，10分钟内有效。请勿泄露给他人。\","
              "\"code\":\"123456\",\"at\":\"2023-11-14T22:13:20.123Z\"}");
    const auto object = parseLine(lines[0]);
    EXPECT_EQ(object->getValue<std::string>("phone"), "13800138000");
    EXPECT_EQ(object->getValue<std::string>("code"), "123456");
    EXPECT_EQ(object->getValue<std::string>("text"), codeMessageText("123456"));
    EXPECT_EQ(object->getValue<std::string>("at"), "2023-11-14T22:13:20.123Z");
}

TEST(ConsoleSmsSender, AppendsAndKeepsEarlierLines) {
    test::TempDir dir;
    test::FixedClock clock(test::testInstant());
    const auto outbox = dir.path() / "sms-outbox.jsonl";
    {
        std::ofstream existing(outbox);
        existing << "{\"phone\":\"13900000000\",\"code\":\"000000\"}\n";
    }
    ConsoleSmsSender sender(outbox, clock);
    ASSERT_TRUE(sender.sendCode("13800138000", "111111").ok());
    clock.set(test::testInstant() + std::chrono::seconds(61));
    ASSERT_TRUE(sender.sendCode("13800138000", "222222").ok());

    const auto lines = readLines(outbox);
    ASSERT_EQ(lines.size(), 3u);
    EXPECT_EQ(lines[0], "{\"phone\":\"13900000000\",\"code\":\"000000\"}");
    EXPECT_EQ(parseLine(lines[1])->getValue<std::string>("code"), "111111");
    EXPECT_EQ(parseLine(lines[2])->getValue<std::string>("code"), "222222");
    EXPECT_EQ(parseLine(lines[2])->getValue<std::string>("at"), "2023-11-14T22:14:21.000Z");
}

TEST(ConsoleSmsSender, ConcurrentSendsAllLandIntact) {
    test::TempDir dir;
    test::FixedClock clock(test::testInstant());
    const auto outbox = dir.path() / "sms-outbox.jsonl";
    ConsoleSmsSender sender(outbox, clock);
    // A second sender on the same file, as a second instance sharing data.dir would have.
    ConsoleSmsSender other(outbox, clock);

    constexpr int kThreads = 8;
    constexpr int kPerThread = 50;
    std::vector<std::thread> threads;
    std::atomic<int> failures{0};
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] {
            for (int i = 0; i < kPerThread; ++i) {
                char code[8];
                std::snprintf(code, sizeof code, "%06d", t * 1000 + i);
                ConsoleSmsSender& target = t % 2 == 0 ? sender : other;
                if (!target.sendCode("1380013" + std::to_string(8000 + t), code).ok()) {
                    ++failures;
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(failures.load(), 0);

    const auto lines = readLines(outbox);
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(kThreads * kPerThread));
    std::set<std::string> codes;
    for (const std::string& line : lines) {
        const auto object = parseLine(line); // throws on a torn line
        const std::string code = object->getValue<std::string>("code");
        codes.insert(code);
        EXPECT_EQ(object->getValue<std::string>("phone"), "1380013" + std::to_string(8000 + std::stoi(code) / 1000));
    }
    EXPECT_EQ(codes.size(), lines.size());
}

TEST(ConsoleSmsSender, LogsTheMaskedPhoneAndNeverTheCode) {
    test::TempDir dir;
    test::FixedClock clock(test::testInstant());
    ConsoleSmsSender sender(dir.path() / "sms-outbox.jsonl", clock);
    test::LogCapture log;
    ASSERT_TRUE(sender.sendCode("13800138000", "987654").ok());

    const std::string text = log.text();
    EXPECT_NE(text.find("138****8000"), std::string::npos) << text;
    EXPECT_EQ(text.find("13800138000"), std::string::npos) << text;
    EXPECT_EQ(text.find("987654"), std::string::npos) << text;
}

TEST(ConsoleSmsSender, AnUnwritableOutboxIsAnUpstreamError) {
    test::TempDir dir;
    test::FixedClock clock(test::testInstant());
    { std::ofstream file(dir.path() / "not-a-directory"); }
    ConsoleSmsSender sender(dir.path() / "not-a-directory" / "sms-outbox.jsonl", clock);
    test::LogCapture log;
    const auto status = sender.sendCode("13800138000", "123456");
    ASSERT_FALSE(status.ok());
    EXPECT_EQ(status.error().code, domain::ErrorCode::Upstream);
    EXPECT_EQ(status.error().message, "短信发送失败，请稍后再试");
    EXPECT_EQ(log.text().find("123456"), std::string::npos) << log.text();
}

TEST(ConsoleSmsSender, QuotesAndControlCharactersStayValidJson) {
    test::TempDir dir;
    test::FixedClock clock(test::testInstant());
    const auto outbox = dir.path() / "sms-outbox.jsonl";
    ConsoleSmsSender sender(outbox, clock);
    ASSERT_TRUE(sender.sendCode("1\"3\\8\n", "12\t34").ok());
    const auto lines = readLines(outbox);
    ASSERT_EQ(lines.size(), 1u);
    const auto object = parseLine(lines[0]);
    EXPECT_EQ(object->getValue<std::string>("phone"), "1\"3\\8\n");
    EXPECT_EQ(object->getValue<std::string>("code"), "12\t34");
}

} // namespace
} // namespace gequ::sms
