#include "temp_dir.h"
#include "gequ/media/exceptions.h"
#include "gequ/media/local_media_store.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using gequ::media::LocalMediaStore;
using gequ::media::MediaError;

namespace {

using gequ::test::TempDir;

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

std::vector<std::string> entries(const fs::path& dir) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) {
        names.push_back(entry.path().filename().string());
    }
    return names;
}

} // namespace

TEST(LocalMediaStore, PutWritesTheBytesAndAnswersTheMediaUrl) {
    TempDir temp;
    LocalMediaStore store(temp.path() / "media");
    const std::string bytes("ID3\0\x01\x02 binary \xff\xfe", 17);

    EXPECT_FALSE(store.exists("song-1.mp3"));
    EXPECT_EQ(store.put("song-1.mp3", bytes, "audio/mpeg"), "/media/song-1.mp3");

    EXPECT_TRUE(store.exists("song-1.mp3"));
    EXPECT_EQ(readFile(temp.path() / "media" / "song-1.mp3"), bytes);
    EXPECT_EQ(store.read("song-1.mp3"), bytes);
    EXPECT_EQ(store.read("song-2.mp3"), std::nullopt);
    EXPECT_EQ(store.pathFor("song-1.mp3"), temp.path() / "media" / "song-1.mp3");
    EXPECT_EQ(store.urlFor("cover_2.svg"), "/media/cover_2.svg");
}

TEST(LocalMediaStore, LeavesNoTemporaryFilesBehind) {
    TempDir temp;
    LocalMediaStore store(temp.path());
    store.put("a.mp3", "aaa", "audio/mpeg");
    store.put("b.svg", "<svg/>", "image/svg+xml");
    auto names = entries(temp.path());
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"a.mp3", "b.svg"}));
}

TEST(LocalMediaStore, NeverReplacesAStoredKey) {
    TempDir temp;
    LocalMediaStore store(temp.path());
    store.put("x.mp3", "first", "audio/mpeg");
    EXPECT_EQ(store.put("x.mp3", "second", "audio/mpeg"), "/media/x.mp3");
    EXPECT_EQ(readFile(temp.path() / "x.mp3"), "first");
    EXPECT_EQ(entries(temp.path()).size(), 1u);
}

TEST(LocalMediaStore, StoresEmptyFiles) {
    TempDir temp;
    LocalMediaStore store(temp.path());
    store.put("empty.bin", "", "application/octet-stream");
    EXPECT_TRUE(store.exists("empty.bin"));
    EXPECT_EQ(fs::file_size(temp.path() / "empty.bin"), 0u);
}

TEST(LocalMediaStore, RemoveDeletesAndIgnoresMissingKeys) {
    TempDir temp;
    LocalMediaStore store(temp.path());
    store.put("gone.mp3", "x", "audio/mpeg");
    store.remove("gone.mp3");
    EXPECT_FALSE(store.exists("gone.mp3"));
    EXPECT_FALSE(fs::exists(temp.path() / "gone.mp3"));
    EXPECT_NO_THROW(store.remove("gone.mp3"));
    EXPECT_NO_THROW(store.remove("never-there.mp3"));
}

TEST(LocalMediaStore, RefusesKeysThatAreNotFlatSafeNames) {
    TempDir temp;
    LocalMediaStore store(temp.path() / "media");
    const std::vector<std::string> bad = {"",
                                          "../x.mp3",
                                          "a/b.mp3",
                                          "/etc/passwd",
                                          "..",
                                          "a..b",
                                          ".hidden",
                                          "a\\b",
                                          "a b.mp3",
                                          "歌曲.mp3",
                                          "x\n.mp3",
                                          std::string(201, 'a'),
                                          std::string("a\0b", 3)};
    for (const auto& key : bad) {
        EXPECT_FALSE(LocalMediaStore::isSafeKey(key)) << key;
        EXPECT_THROW(store.put(key, "x", "audio/mpeg"), std::invalid_argument) << key;
        EXPECT_THROW(store.urlFor(key), std::invalid_argument) << key;
        EXPECT_THROW(store.remove(key), std::invalid_argument) << key;
        EXPECT_THROW(static_cast<void>(store.exists(key)), std::invalid_argument) << key;
    }
    EXPECT_FALSE(fs::exists(temp.path() / "media")) << "a refused key must not touch the disk";
    EXPECT_FALSE(fs::exists(temp.path() / "x.mp3"));
    for (const std::string& good :
         std::vector<std::string>{"a", "A-b_c.1.mp3", "0123456789abcdef-1.svg", std::string(200, 'z')}) {
        EXPECT_TRUE(LocalMediaStore::isSafeKey(good)) << good;
    }
}

TEST(LocalMediaStore, ReportsIoFailuresAsMediaError) {
    TempDir temp;
    const fs::path notADirectory = temp.path() / "file";
    std::ofstream(notADirectory) << "occupied";
    LocalMediaStore store(notADirectory);
    EXPECT_THROW(store.put("a.mp3", "x", "audio/mpeg"), MediaError);
    EXPECT_FALSE(store.exists("a.mp3"));
}

TEST(LocalMediaStore, ConcurrentPutsAllLand) {
    TempDir temp;
    LocalMediaStore store(temp.path());
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&store, t] {
            for (int i = 0; i < 25; ++i) {
                std::string key = std::string("t") + std::to_string(t);
                key += '-';
                key += std::to_string(i);
                key += ".bin";
                store.put(key, std::string(1000 + i, static_cast<char>('a' + t)), "application/octet-stream");
                // Everyone also races on one shared key; exactly one version wins, whole.
                store.put("shared.bin", std::string(5000, static_cast<char>('a' + t)), "application/octet-stream");
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    EXPECT_EQ(entries(temp.path()).size(), 101u);
    for (int t = 0; t < 4; ++t) {
        EXPECT_EQ(readFile(temp.path() / (std::string("t") + std::to_string(t) + std::string("-24.bin"))),
                  std::string(1024, static_cast<char>('a' + t)));
    }
    const std::string shared = readFile(temp.path() / "shared.bin");
    ASSERT_EQ(shared.size(), 5000u);
    EXPECT_EQ(shared, std::string(5000, shared[0]));
}

TEST(LocalMediaStore, PutFileStoresAFileWithoutReplacingAndLeavesNoTemporaryFile) {
    TempDir temp;
    LocalMediaStore store(temp.path() / "media");
    const fs::path download = temp.path() / "download.part";
    const std::string bytes(300000, '\x5a');
    std::ofstream(download, std::ios::binary) << bytes;
    EXPECT_EQ(store.putFile("s1.mp3", download.string(), "audio/mpeg"), "/media/s1.mp3");
    EXPECT_TRUE(readFile(store.pathFor("s1.mp3")) == bytes);
    EXPECT_FALSE(fs::exists(download)); // moved in, not copied
    EXPECT_EQ(entries(temp.path() / "media"), std::vector<std::string>{"s1.mp3"});

    std::ofstream(download, std::ios::binary | std::ios::trunc) << "other";
    store.putFile("s1.mp3", download.string(), "audio/mpeg"); // a stored key keeps its bytes
    EXPECT_TRUE(readFile(store.pathFor("s1.mp3")) == bytes);
    EXPECT_THROW(store.putFile("../s2.mp3", download.string(), "audio/mpeg"), std::invalid_argument);
    EXPECT_THROW(store.putFile("s3.mp3", (temp.path() / "missing").string(), "audio/mpeg"), MediaError);
    EXPECT_EQ(entries(temp.path() / "media"), std::vector<std::string>{"s1.mp3"});
}
