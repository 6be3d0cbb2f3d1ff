// The AceData client end to end against the fake AceData server: submit in every mode, the task lifecycle, per-clip
// and whole-task failures, batch polling, lyrics in both answer shapes, every error class, timeouts, the callback
// parser, and that the token never reaches the log.

#include "fake_ace_server.h"
#include "gequ/acedata/ace_client.h"
#include "gequ/moderation/word_list_moderation.h"

#include <Poco/Channel.h>
#include <Poco/Dynamic/Var.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Logger.h>
#include <Poco/Message.h>
#include <Poco/Net/ServerSocket.h>
#include <chrono>
#include <gtest/gtest.h>
#include <mutex>

using namespace gequ::acedata;
using namespace gequ::moderation;
using gequ::acedata::test::FakeAceServer;
using gequ::domain::ClipState;
using gequ::domain::ErrorCode;
using gequ::domain::GenerationRequest;
using gequ::domain::TaskStatus;
using gequ::domain::UpstreamFailure;
using gequ::domain::upstreamFailureOf;
using gequ::domain::UpstreamState;

namespace {

AceConfig configFor(const FakeAceServer& fake) {
    AceConfig config;
    config.baseUrl = fake.baseUrl();
    config.token = FakeAceServer::kToken;
    config.timeoutSeconds = 5;
    return config;
}

GenerationRequest inspiration(const std::string& prompt) {
    GenerationRequest request;
    request.taskId = "t-1";
    request.prompt = prompt;
    request.model = "chirp-v3-5";
    return request;
}

GenerationRequest custom(const std::string& title, const std::string& lyric, const std::string& style) {
    GenerationRequest request;
    request.taskId = "t-2";
    request.custom = true;
    request.title = title;
    request.lyric = lyric;
    request.style = style;
    request.model = "chirp-v4";
    return request;
}

Poco::JSON::Object::Ptr parse(const std::string& body) {
    Poco::JSON::Parser parser;
    return parser.parse(body).extract<Poco::JSON::Object::Ptr>();
}

TaskStatus pollOne(AceClient& client, const std::string& id) {
    auto polled = client.poll({id});
    EXPECT_TRUE(polled.ok()) << (polled.ok() ? "" : polled.error().message);
    if (!polled.ok() || polled->size() != 1) {
        ADD_FAILURE() << "no status";
        return {};
    }
    EXPECT_EQ(polled->front().id, id);
    return polled->front();
}

/// Polls until the task is final (the fake moves one stage per retrieve).
TaskStatus pollToEnd(AceClient& client, const std::string& id) {
    for (int i = 0; i < 10; ++i) {
        TaskStatus status = pollOne(client, id);
        if (status.state == UpstreamState::Succeeded || status.state == UpstreamState::Failed) {
            return status;
        }
    }
    ADD_FAILURE() << "task " << id << " never finished";
    return {};
}

std::string submitOk(AceClient& client, const GenerationRequest& request) {
    auto submitted = client.submit(request);
    EXPECT_TRUE(submitted.ok()) << (submitted.ok() ? "" : submitted.error().message);
    return submitted.ok() ? *submitted : std::string();
}

/// Collects what the client logs.
class CaptureChannel : public Poco::Channel {
public:
    void log(const Poco::Message& message) override {
        std::lock_guard lock(_mutex);
        _lines.push_back({message.getPriority(), message.getText()});
    }
    std::vector<std::pair<Poco::Message::Priority, std::string>> lines() const {
        std::lock_guard lock(_mutex);
        return _lines;
    }

private:
    mutable std::mutex _mutex;
    std::vector<std::pair<Poco::Message::Priority, std::string>> _lines;
};

class LogCapture {
public:
    LogCapture() : _logger(Poco::Logger::get("gequ.upstream.ace")), _channel(new CaptureChannel) {
        _oldChannel = _logger.getChannel();
        _oldLevel = _logger.getLevel();
        _logger.setChannel(_channel);
        _logger.setLevel(Poco::Message::PRIO_TRACE);
    }
    ~LogCapture() {
        _logger.setChannel(_oldChannel);
        _logger.setLevel(_oldLevel);
    }
    std::vector<std::pair<Poco::Message::Priority, std::string>> lines() const { return _channel->lines(); }

private:
    Poco::Logger& _logger;
    Poco::AutoPtr<CaptureChannel> _channel;
    Poco::Channel::Ptr _oldChannel;
    int _oldLevel = 0;
};

} // namespace

// ---- Configuration ------------------------------------------------------------------------------------------------

TEST(AceConfig, AMissingTokenNamesTheKey) {
    AceConfig config;
    try {
        AceClient client(config);
        FAIL() << "accepted an empty token";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("upstream.ace.token"), std::string::npos) << e.what();
    }
    EXPECT_THROW(makeAceClient(config), std::invalid_argument);
}

TEST(AceConfig, BadUrlsAndTimeoutsNameTheirKeys) {
    const auto failure = [](auto change) {
        AceConfig config;
        config.token = "x";
        change(config);
        try {
            AceClient client(config);
        } catch (const std::invalid_argument& e) {
            return std::string(e.what());
        }
        return std::string("accepted");
    };
    EXPECT_NE(failure([](AceConfig& c) { c.baseUrl = "ftp://api.acedata.cloud"; }).find("upstream.ace.base_url"),
              std::string::npos);
    EXPECT_NE(failure([](AceConfig& c) { c.baseUrl = "not a url"; }).find("upstream.ace.base_url"), std::string::npos);
    EXPECT_NE(failure([](AceConfig& c) { c.callbackUrl = "/relative"; }).find("upstream.ace.callback_url"),
              std::string::npos);
    EXPECT_NE(failure([](AceConfig& c) { c.timeoutSeconds = 0; }).find("upstream.ace.timeout"), std::string::npos);
    EXPECT_EQ(failure([](AceConfig&) {}), "accepted");
}

TEST(AceConfig, DefaultsAndName) {
    AceConfig config;
    EXPECT_EQ(config.baseUrl, "https://api.acedata.cloud");
    EXPECT_EQ(config.timeoutSeconds, 60);
    EXPECT_TRUE(config.callbackUrl.empty());
    config.token = "x";
    EXPECT_EQ(makeAceClient(config)->name(), "ace");
}

// ---- Submit -----------------------------------------------------------------------------------------------------

TEST(AceClient, SubmitInInspirationModeSendsThePromptAndReturnsTheTaskId) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    GenerationRequest request = inspiration("一首关于夏天海边的欢快流行歌");
    request.instrumental = true;
    const std::string id = submitOk(client, request);
    ASSERT_EQ(fake.taskIds().size(), 1u);
    EXPECT_EQ(id, fake.taskIds().front());

    const auto sent = fake.requestsTo("/suno/audios");
    ASSERT_EQ(sent.size(), 1u);
    EXPECT_EQ(sent[0].method, "POST");
    EXPECT_EQ(sent[0].authorization, std::string("Bearer ") + FakeAceServer::kToken);
    EXPECT_EQ(sent[0].contentType, "application/json");
    EXPECT_EQ(sent[0].accept, "application/json");
    const auto body = parse(sent[0].body);
    EXPECT_EQ(body->getValue<std::string>("action"), "generate");
    EXPECT_EQ(body->getValue<std::string>("prompt"), "一首关于夏天海边的欢快流行歌");
    EXPECT_EQ(body->getValue<std::string>("model"), "chirp-v3-5");
    EXPECT_FALSE(body->getValue<bool>("custom"));
    EXPECT_TRUE(body->getValue<bool>("instrumental"));
    EXPECT_TRUE(body->getValue<bool>("async"));
    EXPECT_FALSE(body->has("lyric"));
    EXPECT_FALSE(body->has("style"));
    EXPECT_FALSE(body->has("audio_id"));
    EXPECT_FALSE(body->has("callback_url"));
}

TEST(AceClient, SubmitInCustomModeSendsLyricTitleAndStyleAndTheCallback) {
    FakeAceServer fake;
    AceConfig config = configFor(fake);
    config.callbackUrl = "https://gequ.example.com/music/api/callback/ace?key=k1";
    AceClient client(config);
    submitOk(client, custom("夏夜晚风", "[主歌]\n晚风轻轻吹", "female vocal,pop,upbeat"));
    const auto body = parse(fake.requestsTo("/suno/audios").at(0).body);
    EXPECT_TRUE(body->getValue<bool>("custom"));
    EXPECT_EQ(body->getValue<std::string>("title"), "夏夜晚风");
    EXPECT_EQ(body->getValue<std::string>("lyric"), "[主歌]\n晚风轻轻吹");
    EXPECT_EQ(body->getValue<std::string>("style"), "female vocal,pop,upbeat");
    EXPECT_EQ(body->getValue<std::string>("model"), "chirp-v4");
    EXPECT_EQ(body->getValue<std::string>("callback_url"), config.callbackUrl);
    EXPECT_FALSE(body->has("prompt"));
    EXPECT_TRUE(body->getValue<bool>("async"));
}

TEST(AceClient, SubmitOfACustomInstrumentalSendsNoLyricAndExtendSendsTheAudio) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    GenerationRequest instrumental = custom("纯音乐", "", "ambient");
    instrumental.instrumental = true;
    submitOk(client, instrumental);
    GenerationRequest extend = custom("续写", "[副歌]\n再唱一遍", "pop");
    extend.action = gequ::domain::TaskAction::Extend;
    extend.audioId = "0f3b3a44-1111-4222-8333-944445555666";
    extend.continueAt = 95.5;
    submitOk(client, extend);

    const auto sent = fake.requestsTo("/suno/audios");
    ASSERT_EQ(sent.size(), 2u);
    const auto first = parse(sent[0].body);
    EXPECT_FALSE(first->has("lyric"));
    EXPECT_TRUE(first->getValue<bool>("instrumental"));
    const auto second = parse(sent[1].body);
    EXPECT_EQ(second->getValue<std::string>("action"), "extend");
    EXPECT_EQ(second->getValue<std::string>("audio_id"), "0f3b3a44-1111-4222-8333-944445555666");
    EXPECT_DOUBLE_EQ(second->getValue<double>("continue_at"), 95.5);
}

// ---- Polling -------------------------------------------------------------------------------------------------------

TEST(AceClient, ATaskGoesQueuedThenRunningWithStreamsThenSucceededWithTwoClips) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string id = submitOk(client, custom("夏夜晚风", "[主歌]\n晚风轻轻吹", "pop"));

    const TaskStatus queued = pollOne(client, id);
    EXPECT_EQ(queued.state, UpstreamState::Queued);
    EXPECT_DOUBLE_EQ(queued.progress, 0);
    EXPECT_TRUE(queued.clips.empty());
    const auto retrieve = parse(fake.requestsTo("/suno/tasks").at(0).body);
    EXPECT_EQ(retrieve->getValue<std::string>("action"), "retrieve");
    EXPECT_EQ(retrieve->getValue<std::string>("id"), id);

    const TaskStatus running = pollOne(client, id);
    EXPECT_EQ(running.state, UpstreamState::Running);
    EXPECT_DOUBLE_EQ(running.progress, 0.5);
    ASSERT_EQ(running.clips.size(), 2u);
    for (const auto& clip : running.clips) {
        EXPECT_EQ(clip.state, ClipState::Running);
        EXPECT_EQ(clip.streamUrl, fake.baseUrl() + "/audiopipe/" + clip.id);
        EXPECT_TRUE(clip.audioUrl.empty());
        EXPECT_EQ(clip.title, "夏夜晚风");
    }

    const TaskStatus done = pollOne(client, id);
    EXPECT_EQ(done.state, UpstreamState::Succeeded);
    EXPECT_DOUBLE_EQ(done.progress, 1);
    EXPECT_TRUE(done.error.empty());
    ASSERT_EQ(done.clips.size(), 2u);
    EXPECT_NE(done.clips[0].id, done.clips[1].id);
    for (const auto& clip : done.clips) {
        EXPECT_EQ(clip.state, ClipState::Succeeded);
        EXPECT_EQ(clip.audioUrl, fake.baseUrl() + "/cdn/" + clip.id + ".mp3");
        EXPECT_TRUE(clip.streamUrl.empty());
        EXPECT_EQ(clip.imageUrl, fake.baseUrl() + "/cdn/image_" + clip.id + ".jpeg");
        EXPECT_EQ(clip.lyric, "[主歌]\n晚风轻轻吹");
        EXPECT_EQ(clip.style, "pop");
        EXPECT_GT(clip.duration, 100);
        EXPECT_TRUE(clip.error.empty());
    }
    EXPECT_DOUBLE_EQ(done.clips[0].duration, 123.48);
}

TEST(AceClient, OneClipErrorStillSucceedsWithTheOtherClip) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus done = pollToEnd(client, submitOk(client, inspiration("安静的夜 [clip-error]")));
    EXPECT_EQ(done.state, UpstreamState::Succeeded);
    ASSERT_EQ(done.clips.size(), 2u);
    EXPECT_EQ(done.clips[0].state, ClipState::Failed);
    EXPECT_EQ(done.clips[0].error, "该版本生成失败");
    EXPECT_TRUE(done.clips[0].audioUrl.empty());
    EXPECT_EQ(done.clips[1].state, ClipState::Succeeded);
    EXPECT_FALSE(done.clips[1].audioUrl.empty());
}

TEST(AceClient, ACompleteTaskWithNoSucceededClipFails) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus done = pollToEnd(client, submitOk(client, inspiration("安静的夜 [all-clips-error]")));
    EXPECT_EQ(done.state, UpstreamState::Failed);
    EXPECT_EQ(done.error, "AI 服务生成失败");
    for (const auto& clip : done.clips) {
        EXPECT_EQ(clip.state, ClipState::Failed);
    }
}

TEST(AceClient, CompleteWithoutSuccessIsAFailure) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus done = pollToEnd(client, submitOk(client, inspiration("安静的夜 [unsuccessful]")));
    EXPECT_EQ(done.state, UpstreamState::Failed);
    EXPECT_EQ(done.error, "AI 服务生成失败");
}

TEST(AceClient, AFailedTaskFailsWithAChineseReason) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string id = submitOk(client, inspiration("安静的夜 [fail]"));
    EXPECT_EQ(pollOne(client, id).state, UpstreamState::Queued);
    EXPECT_EQ(pollOne(client, id).state, UpstreamState::Running);
    const TaskStatus failed = pollOne(client, id);
    EXPECT_EQ(failed.state, UpstreamState::Failed);
    EXPECT_EQ(failed.error, "AI 服务生成失败");
    EXPECT_DOUBLE_EQ(failed.progress, 1);
}

TEST(AceClient, UpstreamModerationAfterSubmitFailsWithTheRefusalText) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus failed = pollToEnd(client, submitOk(client, custom("歌", "抄来的歌词 [refused-later]", "pop")));
    EXPECT_EQ(failed.state, UpstreamState::Failed);
    EXPECT_EQ(failed.error, "内容未通过安全审核");
}

TEST(AceClient, ClipsWithoutAStateFieldAreReadFromTheirUrls) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string id = submitOk(client, inspiration("老接口 [legacy]"));
    pollOne(client, id);
    const TaskStatus running = pollOne(client, id);
    ASSERT_EQ(running.clips.size(), 2u);
    EXPECT_EQ(running.clips[0].state, ClipState::Running);
    EXPECT_FALSE(running.clips[0].streamUrl.empty());
    const TaskStatus done = pollOne(client, id);
    EXPECT_EQ(done.state, UpstreamState::Succeeded);
    EXPECT_EQ(done.clips[1].state, ClipState::Succeeded);
    EXPECT_FALSE(done.clips[1].audioUrl.empty());
}

TEST(AceClient, BatchPollingAnswersEveryIdInOrderAndUnknownOnesFailed) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string a = submitOk(client, inspiration("第一首"));
    const std::string b = submitOk(client, inspiration("第二首 [fail]"));
    const std::string c = submitOk(client, inspiration("第三首"));
    fake.finish(a);
    fake.finish(b);

    auto polled = client.poll({c, "00000000-0000-4000-8000-000000000000", a, b});
    ASSERT_TRUE(polled.ok()) << polled.error().message;
    ASSERT_EQ(polled->size(), 4u);
    EXPECT_EQ((*polled)[0].id, c);
    EXPECT_EQ((*polled)[0].state, UpstreamState::Queued);
    EXPECT_EQ((*polled)[1].id, "00000000-0000-4000-8000-000000000000");
    EXPECT_EQ((*polled)[1].state, UpstreamState::Failed);
    EXPECT_EQ((*polled)[1].error, "任务不存在或已过期");
    EXPECT_EQ((*polled)[2].id, a);
    EXPECT_EQ((*polled)[2].state, UpstreamState::Succeeded);
    EXPECT_EQ((*polled)[2].clips.size(), 2u);
    EXPECT_EQ((*polled)[3].id, b);
    EXPECT_EQ((*polled)[3].state, UpstreamState::Failed);

    const auto sent = fake.requestsTo("/suno/tasks");
    ASSERT_EQ(sent.size(), 1u);
    const auto body = parse(sent[0].body);
    EXPECT_EQ(body->getValue<std::string>("action"), "retrieve_batch");
    EXPECT_EQ(body->getArray("ids")->size(), 4u);
}

TEST(AceClient, ABareListAndAWrappedRecordAreReadToo) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string a = submitOk(client, inspiration("第一首"));
    const std::string b = submitOk(client, inspiration("第二首"));
    fake.finish(a);
    fake.answerNextRaw(200, "application/json", "[" + fake.taskRecordJson(b) + "," + fake.taskRecordJson(a) + "]");
    auto listed = client.poll({a, b});
    ASSERT_TRUE(listed.ok()) << listed.error().message;
    EXPECT_EQ((*listed)[0].state, UpstreamState::Succeeded);
    EXPECT_EQ((*listed)[1].state, UpstreamState::Queued);

    fake.answerNextRaw(200, "application/json", R"({"data":)" + fake.taskRecordJson(a) + "}");
    const TaskStatus wrapped = pollOne(client, a);
    EXPECT_EQ(wrapped.state, UpstreamState::Succeeded);
    EXPECT_EQ(wrapped.clips.size(), 2u);
}

TEST(AceClient, AnUnknownSingleTaskIsFailedAndNoIdsAskNothing) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus unknown = pollOne(client, "no-such-task");
    EXPECT_EQ(unknown.state, UpstreamState::Failed);
    EXPECT_EQ(unknown.error, "任务不存在或已过期");

    auto none = client.poll({});
    ASSERT_TRUE(none.ok());
    EXPECT_TRUE(none->empty());
    EXPECT_EQ(fake.requestsTo("/suno/tasks").size(), 1u);
}

// ---- Lyrics ---------------------------------------------------------------------------------------------------------

TEST(AceClient, LyricsReadBothAnswerShapes) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    auto single = client.lyrics("夏夜晚风");
    ASSERT_TRUE(single.ok()) << single.error().message;
    EXPECT_EQ(single->title, "夏夜晚风");
    EXPECT_NE(single->text.find("[副歌]"), std::string::npos);
    EXPECT_EQ(parse(fake.requestsTo("/suno/lyrics").at(0).body)->getValue<std::string>("prompt"), "夏夜晚风");

    auto list = client.lyrics("晚风 [array]");
    ASSERT_TRUE(list.ok()) << list.error().message;
    EXPECT_EQ(list->title, "晚风");
    EXPECT_NE(list->text.find("[主歌]"), std::string::npos);
}

TEST(AceClient, LyricsRefusedUpstreamOrByOurModeration) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    auto refused = client.lyrics("某歌手的歌 [forbidden]");
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Refused);
    EXPECT_EQ(refused.error().message, "内容未通过安全审核");
    EXPECT_EQ(upstreamFailureOf(refused.error()), UpstreamFailure::Refused);

    const WordListModeration moderation("禁词甲\n");
    AceClient moderated(configFor(fake), &moderation);
    const std::size_t before = fake.requests().size();
    auto local = moderated.lyrics("关于禁词甲的歌");
    ASSERT_FALSE(local.ok());
    EXPECT_EQ(local.error().code, ErrorCode::Refused);
    EXPECT_EQ(local.error().message, "歌名包含敏感内容，无法生成歌词");
    EXPECT_EQ(fake.requests().size(), before); // refused here: nothing sent
    EXPECT_TRUE(moderated.lyrics("夏夜晚风").ok());
}

// ---- Errors -------------------------------------------------------------------------------------------------------

TEST(AceClient, TimingAsksForTheClipsAlignedWordsAndGroupsThemIntoLines) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    EXPECT_TRUE(client.hasTiming());
    const std::string id = submitOk(client, custom("晚风", "[主歌]\n晚风吹过\nHello my friend\n\n[副歌]\n唱歌", "pop"));
    const TaskStatus done = pollToEnd(client, id);
    ASSERT_EQ(done.state, UpstreamState::Succeeded);
    auto timeline = client.timing(done.clips[0].id);
    ASSERT_TRUE(timeline.ok()) << timeline.error().message;
    ASSERT_EQ(timeline->lines.size(), 3u);
    EXPECT_EQ(timeline->lines[0].text, "晚风吹过");
    EXPECT_DOUBLE_EQ(timeline->lines[0].start, 10.0);
    ASSERT_EQ(timeline->lines[0].words.size(), 4u);
    EXPECT_EQ(timeline->lines[0].words[0].text, "晚");
    EXPECT_EQ(timeline->lines[1].text, "Hello my friend");
    ASSERT_EQ(timeline->lines[1].words.size(), 3u);
    EXPECT_EQ(timeline->lines[1].words[2].text, "friend");
    EXPECT_EQ(timeline->lines[2].text, "唱歌");
    const auto asked = fake.requestsTo("/suno/timing");
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(parse(asked[0].body)->getValue<std::string>("audio_id"), done.clips[0].id);
    EXPECT_EQ(asked[0].authorization, std::string("Bearer ") + FakeAceServer::kToken);
}

TEST(AceClient, TimingFailuresAreClassifiedAndAnEmptyAlignmentIsAnEmptyTimeline) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    auto noClip = client.timing("");
    ASSERT_FALSE(noClip.ok());
    EXPECT_EQ(upstreamFailureOf(noClip.error()), UpstreamFailure::Permanent);
    EXPECT_TRUE(fake.requestsTo("/suno/timing").empty()) << "no clip id: upstream is not asked";
    auto unknown = client.timing("no-such-clip"); // 400 bad_request
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(upstreamFailureOf(unknown.error()), UpstreamFailure::Permanent);

    const TaskStatus failing = pollToEnd(client, submitOk(client, inspiration("夏日 [timing-error]")));
    auto busy = client.timing(failing.clips[0].id); // 500 api_error
    ASSERT_FALSE(busy.ok());
    EXPECT_EQ(upstreamFailureOf(busy.error()), UpstreamFailure::Retryable);

    const TaskStatus empty = pollToEnd(client, submitOk(client, inspiration("夏日 [timing-empty]")));
    auto nothing = client.timing(empty.clips[1].id);
    ASSERT_TRUE(nothing.ok()) << nothing.error().message;
    EXPECT_TRUE(nothing->empty());

    fake.answerNextRaw(200, "application/json", R"({"success":true,"task_id":"x","data":{}})");
    auto unreadable = client.timing(empty.clips[1].id);
    ASSERT_FALSE(unreadable.ok());
    EXPECT_EQ(upstreamFailureOf(unreadable.error()), UpstreamFailure::Retryable);
}

TEST(AceClient, WavAsksForTheClipsFileAndReturnsItsUrl) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string id = submitOk(client, inspiration("夏日海边"));
    const TaskStatus done = pollToEnd(client, id);
    ASSERT_EQ(done.state, UpstreamState::Succeeded);
    gequ::domain::WavRequest request;
    request.upstreamClipId = done.clips[1].id;
    auto url = client.wav(request);
    ASSERT_TRUE(url.ok()) << url.error().message;
    EXPECT_EQ(*url, fake.baseUrl() + "/cdn/" + done.clips[1].id + ".wav");
    const auto asked = fake.requestsTo("/suno/wav");
    ASSERT_EQ(asked.size(), 1u);
    EXPECT_EQ(parse(asked[0].body)->getValue<std::string>("audio_id"), done.clips[1].id);
    EXPECT_EQ(asked[0].authorization, std::string("Bearer ") + FakeAceServer::kToken);
}

TEST(AceClient, WavFailuresAreClassified) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    gequ::domain::WavRequest none;
    auto noClip = client.wav(none);
    ASSERT_FALSE(noClip.ok());
    EXPECT_EQ(upstreamFailureOf(noClip.error()), UpstreamFailure::Permanent);
    EXPECT_TRUE(fake.requestsTo("/suno/wav").empty()) << "no clip id: upstream is not asked";

    gequ::domain::WavRequest unknown;
    unknown.upstreamClipId = "no-such-clip";
    auto bad = client.wav(unknown); // 400 bad_request
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(upstreamFailureOf(bad.error()), UpstreamFailure::Permanent);

    const std::string id = submitOk(client, inspiration("夏日 [wav-error]"));
    const TaskStatus done = pollToEnd(client, id);
    gequ::domain::WavRequest failing;
    failing.upstreamClipId = done.clips[0].id;
    auto busy = client.wav(failing); // 500 api_error
    ASSERT_FALSE(busy.ok());
    EXPECT_EQ(upstreamFailureOf(busy.error()), UpstreamFailure::Retryable);

    fake.answerNextRaw(200, "application/json", R"({"success":true,"task_id":"x","data":[]})");
    auto empty = client.wav(failing);
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(upstreamFailureOf(empty.error()), UpstreamFailure::Retryable);
}

TEST(AceClient, StemsSplitAFinishedClipAndComeBackVocalFirst) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus song = pollToEnd(client, submitOk(client, custom("夏日", "[主歌]\n晚风", "pop")));
    ASSERT_EQ(song.state, UpstreamState::Succeeded);
    GenerationRequest stems;
    stems.taskId = "t-stems";
    stems.action = gequ::domain::TaskAction::Stems;
    stems.audioId = song.clips[0].id;
    stems.model = "chirp-v4";
    stems.title = "夏日";
    const TaskStatus split = pollToEnd(client, submitOk(client, stems));
    ASSERT_EQ(split.state, UpstreamState::Succeeded);
    ASSERT_EQ(split.clips.size(), 2u);
    EXPECT_EQ(split.clips[0].title, "夏日 (Vocals)"); // upstream lists the instrumental first
    EXPECT_EQ(split.clips[1].title, "夏日 (Instrumental)");
    const auto body = parse(fake.requestsTo("/suno/audios").back().body);
    EXPECT_EQ(body->getValue<std::string>("action"), "stems");
    EXPECT_EQ(body->getValue<std::string>("audio_id"), song.clips[0].id);
    EXPECT_FALSE(body->has("continue_at"));
    EXPECT_FALSE(body->has("lyric"));
    EXPECT_FALSE(client.capabilities().allStems) << "AceData's all_stems is a dozen stems, not our four";

    // A clip upstream does not have: a permanent failure (the task fails and is refunded).
    stems.audioId = "no-such-clip";
    auto refused = client.submit(stems);
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(upstreamFailureOf(refused.error()), UpstreamFailure::Permanent);
}

TEST(AceClient, ACoverSendsTheClipWithTheNewStyleAndTheLyric) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus song = pollToEnd(client, submitOk(client, custom("夏日", "[主歌]\n晚风", "folk")));
    GenerationRequest cover = custom("夏日（摇滚版）", "[主歌]\n晚风", "Rock");
    cover.action = gequ::domain::TaskAction::Cover;
    cover.audioId = song.clips[1].id;
    const TaskStatus made = pollToEnd(client, submitOk(client, cover));
    ASSERT_EQ(made.state, UpstreamState::Succeeded);
    ASSERT_EQ(made.clips.size(), 2u);
    EXPECT_EQ(made.clips[0].style, "Rock");
    EXPECT_EQ(made.clips[0].title, "夏日（摇滚版）");
    const auto body = parse(fake.requestsTo("/suno/audios").back().body);
    EXPECT_EQ(body->getValue<std::string>("action"), "cover");
    EXPECT_EQ(body->getValue<std::string>("audio_id"), song.clips[1].id);
    EXPECT_EQ(body->getValue<std::string>("style"), "Rock");
    EXPECT_EQ(body->getValue<std::string>("lyric"), "[主歌]\n晚风");
    EXPECT_FALSE(body->has("continue_at"));
}

TEST(AceClient, MidiBecomesAStandardMidiFileAndItsFailuresAreClassified) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const TaskStatus done = pollToEnd(client, submitOk(client, inspiration("夏日海边")));
    gequ::domain::WavRequest request;
    request.upstreamClipId = done.clips[0].id;
    auto file = client.midi(request);
    ASSERT_TRUE(file.ok()) << file.error().message;
    // MThd, format 1, three tracks (the tempo, then Synth Voice and Drums), 480 ticks a beat.
    ASSERT_GT(file->size(), 14u);
    EXPECT_EQ(file->substr(0, 4), "MThd");
    EXPECT_EQ(std::string(file->data() + 8, 6), std::string("\0\x01\0\x03\x01\xE0", 6));
    std::size_t tracks = 0;
    for (std::size_t at = file->find("MTrk"); at != std::string::npos; at = file->find("MTrk", at + 4)) {
        ++tracks;
    }
    EXPECT_EQ(tracks, 3u);
    EXPECT_NE(file->find("Synth Voice"), std::string::npos);
    EXPECT_NE(file->find(std::string("\x99\x24", 2)), std::string::npos) << "the drums' kick on channel 10";
    EXPECT_EQ(parse(fake.requestsTo("/suno/midi").back().body)->getValue<std::string>("audio_id"), done.clips[0].id);

    gequ::domain::WavRequest none;
    ASSERT_FALSE(client.midi(none).ok());
    EXPECT_EQ(upstreamFailureOf(client.midi(none).error()), UpstreamFailure::Permanent);
    EXPECT_EQ(fake.requestsTo("/suno/midi").size(), 1u) << "no clip id: upstream is not asked";
    const TaskStatus failing = pollToEnd(client, submitOk(client, inspiration("夏日 [midi-error]")));
    request.upstreamClipId = failing.clips[0].id;
    auto busy = client.midi(request); // 500 api_error
    ASSERT_FALSE(busy.ok());
    EXPECT_EQ(upstreamFailureOf(busy.error()), UpstreamFailure::Retryable);
    fake.answerNextRaw(200, "application/json", R"({"success":true,"task_id":"x","data":[{"instruments":[]}]})");
    auto empty = client.midi(request);
    ASSERT_FALSE(empty.ok());
    EXPECT_EQ(empty.error().message, "该作品暂不支持导出 MIDI");

    // A slow answer times out as retryable.
    AceConfig quick = configFor(fake);
    quick.timeoutSeconds = 1;
    AceClient impatient(quick);
    fake.setDelay(std::chrono::milliseconds(2500));
    request.upstreamClipId = done.clips[0].id;
    auto slow = impatient.midi(request);
    fake.setDelay(std::chrono::milliseconds(0));
    ASSERT_FALSE(slow.ok());
    EXPECT_EQ(upstreamFailureOf(slow.error()), UpstreamFailure::Retryable);
}

TEST(AceClient, ForbiddenSubmitIsRefusedWith4220) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    auto refused = client.submit(custom("像周某某一样", "歌词 [forbidden]", "pop"));
    ASSERT_FALSE(refused.ok());
    EXPECT_EQ(refused.error().code, ErrorCode::Refused);
    EXPECT_EQ(static_cast<int>(refused.error().code), 4220);
    EXPECT_EQ(refused.error().message, "内容未通过安全审核");
    EXPECT_TRUE(fake.taskIds().empty());
}

TEST(AceClient, RateLimitsAndServerErrorsAreRetryable) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    fake.failNext(429, "too_many_requests", "Too many requests.");
    fake.failNext(500, "api_error", "Internal error.");
    fake.answerNextRaw(502, "text/html", "<html>Bad Gateway</html>");
    fake.answerNextRaw(200, "text/plain", "not json");
    fake.failNext(503, "unknown_future_code", "Maintenance.");
    for (int i = 0; i < 5; ++i) {
        auto busy = client.submit(inspiration("夏天"));
        ASSERT_FALSE(busy.ok()) << i;
        EXPECT_EQ(busy.error().code, ErrorCode::Upstream) << i;
        EXPECT_EQ(busy.error().message, "AI 服务繁忙，请稍后再试") << i;
        EXPECT_EQ(upstreamFailureOf(busy.error()), UpstreamFailure::Retryable) << i;
    }
    EXPECT_TRUE(fake.taskIds().empty());
    // The next attempt goes through.
    EXPECT_FALSE(submitOk(client, inspiration("夏天")).empty());

    fake.failNext(429, "too_many_requests", "Too many requests.");
    auto polled = client.poll({fake.taskIds().front()});
    ASSERT_FALSE(polled.ok());
    EXPECT_EQ(upstreamFailureOf(polled.error()), UpstreamFailure::Retryable);
    fake.failNext(500, "api_error");
    auto lyrics = client.lyrics("夏天");
    ASSERT_FALSE(lyrics.ok());
    EXPECT_EQ(upstreamFailureOf(lyrics.error()), UpstreamFailure::Retryable);
}

TEST(AceClient, BadTokensAreConfigurationErrorsLoggedLoudlyWithoutTheToken) {
    FakeAceServer fake;
    LogCapture capture;
    for (const std::string& token :
         {std::string("sk-wrong-token-ABCDEF"), std::string(FakeAceServer::kMismatchedToken)}) {
        AceConfig config = configFor(fake);
        config.token = token;
        AceClient client(config);
        auto submitted = client.submit(inspiration("夏天"));
        ASSERT_FALSE(submitted.ok());
        EXPECT_EQ(submitted.error().code, ErrorCode::Internal);
        EXPECT_EQ(submitted.error().message, "服务器繁忙，请稍后再试");
        EXPECT_EQ(upstreamFailureOf(submitted.error()), UpstreamFailure::Configuration);
        auto polled = client.poll({"a", "b"});
        ASSERT_FALSE(polled.ok());
        EXPECT_EQ(upstreamFailureOf(polled.error()), UpstreamFailure::Configuration);
        auto lyrics = client.lyrics("夏天");
        ASSERT_FALSE(lyrics.ok());
        EXPECT_EQ(upstreamFailureOf(lyrics.error()), UpstreamFailure::Configuration);
    }
    const auto lines = capture.lines();
    int critical = 0;
    for (const auto& [priority, line] : lines) {
        EXPECT_EQ(line.find("sk-wrong-token-ABCDEF"), std::string::npos) << line;
        EXPECT_EQ(line.find(FakeAceServer::kMismatchedToken), std::string::npos) << line;
        EXPECT_EQ(line.find(FakeAceServer::kToken), std::string::npos) << line;
        if (priority == Poco::Message::PRIO_CRITICAL) {
            ++critical;
            EXPECT_NE(line.find("upstream.ace.token"), std::string::npos) << line;
        }
    }
    EXPECT_EQ(critical, 6);
    bool namesCode = false;
    for (const auto& entry : lines) {
        namesCode = namesCode || entry.second.find("token_mismatched") != std::string::npos;
    }
    EXPECT_TRUE(namesCode);
}

TEST(AceClient, AnEchoedTokenIsScrubbedFromTheLog) {
    FakeAceServer fake;
    LogCapture capture;
    AceClient client(configFor(fake));
    fake.failNext(500, "api_error", std::string("token ") + FakeAceServer::kToken + " overloaded");
    EXPECT_FALSE(client.submit(inspiration("夏天")).ok());
    bool logged = false;
    for (const auto& entry : capture.lines()) {
        EXPECT_EQ(entry.second.find(FakeAceServer::kToken), std::string::npos) << entry.second;
        logged = logged || entry.second.find("token *** overloaded") != std::string::npos;
    }
    EXPECT_TRUE(logged);
}

TEST(AceClient, AWrongBaseUrlIsAConfigurationError) {
    FakeAceServer fake;
    AceConfig config = configFor(fake);
    config.baseUrl = fake.baseUrl() + "/not-the-api";
    AceClient client(config);
    auto submitted = client.submit(inspiration("夏天"));
    ASSERT_FALSE(submitted.ok());
    EXPECT_EQ(upstreamFailureOf(submitted.error()), UpstreamFailure::Configuration);

    AceConfig slash = configFor(fake);
    slash.baseUrl = fake.baseUrl() + "/";
    AceClient trailing(slash);
    EXPECT_FALSE(submitOk(trailing, inspiration("夏天")).empty());
}

TEST(AceClient, OtherClientErrorsArePermanent) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    fake.failNext(400, "bad_request", "The lyric is too long.");
    auto submitted = client.submit(inspiration("夏天"));
    ASSERT_FALSE(submitted.ok());
    EXPECT_EQ(upstreamFailureOf(submitted.error()), UpstreamFailure::Permanent);
    EXPECT_EQ(submitted.error().message, "AI 服务无法处理该请求");
}

TEST(AceClient, AnUpstreamTimeoutNamingTheTaskIsPolledNotResubmitted) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string id = submitOk(client, inspiration("慢慢来 [timeout]"));
    ASSERT_EQ(fake.taskIds().size(), 1u);
    EXPECT_EQ(id, fake.taskIds().front());
    EXPECT_EQ(pollToEnd(client, id).state, UpstreamState::Succeeded);

    fake.failNext(504, "timeout", "Timed out.");
    auto noTask = client.submit(inspiration("夏天"));
    ASSERT_FALSE(noTask.ok());
    EXPECT_EQ(upstreamFailureOf(noTask.error()), UpstreamFailure::Retryable);
}

TEST(AceClient, ASlowAnswerTimesOutAsRetryable) {
    FakeAceServer fake;
    AceConfig config = configFor(fake);
    config.timeoutSeconds = 1;
    AceClient client(config);
    fake.setDelay(std::chrono::milliseconds(2500));
    const auto start = std::chrono::steady_clock::now();
    auto submitted = client.submit(inspiration("夏天"));
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_FALSE(submitted.ok());
    EXPECT_EQ(submitted.error().code, ErrorCode::Upstream);
    EXPECT_EQ(submitted.error().message, "AI 服务繁忙，请稍后再试");
    EXPECT_LT(elapsed, std::chrono::milliseconds(2400));
    fake.setDelay(std::chrono::milliseconds(0));
}

TEST(AceClient, AnUnreachableHostIsRetryable) {
    std::uint16_t port = 0;
    {
        Poco::Net::ServerSocket socket(Poco::Net::SocketAddress("127.0.0.1", 0));
        port = socket.address().port();
    } // closed: nothing listens there now
    AceConfig config;
    config.baseUrl = "http://127.0.0.1:" + std::to_string(port);
    config.token = "x";
    AceClient client(config);
    auto submitted = client.submit(inspiration("夏天"));
    ASSERT_FALSE(submitted.ok());
    EXPECT_EQ(upstreamFailureOf(submitted.error()), UpstreamFailure::Retryable);
    auto polled = client.poll({"a"});
    ASSERT_FALSE(polled.ok());
    EXPECT_EQ(upstreamFailureOf(polled.error()), UpstreamFailure::Retryable);
}

// ---- Callback ------------------------------------------------------------------------------------------------------

TEST(AceCallback, TheBareGenerationAnswerAndTheTaskRecordParseAlike) {
    FakeAceServer fake;
    AceClient client(configFor(fake));
    const std::string id = submitOk(client, inspiration("夏天 [clip-error]"));
    fake.finish(id);
    for (const std::string& body : {fake.callbackJson(id), fake.taskRecordJson(id)}) {
        auto parsed = AceClient::parseCallback(body);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message << "\n" << body;
        EXPECT_EQ(parsed->id, id);
        EXPECT_EQ(parsed->state, UpstreamState::Succeeded);
        ASSERT_EQ(parsed->clips.size(), 2u);
        EXPECT_EQ(parsed->clips[0].state, ClipState::Failed);
        EXPECT_EQ(parsed->clips[1].state, ClipState::Succeeded);
        EXPECT_EQ(parsed->clips[1].audioUrl, fake.baseUrl() + "/cdn/" + parsed->clips[1].id + ".mp3");
    }
}

TEST(AceCallback, FailuresAndUnfinishedAnswers) {
    auto failed = AceClient::parseCallback(
        R"({"success":false,"task_id":"t-9","trace_id":"x","error":{"code":"forbidden","message":"no"}})");
    ASSERT_TRUE(failed.ok());
    EXPECT_EQ(failed->id, "t-9");
    EXPECT_EQ(failed->state, UpstreamState::Failed);
    EXPECT_EQ(failed->error, "内容未通过安全审核");

    auto streaming = AceClient::parseCallback(
        R"({"success":true,"task_id":"t-8","data":[{"id":"c1","state":"running","audio_url":"https://cdn1.suno.ai/c1"},)"
        R"({"id":"c2","state":"succeeded","audio_url":"https://cdn1.suno.ai/c2.mp3"}]})");
    ASSERT_TRUE(streaming.ok());
    EXPECT_EQ(streaming->state, UpstreamState::Running);
    EXPECT_EQ(streaming->clips[0].streamUrl, "https://cdn1.suno.ai/c1");
    EXPECT_DOUBLE_EQ(streaming->progress, 0.75);

    auto record = AceClient::parseCallback(R"({"id":"t-7","state":"failed","response":{"success":false}})");
    ASSERT_TRUE(record.ok());
    EXPECT_EQ(record->state, UpstreamState::Failed);
    EXPECT_EQ(record->error, "AI 服务生成失败");

    auto pending = AceClient::parseCallback(R"({"id":"t-6","state":"pending"})");
    ASSERT_TRUE(pending.ok());
    EXPECT_EQ(pending->state, UpstreamState::Queued);
}

TEST(AceCallback, OnlyHttpUrlsAreTakenFromUpstream) {
    // Issue 31: a clip URL that is a path of ours ("/media/<another song's key>") or another scheme is no URL.
    auto parsed = AceClient::parseCallback(
        R"({"success":true,"task_id":"t-5","data":[)"
        R"({"id":"c1","state":"succeeded","audio_url":"/media/victim.mp3","image_url":"/media/victim.png"},)"
        R"({"id":"c2","state":"succeeded","audio_url":"https://cdn1.suno.ai/c2.mp3","image_url":"file:///etc/x.png"},)"
        R"({"id":"c3","state":"running","stream_audio_url":"//evil.example/s","audio_url":"javascript:x"}]})");
    ASSERT_TRUE(parsed.ok()) << parsed.error().message;
    ASSERT_EQ(parsed->clips.size(), 3u);
    EXPECT_EQ(parsed->clips[0].state, ClipState::Failed) << "a succeeded clip without a usable audio URL";
    EXPECT_EQ(parsed->clips[0].audioUrl, "");
    EXPECT_EQ(parsed->clips[0].imageUrl, "");
    EXPECT_EQ(parsed->clips[1].state, ClipState::Succeeded);
    EXPECT_EQ(parsed->clips[1].audioUrl, "https://cdn1.suno.ai/c2.mp3");
    EXPECT_EQ(parsed->clips[1].imageUrl, "");
    EXPECT_EQ(parsed->clips[2].streamUrl, "");
}

TEST(AceCallback, RejectsWhatIsNoTask) {
    for (const std::string body :
         std::initializer_list<const char*>{"", "not json", "[1,2]", R"({"success":true})", R"({"hello":"world"})"}) {
        auto parsed = AceClient::parseCallback(body);
        ASSERT_FALSE(parsed.ok()) << body;
        EXPECT_EQ(parsed.error().code, ErrorCode::InvalidInput) << body;
    }
}

// ---- The port's failure classes ---------------------------------------------------------------------------------

TEST(UpstreamFailure, ClassesRoundTripThroughDomainErrors) {
    using gequ::domain::upstreamError;
    for (const auto failure : {UpstreamFailure::Retryable, UpstreamFailure::Refused, UpstreamFailure::Configuration,
                               UpstreamFailure::Permanent}) {
        EXPECT_EQ(upstreamFailureOf(upstreamError(failure)), failure);
        EXPECT_EQ(upstreamError(failure, "原因").message, "原因");
    }
    EXPECT_EQ(static_cast<int>(upstreamError(UpstreamFailure::Retryable).code), 5020);
    EXPECT_EQ(upstreamError(UpstreamFailure::Retryable).message, "AI 服务繁忙，请稍后再试");
    EXPECT_EQ(static_cast<int>(upstreamError(UpstreamFailure::Refused).code), 4220);
    EXPECT_EQ(upstreamError(UpstreamFailure::Refused).message, "内容未通过安全审核");
    // The composer's own refusal is a refusal too.
    EXPECT_EQ(upstreamFailureOf({ErrorCode::Refused, "歌名包含敏感内容，无法生成歌词"}), UpstreamFailure::Refused);
}
