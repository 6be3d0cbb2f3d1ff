#pragma once

// What the create and works tests share: the account fixture plus helpers that create songs through the API and move
// their tasks along in the database (the HTTP tests run no generation worker).

#include "account_client.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/ledger.h"

#include <atomic>
#include <string>
#include <vector>

namespace gequ::http::test {

class WorksTest : public AccountTest {
protected:
    /// A signed-in user (20 points from the sign-up gift) and their id.
    struct Account {
        std::string token;
        std::string id;
    };
    Account account(const std::string& phone) {
        Account out;
        out.token = login(phone);
        out.id = userId(out.token);
        return out;
    }

    HttpAnswer create(const std::string& token, const std::string& body) {
        return post("/music/api/create/ace", body, token);
    }
    /// An inspiration-mode create.
    HttpAnswer inspire(const std::string& token, const std::string& prompt = "一首欢快的夏日歌曲") {
        return create(token, R"({"action":"generate","prompt":")" + prompt + R"(","custom":false})");
    }

    /// Adds (or takes) points through the ledger.
    void grant(const std::string& userId, std::int64_t amount) {
        auto applied = domain::inTransaction(store(), [&](domain::Repositories& repos) {
            return domain::applyPoints(repos, userId, amount, "测试调整", domain::adminRef(std::to_string(++_refs)),
                                       clock().now());
        });
        ASSERT_TRUE(applied.ok()) << applied.error().message;
    }
    /// Sets the user's membership level, valid for `days` days.
    void setLevel(const std::string& userId, int level, int days = 30) {
        store().transact([&](domain::Repositories& repos) {
            repos.users().updateMembership(userId, level, clock().now() + std::chrono::hours(24 * days), false);
            return true;
        });
    }
    std::int64_t points(const std::string& userId) {
        return domain::readOnly(store(),
                                [&](domain::Repositories& repos) { return repos.users().findById(userId)->integral; });
    }
    std::vector<domain::PointsRecord> records(const std::string& userId) {
        return domain::readOnly(store(), [&](domain::Repositories& repos) { return repos.points().allByUser(userId); });
    }
    std::vector<domain::GenerationTask> tasks() {
        return domain::readOnly(store(), [](domain::Repositories& repos) {
            return repos.tasks().listByState(std::nullopt, domain::Page{0, 1000});
        });
    }
    std::optional<domain::Song> song(const std::string& id) {
        return domain::readOnly(store(), [&](domain::Repositories& repos) { return repos.songs().findById(id); });
    }
    std::vector<domain::Song> songsOf(const std::string& taskId) {
        return domain::readOnly(store(), [&](domain::Repositories& repos) { return repos.songs().listByTask(taskId); });
    }

    /// Creates a song in inspiration mode and returns the task id and its song ids (fails the test otherwise).
    std::pair<std::string, std::vector<std::string>> createOk(const std::string& token,
                                                              const std::string& prompt = "一首欢快的夏日歌曲") {
        auto answer = inspire(token, prompt);
        EXPECT_EQ(answer.status, 200) << answer.text();
        auto object = data(answer);
        std::vector<std::string> ids;
        if (auto array = object->getArray("songIds")) {
            for (std::size_t i = 0; i < array->size(); ++i) {
                ids.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
            }
        }
        return {object->optValue<std::string>("taskId", ""), ids};
    }

    /// Finishes a task as the worker would: both songs done with /media/song.mp3 (the test server's 10000 bytes).
    void finish(const std::string& taskId, const std::string& title = {}) {
        store().transact([&](domain::Repositories& repos) {
            auto task = repos.tasks().findById(taskId);
            task->state = domain::TaskState::Succeeded;
            task->finishedAt = clock().now();
            repos.tasks().update(*task);
            for (auto s : repos.songs().listByTask(taskId)) {
                s.complete = domain::SongStatus::Done;
                s.audioUrl = "/media/song.mp3";
                s.imageUrl = "/media/cover.svg";
                s.duration = 30;
                s.finishedAt = clock().now();
                if (!title.empty()) {
                    s.title = title;
                }
                repos.songs().update(s);
            }
            return true;
        });
    }
    /// Fails a task (no refund: the HTTP tests look at the songs only).
    void failTask(const std::string& taskId, const std::string& error) {
        store().transact([&](domain::Repositories& repos) {
            auto task = repos.tasks().findById(taskId);
            task->state = domain::TaskState::Failed;
            task->error = error;
            repos.tasks().update(*task);
            for (auto s : repos.songs().listByTask(taskId)) {
                s.complete = domain::SongStatus::Failed;
                repos.songs().update(s);
            }
            return true;
        });
    }

    /// Every broken invariant (ledger, tasks, ...), as gequ-admin check reports them.
    std::vector<std::string> check() {
        domain::AdminService admin(store(), clock(), server().runtime().ids());
        return admin.check();
    }

    FakeGenerator& generator() { return server().generator(); }

private:
    std::atomic<int> _refs{0};
};

} // namespace gequ::http::test
