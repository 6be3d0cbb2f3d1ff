// gequ-admin compose: writes two playable MP3s and their covers, and prints where.

#ifdef GEQU_ADMIN_BIN

#include "mp3_probe.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>

namespace fs = std::filesystem;

namespace {

struct CommandResult {
    int status = -1;
    std::string out;
};

CommandResult run(const std::string& arguments) {
    // An empty environment for the configuration: the defaults, whatever the machine's GEQU_* variables say.
    const std::string command =
        "env -u GEQU_COMPOSER_SOUNDFONT GEQU_DATA_DIR=" + (fs::temp_directory_path() / "gequ-compose-data").string() +
        " " + GEQU_ADMIN_BIN + " " + arguments + " 2>&1";
    CommandResult result;
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        return result;
    }
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) {
        result.out.append(buffer.data(), n);
    }
    const int status = ::pclose(pipe);
    result.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

std::string readFile(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream out;
    out << in.rdbuf();
    return out.str();
}

class ComposeCommand : public ::testing::Test {
protected:
    void SetUp() override {
        _dir = fs::temp_directory_path() / ("gequ-compose-" + std::to_string(::getpid()));
        fs::remove_all(_dir);
        fs::create_directories(_dir);
    }
    void TearDown() override { fs::remove_all(_dir); }
    fs::path _dir;
};

} // namespace

TEST_F(ComposeCommand, WritesTwoPlayableClipsWithCoversAndPrintsThem) {
    const fs::path lyrics = _dir / "lyrics.txt";
    std::ofstream(lyrics) << "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n\n[副歌]\n你是我的天空\n我们一起前行\n";
    const fs::path out = _dir / "out";
    const CommandResult r = run("compose --style \"pop,female vocal\" --title 晚风 --lyrics " + lyrics.string() +
                                " --seconds 6 --out " + out.string());
    ASSERT_EQ(r.status, 0) << r.out;
    int mp3s = 0;
    for (const auto& entry : fs::directory_iterator(out)) {
        const fs::path& path = entry.path();
        if (path.extension() == ".mp3") {
            ++mp3s;
            EXPECT_NE(r.out.find(path.string()), std::string::npos) << "the path is printed: " << r.out;
            const auto mp3 = gequ::composer::test::decodeMp3(readFile(path));
            EXPECT_EQ(mp3.sampleRate, 44100);
            EXPECT_EQ(mp3.channels, 2);
            EXPECT_NEAR(mp3.seconds(), 6.0, 2.0);
            EXPECT_GT(mp3.rms(), 0.02);
            fs::path cover = path;
            cover.replace_extension(".svg");
            EXPECT_TRUE(fs::exists(cover)) << cover;
        }
    }
    EXPECT_EQ(mp3s, 2);
    EXPECT_NE(r.out.find("6.0 s"), std::string::npos) << "durations are printed: " << r.out;
}

TEST_F(ComposeCommand, WritesTheStemsAndGivesEachClipsTimelineInJson) {
    {
        std::ofstream lyrics(_dir / "lyrics.txt");
        lyrics << "[主歌]\n夏夜的海风\n吹过我的脸\n";
    }
    const CommandResult result =
        run("--json compose --style pop --gender male --title 夏夜 --lyrics " + (_dir / "lyrics.txt").string() +
            " --seconds 8 --out " + (_dir / "out").string() + " --stems " + (_dir / "stems").string());
    ASSERT_EQ(result.status, 0) << result.out;
    for (const std::string clip : {"-1", "-2"}) {
        int vocal = 0;
        int accompaniment = 0;
        for (const auto& entry : fs::directory_iterator(_dir / "stems")) {
            const std::string name = entry.path().filename().string();
            if (name.ends_with(clip + ".vocal.wav")) {
                ++vocal;
                EXPECT_EQ(readFile(entry.path()).substr(0, 4), "RIFF");
                EXPECT_GT(fs::file_size(entry.path()), 8U * 44100 * 4 - 4096);
            }
            accompaniment += name.ends_with(clip + ".accompaniment.wav") ? 1 : 0;
        }
        EXPECT_EQ(vocal, 1) << clip;
        EXPECT_EQ(accompaniment, 1) << clip;
    }
    // Each clip names its stems and gives its timeline: lines and words with their seconds.
    EXPECT_NE(result.out.find("\"vocal\":"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("\"timeline\":[{\"text\":\"夏夜的海风\",\"start\":"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("\"words\":[{\"text\":\"夏\",\"start\":"), std::string::npos) << result.out;
}

TEST_F(ComposeCommand, AnswersJsonAndWritesTheSameFilesForTheSameOptions) {
    const std::string args = "--json compose --style Rock --title 燃烧 --instrumental --seconds 5 --out ";
    const CommandResult first = run(args + (_dir / "a").string());
    const CommandResult second = run(args + (_dir / "b").string());
    ASSERT_EQ(first.status, 0) << first.out;
    ASSERT_EQ(second.status, 0) << second.out;
    EXPECT_NE(first.out.find("\"clips\""), std::string::npos) << first.out;
    EXPECT_NE(first.out.find("rock,instrumental"), std::string::npos) << first.out;
    for (const auto& entry : fs::directory_iterator(_dir / "a")) {
        EXPECT_EQ(readFile(entry.path()), readFile(_dir / "b" / entry.path().filename())) << entry.path();
    }
}

TEST_F(ComposeCommand, RefusesBadInput) {
    EXPECT_EQ(run("compose --title x --out " + _dir.string() + " --seconds 2").status, 2);
    EXPECT_EQ(run("compose --title x --out " + _dir.string() + " --model chirp-v9").status, 2);
    EXPECT_EQ(run("compose --out " + _dir.string()).status, 2);
    const CommandResult refused = run("compose --title 周杰伦的歌 --out " + _dir.string());
    EXPECT_EQ(refused.status, 1);
    EXPECT_NE(refused.out.find("内容未通过安全审核"), std::string::npos) << refused.out;
    const CommandResult missing =
        run("compose --title x --soundfont /nonexistent.sf2 --seconds 5 --out " + _dir.string());
    EXPECT_EQ(missing.status, 1);
    EXPECT_NE(missing.out.find("音色库加载失败"), std::string::npos) << missing.out;
}

#endif
