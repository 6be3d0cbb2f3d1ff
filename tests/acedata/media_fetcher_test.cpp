// Re-hosting finished upstream clips: downloads from the fake AceData server's file host into a MediaStore, with
// redirects, the size cap, timeouts, content types and failures as values.

#include "fake_ace_server.h"
#include "gequ/acedata/ace_client.h"
#include "gequ/acedata/media_fetcher.h"
#include "memory_media_store.h"

#include <chrono>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <stdexcept>

using namespace gequ::acedata;
using gequ::acedata::test::FakeAceServer;
using gequ::domain::ClipState;
using gequ::domain::ErrorCode;
using gequ::domain::UpstreamState;

namespace {

using MemoryStore = gequ::test::MemoryMediaStore;

/// The fetcher's settings with the fake upstream's own address allowed (nothing else non-public is).
FetchConfig local() {
    FetchConfig config;
    config.allowedAddresses = {"127.0.0.1"};
    return config;
}

std::string pngBytes() {
    return std::string("\x89PNG\r\n\x1A\n\x00\x00\x00\x0DIHDR", 16) + std::string(40, '\x01');
}

std::string webpBytes() {
    return std::string("RIFF\x24\x00\x00\x00WEBPVP8 ", 16) + std::string(40, '\x02');
}

} // namespace

TEST(MediaFetcher, StoresAFinishedClipsAudioAndCoverFromTheFakeUpstream) {
    FakeAceServer fake;
    AceConfig config;
    config.baseUrl = fake.baseUrl();
    config.token = FakeAceServer::kToken;
    AceClient client(config);
    auto submitted = client.submit({});
    ASSERT_TRUE(submitted.ok());
    fake.finish(*submitted);
    auto polled = client.poll({*submitted});
    ASSERT_TRUE(polled.ok());
    ASSERT_EQ(polled->front().state, UpstreamState::Succeeded);

    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    const auto& clips = polled->front().clips;
    ASSERT_EQ(clips.size(), 2u);
    const std::string songIds[] = {"1001", "1002"};
    for (std::size_t i = 0; i < 2; ++i) {
        ASSERT_EQ(clips[i].state, ClipState::Succeeded);
        auto audio = fetcher.fetchAudio(songIds[i], clips[i].audioUrl);
        ASSERT_TRUE(audio.ok()) << audio.error().message;
        EXPECT_EQ(*audio, "/media/" + songIds[i] + ".mp3");
        auto cover = fetcher.fetchCover(songIds[i], clips[i].imageUrl);
        ASSERT_TRUE(cover.ok()) << cover.error().message;
        EXPECT_EQ(*cover, "/media/" + songIds[i] + ".jpg");
    }
    EXPECT_EQ(store.items.at("1001.mp3").bytes, FakeAceServer::mp3Bytes());
    EXPECT_EQ(store.items.at("1001.mp3").contentType, "audio/mpeg");
    EXPECT_EQ(store.items.at("1002.jpg").bytes, FakeAceServer::jpegBytes());
    EXPECT_EQ(store.items.at("1002.jpg").contentType, "image/jpeg");

    // The same song again: already stored, nothing downloaded.
    const std::size_t before = fake.requests().size();
    EXPECT_EQ(*fetcher.fetchAudio("1001", clips[0].audioUrl), "/media/1001.mp3");
    EXPECT_EQ(*fetcher.fetchCover("1001", clips[0].imageUrl), "/media/1001.jpg");
    EXPECT_EQ(fake.requests().size(), before);
}

TEST(MediaFetcher, CoverExtensionFollowsTheContentTypeOrTheSignature) {
    FakeAceServer fake;
    fake.addFile("/files/cover.png", "image/png", pngBytes());
    fake.addFile("/files/cover.webp", "image/webp; charset=binary", webpBytes());
    fake.addFile("/files/cover.bin", "application/octet-stream", pngBytes());
    fake.addFile("/files/cover-jpeg", "IMAGE/JPEG", FakeAceServer::jpegBytes());
    fake.addFile("/files/page.html", "text/html", "<html>login</html>");
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    EXPECT_EQ(*fetcher.fetchCover("s1", fake.baseUrl() + "/files/cover.png"), "/media/s1.png");
    EXPECT_EQ(store.items.at("s1.png").contentType, "image/png");
    EXPECT_EQ(*fetcher.fetchCover("s2", fake.baseUrl() + "/files/cover.webp"), "/media/s2.webp");
    EXPECT_EQ(store.items.at("s2.webp").contentType, "image/webp");
    EXPECT_EQ(*fetcher.fetchCover("s3", fake.baseUrl() + "/files/cover.bin"), "/media/s3.png");
    EXPECT_EQ(*fetcher.fetchCover("s4", fake.baseUrl() + "/files/cover-jpeg"), "/media/s4.jpg");

    auto html = fetcher.fetchCover("s5", fake.baseUrl() + "/files/page.html");
    ASSERT_FALSE(html.ok());
    EXPECT_EQ(html.error().code, ErrorCode::Upstream);
    EXPECT_EQ(html.error().message, "封面不是支持的图片格式");
    EXPECT_EQ(store.items.count("s5.jpg") + store.items.count("s5.png") + store.items.count("s5.webp"), 0u);
}

TEST(MediaFetcher, AudioMustBeMp3WhateverItsContentType) {
    FakeAceServer fake;
    fake.addFile("/files/octet.mp3", "application/octet-stream", FakeAceServer::mp3Bytes());
    fake.addFile("/files/fake.mp3", "audio/mpeg", "<html>expired</html>");
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    EXPECT_EQ(*fetcher.fetchAudio("a1", fake.baseUrl() + "/files/octet.mp3"), "/media/a1.mp3");
    auto notMp3 = fetcher.fetchAudio("a2", fake.baseUrl() + "/files/fake.mp3");
    ASSERT_FALSE(notMp3.ok());
    EXPECT_EQ(notMp3.error().message, "媒体文件不是 MP3 音频");
    EXPECT_FALSE(store.exists("a2.mp3"));
}

TEST(MediaFetcher, AWavCopyMustBeRiffWave) {
    FakeAceServer fake;
    fake.addFile("/files/song.wav", "application/octet-stream", FakeAceServer::wavBytes(0.5));
    fake.addFile("/files/webp.wav", "audio/wav", webpBytes()); // RIFF, but not WAVE
    fake.addFile("/files/page.wav", "audio/wav", "<html>expired</html>");
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    EXPECT_EQ(*fetcher.fetchWav("w1", fake.baseUrl() + "/files/song.wav"), "/media/w1.wav");
    EXPECT_EQ(store.items.at("w1.wav").contentType, "audio/wav");
    EXPECT_EQ(store.items.at("w1.wav").bytes, FakeAceServer::wavBytes(0.5));
    for (const char* bad : {"/files/webp.wav", "/files/page.wav"}) {
        auto refused = fetcher.fetchWav("w2", fake.baseUrl() + bad);
        ASSERT_FALSE(refused.ok()) << bad;
        EXPECT_EQ(refused.error().message, "媒体文件不是 WAV 音频");
    }
    EXPECT_FALSE(store.exists("w2.wav"));
    // Stored once: asking again does not download.
    const auto before = fake.requests().size();
    EXPECT_EQ(*fetcher.fetchWav("w1", fake.baseUrl() + "/files/song.wav"), "/media/w1.wav");
    EXPECT_EQ(fake.requests().size(), before);
}

TEST(MediaFetcher, FollowsUpToThreeRedirects) {
    FakeAceServer fake;
    fake.addFile("/files/final.mp3", "audio/mpeg", FakeAceServer::mp3Bytes());
    fake.addRedirect("/r1", "/files/final.mp3", 301);     // relative
    fake.addRedirect("/r2", fake.baseUrl() + "/r1", 302); // absolute
    fake.addRedirect("/r3", "/r2", 307);
    fake.addRedirect("/r4", "/r3", 308);
    fake.addRedirect("/ftp", "ftp://example.com/a.mp3", 302);
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    EXPECT_EQ(*fetcher.fetchAudio("one", fake.baseUrl() + "/r1"), "/media/one.mp3");
    EXPECT_EQ(*fetcher.fetchAudio("three", fake.baseUrl() + "/r3"), "/media/three.mp3");
    auto four = fetcher.fetchAudio("four", fake.baseUrl() + "/r4");
    ASSERT_FALSE(four.ok());
    EXPECT_EQ(four.error().message, "媒体文件重定向次数过多");
    auto ftp = fetcher.fetchAudio("ftp", fake.baseUrl() + "/ftp");
    ASSERT_FALSE(ftp.ok());
    EXPECT_EQ(ftp.error().message, "媒体地址无效");
    EXPECT_FALSE(store.exists("four.mp3"));
}

TEST(MediaFetcher, NotFoundIsAValue) {
    FakeAceServer fake;
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    auto missing = fetcher.fetchAudio("m1", fake.baseUrl() + "/cdn/gone");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().code, ErrorCode::Upstream);
    EXPECT_EQ(missing.error().message, "媒体文件下载失败（HTTP 404）");
    EXPECT_TRUE(store.items.empty());
}

TEST(MediaFetcher, TheSizeCapRefusesLargerFiles) {
    FakeAceServer fake;
    const std::string big = FakeAceServer::mp3Bytes() + std::string(3000, '\0');
    fake.addFile("/files/big.mp3", "audio/mpeg", big);
    fake.addFile("/files/big-chunked.mp3", "audio/mpeg", big, true);
    fake.addFile("/files/claims-huge.mp3", "audio/mpeg", FakeAceServer::mp3Bytes(), false, 500LL * 1024 * 1024);
    MemoryStore store;
    FetchConfig config = local();
    config.maxBytes = 2000;
    HttpMediaFetcher fetcher(store, config);
    for (const char* path : {"/files/big.mp3", "/files/big-chunked.mp3", "/files/claims-huge.mp3"}) {
        auto tooBig = fetcher.fetchAudio("big", fake.baseUrl() + path);
        ASSERT_FALSE(tooBig.ok()) << path;
        EXPECT_EQ(tooBig.error().message, "媒体文件过大") << path;
    }
    EXPECT_TRUE(store.items.empty());

    config.maxBytes = big.size(); // exactly at the cap is fine
    HttpMediaFetcher exact(store, config);
    EXPECT_TRUE(exact.fetchAudio("exact", fake.baseUrl() + "/files/big-chunked.mp3").ok());
    EXPECT_EQ(store.items.at("exact.mp3").bytes, big);
}

TEST(MediaFetcher, ATruncatedBodyIsRefused) {
    FakeAceServer fake;
    fake.addFile("/files/short.mp3", "audio/mpeg", FakeAceServer::mp3Bytes(), false, 5000);
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    auto truncated = fetcher.fetchAudio("t1", fake.baseUrl() + "/files/short.mp3");
    ASSERT_FALSE(truncated.ok());
    EXPECT_EQ(truncated.error().message, "媒体文件下载失败");
    EXPECT_TRUE(store.items.empty());
}

TEST(MediaFetcher, ASlowServerTimesOut) {
    FakeAceServer fake;
    fake.setDelay(std::chrono::milliseconds(2500));
    MemoryStore store;
    FetchConfig config = local();
    config.timeoutSeconds = 1;
    HttpMediaFetcher fetcher(store, config);
    const auto start = std::chrono::steady_clock::now();
    auto slow = fetcher.fetchAudio("slow", fake.baseUrl() + "/cdn/x.mp3");
    const auto elapsed = std::chrono::steady_clock::now() - start;
    ASSERT_FALSE(slow.ok());
    EXPECT_EQ(slow.error().message, "媒体文件下载超时");
    EXPECT_LT(elapsed, std::chrono::milliseconds(2400));
    EXPECT_TRUE(store.items.empty());
}

TEST(MediaFetcher, LocalAndInvalidUrlsAndStoreFailures) {
    FakeAceServer fake;
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    EXPECT_EQ(*fetcher.fetchAudio("t-1-1", "/media/t-1-1.mp3"), "/media/t-1-1.mp3");
    EXPECT_EQ(*fetcher.fetchCover("t-1-1", "/media/t-1-1.svg"), "/media/t-1-1.svg");
    EXPECT_EQ(*fetcher.fetchWav("t-1-1", "/media/t-1-1.wav"), "/media/t-1-1.wav");
    for (const std::string url : {"", "ftp://example.com/a.mp3", "cdn1.suno.ai/a.mp3"}) {
        auto invalid = fetcher.fetchAudio("i1", url);
        ASSERT_FALSE(invalid.ok()) << url;
        EXPECT_EQ(invalid.error().message, "媒体地址无效") << url;
    }
    store.failing = true;
    auto full = fetcher.fetchAudio("f1", fake.baseUrl() + "/cdn/x.mp3");
    ASSERT_FALSE(full.ok());
    EXPECT_EQ(full.error().message, "媒体文件保存失败");
    EXPECT_TRUE(store.items.empty());
}

TEST(MediaFetcher, OnlyTheSongsOwnKeysAreAcceptedAsOurs) {
    // Issue 31: a path from upstream (or a callback) naming another song's file must not become this song's media, or
    // access would follow the other song and a purge would delete a shared file.
    MemoryStore store;
    HttpMediaFetcher fetcher(store, local());
    for (const std::string url : {"/media/other-song.mp3", "/media/l1.mp3.evil", "/media/../l1.mp3", "/etc/passwd"}) {
        auto audio = fetcher.fetchAudio("l1", url);
        ASSERT_FALSE(audio.ok()) << url;
        EXPECT_EQ(audio.error().message, "媒体地址无效") << url;
        auto cover = fetcher.fetchCover("l1", url);
        ASSERT_FALSE(cover.ok()) << url;
        EXPECT_EQ(cover.error().message, "媒体地址无效") << url;
        EXPECT_FALSE(fetcher.fetchWav("l1", url).ok()) << url;
    }
    EXPECT_FALSE(fetcher.fetchCover("l1", "/media/other-song.png").ok());
    EXPECT_EQ(*fetcher.fetchCover("l1", "/media/l1.png"), "/media/l1.png");
    EXPECT_TRUE(store.items.empty());
}

TEST(MediaFetcher, ConfigErrorsNameTheirKeys) {
    MemoryStore store;
    FetchConfig config = local();
    config.maxBytes = 0;
    try {
        HttpMediaFetcher fetcher(store, config);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("media.fetch_max_bytes"), std::string::npos);
    }
    config = {};
    config.timeoutSeconds = 0;
    try {
        auto fetcher = makeMediaFetcher(store, config);
        FAIL();
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("media.fetch_timeout"), std::string::npos);
    }
    EXPECT_EQ(FetchConfig{}.maxBytes, 100u * 1024 * 1024);
}
