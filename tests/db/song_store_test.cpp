// Songs: storage, the public lists, search, likes and plays.

#include "gequ/db/db_exception.h"
#include "gequ/domain/model/hotness.h"
#include "repositories.h"
#include "test_support.h"

#include <algorithm>
#include <functional>
#include <map>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::Repositories;
using domain::SongOrder;

std::vector<std::string> ids(const std::vector<domain::Song>& songs) {
    std::vector<std::string> out;
    for (const auto& song : songs) {
        out.push_back(song.id);
    }
    return out;
}

std::vector<std::string> ids(const std::vector<domain::OwnSong>& songs) {
    std::vector<std::string> out;
    for (const auto& own : songs) {
        out.push_back(own.song.id);
    }
    return out;
}

class SongTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        addUser("u1", "13800000001");
        addUser("u2", "13800000002");
        writing(store(), [](Repositories& repos) { repos.users().updateNickname("u1", "周杰"); });
    }

    void insert(const std::vector<domain::Song>& songs) {
        writing(store(), [&](Repositories& repos) {
            for (const auto& song : songs) {
                repos.songs().insert(song);
            }
        });
    }

    std::vector<std::string> search(const std::string& text) {
        return ids(reading(store(), [&](Repositories& repos) { return repos.songs().searchText(text, {0, 50}); }));
    }
    std::vector<std::string> style(const std::string& text) {
        return ids(reading(store(), [&](Repositories& repos) { return repos.songs().searchByStyle(text, {0, 50}); }));
    }
};

TEST_P(SongTest, RoundTripsEveryFieldAndJoinsTheOwnerName) {
    domain::Song song = makeSong("s1", "u1", kT0);
    song.clipIndex = 1;
    song.tags = "male vocal,流行,rock";
    song.prompt = "一首关于夏天的歌";
    song.lyric = "[Verse]\n夏天的风\n轻轻吹过";
    song.imageUrl = "/media/s1.png";
    song.audioUrl = "/media/s1.mp3";
    song.streamUrl = "https://cdn.example/s1.m3u8";
    song.upstreamAudioUrl = "https://cdn.example/s1.mp3";
    song.upstreamImageUrl = "https://cdn.example/s1.png";
    song.duration = 187.25;
    song.complete = domain::SongStatus::Failed;
    song.open = false;
    song.hidden = true;
    song.deletedAt = kT0 + 1h;
    song.playCount = 7;
    song.forwardCount = 3;
    song.likeCount = 2;
    song.hotness = 1.0 / 3.0; // ignored: the stored key is derived from the counters and the creation time
    song.finishedAt = kT0 + 2min;
    insert({song});

    const auto found = reading(store(), [](Repositories& repos) { return repos.songs().findById("s1"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->id, "s1");
    EXPECT_EQ(found->taskId, "task-s1");
    EXPECT_EQ(found->userId, "u1");
    EXPECT_EQ(found->clipIndex, 1);
    EXPECT_EQ(found->title, "歌曲s1");
    EXPECT_EQ(found->tags, "male vocal,流行,rock");
    EXPECT_EQ(found->prompt, song.prompt);
    EXPECT_EQ(found->lyric, song.lyric);
    EXPECT_EQ(found->model, "chirp-v3-5");
    EXPECT_EQ(found->imageUrl, song.imageUrl);
    EXPECT_EQ(found->audioUrl, song.audioUrl);
    EXPECT_EQ(found->streamUrl, song.streamUrl);
    EXPECT_EQ(found->upstreamAudioUrl, song.upstreamAudioUrl);
    EXPECT_EQ(found->upstreamImageUrl, song.upstreamImageUrl);
    EXPECT_DOUBLE_EQ(found->duration, 187.25);
    EXPECT_EQ(found->complete, domain::SongStatus::Failed);
    EXPECT_FALSE(found->open);
    EXPECT_TRUE(found->hidden);
    EXPECT_EQ(found->deletedAt, kT0 + 1h);
    EXPECT_EQ(found->playCount, 7);
    EXPECT_EQ(found->forwardCount, 3);
    EXPECT_EQ(found->likeCount, 2);
    // Survives the text form PostgreSQL's connector uses, to the last bit.
    EXPECT_EQ(found->hotness, domain::hotRank(7, 2, 3, kT0));
    EXPECT_EQ(found->createdAt, kT0);
    EXPECT_EQ(found->finishedAt, kT0 + 2min);
    EXPECT_EQ(found->userName, "周杰");
    EXPECT_FALSE(reading(store(), [](Repositories& repos) { return repos.songs().findById("nope"); }));
}

TEST_P(SongTest, ListMadeFromIsTheUsersLiveSongsOfASourceOldestFirst) {
    const auto madeFrom = [&](const std::string& user, const std::string& source) {
        return ids(reading(store(), [&](Repositories& repos) { return repos.songs().listMadeFrom(user, source); }));
    };
    auto made = [](const std::string& id, const std::string& user, domain::TimePoint at, const std::string& source,
                   domain::TaskAction origin) {
        domain::Song song = makeSong(id, user, at);
        song.sourceId = source;
        song.origin = origin;
        return song;
    };
    domain::Song deleted = made("gone", "u1", kT0 + 3min, "src", domain::TaskAction::Stems);
    deleted.deletedAt = kT0 + 4min;
    insert({makeSong("src", "u1", kT0), made("b", "u1", kT0 + 2min, "src", domain::TaskAction::AllStems),
            made("a", "u1", kT0 + 1min, "src", domain::TaskAction::Stems), deleted,
            made("other", "u1", kT0 + 1min, "elsewhere", domain::TaskAction::Stems),
            made("theirs", "u2", kT0 + 1min, "src", domain::TaskAction::Cover)});
    EXPECT_EQ(madeFrom("u1", "src"), (std::vector<std::string>{"a", "b"}));
    EXPECT_EQ(madeFrom("u2", "src"), (std::vector<std::string>{"theirs"}));
    EXPECT_EQ(madeFrom("u1", "nothing"), std::vector<std::string>{});
}

TEST_P(SongTest, UpdateWritesTheMutableFieldsButNotTheCounters) {
    domain::Song song = makeSong("s1", "u1", kT0);
    song.complete = domain::SongStatus::Generating;
    song.open = false;
    song.finishedAt = std::nullopt;
    insert({song});
    writing(store(), [](Repositories& repos) { repos.songs().addCounts("s1", 5, 2, 1); });

    song.title = "新标题";
    song.tags = "jazz";
    song.lyric = "新的歌词";
    song.audioUrl = "/media/s1.mp3";
    song.duration = 99.5;
    song.complete = domain::SongStatus::Done;
    song.open = true;
    song.hidden = true;
    song.finishedAt = kT0 + 3min;
    song.deletedAt = kT0 + 4min;
    song.playCount = 0; // stale copy: must not overwrite the stored counters
    writing(store(), [&](Repositories& repos) { repos.songs().update(song); });

    const auto found = reading(store(), [](Repositories& repos) { return repos.songs().findById("s1"); });
    ASSERT_TRUE(found);
    EXPECT_EQ(found->title, "新标题");
    EXPECT_EQ(found->tags, "jazz");
    EXPECT_EQ(found->lyric, "新的歌词");
    EXPECT_EQ(found->audioUrl, "/media/s1.mp3");
    EXPECT_DOUBLE_EQ(found->duration, 99.5);
    EXPECT_EQ(found->complete, domain::SongStatus::Done);
    EXPECT_TRUE(found->open);
    EXPECT_TRUE(found->hidden);
    EXPECT_EQ(found->finishedAt, kT0 + 3min);
    EXPECT_EQ(found->deletedAt, kT0 + 4min);
    EXPECT_EQ(found->playCount, 5);
    EXPECT_EQ(found->forwardCount, 2);
    EXPECT_EQ(found->likeCount, 1);
}

/// One visible song and one of each kind the public lists must leave out.
std::vector<domain::Song> visibilityFixture() {
    auto visible = makeSong("visible", "u1", kT0);
    auto privateSong = makeSong("private", "u1", kT0 + 1min);
    privateSong.open = false;
    auto hidden = makeSong("hidden", "u1", kT0 + 2min);
    hidden.hidden = true;
    auto deleted = makeSong("deleted", "u1", kT0 + 3min);
    deleted.deletedAt = kT0 + 4min;
    auto generating = makeSong("generating", "u2", kT0 + 5min);
    generating.complete = domain::SongStatus::Generating;
    auto failed = makeSong("failed", "u2", kT0 + 6min);
    failed.complete = domain::SongStatus::Failed;
    std::vector<domain::Song> songs{visible, privateSong, hidden, deleted, generating, failed};
    for (auto& song : songs) {
        song.title = "月光下的" + song.id;
        song.lyric = "月光 moon 月";
        song.tags = "pop,Dream Pop";
    }
    return songs;
}

TEST_P(SongTest, PublicListsShowOnlyPublicFinishedVisibleSongs) {
    insert(visibilityFixture());
    const std::vector<std::string> onlyVisible{"visible"};
    EXPECT_EQ(ids(reading(store(),
                          [](Repositories& r) {
                              return r.songs().listPublic(SongOrder::Newest, {0, 50});
                          })),
              onlyVisible);
    EXPECT_EQ(ids(reading(store(),
                          [](Repositories& r) {
                              return r.songs().listPublic(SongOrder::Hotness, {0, 50});
                          })),
              onlyVisible);
    EXPECT_EQ(search("月光下"), onlyVisible);
    EXPECT_EQ(search("月光"), onlyVisible);
    EXPECT_EQ(search("月"), onlyVisible);
    EXPECT_EQ(search("moon"), onlyVisible);
    EXPECT_EQ(style("pop"), onlyVisible);
}

TEST_P(SongTest, NewestListIsNewestFirstInPages) {
    insert({makeSong("a", "u1", kT0), makeSong("b", "u2", kT0 + 2min), makeSong("c", "u1", kT0 + 1min),
            makeSong("d", "u1", kT0 + 1min)});
    const auto first = reading(store(), [](Repositories& r) {
        return r.songs().listPublic(SongOrder::Newest, {0, 2});
    });
    const auto rest = reading(store(), [](Repositories& r) { return r.songs().listPublic(SongOrder::Newest, {2, 2}); });
    EXPECT_EQ(ids(first), (std::vector<std::string>{"b", "d"})); // c and d tie on time: the id decides, stably
    EXPECT_EQ(ids(rest), (std::vector<std::string>{"c", "a"}));
    EXPECT_EQ(first[0].userName, "用户0002");
    EXPECT_EQ(first[1].userName, "周杰");
}

TEST_P(SongTest, HotListOrdersByHotnessThenNewer) {
    auto cold = makeSong("cold", "u1", kT0 - 72h);
    cold.playCount = 1;
    auto hot = makeSong("hot", "u1", kT0 - 24h);
    hot.playCount = 500;
    auto plain = makeSong("plain", "u1", kT0);
    auto plainOlder = makeSong("plain-older", "u2", kT0 - 1min);
    insert({cold, hot, plain, plainOlder});
    const auto hotList = [&] {
        return ids(reading(store(), [](Repositories& r) { return r.songs().listPublic(SongOrder::Hotness, {0, 10}); }));
    };
    EXPECT_EQ(hotList(), (std::vector<std::string>{"hot", "plain", "plain-older", "cold"}));
    // The stored key is hotRank of what the counters became, at once.
    writing(store(), [](Repositories& r) { r.songs().addCounts("cold", 100000, 0, 0); });
    EXPECT_EQ(hotList(), (std::vector<std::string>{"cold", "hot", "plain", "plain-older"}));
    const auto found = reading(store(), [](Repositories& r) { return r.songs().findById("cold"); });
    ASSERT_TRUE(found);
    EXPECT_DOUBLE_EQ(found->hotness, domain::hotRank(100001, 0, 0, kT0 - 72h));
}

TEST_P(SongTest, CounterChangesKeepTheHotRankOfEverySongTheyTouch) {
    auto song = makeSong("s", "u1", kT0 - 5h);
    song.open = false; // private songs keep a current key too, so publishing needs no recomputation
    insert({song});
    writing(store(), [](Repositories& r) {
        r.songs().addCounts("s", 10, 2, 3);
        r.songs().addCounts("s", 1, 0, -1);
    });
    const auto found = reading(store(), [](Repositories& r) { return r.songs().findById("s"); });
    ASSERT_TRUE(found);
    EXPECT_DOUBLE_EQ(found->hotness, domain::hotRank(11, 2, 2, kT0 - 5h));
    writing(store(), [](Repositories& r) { r.songs().addCounts("nope", 1, 1, 1); }); // unknown: nothing happens
}

TEST_P(SongTest, PlayNotesArePrunedInBoundedBatchesOldestFirst) {
    insert({makeSong("s1", "u1", kT0)});
    const auto window = std::chrono::duration_cast<domain::Millis>(30min);
    writing(store(), [&](Repositories& repos) {
        for (int i = 0; i < 25; ++i) {
            repos.songs().recordPlay("s1", "ip:198.51.100." + std::to_string(i), kT0 + std::chrono::minutes(i), window);
        }
    });
    std::vector<std::int64_t> batches;
    for (int i = 0; i < 4; ++i) {
        writing(store(),
                [&](Repositories& repos) { batches.push_back(repos.songs().prunePlayEvents(kT0 + 20min, 8)); });
    }
    // 20 notes are older than +20 min: 8, 8, 4, then nothing; the 5 newer ones stay.
    EXPECT_EQ(batches, (std::vector<std::int64_t>{8, 8, 4, 0}));
    bool stays = false;
    bool oldCountsAgain = false;
    writing(store(), [&](Repositories& repos) {
        stays = !repos.songs().recordPlay("s1", "ip:198.51.100.24", kT0 + 25min, window);
        oldCountsAgain = repos.songs().recordPlay("s1", "ip:198.51.100.0", kT0 + 25min, window);
    });
    EXPECT_TRUE(stays);
    EXPECT_TRUE(oldCountsAgain);
}

TEST_P(SongTest, SearchFindsChineseSubstringsOfAnyLength) {
    auto a = makeSong("a", "u1", kT0);
    a.title = "夏日晚风";
    a.lyric = "我们在海边唱歌";
    auto b = makeSong("b", "u1", kT0 + 1min);
    b.title = "冬夜";
    b.lyric = "雪落在窗前，晚风很冷";
    auto c = makeSong("c", "u2", kT0 + 2min);
    c.title = "Summer Breeze";
    c.tags = "electronic,chill";
    c.lyric = "dance all night";
    insert({a, b, c});

    // One or two characters match titles only (song_title_grams): b has 晚风 in its lyric alone.
    EXPECT_EQ(search("晚风"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(search("风"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(search("夜"), (std::vector<std::string>{"b"}));
    EXPECT_EQ(search("Su"), (std::vector<std::string>{"c"})); // ASCII ignores case
    EXPECT_EQ(search("r"), (std::vector<std::string>{"c"}));
    EXPECT_EQ(search("r B"), (std::vector<std::string>{"c"}));      // three: full text, across the space
    EXPECT_EQ(search("夏日晚"), (std::vector<std::string>{"a"}));   // three: full text
    EXPECT_EQ(search("在海边唱"), (std::vector<std::string>{"a"})); // in the lyric
    EXPECT_EQ(search("雪落在窗前"), (std::vector<std::string>{"b"}));
    EXPECT_TRUE(search("夏夜").empty());
    EXPECT_TRUE(search("海边的歌").empty());
    EXPECT_EQ(search("summer"), (std::vector<std::string>{"c"}));    // case-insensitive
    EXPECT_EQ(search("CHILL"), (std::vector<std::string>{"c"}));     // in the tags
    EXPECT_EQ(search("all night"), (std::vector<std::string>{"c"})); // spaces are part of the text
    EXPECT_TRUE(search("all  night").empty());
}

TEST_P(SongTest, SearchFollowsUpdates) {
    auto song = makeSong("a", "u1", kT0);
    song.title = "旧的标题";
    song.open = false;
    insert({song});
    EXPECT_TRUE(search("旧的标题").empty()); // private
    song.open = true;
    writing(store(), [&](Repositories& repos) { repos.songs().update(song); });
    EXPECT_EQ(search("旧的标题"), (std::vector<std::string>{"a"}));
    song.title = "崭新的名字";
    song.lyric = "第一行歌词";
    writing(store(), [&](Repositories& repos) { repos.songs().update(song); });
    EXPECT_TRUE(search("旧的标题").empty());
    EXPECT_EQ(search("崭新的名"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(search("一行歌"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(search("崭新"), (std::vector<std::string>{"a"}));
    EXPECT_TRUE(search("旧的").empty());
    song.hidden = true;
    writing(store(), [&](Repositories& repos) { repos.songs().update(song); });
    EXPECT_TRUE(search("崭新").empty());
    song.hidden = false;
    writing(store(), [&](Repositories& repos) { repos.songs().update(song); });
    EXPECT_EQ(search("名"), (std::vector<std::string>{"a"}));
    song.deletedAt = kT0 + 1h;
    writing(store(), [&](Repositories& repos) { repos.songs().update(song); });
    EXPECT_TRUE(search("崭新的名").empty());
    EXPECT_TRUE(search("崭新").empty());
}

TEST(SongTitlePieces, AreOneAndTwoCharactersWithoutWhitespace) {
    EXPECT_EQ(detail::titleGramKeys("夏夜 AB"), (std::vector<std::string>{"夏", "夏夜", "夜", "a", "ab", "b"}));
    EXPECT_EQ(detail::titleGramKeys("啦啦啦"), (std::vector<std::string>{"啦", "啦啦"}));
    EXPECT_TRUE(detail::titleGramKeys(" \t\n").empty());
}

TEST_P(SongTest, WorkCountsAndLastPagesFollowInsertsAndDeletes) {
    // The count comes from user_song_counts and the older half of the pages is read from the other end of the
    // index: both must agree with the newest-first order at every page boundary, through deletes.
    std::vector<domain::Song> mine;
    for (int i = 0; i < 37; ++i) {
        mine.push_back(makeSong("w" + std::to_string(100 + i), "u1", kT0 + std::chrono::minutes(i)));
    }
    mine[3].deletedAt = kT0 + 1h; // stored deleted: never counted
    insert(mine);
    insert({makeSong("other", "u2", kT0)});
    const auto count = [&] { return reading(store(), [](Repositories& r) { return r.songs().countByUser("u1"); }); };
    const auto page = [&](int offset, int limit) {
        return ids(reading(store(), [&](Repositories& r) { return r.songs().listByUser("u1", {offset, limit}); }));
    };
    std::vector<std::string> expected;
    for (int i = 36; i >= 0; --i) {
        if (i != 3) {
            expected.push_back("w" + std::to_string(100 + i));
        }
    }
    EXPECT_EQ(count(), 36);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countByUser("nobody"); }), 0);
    for (int size : {1, 5, 10, 36, 50}) {
        std::vector<std::string> walked;
        for (int offset = 0; offset < 40; offset += size) {
            auto rows = page(offset, size);
            walked.insert(walked.end(), rows.begin(), rows.end());
        }
        EXPECT_EQ(walked, expected) << "page size " << size;
    }
    EXPECT_EQ(page(33, 10), (std::vector<std::string>{"w102", "w101", "w100"}));
    EXPECT_TRUE(page(36, 10).empty());

    // Deleting counts once, however often the same song is deleted.
    auto gone = mine[10];
    gone.deletedAt = kT0 + 2h;
    writing(store(), [&](Repositories& repos) { repos.songs().update(gone); });
    writing(store(), [&](Repositories& repos) { repos.songs().update(gone); });
    EXPECT_EQ(count(), 35);
    expected.erase(std::find(expected.begin(), expected.end(), "w110"));
    EXPECT_EQ(page(30, 10), std::vector<std::string>(expected.begin() + 30, expected.end()));
    EXPECT_EQ(page(0, 40), expected);
    // Any other update leaves the count alone.
    auto kept = mine[20];
    kept.title = "改名";
    writing(store(), [&](Repositories& repos) { repos.songs().update(kept); });
    EXPECT_EQ(count(), 35);
}

TEST_P(SongTest, WorksPagesSayWhichSongsTheOwnerLikesOnFirstAndLastPages) {
    // listByUser reads the owner's likes in the same statement as the page, from either end of the index; another
    // user's like of the same song does not count.
    std::vector<domain::Song> mine;
    for (int i = 0; i < 30; ++i) {
        mine.push_back(makeSong("l" + std::to_string(100 + i), "u1", kT0 + std::chrono::minutes(i)));
    }
    insert(mine);
    insert({makeSong("theirs", "u2", kT0)});
    writing(store(), [&](Repositories& repos) {
        repos.songs().addLike("u1", "l129", kT0); // first page
        repos.songs().addLike("u1", "l101", kT0); // last page, read oldest first
        repos.songs().addLike("u1", "theirs", kT0);
        repos.songs().addLike("u2", "l128", kT0);
    });
    const auto likedOn = [&](int offset) {
        std::vector<std::string> liked;
        for (const auto& own : reading(store(), [&](Repositories& r) {
                 return r.songs().listByUser("u1", {offset, 10});
             })) {
            if (own.liked) {
                liked.push_back(own.song.id);
            }
        }
        return liked;
    };
    EXPECT_EQ(likedOn(0), std::vector<std::string>{"l129"});
    EXPECT_TRUE(likedOn(10).empty());
    EXPECT_EQ(likedOn(20), std::vector<std::string>{"l101"});
}

TEST_P(SongTest, WorksPagesCarryAFailedSongsTaskErrorFromEitherEnd) {
    // The failure text is read with the page (no statement per failed task), on the first page and on a page read
    // from the oldest end; a failed song whose task has no text, or a song that did not fail, reads ''.
    std::vector<domain::Song> mine;
    for (int i = 0; i < 30; ++i) {
        mine.push_back(makeSong("f" + std::to_string(100 + i), "u1", kT0 + std::chrono::minutes(i)));
    }
    mine[29].complete = domain::SongStatus::Failed; // newest: first page
    mine[29].taskId = "t-new";
    mine[1].complete = domain::SongStatus::Failed; // oldest end
    mine[1].taskId = "t-old";
    mine[2].complete = domain::SongStatus::Failed;
    mine[2].taskId = "t-silent";
    mine[3].taskId = "t-new"; // same task, not failed
    auto failedNew = makeTask("t-new", "u1", kT0);
    failedNew.error = "上游超时";
    auto failedOld = makeTask("t-old", "u1", kT0);
    failedOld.error = "内容不合规";
    auto silent = makeTask("t-silent", "u1", kT0);
    writing(store(), [&](Repositories& repos) {
        repos.tasks().insert(failedNew);
        repos.tasks().insert(failedOld);
        repos.tasks().insert(silent);
    });
    insert(mine);
    const auto errorsOn = [&](int offset) {
        std::map<std::string, std::string> errors;
        for (const auto& own : reading(store(), [&](Repositories& r) {
                 return r.songs().listByUser("u1", {offset, 10});
             })) {
            errors[own.song.id] = own.taskError;
        }
        return errors;
    };
    auto first = errorsOn(0);
    EXPECT_EQ(first["f129"], "上游超时");
    EXPECT_EQ(first["f128"], "");
    auto last = errorsOn(20);
    EXPECT_EQ(last["f101"], "内容不合规");
    EXPECT_EQ(last["f102"], "");
    EXPECT_EQ(last["f103"], ""); // its task failed nothing of its own: the song is done
}

TEST_P(SongTest, WorksReadOnTheirOwnAreTheRepositorysPagesUnderConcurrency) {
    // Store::worksOf (PostgreSQL answers concurrent calls with one statement, each distinct page read once) answers
    // every (user, page) exactly as SongRepository::listByUser does: both ends of the index, the pages between, pages
    // past the end, ties in created_at, deleted songs, the owner's likes and a failed song's task error; and a change
    // committed before a call shows in it.
    std::vector<domain::Song> mine;
    for (int i = 0; i < 37; ++i) {
        // Pairs share their creation time, as the two songs of one create do.
        mine.push_back(makeSong("v" + std::to_string(100 + i), "u1", kT0 + std::chrono::minutes(i / 2)));
    }
    mine[3].deletedAt = kT0 + 1h;
    mine[36].complete = domain::SongStatus::Failed;
    mine[36].taskId = "t-failed";
    mine[1].complete = domain::SongStatus::Failed;
    mine[1].taskId = "t-failed";
    auto failed = makeTask("t-failed", "u1", kT0);
    failed.error = "上游超时";
    writing(store(), [&](Repositories& repos) { repos.tasks().insert(failed); });
    insert(mine);
    insert({makeSong("x1", "u2", kT0), makeSong("x2", "u2", kT0 + 1min), makeSong("x3", "u2", kT0 + 1min)});
    writing(store(), [](Repositories& repos) {
        repos.songs().addLike("u1", "v135", kT0);
        repos.songs().addLike("u1", "v101", kT0);
        repos.songs().addLike("u2", "v120", kT0);
        repos.songs().addLike("u2", "x2", kT0);
    });
    const auto described = [](const std::vector<domain::OwnSong>& rows) {
        std::string out;
        for (const auto& own : rows) {
            const auto& song = own.song;
            out += song.id + "|" + song.userName + "|" + song.title + "|" + song.tags + "|" + song.audioUrl + "|" +
                   std::to_string(static_cast<int>(song.complete)) + "|" + std::to_string(song.open) + "|" +
                   std::to_string(domain::toEpochMillis(song.createdAt)) + "|" + (own.liked ? "liked" : "-") + "|" +
                   own.taskError + "\n";
        }
        return out;
    };
    const auto expected = [&](const std::string& user, domain::Page page) {
        return described(reading(store(), [&](Repositories& r) { return r.songs().listByUser(user, page); }));
    };
    struct Ask {
        std::string user;
        domain::Page page;
        std::string answer;
    };
    std::vector<Ask> asks;
    for (const std::string user : {"u1", "u2", "nobody"}) {
        for (int size : {1, 7, 10, 20, 50}) {
            for (int offset = 0; offset < 45; offset += size) {
                asks.push_back({user, {offset, size}, expected(user, {offset, size})});
            }
        }
    }
    EXPECT_NE(asks.front().answer.find("v136|周杰"), std::string::npos) << asks.front().answer;
    EXPECT_NE(asks.front().answer.find("上游超时"), std::string::npos);
    for (const auto& ask : asks) {
        EXPECT_EQ(described(store().worksOf(ask.user, ask.page)), ask.answer)
            << ask.user << " offset " << ask.page.offset << " size " << ask.page.limit;
    }
    constexpr int kThreads = 16;
    std::atomic<int> wrong{0};
    auto cached = openStore(_url, 8, false, 60'000); // pages kept (db.works_cache_ms), answered the same
    inParallel(kThreads, [&](int i) {
        // Threads ask overlapping runs of the same pages, so batches hold both repeats and different users.
        domain::Store& from = i % 2 == 0 ? store() : *cached;
        for (std::size_t n = 0; n < asks.size(); ++n) {
            const auto& ask = asks[(n + static_cast<std::size_t>(i % 4) * 3) % asks.size()];
            if (described(from.worksOf(ask.user, ask.page)) != ask.answer) {
                ++wrong;
            }
        }
    });
    EXPECT_EQ(wrong.load(), 0);

    // A delete and a like, each seen by the next read.
    auto gone = mine[36];
    gone.deletedAt = kT0 + 2h;
    writing(store(), [&](Repositories& repos) {
        repos.songs().update(gone);
        repos.songs().addLike("u1", "v134", kT0);
    });
    auto first = store().worksOf("u1", {0, 2});
    ASSERT_EQ(first.size(), 2U);
    EXPECT_EQ(first[0].song.id, "v135");
    EXPECT_TRUE(first[0].liked);
    EXPECT_EQ(described(first), expected("u1", {0, 2}));
    EXPECT_EQ(described(store().worksOf("u1", {30, 10})), expected("u1", {30, 10}));
    EXPECT_EQ(described(cached->worksOf("u1", {0, 2})), expected("u1", {0, 2}));
    EXPECT_EQ(described(cached->worksOf("u1", {30, 10})), expected("u1", {30, 10}));
}

TEST_P(SongTest, WorksPagesKeptInMemoryShowEveryChangeAtOnceWhereverItWasMade) {
    // openStore's works cache (db.works_cache_ms): a page is served again only while its owner's works version is
    // unchanged. Every kind of change, made through another store (as another gequ-server would), shows in the next
    // read of the caching store, though its pages may be kept for a minute.
    auto cached = openStore(_url, 4, false, 60'000);
    std::vector<domain::Song> mine;
    for (int i = 0; i < 5; ++i) {
        mine.push_back(makeSong("k" + std::to_string(i), "u1", kT0 + std::chrono::minutes(i)));
    }
    mine[4].complete = domain::SongStatus::Generating;
    mine[4].open = false;
    insert(mine);
    insert({makeSong("other", "u2", kT0)});
    const auto described = [](const std::vector<domain::OwnSong>& rows) {
        std::string out;
        for (const auto& own : rows) {
            const auto& song = own.song;
            out += song.id + "|" + song.userName + "|" + song.title + "|" + song.audioUrl + "|" +
                   std::to_string(static_cast<int>(song.complete)) + "|" + std::to_string(song.open) + "|" +
                   std::to_string(song.playCount) + "|" + std::to_string(song.likeCount) + "|" +
                   std::to_string(song.forwardCount) + "|" + (own.liked ? "liked" : "-") + "\n";
        }
        return out;
    };
    const auto expected = [&](const std::string& user, domain::Page page) {
        return described(reading(store(), [&](Repositories& r) { return r.songs().listByUser(user, page); }));
    };
    const auto same = [&](const std::string& step) {
        for (const domain::Page page : {domain::Page{0, 20}, domain::Page{0, 2}, domain::Page{2, 2}}) {
            EXPECT_EQ(described(cached->worksOf("u1", page)), expected("u1", page))
                << step << ", offset " << page.offset << " size " << page.limit;
        }
        EXPECT_EQ(described(cached->worksOf("u2", {0, 20})), expected("u2", {0, 20})) << step;
    };
    same("first read");
    same("read again");
    const auto change = [&](const std::string& step, const std::function<void(Repositories&)>& f) {
        writing(store(), f);
        same(step);
    };
    const auto songNow = [&](const std::string& id) {
        return *reading(store(), [&](Repositories& r) { return r.songs().findById(id); });
    };
    change("a new song", [&](Repositories& r) { r.songs().insert(makeSong("k5", "u1", kT0 + 10min)); });
    change("finished", [&](Repositories& r) {
        auto song = songNow("k4");
        song.complete = domain::SongStatus::Done;
        song.audioUrl = "/media/k4.mp3";
        r.songs().update(song);
    });
    change("published", [&](Repositories& r) {
        auto song = songNow("k4");
        song.open = true;
        r.songs().update(song);
    });
    change("renamed", [&](Repositories& r) {
        auto song = songNow("k2");
        song.title = "新的歌名";
        r.songs().update(song);
    });
    change("played", [&](Repositories& r) { r.songs().addCounts("k1", 1, 0, 0); });
    change("shared", [&](Repositories& r) { r.songs().addCounts("k1", 0, 1, 0); });
    change("liked by someone else", [&](Repositories& r) {
        r.songs().addLike("u2", "k3", kT0);
        r.songs().addCounts("k3", 0, 0, 1);
    });
    change("liked by its owner", [&](Repositories& r) { r.songs().addLike("u1", "k0", kT0); });
    change("unliked by its owner", [&](Repositories& r) { r.songs().removeLike("u1", "k0"); });
    change("the owner's new name", [&](Repositories& r) { r.users().updateNickname("u1", "新名字"); });
    change("deleted", [&](Repositories& r) {
        auto song = songNow("k5");
        song.deletedAt = kT0 + 1h;
        r.songs().update(song);
    });
    change("another owner's song", [&](Repositories& r) { r.songs().insert(makeSong("other2", "u2", kT0 + 1min)); });
}

TEST_P(SongTest, MovingWorksVersionsNeverMakesTwoUnitsOfWorkWaitForEachOther) {
    // One unit of work changes two songs of one owner (as the worker finishing both clips of a task) while another
    // plays the second one. If a works version moved in the middle of a unit of work, the first would hold the
    // owner's version row and wait for the second song, while the play held that song and waited for the version
    // row: PostgreSQL would end one of them with a deadlock error. The versions move last (noteWorksChanged), so both
    // commit.
    insert({makeSong("x", "u1", kT0), makeSong("y", "u1", kT0 + 1min)});
    std::atomic<bool> playing{false};
    std::atomic<int> failures{0};
    std::thread finisher([&] {
        try {
            writing(store(), [&](Repositories& repos) {
                auto x = *repos.songs().findById("x");
                x.title = "第一首";
                repos.songs().update(x);
                while (!playing.load()) {
                    std::this_thread::sleep_for(1ms);
                }
                std::this_thread::sleep_for(200ms); // the play takes y's row meanwhile (PostgreSQL)
                auto y = *repos.songs().findById("y");
                y.title = "第二首";
                repos.songs().update(y);
            });
        } catch (const std::exception&) {
            ++failures;
        }
    });
    std::thread player([&] {
        playing = true;
        try {
            writing(store(), [&](Repositories& repos) { repos.songs().addCounts("y", 1, 0, 0); });
        } catch (const std::exception&) {
            ++failures;
        }
    });
    finisher.join();
    player.join();
    EXPECT_EQ(failures.load(), 0);
    const auto page = store().worksOf("u1", {0, 20});
    ASSERT_EQ(page.size(), 2U);
    EXPECT_EQ(page[0].song.title, "第二首");
    EXPECT_EQ(page[0].song.playCount, 1);
    EXPECT_EQ(page[1].song.title, "第一首");
}

TEST_P(SongTest, AKeptWorksPageIsReadAgainAfterItsTimeToLive) {
    // What the works version does not follow (a failed song's task error, written on the task) shows once the kept
    // page's time to live is over; before that the kept page is what is served, which shows the cache is used.
    auto failed = makeTask("t-f", "u1", kT0);
    failed.error = "上游超时";
    writing(store(), [&](Repositories& repos) { repos.tasks().insert(failed); });
    auto song = makeSong("f1", "u1", kT0);
    song.complete = domain::SongStatus::Failed;
    song.taskId = "t-f";
    insert({song});
    auto cached = openStore(_url, 2, false, 300);
    const auto errorShown = [&] {
        auto page = cached->worksOf("u1", {0, 20});
        return page.size() == 1 ? page[0].taskError : std::string("?");
    };
    EXPECT_EQ(errorShown(), "上游超时");
    failed.error = "内容不合规";
    writing(store(), [&](Repositories& repos) { repos.tasks().update(failed); });
    EXPECT_EQ(errorShown(), "上游超时"); // kept
    std::this_thread::sleep_for(400ms);
    EXPECT_EQ(errorShown(), "内容不合规");
    // Off (0): every read is the database's.
    auto uncached = openStore(_url, 2, false, 0);
    failed.error = "生成失败";
    EXPECT_EQ(uncached->worksOf("u1", {0, 20}).at(0).taskError, "内容不合规");
    writing(store(), [&](Repositories& repos) { repos.tasks().update(failed); });
    EXPECT_EQ(uncached->worksOf("u1", {0, 20}).at(0).taskError, "生成失败");
}

TEST_P(SongTest, WorkCountsReadOnTheirOwnAreEachOwnersUnderConcurrency) {
    // Store::worksCount (PostgreSQL answers concurrent calls with one statement): each caller gets its own owner's
    // count of songs not deleted, or of songs still generating, and a change committed before a call shows in it.
    std::vector<domain::Song> songs;
    for (int i = 0; i < 7; ++i) {
        auto song = makeSong("c" + std::to_string(i), "u1", kT0 + std::chrono::minutes(i));
        song.complete = i < 3 ? domain::SongStatus::Generating : domain::SongStatus::Done;
        songs.push_back(song);
    }
    songs[6].deletedAt = kT0 + 1h;
    songs.push_back(makeSong("d1", "u2", kT0));
    insert(songs);
    const std::map<std::pair<std::string, bool>, std::int64_t> expected{
        {{"u1", false}, 6}, {{"u1", true}, 3}, {{"u2", false}, 1}, {{"u2", true}, 0}, {{"nobody", false}, 0}};
    for (const auto& [ask, count] : expected) {
        EXPECT_EQ(store().worksCount(ask.first, ask.second), count) << ask.first << " " << ask.second;
    }
    constexpr int kThreads = 16;
    std::atomic<int> wrong{0};
    inParallel(kThreads, [&](int i) {
        for (int round = 0; round < 30; ++round) {
            for (const auto& [ask, count] : expected) {
                if ((round + i) % 2 == 0 && store().worksCount(ask.first, ask.second) != count) {
                    ++wrong;
                }
            }
        }
    });
    EXPECT_EQ(wrong.load(), 0);
    auto done = songs[0];
    done.complete = domain::SongStatus::Done;
    writing(store(), [&](Repositories& repos) { repos.songs().update(done); });
    EXPECT_EQ(store().worksCount("u1", true), 2);
    auto gone = songs[5];
    gone.deletedAt = kT0 + 2h;
    writing(store(), [&](Repositories& repos) { repos.songs().update(gone); });
    EXPECT_EQ(store().worksCount("u1", false), 5);
}

TEST_P(SongTest, ASongAsSeenByAViewerCarriesThatViewersLikeOnly) {
    auto song = makeSong("seen", "u1", kT0);
    song.lyric = "整首歌词";
    insert({song});
    writing(store(), [&](Repositories& repos) { repos.songs().addLike("u2", "seen", kT0); });
    const auto seenBy = [&](const std::string& id, const std::string& viewer) {
        return reading(store(), [&](Repositories& r) { return r.songs().findAsSeenBy(id, viewer); });
    };
    auto byLiker = seenBy("seen", "u2");
    ASSERT_TRUE(byLiker);
    EXPECT_TRUE(byLiker->liked);
    EXPECT_EQ(byLiker->song.lyric, "整首歌词"); // the whole song, as findById reads it
    auto byOwner = seenBy("seen", "u1");
    ASSERT_TRUE(byOwner);
    EXPECT_FALSE(byOwner->liked);
    EXPECT_FALSE(seenBy("missing", "u2"));
}

TEST_P(SongTest, SearchTreatsWildcardsAndQuotesAsText) {
    auto a = makeSong("a", "u1", kT0);
    a.title = "100%纯音乐";
    auto b = makeSong("b", "u1", kT0 + 1min);
    b.title = "a_b \"quoted\" 'single'";
    auto c = makeSong("c", "u1", kT0 + 2min);
    c.title = "100 纯 axb";
    insert({a, b, c});
    EXPECT_EQ(search("%"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(search("0%纯"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(search("_"), (std::vector<std::string>{"b"}));
    EXPECT_EQ(search("a_b"), (std::vector<std::string>{"b"}));
    EXPECT_EQ(search("\"quoted\""), (std::vector<std::string>{"b"}));
    EXPECT_EQ(search("'single'"), (std::vector<std::string>{"b"}));
    EXPECT_EQ(search("\\"), std::vector<std::string>{});
    EXPECT_EQ(search("?"), std::vector<std::string>{});
}

TEST_P(SongTest, StyleSearchMatchesWholeTagsCaseInsensitively) {
    auto a = makeSong("a", "u1", kT0);
    a.tags = "male vocal,Pop,rock";
    auto b = makeSong("b", "u1", kT0 + 1min);
    b.tags = "k-pop, dream pop";
    auto c = makeSong("c", "u1", kT0 + 2min);
    c.tags = "pop";
    auto d = makeSong("d", "u1", kT0 + 3min);
    d.tags = "popular";
    insert({a, b, c, d});
    EXPECT_EQ(style("pop"), (std::vector<std::string>{"c", "a"}));
    EXPECT_EQ(style("POP"), (std::vector<std::string>{"c", "a"}));
    EXPECT_EQ(style("dream pop"), (std::vector<std::string>{"b"}));
    EXPECT_EQ(style("k-pop"), (std::vector<std::string>{"b"}));
    EXPECT_EQ(style("Male Vocal"), (std::vector<std::string>{"a"}));
    EXPECT_EQ(style("rock"), (std::vector<std::string>{"a"}));
    EXPECT_TRUE(style("po").empty());
    EXPECT_TRUE(style("jazz").empty());
    EXPECT_TRUE(style("%").empty());
}

TEST_P(SongTest, StyleListsFollowPublishingHidingAndDeleting) {
    auto a = makeSong("a", "u1", kT0);
    a.tags = "pop, Rock";
    a.open = false;
    a.complete = domain::SongStatus::Generating;
    auto b = makeSong("b", "u2", kT0 + 1min);
    b.tags = "Pop";
    insert({a, b});
    EXPECT_EQ(style("pop"), (std::vector<std::string>{"b"})) << "a is private and unfinished";
    a.complete = domain::SongStatus::Done;
    writing(store(), [&](Repositories& r) { r.songs().update(a); });
    EXPECT_EQ(style("pop"), (std::vector<std::string>{"b"})) << "finished but still private";
    a.open = true;
    writing(store(), [&](Repositories& r) { r.songs().update(a); });
    EXPECT_EQ(style("pop"), (std::vector<std::string>{"b", "a"}));
    EXPECT_EQ(style("rock"), (std::vector<std::string>{"a"}));
    a.tags = "jazz";
    writing(store(), [&](Repositories& r) { r.songs().update(a); });
    EXPECT_EQ(style("rock"), std::vector<std::string>{}) << "a retagged song leaves its old genres";
    EXPECT_EQ(style("jazz"), (std::vector<std::string>{"a"}));
    b.hidden = true;
    writing(store(), [&](Repositories& r) { r.songs().update(b); });
    EXPECT_EQ(style("pop"), std::vector<std::string>{});
    a.deletedAt = kT0 + 1h;
    writing(store(), [&](Repositories& r) { r.songs().update(a); });
    EXPECT_EQ(style("jazz"), std::vector<std::string>{});
}

TEST_P(SongTest, ListsPageThroughEveryRowInOrder) {
    // Deferred joins page by keys: every page is the next slice of the same order, with nothing lost or repeated.
    std::vector<domain::Song> all;
    for (int i = 0; i < 45; ++i) {
        auto song = makeSong("p" + std::to_string(100 + i), i % 2 ? "u1" : "u2", kT0 + std::chrono::minutes(i % 7));
        song.tags = i % 3 ? "pop" : "rock, pop";
        song.title = "夏夜的歌" + std::to_string(i);
        song.playCount = (i * 37) % 11;
        all.push_back(song);
    }
    insert(all);
    const auto pages = [&](auto list) {
        std::vector<std::string> out;
        for (int offset = 0; offset < 60; offset += 10) {
            auto page = ids(reading(store(), [&](Repositories& r) { return list(r, domain::Page{offset, 10}); }));
            out.insert(out.end(), page.begin(), page.end());
        }
        return out;
    };
    const auto whole = [&](auto list) {
        return ids(reading(store(), [&](Repositories& r) { return list(r, domain::Page{0, 100}); }));
    };
    const auto hot = [](Repositories& r, domain::Page p) { return r.songs().listPublic(SongOrder::Hotness, p); };
    const auto newest = [](Repositories& r, domain::Page p) { return r.songs().listPublic(SongOrder::Newest, p); };
    const auto genre = [](Repositories& r, domain::Page p) { return r.songs().searchByStyle("pop", p); };
    const auto text = [](Repositories& r, domain::Page p) { return r.songs().searchText("夏夜的", p); };
    const auto mine = [](Repositories& r, domain::Page p) { return r.songs().listByUser("u1", p); };
    EXPECT_EQ(whole(hot).size(), 45u);
    EXPECT_EQ(pages(hot), whole(hot));
    EXPECT_EQ(pages(newest), whole(newest));
    EXPECT_EQ(whole(genre).size(), 45u);
    EXPECT_EQ(pages(genre), whole(genre));
    EXPECT_EQ(whole(text).size(), 45u);
    EXPECT_EQ(pages(text), whole(text));
    EXPECT_EQ(whole(mine).size(), 22u);
    EXPECT_EQ(pages(mine), whole(mine));
    auto sorted = whole(newest);
    EXPECT_TRUE(std::is_permutation(sorted.begin(), sorted.end(), whole(hot).begin()));
}

TEST_P(SongTest, UserListsCountsAndTasks) {
    auto s1 = makeSong("s1", "u1", kT0);
    auto s2 = makeSong("s2", "u1", kT0 + 1min);
    s2.open = false;
    s2.complete = domain::SongStatus::Generating;
    s2.taskId = "t9";
    s2.clipIndex = 1;
    auto s3 = makeSong("s3", "u1", kT0 + 2min);
    s3.deletedAt = kT0 + 3min;
    auto s4 = makeSong("s4", "u2", kT0 + 3min);
    auto s5 = makeSong("s5", "u1", kT0 + 4min);
    s5.complete = domain::SongStatus::Failed;
    s5.taskId = "t9";
    s5.clipIndex = 0;
    insert({s1, s2, s3, s4, s5});

    EXPECT_EQ(ids(reading(store(),
                          [](Repositories& r) {
                              return r.songs().listByUser("u1", {0, 10});
                          })),
              (std::vector<std::string>{"s5", "s2", "s1"}));
    EXPECT_EQ(ids(reading(store(),
                          [](Repositories& r) {
                              return r.songs().listByUser("u1", {1, 1});
                          })),
              (std::vector<std::string>{"s2"}));
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countByUser("u1"); }), 3);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countGeneratingByUser("u1"); }), 1);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countGeneratingByUser("u2"); }), 0);
    EXPECT_EQ(ids(reading(store(), [](Repositories& r) { return r.songs().listByTask("t9"); })),
              (std::vector<std::string>{"s5", "s2"}));

    const auto counts = reading(store(), [](Repositories& r) { return r.songs().countByStatus(); });
    std::map<domain::SongStatus, std::int64_t> byStatus(counts.begin(), counts.end());
    EXPECT_EQ(byStatus[domain::SongStatus::Done], 2); // s1, s4 (s3 is deleted)
    EXPECT_EQ(byStatus[domain::SongStatus::Generating], 1);
    EXPECT_EQ(byStatus[domain::SongStatus::Failed], 1);
}

TEST_P(SongTest, CountersAddUp) {
    insert({makeSong("s1", "u1", kT0)});
    writing(store(), [](Repositories& repos) {
        repos.songs().addCounts("s1", 1, 0, 0);
        repos.songs().addCounts("s1", 2, 3, 1);
        repos.songs().addCounts("s1", 0, 0, -1);
    });
    const auto song = reading(store(), [](Repositories& repos) { return repos.songs().findById("s1"); });
    EXPECT_EQ(song->playCount, 3);
    EXPECT_EQ(song->forwardCount, 3);
    EXPECT_EQ(song->likeCount, 0);
}

TEST_P(SongTest, LikesAreOnePerUserAndSong) {
    insert({makeSong("s1", "u1", kT0), makeSong("s2", "u1", kT0), makeSong("s3", "u2", kT0)});
    std::vector<bool> results;
    writing(store(), [&](Repositories& repos) {
        results.push_back(repos.songs().addLike("u2", "s1", kT0));
        results.push_back(repos.songs().addLike("u2", "s1", kT0 + 1min));
        results.push_back(repos.songs().addLike("u2", "s3", kT0));
        results.push_back(repos.songs().addLike("u1", "s1", kT0));
        results.push_back(repos.songs().removeLike("u2", "s3"));
        results.push_back(repos.songs().removeLike("u2", "s3"));
    });
    EXPECT_EQ(results, (std::vector<bool>{true, false, true, true, true, false}));
    auto liked = reading(store(), [](Repositories& repos) {
        return repos.songs().likedAmong("u2", {"s1", "s2", "s3", "nope"});
    });
    EXPECT_EQ(liked, (std::vector<std::string>{"s1"}));
    EXPECT_TRUE(reading(store(), [](Repositories& repos) { return repos.songs().likedAmong("u2", {}); }).empty());

    // Many ids at once (more than one statement's worth).
    std::vector<std::string> many{"s1"};
    for (int i = 0; i < 1200; ++i) {
        many.push_back("x" + std::to_string(i));
    }
    many.push_back("s1");
    liked = reading(store(), [&](Repositories& repos) { return repos.songs().likedAmong("u1", many); });
    EXPECT_FALSE(liked.empty());
    EXPECT_TRUE(std::all_of(liked.begin(), liked.end(), [](const std::string& id) { return id == "s1"; }));
}

TEST_P(SongTest, LikesReadOnTheirOwnAreEachViewersOwnAndFreshUnderConcurrency) {
    // Store::likedAmong (PostgreSQL answers concurrent calls with one statement): each caller gets its own viewer's
    // likes among its own ids, however the calls are batched, and a like committed before a call shows in it.
    insert({makeSong("s1", "u1", kT0), makeSong("s2", "u1", kT0), makeSong("s3", "u2", kT0),
            makeSong("q\"uote\\d", "u2", kT0)});
    writing(store(), [](Repositories& repos) {
        repos.songs().addLike("u1", "s1", kT0);
        repos.songs().addLike("u2", "s2", kT0);
        repos.songs().addLike("u2", "q\"uote\\d", kT0);
    });
    const std::vector<std::string> asked{"s1", "s2", "s3", "q\"uote\\d", "nope"};
    const auto likedBy = [&](const std::string& viewer, const std::vector<std::string>& among) {
        auto liked = store().likedAmong(viewer, among); // in no particular order
        std::sort(liked.begin(), liked.end());
        return liked;
    };
    EXPECT_EQ(likedBy("u1", asked), std::vector<std::string>{"s1"});
    EXPECT_EQ(likedBy("u2", asked), (std::vector<std::string>{"q\"uote\\d", "s2"}));
    EXPECT_TRUE(store().likedAmong("u2", {}).empty());

    constexpr int kThreads = 16;
    constexpr int kRounds = 30;
    std::atomic<int> wrong{0};
    inParallel(kThreads, [&](int i) {
        const std::string viewer = i % 2 == 0 ? "u1" : "u2";
        const std::vector<std::string> expected =
            i % 2 == 0 ? std::vector<std::string>{"s1"} : std::vector<std::string>{"q\"uote\\d", "s2"};
        for (int round = 0; round < kRounds; ++round) {
            if (likedBy(viewer, asked) != expected) {
                ++wrong;
            }
        }
    });
    EXPECT_EQ(wrong.load(), 0);

    // A like, then the next read by the same viewer sees it; an unlike likewise; the other viewer is untouched.
    for (int round = 0; round < 5; ++round) {
        writing(store(), [](Repositories& repos) { repos.songs().addLike("u1", "s3", kT0); });
        EXPECT_EQ(likedBy("u1", asked), (std::vector<std::string>{"s1", "s3"}));
        EXPECT_EQ(likedBy("u2", {"s3"}), std::vector<std::string>{});
        writing(store(), [](Repositories& repos) { repos.songs().removeLike("u1", "s3"); });
        EXPECT_EQ(likedBy("u1", asked), std::vector<std::string>{"s1"});
    }
}

TEST_P(SongTest, SongsReadOnTheirOwnCarryEachViewersOwnLikeUnderConcurrency) {
    // Store::songAsSeenBy (PostgreSQL answers concurrent calls with one statement): each caller gets its own song
    // with its own viewer's like; an unknown id is nullopt; a like committed before a call shows in it.
    auto song = makeSong("seen", "u1", kT0);
    song.lyric = "整首歌词";
    insert({song, makeSong("other", "u2", kT0)});
    writing(store(), [](Repositories& repos) { repos.songs().addLike("u2", "seen", kT0); });
    EXPECT_FALSE(store().songAsSeenBy("nope", "u1"));
    constexpr int kThreads = 16;
    std::atomic<int> wrong{0};
    inParallel(kThreads, [&](int i) {
        const std::string viewer = i % 3 == 0 ? "u1" : i % 3 == 1 ? "u2" : "";
        const std::string id = i % 4 == 0 ? "other" : "seen";
        for (int round = 0; round < 20; ++round) {
            auto view = store().songAsSeenBy(id, viewer);
            const bool right = view && view->song.id == id && view->liked == (viewer == "u2" && id == "seen") &&
                               (id != "seen" || (view->song.lyric == "整首歌词" && view->song.userName == "周杰"));
            if (!right || store().songAsSeenBy("nope", viewer)) {
                ++wrong;
            }
        }
    });
    EXPECT_EQ(wrong.load(), 0);
    writing(store(), [](Repositories& repos) { repos.songs().addLike("u1", "seen", kT0); });
    EXPECT_TRUE(store().songAsSeenBy("seen", "u1")->liked);
    writing(store(), [](Repositories& repos) { repos.songs().removeLike("u1", "seen"); });
    EXPECT_FALSE(store().songAsSeenBy("seen", "u1")->liked);
}

TEST_P(SongTest, PlaysCountOncePerViewerPerWindow) {
    insert({makeSong("s1", "u1", kT0)});
    const auto window = std::chrono::duration_cast<domain::Millis>(30min);
    std::vector<bool> counted;
    writing(store(), [&](Repositories& repos) {
        counted.push_back(repos.songs().recordPlay("s1", "user:u2", kT0, window));
        counted.push_back(repos.songs().recordPlay("s1", "user:u2", kT0 + 10min, window));
        counted.push_back(repos.songs().recordPlay("s1", "ip:203.0.113.9", kT0 + 10min, window));
        counted.push_back(repos.songs().recordPlay("s1", "user:u2", kT0 + 29min, window));
        counted.push_back(repos.songs().recordPlay("s1", "user:u2", kT0 + 30min, window));
        counted.push_back(repos.songs().recordPlay("s1", "user:u2", kT0 + 31min, window));
        counted.push_back(repos.songs().recordPlay("s1", "user:u2", kT0 + 61min, window));
    });
    EXPECT_EQ(counted, (std::vector<bool>{true, false, true, false, true, false, true}));

    writing(store(), [](Repositories& repos) { repos.songs().prunePlayEvents(kT0 + 50min, 100); });
    // The IP viewer's event (at +10 min) is gone, so it counts again at once; user:u2's (+61 min) stays.
    writing(store(), [&](Repositories& repos) {
        counted = {repos.songs().recordPlay("s1", "ip:203.0.113.9", kT0 + 62min, window),
                   repos.songs().recordPlay("s1", "user:u2", kT0 + 62min, window)};
    });
    EXPECT_EQ(counted, (std::vector<bool>{true, false}));
}

TEST_P(SongTest, BulkInsertStoresWhatRowByRowInsertsStore) {
    // More rows than one multi-row statement holds on either database (bulk_load.cpp), so the batching is exercised.
    std::vector<domain::User> users{makeUser("bulk-1", "13700000001"), makeUser("bulk-2", "13700000002")};
    users[1].nickname = "批量用户";
    std::vector<domain::Song> songs;
    for (int i = 0; i < 1234; ++i) {
        auto song =
            makeSong("bulk-s" + std::to_string(i), i % 3 == 0 ? "bulk-2" : "bulk-1", kT0 + std::chrono::seconds(i));
        song.title = i % 2 == 0 ? "夏夜海边 " + std::to_string(i) : "晚风 " + std::to_string(i);
        song.tags = i % 2 == 0 ? "Pop, male vocal" : "rock";
        song.lyric = "[Verse]\n第" + std::to_string(i) + "行";
        song.playCount = i;
        song.likeCount = i / 10;
        song.open = i % 5 != 0;
        songs.push_back(song);
    }
    bulkInsert(store(), users, songs);

    const auto one = reading(store(), [](Repositories& r) { return r.songs().findById("bulk-s1000"); });
    ASSERT_TRUE(one);
    EXPECT_EQ(one->title, "夏夜海边 1000");
    EXPECT_EQ(one->lyric, "[Verse]\n第1000行");
    EXPECT_EQ(one->userName, "用户0001");
    EXPECT_EQ(one->playCount, 1000);
    EXPECT_DOUBLE_EQ(one->hotness, domain::hotRank(1000, 100, 0, kT0 + std::chrono::seconds(1000)));
    const auto byOther = reading(store(), [](Repositories& r) { return r.songs().findById("bulk-s999"); });
    ASSERT_TRUE(byOther);
    EXPECT_EQ(byOther->userName, "批量用户");

    // Public lists, the style rows and search see the bulk rows exactly as inserted ones.
    const auto newest = reading(store(), [](Repositories& r) {
        return r.songs().listPublic(SongOrder::Newest, {0, 3});
    });
    EXPECT_EQ(ids(newest), (std::vector<std::string>{"bulk-s1233", "bulk-s1232", "bulk-s1231"}));
    const auto hottest = reading(store(), [](Repositories& r) {
        return r.songs().listPublic(SongOrder::Hotness, {0, 1});
    });
    EXPECT_EQ(ids(hottest), (std::vector<std::string>{"bulk-s1233"}));
    const auto pop = reading(store(), [](Repositories& r) { return r.songs().searchByStyle("pop", {0, 2}); });
    EXPECT_EQ(ids(pop), (std::vector<std::string>{"bulk-s1232", "bulk-s1228"})); // 1230 is private
    const auto found = reading(store(), [](Repositories& r) { return r.songs().searchText("夏夜海边 12", {0, 50}); });
    EXPECT_EQ(found.size(), 18u); // the public even i that start with 12: 12, 122..128, 1202..1232
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countByUser("bulk-2"); }), 412);
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countByUser("bulk-1"); }), 822);
    const auto shortWord = reading(store(), [](Repositories& r) { return r.songs().searchText("晚风", {0, 2}); });
    EXPECT_EQ(ids(shortWord), (std::vector<std::string>{"bulk-s1233", "bulk-s1231"}));
    // A second call adds to the counts of users it meets again.
    bulkInsert(store(), {}, {makeSong("bulk-late", "bulk-2", kT0 + 1h)});
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.songs().countByUser("bulk-2"); }), 413);

    // A conflict (a phone already taken) writes nothing at all.
    std::vector<domain::User> again{makeUser("bulk-3", "13700000003"), makeUser("bulk-4", "13700000001")};
    EXPECT_THROW(bulkInsert(store(), again, {makeSong("bulk-x", "bulk-3", kT0)}), DbException);
    EXPECT_FALSE(reading(store(), [](Repositories& r) { return r.users().findById("bulk-3"); }));
    EXPECT_FALSE(reading(store(), [](Repositories& r) { return r.songs().findById("bulk-x"); }));
}

INSTANTIATE_TEST_SUITE_P(Backends, SongTest, testing::Values(Backend::Sqlite, Backend::Postgresql), backendName);

} // namespace
} // namespace gequ::db::test
