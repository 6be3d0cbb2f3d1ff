// My works through the server (docs/api.md, "Creating and managing works"): the list and its counts, delete, the
// public switch, downloads and AI lyrics, with their ownership and state rules.

#include "gequ/domain/model/time.h"
#include "works_client.h"

#include <Poco/Zip/ZipArchive.h>
#include <Poco/Zip/ZipStream.h>
#include <algorithm>
#include <fstream>
#include <sstream>
#include <tuple>

namespace gequ::http::test {
namespace {

class WorksRoutesTest : public WorksTest {
protected:
    HttpAnswer removeSong(const std::string& token, const std::string& id) {
        return post("/music/deleteSong", R"({"nativeId":")" + id + R"("})", token);
    }
    HttpAnswer openSong(const std::string& token, const std::string& id, const std::string& open) {
        return post("/music/openSong", R"({"nativeId":")" + id + R"(","openId":)" + open + "}", token);
    }
    HttpAnswer download(const std::string& id, const std::string& token = {},
                        std::vector<std::pair<std::string, std::string>> headers = {}) {
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), "/music/download?id=" + id, std::move(headers));
    }
    HttpAnswer lyrics(const std::string& token, const std::string& body) {
        return post("/music/api/generateLyrics", body, token);
    }
    int number(const std::string& uri, const std::string& token) {
        auto answer = getAs(uri, token);
        EXPECT_EQ(answer.status, 200) << answer.text();
        return answer.json()->getValue<int>("data");
    }
    Poco::JSON::Array::Ptr list(const std::string& token, const std::string& query = {}) {
        auto answer = getAs("/music/song/list" + query, token);
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto array = answer.json()->getArray("data");
        return array.isNull() ? Poco::JSON::Array::Ptr(new Poco::JSON::Array) : array;
    }
};

TEST_F(WorksRoutesTest, EveryEndpointNeedsLogin) {
    for (const char* uri : {"/music/song/list", "/music/song/listNumber", "/music/song/generateNumber"}) {
        expectError(getAs(uri), 401, 4010, "请先登录");
    }
    expectError(post("/music/deleteSong", R"({"nativeId":"x"})"), 401, 4010, "请先登录");
    expectError(post("/music/openSong", R"({"nativeId":"x","openId":1})"), 401, 4010, "请先登录");
    expectError(post("/music/api/generateLyrics", R"({"prompt":"夏天"})"), 401, 4010, "请先登录");
}

TEST_F(WorksRoutesTest, ListShowsTheUsersSongsNewestFirstWithTheirState) {
    auto user = account("13900000001");
    auto other = account("13900000002");
    grant(user.id, 100);
    EXPECT_EQ(number("/music/song/listNumber", user.token), 0);
    EXPECT_EQ(list(user.token)->size(), 0u);

    auto [first, firstSongs] = createOk(user.token, "第一首");
    finish(first, "第一首歌");
    clock().advance(std::chrono::minutes(1));
    auto [second, secondSongs] = createOk(user.token, "第二首");
    createOk(other.token, "别人的");

    EXPECT_EQ(number("/music/song/listNumber", user.token), 4);
    EXPECT_EQ(number("/music/song/generateNumber", user.token), 2);
    auto items = list(user.token);
    ASSERT_EQ(items->size(), 4u);
    auto newest = items->getObject(0);
    EXPECT_EQ(newest->getValue<int>("complete"), 0);
    EXPECT_EQ(newest->getValue<int>("open"), 0);
    EXPECT_EQ(newest->getValue<std::string>("title"), "第二首");
    EXPECT_EQ(newest->getValue<std::string>("created_at"), domain::formatIso8601(testNow() + std::chrono::minutes(1)));
    EXPECT_EQ(newest->getValue<std::string>("progress_started_at"), newest->getValue<std::string>("created_at"));
    EXPECT_TRUE(newest->isNull("error"));
    for (const char* field : {"native_id", "tags", "native_image_url", "native_audio_url", "play_count",
                              "forward_count", "likeCount", "duration", "userName", "liked"}) {
        EXPECT_TRUE(newest->has(field)) << field;
    }
    auto done = items->getObject(3);
    EXPECT_EQ(done->getValue<int>("complete"), 1);
    EXPECT_EQ(done->getValue<std::string>("title"), "第一首歌");
    // A private song: its owner gets a signed media URL (docs/security.md, "Media").
    EXPECT_EQ(done->getValue<std::string>("native_audio_url").rfind("/media/song.mp3?exp=", 0), 0u)
        << done->getValue<std::string>("native_audio_url");
    EXPECT_EQ(done->getValue<double>("duration"), 30);

    failTask(second, "生成超时");
    items = list(user.token);
    EXPECT_EQ(items->getObject(0)->getValue<int>("complete"), -1);
    EXPECT_EQ(items->getObject(0)->getValue<std::string>("error"), "生成超时");
    EXPECT_EQ(number("/music/song/generateNumber", user.token), 0);
}

TEST_F(WorksRoutesTest, ListPagesTwentyAtATime) {
    auto user = account("13900000003");
    setLevel(user.id, 6);
    grant(user.id, 200);
    for (int i = 0; i < 11; ++i) {
        auto [task, songs] = createOk(user.token, "歌" + std::to_string(i));
        finish(task);
        clock().advance(std::chrono::seconds(1));
    }
    EXPECT_EQ(number("/music/song/listNumber", user.token), 22);
    auto page1 = list(user.token, "?page=1");
    auto page2 = list(user.token, "?page=2");
    ASSERT_EQ(page1->size(), 20u);
    ASSERT_EQ(page2->size(), 2u);
    EXPECT_EQ(page1->getObject(0)->getValue<std::string>("title"), "歌10");
    EXPECT_EQ(page2->getObject(1)->getValue<std::string>("title"), "歌0");
    expectError(getAs("/music/song/list?page=0", user.token), 400, 4000, "页码必须是1到100000之间的整数");
}

TEST_F(WorksRoutesTest, DeleteFollowsOwnershipAndState) {
    auto user = account("13900000004");
    auto other = account("13900000005");
    grant(user.id, 100);
    auto [task, songs] = createOk(user.token);
    expectError(removeSong(user.token, songs[0]), 409, 4090, "音乐正在生成中，请稍候");
    finish(task);
    expectError(removeSong(other.token, songs[0]), 403, 4030, "无权操作该作品");
    expectError(removeSong(user.token, "no-such-song"), 404, 4040, "歌曲不存在");
    expectError(post("/music/deleteSong", "{}", user.token), 400, 4000, "缺少参数 nativeId");
    expectOk(removeSong(user.token, songs[0]), "删除成功");
    expectError(removeSong(user.token, songs[0]), 404, 4040, "歌曲不存在");
    EXPECT_EQ(number("/music/song/listNumber", user.token), 1);
    EXPECT_EQ(list(user.token)->getObject(0)->getValue<std::string>("native_id"), songs[1]);
    EXPECT_TRUE(song(songs[0])->deletedAt.has_value()); // soft

    // A failed song can be deleted too.
    auto [failed, failedSongs] = createOk(user.token);
    failTask(failed, "生成失败");
    expectOk(removeSong(user.token, failedSongs[1]));
}

TEST_F(WorksRoutesTest, PublicSwitchFollowsOwnershipAndState) {
    auto user = account("13900000006");
    auto other = account("13900000007");
    grant(user.id, 100);
    auto [task, songs] = createOk(user.token);
    expectError(openSong(user.token, songs[0], "1"), 409, 4090, "音乐正在生成中，请稍候");
    finish(task, "夏日");
    expectError(openSong(other.token, songs[0], "1"), 403, 4030, "无权操作该作品");
    expectError(openSong(user.token, "nope", "1"), 404, 4040, "歌曲不存在");
    expectError(post("/music/openSong", R"({"nativeId":"x"})", user.token), 400, 4000, "缺少参数 openId");

    auto opened = openSong(user.token, songs[0], "1");
    expectOk(opened, "状态修改成功");
    EXPECT_EQ(data(opened)->getValue<int>("open"), 1);
    auto square = get(port(), "/music/getNewMusic");
    EXPECT_NE(square.text().find(songs[0]), std::string::npos);
    EXPECT_EQ(square.text().find(songs[1]), std::string::npos);

    auto closed = openSong(user.token, songs[0], "false");
    EXPECT_EQ(data(closed)->getValue<int>("open"), 0);
    EXPECT_EQ(get(port(), "/music/getNewMusic").text().find(songs[0]), std::string::npos);

    auto [failed, failedSongs] = createOk(user.token);
    failTask(failed, "生成失败");
    expectError(openSong(user.token, failedSongs[0], "1"), 409, 4090, "生成失败的作品无法切换公开状态");
}

TEST_F(WorksRoutesTest, DownloadServesTheOwnersOwnAndPublicSongsAsAnAttachment) {
    auto owner = account("13900000008");
    auto other = account("13900000009");
    grant(owner.id, 100);
    auto [task, songs] = createOk(owner.token);
    expectError(download(songs[0], owner.token), 409, 4090, "音乐正在生成中，请稍候");
    finish(task, "夏日 歌");

    auto own = download(songs[0], owner.token);
    ASSERT_EQ(own.status, 200) << own.text();
    EXPECT_EQ(own.header("Content-Type"), "audio/mpeg");
    EXPECT_EQ(own.header("Content-Disposition"),
              "attachment; filename=\"song.mp3\"; filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E6%AD%8C.mp3");
    EXPECT_EQ(own.body, mediaBytes());
    EXPECT_EQ(own.header("Content-Encoding"), "");

    // Private: nobody else sees it exists.
    expectError(download(songs[0], other.token), 404, 4040, "歌曲不存在");
    expectError(download(songs[0]), 404, 4040, "歌曲不存在");
    expectError(download("no-such-song", owner.token), 404, 4040, "歌曲不存在");

    expectOk(openSong(owner.token, songs[0], "1"));
    auto visitor = download(songs[0], {}, {{"Range", "bytes=100-199"}});
    ASSERT_EQ(visitor.status, 206) << visitor.text();
    EXPECT_EQ(visitor.header("Content-Range"), "bytes 100-199/10000");
    EXPECT_EQ(visitor.body, mediaBytes().substr(100, 100));
    EXPECT_EQ(visitor.header("Content-Disposition"),
              "attachment; filename=\"song.mp3\"; filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E6%AD%8C.mp3");

    // Hidden by moderation or deleted: gone for everyone.
    store().transact([&](domain::Repositories& repos) {
        auto s = repos.songs().findById(songs[0]);
        s->hidden = true;
        repos.songs().update(*s);
        return true;
    });
    expectError(download(songs[0], owner.token), 404, 4040, "歌曲不存在");
    expectOk(removeSong(owner.token, songs[1]));
    expectError(download(songs[1], owner.token), 404, 4040, "歌曲不存在");
}

TEST_F(WorksRoutesTest, SyncedLyricsComeWithTheSongAndAsAnLrcFileWithTheSameAccessAsTheAudio) {
    auto owner = account("13900000018");
    auto other = account("13900000019");
    grant(owner.id, 100);
    auto [task, songs] = createOk(owner.token);
    finish(task, "夏日 歌");
    const auto lrc = [&](const std::string& id, const std::string& token = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), "/music/lrc?id=" + id, std::move(headers));
    };
    // No timeline yet: the detail says null, the file is not there.
    auto before = getAs("/music/getMusic?id=" + songs[0], owner.token);
    ASSERT_EQ(before.status, 200) << before.text();
    EXPECT_TRUE(before.json()->getObject("data")->isNull("timeline")) << before.text();
    expectError(lrc(songs[0], owner.token), 404, 4040, "该作品暂无同步歌词");

    domain::Timeline timeline;
    timeline.lines = {{"晚风吹过", 10.5, 12.345, {{"晚", 10.5, 11}, {"风", 11, 11.5}}}, {"灯火映你", 13, 15.5, {}}};
    store().transact([&](domain::Repositories& repos) {
        repos.timelines().put(songs[0], timeline, domain::fromEpochMillis(0));
        return true;
    });
    auto detail = getAs("/music/getMusic?id=" + songs[0], owner.token);
    ASSERT_EQ(detail.status, 200) << detail.text();
    auto lines = detail.json()->getObject("data")->getArray("timeline");
    ASSERT_TRUE(lines) << detail.text();
    ASSERT_EQ(lines->size(), 2u);
    auto first = lines->getObject(0);
    EXPECT_EQ(first->getValue<std::string>("text"), "晚风吹过");
    EXPECT_DOUBLE_EQ(first->getValue<double>("start"), 10.5);
    EXPECT_DOUBLE_EQ(first->getValue<double>("end"), 12.35); // to the hundredth
    ASSERT_EQ(first->getArray("words")->size(), 2u);
    EXPECT_EQ(first->getArray("words")->getObject(1)->getValue<std::string>("text"), "风");
    EXPECT_EQ(lines->getObject(1)->getArray("words")->size(), 0u);

    auto own = lrc(songs[0], owner.token);
    ASSERT_EQ(own.status, 200) << own.text();
    EXPECT_EQ(own.header("Content-Type"), "text/plain; charset=utf-8");
    EXPECT_EQ(own.header("Content-Disposition"),
              "attachment; filename=\"song.lrc\"; filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E6%AD%8C.lrc");
    EXPECT_NE(own.body.find("[ti:夏日 歌]\n"), std::string::npos) << own.body;
    EXPECT_NE(own.body.find("[00:10.50]晚风吹过\n[00:13.00]灯火映你\n[00:15.50]\n"), std::string::npos) << own.body;

    // Private: nobody else sees it exists; public: everyone may have it.
    expectError(lrc(songs[0], other.token), 404, 4040, "歌曲不存在");
    expectError(lrc(songs[0]), 404, 4040, "歌曲不存在");
    expectError(lrc("no-such-song", owner.token), 404, 4040, "歌曲不存在");
    expectError(lrc(""), 404, 4040, "歌曲不存在");
    expectOk(openSong(owner.token, songs[0], "1"));
    auto visitor = lrc(songs[0]);
    ASSERT_EQ(visitor.status, 200) << visitor.text();
    EXPECT_EQ(visitor.body, own.body);
    auto visitorDetail = get(port(), "/music/getMusic?id=" + songs[0], {});
    ASSERT_EQ(visitorDetail.status, 200);
    EXPECT_EQ(visitorDetail.json()->getObject("data")->getArray("timeline")->size(), 2u);
    expectOk(removeSong(owner.token, songs[0]));
    expectError(lrc(songs[0], owner.token), 404, 4040, "歌曲不存在");
}

TEST_F(WorksRoutesTest, DownloadNamesTheFileSafely) {
    auto owner = account("13900000010");
    grant(owner.id, 100);
    auto [task, songs] = createOk(owner.token);
    finish(task, "a/b\\\"c");
    auto answer = download(songs[0], owner.token);
    ASSERT_EQ(answer.status, 200);
    EXPECT_EQ(answer.header("Content-Disposition"), "attachment; filename=\"song.mp3\"; filename*=UTF-8''a_b__c.mp3");
}

TEST_F(WorksRoutesTest, WavDownloadIsAMemberBenefitWithTheSameAccessAsTheMp3) {
    auto owner = account("13900000012");
    auto fan = account("13900000013");
    grant(owner.id, 100);
    auto [task, songs] = createOk(owner.token);
    const auto wav = [&](const std::string& id, const std::string& token = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), "/music/download?id=" + id + "&format=wav", std::move(headers));
    };
    expectError(wav(songs[0], owner.token), 409, 4090, "音乐正在生成中，请稍候");
    finish(task, "夏日 歌");

    // A free user: 4030 naming the member benefit (the shared rules' text); nothing is rendered.
    expectError(wav(songs[0], owner.token), 403, 4030, "无损 WAV 下载是会员专享权益，开通会员后即可下载");
    EXPECT_EQ(generator().wavCalls(), 0);
    // Bad formats are refused whoever asks.
    expectError(get(port(), "/music/download?id=" + songs[0] + "&format=flac", {{"Authorization", owner.token}}), 400,
                4000, "不支持的下载格式，可选 mp3、wav、midi 或 stems（全部音轨）");
    auto mp3 = get(port(), "/music/download?id=" + songs[0] + "&format=MP3", {{"Authorization", owner.token}});
    EXPECT_EQ(mp3.status, 200);
    EXPECT_EQ(mp3.header("Content-Type"), "audio/mpeg");

    setLevel(owner.id, 1);
    auto own = wav(songs[0], owner.token);
    ASSERT_EQ(own.status, 200) << own.text();
    EXPECT_EQ(own.header("Content-Type"), "audio/wav");
    EXPECT_EQ(own.header("Content-Disposition"),
              "attachment; filename=\"song.wav\"; filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E6%AD%8C.wav");
    EXPECT_EQ(own.body, FakeGenerator::wavFileBytes(1.0));
    EXPECT_EQ(own.header("Content-Encoding"), "");
    EXPECT_EQ(generator().wavCalls(), 1);
    // Kept: served again without rendering; and never through /media/ (it belongs to no song's audio or cover).
    EXPECT_EQ(wav(songs[0], owner.token).status, 200);
    EXPECT_EQ(generator().wavCalls(), 1);
    EXPECT_EQ(get(port(), "/media/" + songs[0] + ".wav", {{"Authorization", owner.token}}).status, 404);

    // The MP3's access rules: private songs are nobody else's business, visitors must sign in for a public one.
    expectError(wav(songs[0], fan.token), 404, 4040, "歌曲不存在");
    expectOk(openSong(owner.token, songs[0], "1"));
    expectError(wav(songs[0]), 401, 4010, "请先登录");
    expectError(wav(songs[0], fan.token), 403, 4030, "无损 WAV 下载是会员专享权益，开通会员后即可下载");

    // A render that fails: busy, and the next request tries again.
    setLevel(fan.id, 1);
    generator().failWav(domain::upstreamError(domain::UpstreamFailure::Retryable));
    expectError(wav(songs[1], owner.token), 502, 5020, "AI 服务繁忙，请稍后再试");
    generator().failWav(std::nullopt);
    EXPECT_EQ(wav(songs[1], owner.token).status, 200);
    EXPECT_EQ(wav(songs[0], fan.token).status, 200);
}

TEST_F(WorksRoutesTest, MidiDownloadIsAMemberBenefitWithTheSameAccessAsTheMp3) {
    auto owner = account("13900000014");
    auto fan = account("13900000015");
    grant(owner.id, 100);
    auto [task, songs] = createOk(owner.token);
    const auto midi = [&](const std::string& id, const std::string& token = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), "/music/download?id=" + id + "&format=midi", std::move(headers));
    };
    expectError(midi(songs[0], owner.token), 409, 4090, "音乐正在生成中，请稍候");
    finish(task, "夏日 歌");
    const std::string membersOnly = "MIDI 下载是会员专享权益，开通会员后即可下载";
    expectError(midi(songs[0], owner.token), 403, 4030, membersOnly);
    EXPECT_EQ(generator().midiCalls(), 0);

    setLevel(owner.id, 1);
    auto own = midi(songs[0], owner.token);
    ASSERT_EQ(own.status, 200) << own.text();
    EXPECT_EQ(own.header("Content-Type"), "audio/midi");
    EXPECT_EQ(own.header("Content-Disposition"),
              "attachment; filename=\"song.mid\"; filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E6%AD%8C.mid");
    EXPECT_EQ(own.body.substr(0, 4), "MThd");
    EXPECT_EQ(generator().midiCalls(), 1);

    expectError(midi(songs[0], fan.token), 404, 4040, "歌曲不存在"); // another person's private song
    expectOk(openSong(owner.token, songs[0], "1"));
    expectError(midi(songs[0]), 401, 4010, "请先登录");
    expectError(midi(songs[0], fan.token), 403, 4030, membersOnly);
    setLevel(fan.id, 1);
    EXPECT_EQ(midi(songs[0], fan.token).status, 200);
    expectError(midi("no-such-song", fan.token), 404, 4040, "歌曲不存在");
}

/// The entries of a ZIP archive, by name, in the archive's order.
std::vector<std::pair<std::string, std::string>> zipEntries(const std::string& bytes) {
    std::istringstream in(bytes);
    Poco::Zip::ZipArchive archive(in);
    std::vector<std::tuple<std::streamoff, std::string, std::string>> found;
    for (auto it = archive.headerBegin(); it != archive.headerEnd(); ++it) {
        std::istringstream again(bytes);
        Poco::Zip::ZipInputStream entry(again, it->second);
        std::ostringstream content;
        content << entry.rdbuf();
        found.emplace_back(it->second.getStartPos(), it->first, content.str());
    }
    std::sort(found.begin(), found.end()); // the archive's order (ZipArchive sorts by name)
    std::vector<std::pair<std::string, std::string>> out;
    for (auto& [at, name, content] : found) {
        out.emplace_back(std::move(name), std::move(content));
    }
    return out;
}

TEST_F(WorksRoutesTest, StemsDownloadIsOneZipOfTheCallersFinishedStems) {
    auto owner = account("13900000016");
    auto fan = account("13900000017");
    grant(owner.id, 100);
    auto [task, songs] = createOk(owner.token);
    finish(task, "夏日");
    const auto zip = [&](const std::string& id, const std::string& token = {}, const std::string& extra = {}) {
        std::vector<std::pair<std::string, std::string>> headers;
        if (!token.empty()) {
            headers.emplace_back("Authorization", token);
        }
        return get(port(), "/music/download?id=" + id + "&format=stems" + extra, std::move(headers));
    };
    // Each stem gets its own MP3 (the worker would store it), with bytes that say which it is.
    const auto finishStems = [&](const std::string& stemsTask) {
        finish(stemsTask);
        for (auto s : songsOf(stemsTask)) {
            s.audioUrl = "/media/" + s.id + ".mp3";
            store().transact([&](domain::Repositories& repos) {
                repos.songs().update(s);
                return true;
            });
            std::ofstream(server().mediaDir() / (s.id + ".mp3"), std::ios::binary) << "ID3 stem " << s.title;
        }
    };
    const std::string split = R"({"action":"stems","audio_id":")" + songs[0] + R"("})";

    expectError(zip(songs[0], owner.token), 409, 4090, "该作品还没有分离好的音轨，请先分离音轨");
    auto two = create(owner.token, split);
    expectOk(two);
    const std::string twoTask = data(two)->getValue<std::string>("taskId");
    expectError(zip(songs[0], owner.token), 409, 4090, "音轨正在分离中，请稍候");
    finishStems(twoTask);

    auto answer = zip(songs[0], owner.token);
    ASSERT_EQ(answer.status, 200) << answer.text();
    EXPECT_EQ(answer.header("Content-Type"), "application/zip");
    EXPECT_EQ(answer.header("Content-Disposition"),
              "attachment; filename=\"song.zip\"; filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E9%9F%B3%E8%BD%A8.zip");
    EXPECT_EQ(answer.header("Content-Encoding"), "");
    using Entries = std::vector<std::pair<std::string, std::string>>;
    EXPECT_EQ(zipEntries(answer.body),
              (Entries{{"《夏日》人声.mp3", "ID3 stem 《夏日》人声"}, {"《夏日》伴奏.mp3", "ID3 stem 《夏日》伴奏"}}));

    // Another person's private song is unknown; a visitor signs in; someone else has no stems of a public song.
    expectError(zip(songs[0], fan.token), 404, 4040, "歌曲不存在");
    expectError(zip("no-such-song", owner.token), 404, 4040, "歌曲不存在");
    expectError(zip(songs[0], owner.token, "&audio=flac"), 400, 4000, "不支持的音轨格式，可选 mp3 或 wav");
    expectOk(post("/music/openSong", R"({"nativeId":")" + songs[0] + R"(","openId":1})", owner.token));
    expectError(zip(songs[0]), 401, 4010, "请先登录");
    expectError(zip(songs[0], fan.token), 409, 4090, "该作品还没有分离好的音轨，请先分离音轨");

    // WAV stems are for members; they are made as each stem's WAV download makes it.
    expectError(zip(songs[0], owner.token, "&audio=wav"), 403, 4030, "无损 WAV 下载是会员专享权益，开通会员后即可下载");
    setLevel(owner.id, 1);
    auto wav = zip(songs[0], owner.token, "&audio=WAV");
    ASSERT_EQ(wav.status, 200) << wav.text();
    EXPECT_EQ(wav.header("Content-Disposition"), "attachment; filename=\"song.zip\"; "
                                                 "filename*=UTF-8''%E5%A4%8F%E6%97%A5%20%E9%9F%B3%E8%BD%A8%20WAV.zip");
    auto wavs = zipEntries(wav.body);
    ASSERT_EQ(wavs.size(), 2u);
    EXPECT_EQ(wavs[0].first, "《夏日》人声.wav");
    EXPECT_EQ(wavs[1].first, "《夏日》伴奏.wav");
    EXPECT_EQ(wavs[0].second, FakeGenerator::wavFileBytes(1.0));

    // A second split (four stems) adds its files; a repeated name is numbered; a deleted stem is left out.
    auto four = create(owner.token, R"({"action":"all_stems","audio_id":")" + songs[0] + R"("})");
    expectOk(four);
    finishStems(data(four)->getValue<std::string>("taskId"));
    const auto backing = songsOf(twoTask).at(1);
    expectOk(removeSong(owner.token, backing.id));
    std::vector<std::string> names;
    for (const auto& [name, bytes] : zipEntries(zip(songs[0], owner.token).body)) {
        names.push_back(name);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"《夏日》人声.mp3", "《夏日》人声 (2).mp3", "《夏日》鼓.mp3",
                                               "《夏日》贝斯.mp3", "《夏日》其他.mp3"}));
}

TEST_F(WorksRoutesTest, ACoverCreditsItsSourceOnThePlayerWhenTheViewerMaySeeIt) {
    auto owner = account("13900000018");
    auto fan = account("13900000019");
    grant(fan.id, 100);
    expectOk(post("/user/updateUserName", R"({"id":")" + owner.id + R"(","nickname":"原唱者"})", owner.token));
    auto [task, songs] = createOk(owner.token);
    finish(task, "夏日");
    expectOk(post("/music/openSong", R"({"nativeId":")" + songs[0] + R"(","openId":1})", owner.token));
    auto cover = create(fan.token, R"({"action":"cover","audio_id":")" + songs[0] + R"(","style":"摇滚"})");
    expectOk(cover);
    const std::string coverTask = data(cover)->getValue<std::string>("taskId");
    finish(coverTask);
    const std::string coverId = songsOf(coverTask).at(0).id;
    const auto detail = [&](const std::string& token = {}) {
        auto answer = token.empty() ? get(port(), "/music/getMusic?id=" + coverId)
                                    : getAs("/music/getMusic?id=" + coverId, token);
        EXPECT_EQ(answer.status, 200) << answer.text();
        return data(answer);
    };

    auto mine = detail(fan.token);
    ASSERT_FALSE(mine.isNull());
    EXPECT_TRUE(mine->getValue<bool>("mine"));
    EXPECT_EQ(mine->getValue<std::string>("origin"), "cover");
    auto source = mine->getObject("source");
    ASSERT_FALSE(source.isNull());
    EXPECT_EQ(source->getValue<std::string>("nativeId"), songs[0]);
    EXPECT_EQ(source->getValue<std::string>("title"), "夏日");
    EXPECT_EQ(source->getValue<std::string>("userName"), "原唱者");

    // The cover made public: visitors and the source's owner see the credit too (not as theirs).
    expectOk(post("/music/openSong", R"({"nativeId":")" + coverId + R"(","openId":1})", fan.token));
    EXPECT_FALSE(detail()->isNull("source"));
    EXPECT_FALSE(detail()->getValue<bool>("mine"));
    EXPECT_FALSE(detail(owner.token)->isNull("source"));

    // The source made private: only its owner still sees where the cover came from; deleted: nobody.
    expectOk(post("/music/openSong", R"({"nativeId":")" + songs[0] + R"(","openId":0})", owner.token));
    EXPECT_TRUE(detail(fan.token)->isNull("source"));
    EXPECT_TRUE(detail()->isNull("source"));
    EXPECT_EQ(detail(owner.token)->getObject("source")->getValue<std::string>("nativeId"), songs[0]);
    expectOk(removeSong(owner.token, songs[0]));
    EXPECT_TRUE(detail(owner.token)->isNull("source"));
    EXPECT_EQ(detail(fan.token)->getValue<std::string>("origin"), "cover");
}

TEST_F(WorksRoutesTest, GenerateLyricsAndBothRefusals) {
    auto user = account("13900000011");
    auto answer = lyrics(user.token, R"({"prompt":"  夏日海边  "})");
    expectOk(answer);
    EXPECT_EQ(data(answer)->getValue<std::string>("title"), "夏日海边");
    EXPECT_EQ(data(answer)->getValue<std::string>("text"), "[主歌]\n夏日海边的歌词\n");

    expectError(lyrics(user.token, R"({"prompt":""})"), 400, 4000, "请先输入歌曲名称");
    expectError(lyrics(user.token, "{}"), 400, 4000, "请先输入歌曲名称");
    expectError(lyrics(user.token, R"({"prompt":")" + std::string(51 * 3, 'a').substr(0, 51) + R"("})"), 400, 4000,
                "歌曲名称不能超过50个字符");

    const int calls = generator().lyricCalls();
    expectError(lyrics(user.token, R"({"prompt":"禁词"})"), 422, 4220, "歌名包含敏感内容，无法生成歌词");
    EXPECT_EQ(generator().lyricCalls(), calls); // refused before upstream is asked

    generator().failLyrics(domain::upstreamError(domain::UpstreamFailure::Refused, "Artist name detected"));
    expectError(lyrics(user.token, R"({"prompt":"某歌手"})"), 422, 4220, "内容未通过安全审核");
    generator().failLyrics(domain::upstreamError(domain::UpstreamFailure::Retryable));
    expectError(lyrics(user.token, R"({"prompt":"夏天"})"), 502, 5020, "AI 服务繁忙，请稍后再试");
    generator().failLyrics(domain::upstreamError(domain::UpstreamFailure::Configuration));
    expectError(lyrics(user.token, R"({"prompt":"夏天"})"), 502, 5020, "AI 服务繁忙，请稍后再试");
    generator().failLyrics(std::nullopt);
}

} // namespace
} // namespace gequ::http::test
