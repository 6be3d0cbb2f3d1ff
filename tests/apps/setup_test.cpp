#include "gequ/wiring/config.h"
#include "gequ/wiring/exceptions.h"
#include "gequ/wiring/setup.h"
#include "gequ/wiring/system.h"
#include "temp_dir.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <regex>
#include <set>
#include <sys/stat.h>

using gequ::test::TempDir;
using gequ::wiring::Config;
using gequ::wiring::StartupError;

namespace {

Config configFor(const TempDir& dir, const std::string& extra = {}) {
    return Config::loadFromString("data.dir = " + dir.str() + "/data\n" + extra,
                                  [](const std::string&) -> std::optional<std::string> { return std::nullopt; });
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

} // namespace

TEST(SecretTest, GeneratedOnFirstStartWithMode0600AndReused) {
    TempDir dir;
    Config config = configFor(dir);
    gequ::wiring::SecureRandom random;
    const std::string path = gequ::wiring::defaultSecretPath(config);
    EXPECT_EQ(path, dir.str() + "/data/secret");
    ASSERT_FALSE(std::filesystem::exists(path));

    const std::string first = gequ::wiring::loadOrCreateSecret(config, random);
    EXPECT_TRUE(std::regex_match(first, std::regex("[0-9a-f]{64}"))) << first;
    ASSERT_TRUE(std::filesystem::exists(path));
    struct stat st {};
    ASSERT_EQ(::stat(path.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600);
    EXPECT_EQ(slurp(path), first + "\n");

    EXPECT_EQ(gequ::wiring::loadOrCreateSecret(config, random), first);
    // No temporary files are left behind.
    EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.str() + "/data"), {}), 1);
}

TEST(SecretTest, ConfiguredSecretWinsAndNothingIsWritten) {
    TempDir dir;
    const std::string secret(40, 'k');
    Config config = configFor(dir, "auth.secret = " + secret + "\n");
    gequ::wiring::SecureRandom random;
    EXPECT_EQ(gequ::wiring::loadOrCreateSecret(config, random), secret);
    EXPECT_FALSE(std::filesystem::exists(gequ::wiring::defaultSecretPath(config)));
}

TEST(SecretTest, SecretFileIsReadAndChecked) {
    TempDir dir;
    gequ::wiring::SecureRandom random;
    std::ofstream(dir / "s") << std::string(33, 'x') << "\n";
    EXPECT_EQ(gequ::wiring::loadOrCreateSecret(configFor(dir, "auth.secret_file = " + (dir / "s") + "\n"), random),
              std::string(33, 'x'));

    std::ofstream(dir / "short") << "abc\n";
    EXPECT_THROW(
        gequ::wiring::loadOrCreateSecret(configFor(dir, "auth.secret_file = " + (dir / "short") + "\n"), random),
        StartupError);
    EXPECT_THROW(
        gequ::wiring::loadOrCreateSecret(configFor(dir, "auth.secret_file = " + (dir / "none") + "\n"), random),
        StartupError);
}

TEST(SecretTest, ATamperedGeneratedSecretIsRefused) {
    TempDir dir;
    Config config = configFor(dir);
    gequ::wiring::SecureRandom random;
    std::filesystem::create_directories(config.dataDir());
    std::ofstream(gequ::wiring::defaultSecretPath(config)) << "\n";
    EXPECT_THROW(gequ::wiring::loadOrCreateSecret(config, random), StartupError);
}

TEST(SetupTest, EnsureDirectoriesCreatesDataMediaAndDatabaseFolders) {
    TempDir dir;
    Config config = configFor(dir, "db.url = sqlite:" + dir.str() + "/db/x/gequ.db\n");
    gequ::wiring::ensureDirectories(config);
    EXPECT_TRUE(std::filesystem::is_directory(dir.str() + "/data"));
    EXPECT_TRUE(std::filesystem::is_directory(dir.str() + "/data/media"));
    EXPECT_TRUE(std::filesystem::is_directory(dir.str() + "/db/x"));
    gequ::wiring::ensureDirectories(config); // idempotent

    std::ofstream(dir / "file") << "x";
    EXPECT_THROW(gequ::wiring::ensureDirectories(configFor(dir, "media.dir = " + (dir / "file") + "/m\n")),
                 StartupError);
}

TEST(SystemTest, ClockIdsAndRandomness) {
    gequ::wiring::SystemClock clock;
    const auto a = clock.now();
    const auto b = clock.now();
    EXPECT_LE(a, b);
    EXPECT_GT(gequ::domain::toEpochMillis(a), 1700000000000); // after November 2023

    gequ::wiring::UuidIdGenerator ids;
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) {
        const std::string id = ids.newId();
        EXPECT_TRUE(
            std::regex_match(id, std::regex("[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}")))
            << id;
        seen.insert(id);
    }
    EXPECT_EQ(seen.size(), 100u);

    gequ::wiring::SecureRandom random;
    EXPECT_EQ(random.bytes(0).size(), 0u);
    EXPECT_EQ(random.bytes(32).size(), 32u);
    EXPECT_NE(random.bytes(32), random.bytes(32));
    std::map<std::int64_t, int> counts;
    for (int i = 0; i < 600; ++i) {
        const auto v = random.uniform(1, 6);
        ASSERT_GE(v, 1);
        ASSERT_LE(v, 6);
        ++counts[v];
    }
    EXPECT_EQ(counts.size(), 6u); // every face shows up (failing odds ~ 6 * (5/6)^600)
    EXPECT_EQ(random.uniform(7, 7), 7);
    const auto extreme = random.uniform(INT64_MIN, INT64_MAX);
    (void)extreme;
    EXPECT_THROW(random.uniform(2, 1), std::invalid_argument);
}
