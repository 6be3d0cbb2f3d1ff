// PeriodicJob, the one thread-and-interval class behind gequ-server's upkeep (apps/server/include/gequ/server/
// periodic_job.h): the first pass at start or after an interval, a pass every interval, a throwing job logged and
// retried, and stop() returning at once however long the interval.

#include "gequ/server/periodic_job.h"
#include "log_capture.h"
#include "wait_for.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <stdexcept>
#include <thread>

namespace gequ::server::test {
namespace {

using namespace std::chrono_literals;
using gequ::test::waitFor;

TEST(PeriodicJobTest, RunsAtStartAndThenEveryInterval) {
    std::atomic<int> runs{0};
    PeriodicJob job("test", 1h, [&runs] { ++runs; });
    job.start();
    ASSERT_TRUE(waitFor([&] { return job.passes() >= 1; })); // the first pass does not wait for the hour
    EXPECT_EQ(runs.load(), 1);
    job.stop();
    EXPECT_EQ(job.passes(), 1u);

    std::atomic<int> fast{0};
    PeriodicJob often("test", 10ms, [&fast] { ++fast; });
    often.start();
    ASSERT_TRUE(waitFor([&] { return often.passes() >= 3; }));
    often.stop();
    EXPECT_GE(fast.load(), 3);
    EXPECT_EQ(static_cast<std::uint64_t>(fast.load()), often.passes());
}

TEST(PeriodicJobTest, AfterIntervalWaitsOneIntervalBeforeTheFirstPass) {
    std::atomic<int> runs{0};
    PeriodicJob job(
        "test", 200ms, [&runs] { ++runs; }, PeriodicJob::FirstPass::AfterInterval);
    const auto started = std::chrono::steady_clock::now();
    job.start();
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(runs.load(), 0);
    ASSERT_TRUE(waitFor([&] { return job.passes() >= 1; }));
    EXPECT_GE(std::chrono::steady_clock::now() - started, 200ms);
    job.stop();
}

TEST(PeriodicJobTest, StopReturnsAtOnceEvenWithAnHourLongInterval) {
    for (const auto first : {PeriodicJob::FirstPass::AtStart, PeriodicJob::FirstPass::AfterInterval}) {
        PeriodicJob job(
            "test", 1h, [] {}, first);
        job.start();
        if (first == PeriodicJob::FirstPass::AtStart) {
            ASSERT_TRUE(waitFor([&] { return job.passes() >= 1; }));
        }
        const auto stopping = std::chrono::steady_clock::now();
        job.stop();
        EXPECT_LT(std::chrono::steady_clock::now() - stopping, 1s); // the test would hang for the hour otherwise
        job.stop();                                                 // idempotent
    }
}

TEST(PeriodicJobTest, StopLetsAPassInProgressFinish) {
    std::atomic<bool> inPass{false};
    std::atomic<bool> finished{false};
    PeriodicJob job("test", 1h, [&] {
        inPass = true;
        std::this_thread::sleep_for(100ms);
        finished = true;
    });
    job.start();
    ASSERT_TRUE(waitFor([&] { return inPass.load(); }));
    job.stop();
    EXPECT_TRUE(finished.load());
    EXPECT_EQ(job.passes(), 1u);
}

TEST(PeriodicJobTest, SurvivesAThrowingJobAndLogsIt) {
    gequ::test::LogCapture log("gequ.flaky");
    std::atomic<int> runs{0};
    PeriodicJob job("flaky", 10ms, [&runs] {
        if (++runs == 1) {
            throw std::runtime_error("the database is away");
        }
    });
    job.start();
    ASSERT_TRUE(waitFor([&] { return job.passes() >= 3; })); // it kept going after the exception
    job.stop();
    EXPECT_NE(log.text().find("flaky upkeep failed: the database is away"), std::string::npos) << log.text();
}

TEST(PeriodicJobTest, StartsOnceAndNotAfterStop) {
    std::atomic<int> runs{0};
    PeriodicJob stopped("test", 1h, [&runs] { ++runs; });
    stopped.stop();  // before start: harmless
    stopped.start(); // after stop: does nothing
    std::this_thread::sleep_for(50ms);
    EXPECT_EQ(runs.load(), 0);
    EXPECT_EQ(stopped.passes(), 0u);

    PeriodicJob job("test", 1h, [&runs] { ++runs; });
    job.start();
    job.start(); // a second start is ignored (one thread, one pass)
    ASSERT_TRUE(waitFor([&] { return job.passes() >= 1; }));
    job.stop();
    EXPECT_EQ(runs.load(), 1);
}

} // namespace
} // namespace gequ::server::test
