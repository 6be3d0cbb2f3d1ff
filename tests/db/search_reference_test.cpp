// Search against a brute-force reference: a seeded database of a few thousand songs (common and rare words, private,
// hidden, deleted and failed songs among them), a few hundred random keywords cut from its titles, tags and lyrics,
// and for each keyword every song scanned here by the rules of docs/product.md. Whatever plan the repository picks
// for a keyword (docs/performance.md, "Search"), its pages must be the reference's.

#include "connection.h"
#include "gequ/domain/model/text.h"
#include "sql_store.h"
#include "test_support.h"
#include "url.h"

#include <algorithm>
#include <array>
#include <random>
#include <sstream>
#include <thread>

namespace gequ::db::test {
namespace {

using domain::Repositories;

constexpr std::array<const char*, 24> kCommon = {"夏夜", "海边", "晚风", "星空", "月光", "城市", "霓虹", "青春",
                                                 "回忆", "远方", "故乡", "春天", "秋雨", "梦想", "心跳", "旅途",
                                                 "花开", "微笑", "时光", "彩虹", "夕阳", "黎明", "Love", "baby"};
constexpr std::array<const char*, 6> kRare = {"鲸落", "琥珀", "鹦鹉螺", "银杏", "极光", "Nautilus"};
constexpr std::array<const char*, 6> kVerbs = {"轻轻吹过", "慢慢落下", "闪着光", "在等待", "唱着歌", "飞向天边"};
constexpr std::array<const char*, 6> kEnds = {"", "", "之歌", "物语", " 2024", "恋曲"};
constexpr std::array<const char*, 6> kStyles = {"pop", "Rock", "lo-fi", "male vocal", "Jazz", "古风"};

class Dice {
public:
    explicit Dice(std::uint64_t seed) : _engine(seed) {}
    std::size_t below(std::size_t n) { return static_cast<std::size_t>(_engine() % n); }
    bool chance(int percent) { return below(100) < static_cast<std::size_t>(percent); }
    template <class T, std::size_t N> const T& pick(const std::array<T, N>& from) { return from[below(N)]; }

private:
    std::mt19937_64 _engine;
};

/// The reference: what a keyword finds in one song. One or two characters match the title only (never across
/// whitespace); three or more match the title, the tags or the lyric; ASCII letters ignore case.
bool matches(const domain::Song& song, const std::string& keyword) {
    const std::string wanted = domain::toLowerAscii(keyword);
    const auto in = [&](const std::string& text) {
        return domain::toLowerAscii(text).find(wanted) != std::string::npos;
    };
    if (domain::codePointCount(keyword) < 3) {
        return wanted.find_first_of(" \t\r\n") == std::string::npos && in(song.title);
    }
    return in(song.title) || in(song.tags) || in(song.lyric);
}

bool isPublic(const domain::Song& song) {
    return song.open && song.complete == domain::SongStatus::Done && !song.hidden && !song.deletedAt;
}

/// A piece of 1 to 8 characters of `text` starting at a random character, trimmed as the square trims keywords.
std::string cut(Dice& dice, const std::string& text) {
    const std::u32string chars = domain::decodeUtf8(text);
    if (chars.empty()) {
        return "";
    }
    const std::size_t start = dice.below(chars.size());
    const std::size_t length = 1 + dice.below(8);
    std::string piece = domain::encodeUtf8(std::u32string_view(chars).substr(start, length));
    if (piece.find('\n') != std::string::npos) {
        piece = piece.substr(0, piece.find('\n'));
    }
    return domain::trim(piece);
}

class SearchReferenceTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        Dice dice(20261127);
        std::vector<domain::User> users;
        for (int i = 0; i < 20; ++i) {
            users.push_back(makeUser("su" + std::to_string(i), "1370000" + std::to_string(1000 + i)));
        }
        const auto word = [&] { return std::string(dice.chance(2) ? dice.pick(kRare) : dice.pick(kCommon)); };
        for (int i = 0; i < kSongs; ++i) {
            // Ids out of step with time, so ties and id order never stand in for creation order; two months of songs,
            // so the newest days PostgreSQL searches a day at a time hold only some of them.
            auto song = makeSong("sr" + std::to_string((i * 7919) % 100000), users[dice.below(users.size())].id,
                                 kT0 + std::chrono::minutes(i * 29));
            song.title = word() + (dice.chance(40) ? word() : "") + dice.pick(kEnds);
            song.tags =
                std::string(dice.pick(kStyles)) + (dice.chance(50) ? std::string(",") + dice.pick(kStyles) : "");
            song.lyric = "[Verse]";
            const std::size_t lines = 2 + dice.below(5);
            for (std::size_t l = 0; l < lines; ++l) {
                song.lyric += "\n" + word() + "的" + word() + dice.pick(kVerbs) +
                              (dice.chance(5) ? " 0" + std::to_string(l) : "");
            }
            song.open = !dice.chance(15);
            song.hidden = dice.chance(3);
            if (dice.chance(3)) {
                song.complete = domain::SongStatus::Failed;
            }
            if (dice.chance(3)) {
                song.deletedAt = song.createdAt + std::chrono::hours(1);
            }
            _songs.push_back(std::move(song));
        }
        bulkInsert(store(), users, _songs);
        // Some songs change after the bulk load, through the repository as the site changes them.
        writing(store(), [&](Repositories& repos) {
            for (int i = 0; i < 60; ++i) {
                auto& song = _songs[dice.below(_songs.size())];
                if (song.deletedAt) {
                    continue;
                }
                song.title = word() + "新歌" + std::to_string(i);
                song.lyric += "\n改过的一行" + word();
                song.open = !song.open;
                repos.songs().update(song);
            }
        });
        analyze(store());
        // Newest first: creation time, then id (the databases' order; times here are distinct).
        std::sort(_songs.begin(), _songs.end(), [](const domain::Song& a, const domain::Song& b) {
            return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;
        });
    }

    std::vector<std::string> expected(const std::string& keyword, domain::Page page) const {
        std::vector<std::string> out;
        int seen = 0;
        for (const auto& song : _songs) {
            if (!isPublic(song) || !matches(song, keyword)) {
                continue;
            }
            if (seen++ >= page.offset && static_cast<int>(out.size()) < page.limit) {
                out.push_back(song.id);
            }
        }
        return out;
    }

    std::vector<std::string> found(domain::Store& through, const std::string& keyword, domain::Page page) {
        std::vector<std::string> out;
        // Through the store, as the square searches: its index in memory once started, else the database's indexes.
        for (const auto& song : through.searchText(keyword, page)) {
            out.push_back(song.id);
        }
        return out;
    }
    std::vector<std::string> found(const std::string& keyword, domain::Page page) {
        return found(store(), keyword, page);
    }

    /// Compares the search with the reference for a few hundred keywords: common, rare and missing ones.
    void checkKeywords(domain::Store& through) {
        Dice dice(7);
        std::vector<std::string> keywords = {"的",           "Verse",  "verse", "[Verse]\n",  "之歌",
                                             "轻轻吹过",     "的晚风", "鲸落",  "鹦鹉螺的",   "NAUTILUS",
                                             "2024",         " 0",     "新歌1", "改过的一行", "没有这首歌",
                                             "极光极光极光", "e v",    "lo-fi", "pop,rock"};
        while (keywords.size() < 320) {
            const auto& song = _songs[dice.below(_songs.size())];
            const std::size_t field = dice.below(10);
            std::string keyword = cut(dice, field < 3 ? song.title : field < 4 ? song.tags : song.lyric);
            if (keyword.empty()) {
                continue;
            }
            if (dice.chance(10)) {
                std::transform(keyword.begin(), keyword.end(), keyword.begin(),
                               [](char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; });
            }
            keywords.push_back(keyword);
        }
        int nonEmpty = 0, common = 0, rare = 0;
        for (const auto& keyword : keywords) {
            SCOPED_TRACE("keyword \"" + keyword + "\"");
            const auto all = expected(keyword, {0, 1000});
            nonEmpty += all.empty() ? 0 : 1;
            common += all.size() >= 200 ? 1 : 0;
            rare += !all.empty() && all.size() < 20 ? 1 : 0;
            ASSERT_EQ(found(through, keyword, {0, 20}), expected(keyword, {0, 20}));
            ASSERT_EQ(found(through, keyword, {20, 20}), expected(keyword, {20, 20}));
            const domain::Page deep{static_cast<int>(dice.below(980)), static_cast<int>(1 + dice.below(50))};
            ASSERT_EQ(found(through, keyword, deep), expected(keyword, deep))
                << "page at " << deep.offset << ", " << deep.limit;
        }
        // The keywords cover what the test means to cover: common ones, rare ones, and ones that find nothing.
        EXPECT_GT(common, 40);
        EXPECT_GT(rare, 40);
        EXPECT_LT(nonEmpty, static_cast<int>(keywords.size()));
    }

    static constexpr int kSongs = 3000;
    std::vector<domain::Song> _songs;
};

TEST_P(SearchReferenceTest, EveryKeywordFindsWhatScanningEverySongFinds) {
    checkKeywords(store());
}

TEST_P(SearchReferenceTest, TheIndexInMemoryFindsWhatScanningEverySongFinds) {
    startSearchIndex(store(), std::chrono::milliseconds{50});
    ASSERT_TRUE(waitForSearchIndex(store(), std::chrono::seconds{60}));
    checkKeywords(store());
}

TEST_P(SearchReferenceTest, TheIndexInMemoryFollowsChangesMadeHereAtOnceAndElsewhereAtItsNextPoll) {
    startSearchIndex(store(), std::chrono::milliseconds{50});
    ASSERT_TRUE(waitForSearchIndex(store(), std::chrono::seconds{60}));
    Dice dice(23);
    // Through this store: published, withdrawn, renamed, deleted, and new songs, older and newer than the rest.
    const auto change = [&](domain::Store& through, int round) {
        writing(through, [&](Repositories& repos) {
            for (int i = 0; i < 40; ++i) {
                auto& song = _songs[dice.below(_songs.size())];
                if (song.deletedAt) {
                    continue;
                }
                switch (dice.below(4)) {
                case 0:
                    song.open = !song.open;
                    break;
                case 1:
                    song.title = "鲸落" + std::to_string(round) + "号" + std::to_string(i);
                    song.lyric += "\n鹦鹉螺的晚风" + std::to_string(i);
                    break;
                case 2:
                    song.hidden = !song.hidden;
                    break;
                default:
                    song.deletedAt = song.createdAt + std::chrono::hours(2);
                    break;
                }
                repos.songs().update(song);
            }
            for (int i = 0; i < 5; ++i) {
                auto song = makeSong("new" + std::to_string(round) + "-" + std::to_string(i), _songs.front().userId,
                                     kT0 + std::chrono::minutes(dice.below(kSongs * 30)));
                song.title = "鲸落的晚风" + std::to_string(i);
                song.tags = "pop";
                song.lyric = "[Verse]\n鹦鹉螺的晚风轻轻吹过";
                repos.songs().insert(song);
                _songs.push_back(song);
            }
        });
        std::sort(_songs.begin(), _songs.end(), [](const domain::Song& a, const domain::Song& b) {
            return a.createdAt != b.createdAt ? a.createdAt > b.createdAt : a.id > b.id;
        });
    };
    const std::vector<std::string> keywords = {"鲸落", "鲸",       "的晚风", "鹦鹉螺的晚风",
                                               "号1",  "晚风轻轻", "pop",    "夏夜"};
    const auto check = [&] {
        for (const auto& keyword : keywords) {
            SCOPED_TRACE("keyword \"" + keyword + "\"");
            EXPECT_EQ(found(keyword, {0, 20}), expected(keyword, {0, 20}));
            EXPECT_EQ(found(keyword, {0, 1000}), expected(keyword, {0, 1000}));
        }
    };
    change(store(), 1);
    check(); // at once: this store read them again as it committed
    // Through another instance (its own store): seen here at the next poll.
    auto other = openAgain();
    change(*other, 2);
    const auto caughtUp = [&] {
        return std::all_of(keywords.begin(), keywords.end(), [&](const std::string& keyword) {
            return found(keyword, {0, 1000}) == expected(keyword, {0, 1000});
        });
    };
    // Polled every 50 ms; a loaded machine may take longer, so wait up to 20 s before comparing in detail.
    for (int i = 0; i < 400 && !caughtUp(); ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds{50});
    }
    check();
}

/// Every field a list row shows, as text, for comparing whole rows.
std::string describe(const domain::Song& s) {
    const auto at = [](std::optional<domain::TimePoint> t) {
        return t ? std::to_string(domain::toEpochMillis(*t)) : std::string("-");
    };
    std::ostringstream out;
    out << s.id << '|' << s.taskId << '|' << s.userId << '|' << s.clipIndex << '|' << s.title << '|' << s.tags << '|'
        << s.prompt << '|' << s.lyric << '|' << s.model << '|' << s.imageUrl << '|' << s.audioUrl << '|' << s.streamUrl
        << '|' << s.upstreamAudioUrl << '|' << s.upstreamImageUrl << '|' << s.duration << '|'
        << static_cast<int>(s.complete) << '|' << s.open << '|' << s.hidden << '|' << at(s.deletedAt) << '|'
        << s.playCount << '|' << s.forwardCount << '|' << s.likeCount << '|' << s.hotness << '|' << at(s.createdAt)
        << '|' << at(s.finishedAt) << '|' << s.sourceId << '|' << static_cast<int>(s.origin) << '|' << s.userName;
    return out.str();
}

TEST_P(SearchReferenceTest, TheIndexInMemoryShowsTheRowsTheDatabaseHoldsAndFollowsTheirCountsAndNames) {
    startSearchIndex(store(), std::chrono::milliseconds{50});
    ASSERT_TRUE(waitForSearchIndex(store(), std::chrono::seconds{60}));
    const std::vector<std::string> keywords = {"的晚风", "鲸落", "pop", "夏", "轻轻吹过"};
    // The rows as the database's own search reads them (the repository, not the store's index).
    const auto fromDatabase = [&](const std::string& keyword) {
        std::vector<std::string> rows;
        for (const auto& song : reading(store(), [&](Repositories& repos) {
                 return repos.songs().searchText(keyword, {0, 50});
             })) {
            rows.push_back(describe(song));
        }
        return rows;
    };
    const auto fromIndex = [&](const std::string& keyword) {
        std::vector<std::string> rows;
        for (const auto& song : store().searchText(keyword, {0, 50})) {
            rows.push_back(describe(song));
        }
        return rows;
    };
    const auto same = [&] {
        return std::all_of(keywords.begin(), keywords.end(),
                           [&](const std::string& keyword) { return fromIndex(keyword) == fromDatabase(keyword); });
    };
    for (const auto& keyword : keywords) {
        SCOPED_TRACE("keyword \"" + keyword + "\"");
        const auto rows = fromIndex(keyword);
        EXPECT_FALSE(rows.empty());
        EXPECT_EQ(rows, fromDatabase(keyword));
    }
    // Plays, shares and likes counted and a name changed, through this instance and another: every row the index
    // shows catches up by its next poll.
    auto other = openAgain();
    Dice dice(31);
    for (domain::Store* through : {&store(), other.get()}) {
        const auto shown = store().searchText("的晚风", {0, 50});
        ASSERT_FALSE(shown.empty());
        const auto before = fromDatabase("的晚风");
        writing(*through, [&](Repositories& repos) {
            for (int i = 0; i < 20; ++i) {
                const auto& song = shown[dice.below(shown.size())];
                repos.songs().addCounts(song.id, 1 + dice.below(5), dice.below(2), dice.below(3));
            }
            const auto& owner = shown[dice.below(shown.size())].userId;
            repos.users().updateNickname(owner, "改名的人" + std::to_string(dice.below(1000)));
        });
        ASSERT_NE(fromDatabase("的晚风"), before); // the writes changed what the rows show
        for (int i = 0; i < 400 && !same(); ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds{50});
        }
        for (const auto& keyword : keywords) {
            SCOPED_TRACE("keyword \"" + keyword + "\"");
            EXPECT_EQ(fromIndex(keyword), fromDatabase(keyword));
        }
    }
}

TEST_P(SearchReferenceTest, TheSearchIndexIsMergedBackWhileServingAndAnswersTheSame) {
    if (GetParam() != Backend::Sqlite) {
        EXPECT_EQ(tidySearchIndex(store()), 0); // nothing to do on PostgreSQL
        return;
    }
    // Many small segments, as a busy site's inserts leave them when FTS5's own automerge lags (turned off here).
    {
        detail::Connection raw(detail::parseUrl(_url));
        raw.execute("INSERT INTO songs_fts (songs_fts, rank) VALUES ('automerge', 0)");
    }
    Dice dice(11);
    for (int i = 0; i < 12;) {
        auto& song = _songs[dice.below(_songs.size())];
        if (song.deletedAt) {
            continue;
        }
        song.lyric += "\n又一行" + std::to_string(i++);
        writing(store(), [&](Repositories& repos) { repos.songs().update(song); });
    }
    const int before = tidySearchIndex(store());
    EXPECT_GT(before, kSearchSegmentsKept);
    int steps = 1, now = before;
    while ((now = tidySearchIndex(store())) > kSearchSegmentsKept && steps < 100) {
        ++steps;
    }
    EXPECT_LE(now, kSearchSegmentsKept) << "after " << steps << " steps";
    for (const std::string keyword : {"的晚风", "轻轻吹过", "又一行", "鹦鹉螺", "lo-fi"}) {
        SCOPED_TRACE("keyword \"" + keyword + "\"");
        EXPECT_EQ(found(keyword, {0, 20}), expected(keyword, {0, 20}));
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, SearchReferenceTest, testing::Values(Backend::Sqlite, Backend::Postgresql),
                         backendName);

} // namespace
} // namespace gequ::db::test
