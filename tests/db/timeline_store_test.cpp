// Synced lyrics: song_timelines (migration 0005) through TimelineRepository, and the player detail that reads the
// timeline with the song (SongRepository::findAsSeenBy).

#include "test_support.h"

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::Repositories;

domain::Timeline twoLines() {
    domain::Timeline timeline;
    timeline.lines = {{"晚风吹过旧街道", 10.5, 13.25, {{"晚", 10.5, 10.9}, {"风", 10.9, 11.3}}},
                      {"灯火映着你微笑", 14, 17.5, {}}};
    return timeline;
}

class TimelineTest : public StoreTest {
protected:
    void SetUp() override {
        StoreTest::SetUp();
        addUser("u1", "13800000001");
        writing(store(), [](Repositories& repos) {
            for (const char* id : {"s1", "s2", "s3", "s4"}) {
                repos.songs().insert(makeSong(id, "u1", kT0));
            }
        });
    }
    std::optional<domain::Timeline> find(const std::string& id) {
        return reading(store(), [&](Repositories& r) { return r.timelines().find(id); });
    }
    std::vector<domain::PendingTimeline> claim(domain::TimePoint now, int limit = 10) {
        std::vector<domain::PendingTimeline> due;
        writing(store(), [&](Repositories& r) { due = r.timelines().claimDue(now, now + 1min, limit); });
        return due;
    }
};

TEST_P(TimelineTest, AStoredTimelineReadsBackWithTheSongForThePlayer) {
    EXPECT_FALSE(find("s1"));
    writing(store(), [](Repositories& r) { r.timelines().put("s1", twoLines(), kT0); });
    const auto stored = find("s1");
    ASSERT_TRUE(stored);
    ASSERT_EQ(stored->lines.size(), 2u);
    EXPECT_EQ(stored->lines[0].text, "晚风吹过旧街道");
    EXPECT_DOUBLE_EQ(stored->lines[0].end, 13.25);
    ASSERT_EQ(stored->lines[0].words.size(), 2u);
    EXPECT_EQ(stored->lines[0].words[1].text, "风");

    const auto view = reading(store(), [](Repositories& r) { return r.songs().findAsSeenBy("s1", ""); });
    ASSERT_TRUE(view);
    ASSERT_TRUE(view->timeline);
    EXPECT_EQ(view->timeline->lines.size(), 2u);
    EXPECT_FALSE(view->liked);
    const auto none = reading(store(), [](Repositories& r) { return r.songs().findAsSeenBy("s2", "u1"); });
    ASSERT_TRUE(none);
    EXPECT_FALSE(none->timeline);
}

TEST_P(TimelineTest, PendingSongsAreTakenOnceWhenDueAndRetriedLater) {
    writing(store(), [](Repositories& r) {
        r.timelines().addPending("s1", "clip-1", kT0);
        r.timelines().addPending("s2", "clip-2", kT0 + 10s);
        r.timelines().put("s3", twoLines(), kT0);
        r.timelines().addPending("s3", "clip-3", kT0); // has one already: nothing changes
    });
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.timelines().countPending(); }), 2);
    EXPECT_TRUE(find("s3"));

    auto due = claim(kT0 + 5s);
    ASSERT_EQ(due.size(), 1u);
    EXPECT_EQ(due[0].songId, "s1");
    EXPECT_EQ(due[0].upstreamClipId, "clip-1");
    EXPECT_EQ(due[0].attempts, 0);
    EXPECT_TRUE(claim(kT0 + 6s).empty()) << "taken until its lease ends";
    EXPECT_FALSE(find("s1")) << "pending is not a timeline";

    writing(store(), [](Repositories& r) { r.timelines().retryLater("s1", kT0 + 2min); });
    due = claim(kT0 + 1min);
    ASSERT_EQ(due.size(), 1u);
    EXPECT_EQ(due[0].songId, "s2");
    writing(store(), [](Repositories& r) { r.timelines().retryLater("s2", kT0 + 1h); });
    due = claim(kT0 + 3min);
    ASSERT_EQ(due.size(), 1u);
    EXPECT_EQ(due[0].songId, "s1");
    EXPECT_EQ(due[0].attempts, 1);

    writing(store(), [](Repositories& r) {
        r.timelines().put("s1", twoLines(), kT0 + 3min);
        r.timelines().giveUp("s2", kT0 + 3min);
    });
    EXPECT_TRUE(find("s1"));
    EXPECT_FALSE(find("s2"));
    EXPECT_EQ(reading(store(), [](Repositories& r) { return r.timelines().countPending(); }), 0);
    EXPECT_TRUE(claim(kT0 + 24h).empty());
    // A given-up song can still get one later (a stored timeline replaces any row).
    writing(store(), [](Repositories& r) { r.timelines().put("s2", twoLines(), kT0 + 25h); });
    EXPECT_TRUE(find("s2"));
}

TEST_P(TimelineTest, TwoTakersNeverGetTheSameSong) {
    writing(store(), [](Repositories& r) {
        for (const char* id : {"s1", "s2", "s3", "s4"}) {
            r.timelines().addPending(id, std::string("clip-") + id, kT0);
        }
    });
    const auto first = claim(kT0 + 1s, 3);
    const auto second = claim(kT0 + 1s, 3);
    EXPECT_EQ(first.size(), 3u);
    ASSERT_EQ(second.size(), 1u);
    for (const auto& taken : first) {
        EXPECT_NE(taken.songId, second[0].songId);
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, TimelineTest, testing::Values(Backend::Sqlite, Backend::Postgresql), backendName);

} // namespace
} // namespace gequ::db::test
