// POST /music/api/create/ace through the server (docs/api.md; the rules of docs/product.md): validation at every
// limit, moderation, the concurrency limit by level, points, and what one create writes.

#include "gequ/domain/model/time.h"
#include "works_client.h"

#include <thread>

namespace gequ::http::test {
namespace {

class CreateTest : public WorksTest {
protected:
    /// A user who can make many tasks at once: level 6 (10 at once) and 1000 points.
    Account richMember(const std::string& phone) {
        Account user = account(phone);
        setLevel(user.id, 6);
        grant(user.id, 1000);
        return user;
    }

    HttpAnswer openSong(const std::string& token, const std::string& id, const std::string& open) {
        return post("/music/openSong", R"({"nativeId":")" + id + R"(","openId":)" + open + "}", token);
    }

    static std::string repeat(const std::string& unit, int n) {
        std::string out;
        for (int i = 0; i < n; ++i) {
            out += unit;
        }
        return out;
    }

    /// A custom-mode body.
    static std::string custom(const std::string& title, const std::string& lyric, const std::string& style,
                              const std::string& extra = {}) {
        return R"({"action":"generate","custom":true,"title":")" + title + R"(","lyric":")" + lyric + R"(","style":")" +
               style + "\"" + extra + "}";
    }
};

TEST_F(CreateTest, NeedsLogin) {
    expectError(inspire(""), 401, 4010, "请先登录");
    expectError(create("not-a-token", R"({"prompt":"夏天"})"), 401, 4010, "请先登录");
    EXPECT_TRUE(tasks().empty());
}

TEST_F(CreateTest, InspirationModeChargesTenAndQueuesATaskWithTwoPrivateGeneratingSongs) {
    auto user = account("13800000001");
    auto answer = inspire(user.token, "一首欢快的夏日歌曲，关于海边");
    expectOk(answer, "任务提交成功，扣除积分：10");
    auto object = data(answer);
    const std::string taskId = object->getValue<std::string>("taskId");
    auto songIds = object->getArray("songIds");
    ASSERT_EQ(songIds->size(), 2u);

    EXPECT_EQ(points(user.id), 10);
    auto ledger = records(user.id);
    ASSERT_EQ(ledger.size(), 2u); // the sign-up gift, then the charge
    EXPECT_EQ(ledger[1].delta, -10);
    EXPECT_EQ(ledger[1].remark, "创作歌曲《一首欢快的夏日歌曲》");
    EXPECT_EQ(ledger[1].ref, "task:" + taskId + ":charge");

    auto all = tasks();
    ASSERT_EQ(all.size(), 1u);
    EXPECT_EQ(all[0].id, taskId);
    EXPECT_EQ(all[0].userId, user.id);
    EXPECT_EQ(all[0].state, domain::TaskState::Queued);
    EXPECT_EQ(all[0].channel, domain::TaskChannel::Ordinary);
    EXPECT_TRUE(all[0].charged);
    EXPECT_FALSE(all[0].refunded);
    EXPECT_NE(all[0].requestJson.find(R"("prompt":"一首欢快的夏日歌曲，关于海边")"), std::string::npos);

    auto songs = songsOf(taskId);
    ASSERT_EQ(songs.size(), 2u);
    for (int i = 0; i < 2; ++i) {
        EXPECT_EQ(songs[i].id, songIds->getElement<std::string>(static_cast<unsigned>(i)));
        EXPECT_EQ(songs[i].clipIndex, i);
        EXPECT_EQ(songs[i].complete, domain::SongStatus::Generating);
        EXPECT_FALSE(songs[i].open);
        EXPECT_EQ(songs[i].title, "一首欢快的夏日歌曲");
        EXPECT_EQ(songs[i].prompt, "一首欢快的夏日歌曲，关于海边");
        EXPECT_EQ(songs[i].model, "chirp-v3-5");
    }
    EXPECT_TRUE(check().empty());
}

TEST_F(CreateTest, CustomModeStoresTheNormalisedStyleAndLyrics) {
    auto user = richMember("13800000002");
    auto answer =
        create(user.token, custom("夏日", "[主歌]\\r\\n阳光", "流行，摇滚, Jazz,流行,", R"(,"gender":"female")"));
    expectOk(answer, "任务提交成功，扣除积分：10");
    const std::string taskId = data(answer)->getValue<std::string>("taskId");
    auto songs = songsOf(taskId);
    ASSERT_EQ(songs.size(), 2u);
    EXPECT_EQ(songs[0].tags, "female vocal,pop,Rock,Jazz");
    EXPECT_EQ(songs[0].lyric, "[主歌]\n阳光");
    EXPECT_EQ(songs[0].title, "夏日");
    EXPECT_EQ(tasks()[0].channel, domain::TaskChannel::Member); // level 6
    EXPECT_NE(tasks()[0].requestJson.find(R"("style":"female vocal,pop,Rock,Jazz")"), std::string::npos);
}

TEST_F(CreateTest, EveryLimitAtItsEdge) {
    auto user = richMember("13800000003");
    struct Case {
        std::string body;
        std::string error; ///< empty: accepted
    };
    const std::string tags10 = "a1,a2,a3,a4,a5,a6,a7,a8,a9,a10";
    const std::vector<Case> cases = {
        {R"({"prompt":")" + repeat("歌", 200) + R"("})", ""},
        {R"({"prompt":")" + repeat("歌", 201) + R"("})", "歌词描述不能超过200个字符"},
        {R"({"prompt":")" + repeat("a", 201) + R"("})", "歌词描述不能超过200个字符"},
        {R"({"prompt":"   "})", "请先输入歌词描述"},
        {R"({"custom":false})", "请先输入歌词描述"},
        {custom(repeat("名", 50), "歌词", "pop"), ""},
        {custom(repeat("名", 51), "歌词", "pop"), "歌曲名称不能超过50个字符"},
        {custom("", "歌词", "pop"), "请输入歌曲名称"},
        {custom("名", repeat("词", 2000), "pop"), ""},
        {custom("名", repeat("词", 2001), "pop"), "歌词不能超过2000个字符"},
        {custom("名", "", "pop"), "请输入歌词"},
        {custom("名", "", ""), "请输入歌词"}, // mode 2: title and lyrics
        {custom("名", "词", tags10), ""},
        {custom("名", "词", tags10 + ",a11"), "标签选择已达上限"},
        {custom("名", "词", repeat("x", 120)), ""},
        {custom("名", "词", repeat("x", 121)), "风格总长度不能超过120个字符"},
        {custom("名", "词", repeat("x", 110), R"(,"gender":"male")"), "风格总长度不能超过120个字符"}, // + "male vocal,"
        {R"({"prompt":"夏天","model":"chirp-v4-5"})", ""},
        {R"({"prompt":"夏天","model":"chirp-v9"})", "不支持的模型"},
        {R"({"prompt":"夏天","action":"remix"})", "不支持的操作"},
        {R"({"prompt":"夏天","gender":"robot"})", "不支持的人声性别"},
    };
    int accepted = 0;
    for (const auto& c : cases) {
        auto answer = create(user.token, c.body);
        if (c.error.empty()) {
            expectOk(answer, "任务提交成功，扣除积分：10");
            ++accepted;
            // Keep below the concurrency limit: the task finishes.
            finish(answer.json()->getObject("data")->getValue<std::string>("taskId"));
        } else {
            SCOPED_TRACE(c.body.substr(0, 80));
            expectError(answer, 400, 4000, c.error);
        }
    }
    EXPECT_EQ(points(user.id), 1020 - 10 * accepted);
    EXPECT_EQ(static_cast<int>(tasks().size()), accepted);
}

TEST_F(CreateTest, RefusesWrongTypesAndBadBodies) {
    auto user = richMember("13800000004");
    expectError(create(user.token, R"({"prompt":5})"), 400, 4000, "参数 prompt 应为字符串");
    expectError(create(user.token, R"({"prompt":"夏天","custom":"yes"})"), 400, 4000, "参数 custom 应为布尔值");
    expectError(create(user.token, R"({"prompt":"夏天","instrumental":2})"), 400, 4000, "参数 instrumental 应为布尔值");
    expectError(create(user.token, R"({"prompt":"夏天","continue_at":"soon"})"), 400, 4000,
                "参数 continue_at 应为数字");
    expectError(create(user.token, R"({"prompt":"夏天","style":["pop"]})"), 400, 4000, "参数 style 应为字符串");
    expectError(create(user.token, R"(["prompt"])"), 400, 4000, "请求内容应为 JSON 对象");
    expectError(create(user.token, R"({"prompt":)"), 400, 4000, "请求内容不是有效的 JSON");
    expectError(create(user.token, ""), 400, 4000, "请求内容不能为空");
    // 0/1 for the flags and null for absent members are accepted, as the web sends them.
    expectOk(create(user.token, R"({"prompt":"夏天","custom":0,"instrumental":1,"title":null,"audio_id":null})"));
    EXPECT_EQ(tasks().size(), 1u);
}

TEST_F(CreateTest, NinePointsAreNotEnoughAndNothingIsWritten) {
    auto user = account("13800000005");
    grant(user.id, -11);
    ASSERT_EQ(points(user.id), 9);
    expectError(inspire(user.token), 402, 4020, "积分不足，请充值或开通会员");
    EXPECT_EQ(points(user.id), 9);
    EXPECT_EQ(records(user.id).size(), 2u);
    EXPECT_TRUE(tasks().empty());
    expectOk(getAs("/music/song/listNumber", user.token));
    EXPECT_EQ(getAs("/music/song/listNumber", user.token).json()->getValue<int>("data"), 0);
    grant(user.id, 1);
    expectOk(inspire(user.token), "任务提交成功，扣除积分：10");
    EXPECT_EQ(points(user.id), 0);
}

TEST_F(CreateTest, ConcurrencyLimitOfLevelZeroIsOneTask) {
    auto user = account("13800000006");
    grant(user.id, 100);
    auto [first, songs] = createOk(user.token);
    expectError(inspire(user.token), 429, 4290, "当前并发任务已达上限，请等待作品生成完成");
    EXPECT_EQ(points(user.id), 110); // only the first was charged
    EXPECT_EQ(tasks().size(), 1u);
    finish(first);
    expectOk(inspire(user.token));
    EXPECT_EQ(points(user.id), 100);
}

TEST_F(CreateTest, ConcurrencyLimitOfLevelFiveIsEightTasks) {
    auto user = account("13800000007");
    setLevel(user.id, 5, 1);
    grant(user.id, 100);
    for (int i = 0; i < 8; ++i) {
        expectOk(inspire(user.token), "任务提交成功，扣除积分：10");
    }
    expectError(inspire(user.token), 429, 4290, "当前并发任务已达上限，请等待作品生成完成");
    EXPECT_EQ(tasks().size(), 8u);
    EXPECT_EQ(points(user.id), 40);
    // An expired membership counts as level 0: the limit is 1 again.
    clock().advance(std::chrono::hours(25));
    expectError(inspire(user.token), 429, 4290, "当前并发任务已达上限，请等待作品生成完成");
}

TEST_F(CreateTest, ModerationRefusesBeforeAnythingIsCharged) {
    auto user = richMember("13800000008");
    const std::string refused = "歌名包含敏感内容，无法生成歌词";
    expectError(inspire(user.token, "一首关于禁词的歌"), 422, 4220, refused);
    expectError(create(user.token, custom("禁词之歌", "歌词", "pop")), 422, 4220, refused);
    expectError(create(user.token, custom("夏日", "这里有badword", "pop")), 422, 4220, refused);
    expectError(create(user.token, custom("夏日", "歌词", "pop,禁词")), 422, 4220, refused);
    EXPECT_EQ(points(user.id), 1020);
    EXPECT_TRUE(tasks().empty());
}

TEST_F(CreateTest, ExtendNeedsOneOfTheUsersFinishedSongsAndAStartInsideIt) {
    auto owner = richMember("13800000009");
    auto other = richMember("13800000010");
    auto [taskId, songIds] = createOk(owner.token);
    const std::string song = songIds.at(0);
    auto extend = [](const std::string& id, const std::string& at) {
        return R"({"action":"extend","prompt":"续写","audio_id":")" + id + R"(","continue_at":)" + at + "}";
    };
    expectError(create(owner.token, extend(song, "10")), 400, 4000, "只能续写自己已完成的作品"); // still generating
    finish(taskId);                                                                              // 30 s long
    expectError(create(owner.token, extend(song, "0")), 400, 4000, "续写起点必须大于0秒");
    expectError(create(owner.token, extend(song, "30.5")), 400, 4000, "续写起点不能超过歌曲时长");
    expectError(create(other.token, extend(song, "10")), 400, 4000, "只能续写自己已完成的作品");
    expectError(create(owner.token, extend("no-such-song", "10")), 400, 4000, "只能续写自己已完成的作品");
    auto answer = create(owner.token, extend(song, "12.5"));
    expectOk(answer, "任务提交成功，扣除积分：10");
    const auto stored = tasks().back().requestJson;
    expectOk(create(owner.token, extend(song, "30")), "任务提交成功，扣除积分：10"); // from the end (the default)
    EXPECT_NE(stored.find(R"("action":"extend")"), std::string::npos) << stored;
    EXPECT_NE(stored.find(R"("audioId":")" + song + "\""), std::string::npos) << stored;
    EXPECT_NE(stored.find(R"("continueAt":12.5)"), std::string::npos) << stored;
}

TEST_F(CreateTest, ParallelCreatesWithTwentyFivePointsMakeExactlyTwo) {
    auto user = account("13800000011");
    setLevel(user.id, 5); // eight at once: only the points limit
    grant(user.id, 5);
    ASSERT_EQ(points(user.id), 25);
    constexpr int kRequests = 8;
    std::vector<int> codes(kRequests, 0);
    std::vector<std::thread> threads;
    std::atomic<int> ready{0};
    for (int i = 0; i < kRequests; ++i) {
        threads.emplace_back([&, i] {
            ++ready;
            while (ready.load() < kRequests) {
                std::this_thread::yield();
            }
            codes[static_cast<std::size_t>(i)] = inspire(user.token).json()->getValue<int>("code");
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 2000), 2);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 4020), kRequests - 2);
    EXPECT_EQ(points(user.id), 5);
    EXPECT_EQ(tasks().size(), 2u);
    EXPECT_EQ(getAs("/music/song/listNumber", user.token).json()->getValue<int>("data"), 4);
    auto problems = check();
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
}

TEST_F(CreateTest, ParallelCreatesNeverExceedTheConcurrencyLimit) {
    auto user = account("13800000012");
    setLevel(user.id, 1); // two at once
    grant(user.id, 1000);
    constexpr int kRequests = 8;
    std::vector<int> codes(kRequests, 0);
    std::vector<std::thread> threads;
    for (int i = 0; i < kRequests; ++i) {
        threads.emplace_back(
            [&, i] { codes[static_cast<std::size_t>(i)] = inspire(user.token).json()->getValue<int>("code"); });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 2000), 2);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 4290), kRequests - 2);
    EXPECT_EQ(points(user.id), 1000);
}

TEST_F(CreateTest, StemsAreTheOwnersFourForMembersChargedAsDocumented) {
    auto owner = account("13800000020");
    auto fan = account("13800000021");
    grant(owner.id, 100);
    grant(fan.id, 100);
    auto [taskId, songIds] = createOk(owner.token, "夏日");
    const std::string song = songIds.at(0);
    const auto stems = [](const std::string& action, const std::string& id) {
        return R"({"action":")" + action + R"(","audio_id":")" + id + R"("})";
    };
    expectError(create(owner.token, R"({"action":"stems"})"), 400, 4000, "请选择要分离音轨的歌曲");
    expectError(create(owner.token, stems("stems", song)), 409, 4090, "音乐正在生成中，请稍候");
    finish(taskId, "夏日");
    // Another person's private song is unknown; their public one is not theirs to split.
    expectError(create(fan.token, stems("stems", song)), 404, 4040, "歌曲不存在");
    expectOk(openSong(owner.token, song, "1"));
    expectError(create(fan.token, stems("stems", song)), 403, 4030, "只能分离自己作品的音轨");
    expectError(create(owner.token, stems("stems", "no-such-song")), 404, 4040, "歌曲不存在");
    // Four stems are a member benefit: nothing charged, nothing written.
    const auto before = tasks().size();
    expectError(create(owner.token, stems("all_stems", song)), 403, 4030,
                "四轨分离（人声、鼓、贝斯、其他）是会员专享权益，开通会员后即可使用");
    EXPECT_EQ(points(owner.id), 110);
    EXPECT_EQ(tasks().size(), before);

    auto two = create(owner.token, stems("stems", song));
    expectOk(two, "任务提交成功，扣除积分：5");
    auto twoIds = data(two)->getArray("songIds");
    ASSERT_EQ(twoIds->size(), 2u);
    const auto vocal = this->song(twoIds->getElement<std::string>(0));
    const auto backing = this->song(twoIds->getElement<std::string>(1));
    ASSERT_TRUE(vocal && backing);
    EXPECT_EQ(vocal->title, "《夏日》人声");
    EXPECT_EQ(backing->title, "《夏日》伴奏");
    EXPECT_EQ(vocal->origin, domain::TaskAction::Stems);
    EXPECT_EQ(vocal->sourceId, song);
    EXPECT_EQ(points(owner.id), 105);
    // A stem is not split again.
    finish(data(two)->getValue<std::string>("taskId"));
    expectError(create(owner.token, stems("stems", vocal->id)), 400, 4000, "音轨不能再次分离");

    setLevel(owner.id, 1);
    auto four = create(owner.token, stems("all_stems", song));
    expectOk(four, "任务提交成功，扣除积分：10");
    std::vector<std::string> titles;
    for (const auto& s : songsOf(data(four)->getValue<std::string>("taskId"))) {
        titles.push_back(s.title);
        EXPECT_EQ(s.origin, domain::TaskAction::AllStems);
    }
    EXPECT_EQ(titles, (std::vector<std::string>{"《夏日》人声", "《夏日》鼓", "《夏日》贝斯", "《夏日》其他"}));
    EXPECT_EQ(points(owner.id), 95);
    // The works list names where each came from.
    auto list = getAs("/music/song/list?page=1", owner.token);
    EXPECT_NE(list.text().find(R"("origin":"all_stems")"), std::string::npos);
    EXPECT_NE(list.text().find(R"("source_id":")" + song + "\""), std::string::npos);
    auto problems = check();
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
}

TEST_F(CreateTest, ACoverOfAPublicSongCostsACreateAndTakesTheNewStyle) {
    auto owner = account("13800000022");
    auto fan = account("13800000023");
    grant(owner.id, 100);
    grant(fan.id, 100);
    auto [taskId, songIds] = createOk(owner.token, "夏日");
    const std::string song = songIds.at(0);
    finish(taskId, "夏日");
    const auto cover = [](const std::string& id, const std::string& style, const std::string& extra = {}) {
        return R"({"action":"cover","audio_id":")" + id + R"(","style":")" + style + "\"" + extra + "}";
    };
    expectError(create(fan.token, cover(song, "摇滚")), 404, 4040, "歌曲不存在"); // private
    expectOk(openSong(owner.token, song, "1"));
    expectError(create(fan.token, cover(song, "")), 400, 4000, "请选择新的风格");
    expectError(create(fan.token, cover(song, "摇滚", R"(,"title":"禁词")")), 422, 4220,
                "歌名包含敏感内容，无法生成歌词");
    EXPECT_EQ(points(fan.id), 120);
    auto answer = create(fan.token, cover(song, "摇滚", R"(,"title":"夏日（摇滚版）")"));
    expectOk(answer, "任务提交成功，扣除积分：10");
    EXPECT_EQ(points(fan.id), 110);
    const auto made = songsOf(data(answer)->getValue<std::string>("taskId"));
    ASSERT_EQ(made.size(), 2u);
    for (const auto& s : made) {
        EXPECT_EQ(s.userId, fan.id);
        EXPECT_EQ(s.title, "夏日（摇滚版）");
        EXPECT_EQ(s.tags, "Rock");
        EXPECT_EQ(s.origin, domain::TaskAction::Cover);
        EXPECT_EQ(s.sourceId, song);
        EXPECT_FALSE(s.open);
    }
    // Only newly created songs are covered: not a cover again.
    finish(data(answer)->getValue<std::string>("taskId"));
    expectError(create(fan.token, cover(made[0].id, "爵士")), 400, 4000, "只能为新创作的歌曲换风格");
    // Nor is a cover extended.
    expectError(
        create(fan.token, R"({"action":"extend","prompt":"续写","audio_id":")" + made[0].id + R"(","continue_at":10})"),
        400, 4000, "换风格和分离音轨的作品暂不支持续写");
}

TEST_F(CreateTest, ParallelStemsWithTwelvePointsMakeExactlyTwo) {
    auto user = account("13800000024");
    setLevel(user.id, 5); // eight at once: only the points limit
    grant(user.id, 100);
    auto [taskId, songIds] = createOk(user.token, "夏日");
    finish(taskId, "夏日");
    grant(user.id, 12 - points(user.id));
    ASSERT_EQ(points(user.id), 12);
    const std::string body = R"({"action":"stems","audio_id":")" + songIds.at(0) + R"("})";
    constexpr int kRequests = 8;
    std::vector<int> codes(kRequests, 0);
    std::vector<std::thread> threads;
    for (int i = 0; i < kRequests; ++i) {
        threads.emplace_back(
            [&, i] { codes[static_cast<std::size_t>(i)] = create(user.token, body).json()->getValue<int>("code"); });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 2000), 2);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 4020), kRequests - 2);
    EXPECT_EQ(points(user.id), 2);
    EXPECT_EQ(tasks().size(), 3u);
    auto problems = check();
    EXPECT_TRUE(problems.empty()) << (problems.empty() ? "" : problems.front());
}

} // namespace
} // namespace gequ::http::test
