// The create service's one unit of work on both databases: parallel creates of one user never exceed their points or
// the concurrency limit of their level (PostgreSQL: the user's row lock; SQLite: one writer at a time).

#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/create_service.h"
#include "test_support.h"

#include <atomic>
#include <barrier>
#include <thread>

using namespace std::chrono_literals;

namespace gequ::db::test {
namespace {

using domain::ErrorCode;
using domain::Repositories;

/// Refuses nothing.
class NoModeration : public domain::Moderation {
public:
    std::optional<std::string> findRefused(const std::string&) const override { return std::nullopt; }
};

/// Ids that are safe across threads.
class AtomicIds : public domain::IdGenerator {
public:
    std::string newId() override { return "c-" + std::to_string(++_n); }

private:
    std::atomic<int> _n{0};
};

class CreateServiceTest : public StoreTest {
protected:
    /// Runs `n` creates of one user at once; the error codes (0 for success).
    std::vector<int> createInParallel(const std::string& userId, int n) {
        domain::CreateService service(store(), _clock, _ids, _moderation, domain::CreateSettings{10, "local"});
        std::vector<int> codes(static_cast<std::size_t>(n), -1);
        std::barrier start(n);
        std::vector<std::thread> threads;
        for (int i = 0; i < n; ++i) {
            threads.emplace_back([&, i] {
                domain::CreateRequest request;
                request.prompt = "并发创作 " + std::to_string(i);
                start.arrive_and_wait();
                auto created = service.create(userId, request);
                codes[static_cast<std::size_t>(i)] = created.ok() ? 0 : static_cast<int>(created.error().code);
            });
        }
        for (auto& thread : threads) {
            thread.join();
        }
        return codes;
    }
    void setLevel(const std::string& userId, int level) {
        writing(store(), [&](Repositories& repos) { repos.users().updateMembership(userId, level, kT0 + 24h, false); });
    }
    std::int64_t integral(const std::string& id) {
        return reading(store(), [&](Repositories& repos) { return repos.users().findById(id)->integral; });
    }
    std::int64_t activeTasks(const std::string& id) {
        return reading(store(), [&](Repositories& repos) { return repos.tasks().countActiveByUser(id); });
    }

    FixedClock _clock{kT0};
    AtomicIds _ids;
    NoModeration _moderation;
};

TEST_P(CreateServiceTest, ParallelCreatesNeverOverdraw) {
    addUser("u1", "13800000001", 25);
    setLevel("u1", 5); // eight at once: only the points limit
    const auto codes = createInParallel("u1", 8);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 0), 2);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), static_cast<int>(ErrorCode::InsufficientPoints)), 6);
    EXPECT_EQ(integral("u1"), 5);
    EXPECT_EQ(activeTasks("u1"), 2);
    EXPECT_TRUE(domain::AdminService(store(), _clock, _ids).check().empty());
}

TEST_P(CreateServiceTest, ParallelCreatesNeverExceedTheConcurrencyLimit) {
    addUser("u1", "13800000001", 1000);
    setLevel("u1", 2); // three at once
    const auto codes = createInParallel("u1", 8);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), 0), 3);
    EXPECT_EQ(std::count(codes.begin(), codes.end(), static_cast<int>(ErrorCode::TooManyRequests)), 5);
    EXPECT_EQ(integral("u1"), 970);
    EXPECT_EQ(activeTasks("u1"), 3);
    EXPECT_TRUE(domain::AdminService(store(), _clock, _ids).check().empty());
}

INSTANTIATE_TEST_SUITE_P(Backends, CreateServiceTest, testing::Values(Backend::Sqlite, Backend::Postgresql),
                         backendName);

} // namespace
} // namespace gequ::db::test
