// seed: fills an empty database with a realistic square at benchmark size (bench/api, docs/performance.md).

#include "commands.h"
#include "gequ/db/database.h"
#include "gequ/domain/model/genres.h"

#include <Poco/JSON/Object.h>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <random>
#include <string>
#include <vector>

namespace gequ::cli {

namespace {

/// Rows per bulk transaction.
constexpr int kBatch = 5000;

/// A deterministic source of the seed's choices (the same --seed gives the same database, whatever the library).
class Dice {
public:
    explicit Dice(std::uint64_t seed) : _engine(seed) {}
    /// Uniform in [0, 1).
    double unit() { return static_cast<double>(_engine() >> 11) * 0x1.0p-53; }
    /// Uniform in [0, n).
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(unit() * static_cast<double>(n)); }
    bool chance(double p) { return unit() < p; }
    template <class T, std::size_t N> const T& pick(const std::array<T, N>& from) { return from[below(N)]; }

private:
    std::mt19937_64 _engine;
};

// Words of titles and lyrics. The rare ones appear in about one song in a thousand, so a search for them has few
// matches spread over the whole table (the hard case for a newest-first list).
constexpr std::array<const char*, 48> kWords = {
    "夏夜", "海边", "晚风", "星空", "月光", "城市", "霓虹", "青春", "回忆", "远方", "故乡", "春天",
    "秋雨", "冬雪", "梦想", "心跳", "旅途", "花开", "微笑", "时光", "彩虹", "夕阳", "黎明", "山谷",
    "河流", "雨巷", "灯火", "列车", "咖啡", "街角", "孤独", "温柔", "自由", "勇气", "思念", "约定",
    "告白", "风筝", "萤火", "烟花", "夜空", "海浪", "北方", "南方", "少年", "姑娘", "窗台", "路口"};
constexpr std::array<const char*, 6> kRareWords = {"鲸落", "琥珀", "鹦鹉螺", "银杏", "极光", "蒲公英"};
constexpr std::array<const char*, 10> kTitleEnds = {"",     "",     "",     "之歌", "之夜",
                                                    "物语", "恋曲", "小调", "日记", "进行曲"};
constexpr std::array<const char*, 12> kVerbs = {"轻轻吹过", "慢慢落下", "闪着光",   "在等待",   "悄悄走远", "唱着歌",
                                                "停在这里", "不说再见", "飞向天边", "藏在心里", "一直向前", "温暖了我"};
constexpr std::array<const char*, 6> kEnglish = {"love", "baby", "dream", "forever", "tonight", "hello"};
constexpr std::array<const char*, 12> kNames = {"星河", "阿杰", "小鹿", "晨曦", "木子", "北辰",
                                                "若水", "青禾", "南风", "一一", "知秋", "长歌"};
constexpr std::array<const char*, 4> kModels = {"chirp-v3-5", "chirp-v4-5", "chirp-v4", "chirp-v4-5-plus"};

/// The styles songs carry, the common ones more often, as people choose them.
std::vector<std::string> styleChoices() {
    std::vector<std::string> out;
    for (const auto& group : domain::genreGroups()) {
        for (const auto& entry : group.entries) {
            if (entry.en == "Male Vocal" || entry.en == "Female Vocal") {
                continue; // the gender tag is chosen on its own
            }
            out.push_back(entry.en);
            if (group.key == "common") {
                for (int i = 0; i < 30; ++i) {
                    out.push_back(entry.en);
                }
            }
        }
    }
    return out;
}

std::string tagsOf(Dice& dice, const std::vector<std::string>& styles) {
    std::string tags;
    const double gender = dice.unit();
    if (gender < 0.35) {
        tags = "male vocal";
    } else if (gender < 0.7) {
        tags = "female vocal";
    }
    const std::size_t count = 1 + dice.below(3);
    for (std::size_t i = 0; i < count; ++i) {
        const std::string& style = styles[dice.below(styles.size())];
        if (("," + tags + ",").find("," + style + ",") == std::string::npos) {
            tags += (tags.empty() ? "" : ",") + style;
        }
    }
    return tags;
}

std::string word(Dice& dice) {
    return dice.chance(0.0005) ? dice.pick(kRareWords) : dice.pick(kWords);
}

std::string titleOf(Dice& dice) {
    std::string title = word(dice);
    if (dice.chance(0.5)) {
        title += word(dice);
    }
    return title + dice.pick(kTitleEnds);
}

std::string lyricOf(Dice& dice, const std::string& title) {
    static constexpr std::array<const char*, 4> kSections = {"[Verse]", "[Chorus]", "[Verse]", "[Bridge]"};
    std::string lyric;
    const std::size_t sections = 2 + dice.below(3);
    for (std::size_t s = 0; s < sections; ++s) {
        lyric += std::string(lyric.empty() ? "" : "\n\n") + kSections[s % kSections.size()];
        const std::size_t lines = 2 + dice.below(3);
        for (std::size_t l = 0; l < lines; ++l) {
            std::string line = s == 1 && l == 0 ? title : word(dice) + "的" + word(dice);
            line += dice.pick(kVerbs);
            if (dice.chance(0.03)) {
                line += std::string(" ") + dice.pick(kEnglish);
            }
            lyric += "\n" + line;
        }
    }
    return lyric;
}

std::string padded(std::size_t n, int width) {
    std::string digits = std::to_string(n);
    return std::string(static_cast<std::size_t>(std::max<int>(0, width - static_cast<int>(digits.size()))), '0') +
           digits;
}

int seedCommand(Context& context) {
    const auto songs = intOption(context, "songs", 1000000, 0, 50000000);
    const auto users = intOption(context, "users", 100000, 1, 10000000);
    const auto heavy = intOption(context, "heavy-user-songs", 10000, 0, 10000000);
    const auto seed = intOption(context, "seed", 1, 0, 1 << 30);
    if (!songs || !users || !heavy || !seed) {
        return kExitUsage;
    }
    if (context.config().appEnv() == "production") {
        context.err() << "gequ-admin: 生产环境不能填充测试数据 (app.env = production)\n";
        return kExitFailure;
    }
    auto store = wiring::openStore(context.config(), true);
    const auto existing = domain::readOnly(*store, [](domain::Repositories& repos) { return repos.users().count(); });
    if (existing > 0) {
        context.err() << "gequ-admin: 数据库不是空的（已有 " << existing << " 个用户），只能向空数据库填充测试数据\n";
        return kExitFailure;
    }

    using namespace std::chrono;
    const auto started = steady_clock::now();
    // Times end at the start of today (UTC), so a seed is the same all day; songs are a year's worth, oldest first.
    const auto end = floor<days>(system_clock::now());
    const domain::TimePoint last{duration_cast<milliseconds>(end.time_since_epoch())};
    const domain::Millis year = duration_cast<milliseconds>(days{365});
    Dice dice(static_cast<std::uint64_t>(*seed));
    const std::vector<std::string> styles = styleChoices();

    std::vector<domain::User> userBatch;
    for (int i = 0; i < *users; ++i) {
        domain::User user;
        user.id = "seed-u" + padded(static_cast<std::size_t>(i), 7);
        user.phone = "139" + padded(static_cast<std::size_t>(i), 8);
        user.nickname = std::string(dice.pick(kNames)) + std::to_string(i % 1000);
        user.integral = static_cast<std::int64_t>(dice.below(500));
        user.createdAt = last - year - duration_cast<milliseconds>(days{30}) +
                         domain::Millis(static_cast<std::int64_t>(dice.below(30 * 86400)) * 1000);
        userBatch.push_back(std::move(user));
        if (userBatch.size() == static_cast<std::size_t>(kBatch) || i + 1 == *users) {
            db::bulkInsert(*store, userBatch, {});
            userBatch.clear();
        }
    }

    std::vector<domain::Song> songBatch;
    const double step = static_cast<double>(year.count()) / std::max(1, *songs);
    std::int64_t publicSongs = 0;
    for (int i = 0; i < *songs; ++i) {
        domain::Song song;
        song.id = "seed-s" + padded(static_cast<std::size_t>(i), 8);
        song.taskId = "seed-t" + padded(static_cast<std::size_t>(i / 2), 8);
        song.clipIndex = i % 2;
        // The heavy user's songs are spread through the year; everyone else's owners are skewed (a few make most).
        const bool heavyOne =
            *heavy > 0 && *songs > 0 &&
            static_cast<std::int64_t>(i) * *heavy / *songs != static_cast<std::int64_t>(i + 1) * *heavy / *songs;
        const std::size_t owner =
            heavyOne ? 0 : 1 + static_cast<std::size_t>(std::pow(dice.unit(), 3.0) * (*users - 1));
        song.userId = "seed-u" + padded(std::min<std::size_t>(owner, static_cast<std::size_t>(*users - 1)), 7);
        song.title = titleOf(dice);
        song.tags = tagsOf(dice, styles);
        song.prompt = "一首关于" + song.title + "的歌";
        song.lyric = lyricOf(dice, song.title);
        song.model = dice.pick(kModels);
        song.createdAt = last - year + domain::Millis(static_cast<std::int64_t>(step * i));
        const bool failed = dice.chance(0.03);
        song.complete = failed ? domain::SongStatus::Failed : domain::SongStatus::Done;
        if (!failed) {
            song.imageUrl = "/media/" + song.id + ".svg";
            song.audioUrl = "/media/" + song.id + ".mp3";
            song.duration = 60 + static_cast<double>(dice.below(180));
            song.finishedAt = song.createdAt + domain::Millis(60000);
            song.open = dice.chance(0.82);
            // Engagement has a long tail: most songs are heard a few times, a few thousands of times.
            song.playCount = static_cast<std::int64_t>(std::exp(std::pow(dice.unit(), 2.0) * 11.0)) - 1;
            song.likeCount = static_cast<std::int64_t>(static_cast<double>(song.playCount) * dice.unit() * 0.08);
            song.forwardCount = static_cast<std::int64_t>(static_cast<double>(song.playCount) * dice.unit() * 0.02);
            publicSongs += song.open ? 1 : 0;
        }
        songBatch.push_back(std::move(song));
        if (songBatch.size() == static_cast<std::size_t>(kBatch) || i + 1 == *songs) {
            db::bulkInsert(*store, {}, songBatch);
            songBatch.clear();
            if ((i + 1) % 100000 == 0) {
                context.err() << "seed: " << (i + 1) << " songs\n";
            }
        }
    }
    db::analyze(*store);
    const double seconds = duration<double>(steady_clock::now() - started).count();
    if (context.json()) {
        Poco::JSON::Object::Ptr result = newObject();
        result->set("users", *users);
        result->set("songs", *songs);
        result->set("publicSongs", publicSongs);
        result->set("heavyUserPhone", "13900000000");
        result->set("seconds", seconds);
        context.printJson(result);
    } else {
        context.out() << "seeded " << *users << " users and " << *songs << " songs (" << publicSongs << " public) in "
                      << static_cast<int>(seconds) << " s; 13900000000 owns " << *heavy << " of them\n";
    }
    return kExitOk;
}

} // namespace

void addSeedCommands(CommandTable& table) {
    table.add({.path = {"seed"},
               .summary = "fill an empty database with a realistic square (benchmarks)",
               .description =
                   "Bulk-inserts --users users (phones 13900000000 up) and --songs songs over the past year: Chinese "
                   "titles and\nlyrics, styles from the genre dictionary, long-tailed plays, likes and shares, about "
                   "80% public.\n13900000000 owns --heavy-user-songs of them. The same --seed gives the same data. "
                   "Refuses a database\nthat has users, and app.env = production.",
               .options = {{"songs", "N", "how many songs (default 1000000)"},
                           {"users", "N", "how many users (default 100000)"},
                           {"heavy-user-songs", "N", "songs of the first user (default 10000)"},
                           {"seed", "N", "the random seed (default 1)"}},
               .minArguments = 0,
               .maxArguments = 0,
               .run = seedCommand});
}

} // namespace gequ::cli
