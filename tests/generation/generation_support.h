#pragma once

// What the generation worker tests share: a fresh SQLite database per test, a clock the test moves, users with
// points, the create service as gequ-server wires it (a wiring::Runtime on the test's database, clock and ids), a
// scripted SongGenerator and MediaFetcher, and waiting with a deadline.

#include "gequ/db/database.h"
#include "gequ/domain/model/ledger.h"
#include "gequ/domain/services/admin_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/generation_worker.h"
#include "gequ/domain/services/ledger.h"
#include "gequ/moderation/word_list_moderation.h"
#include "gequ/wiring/config.h"
#include "gequ/wiring/runtime.h"
#include "system_doubles.h"
#include "temp_dir.h"
#include "test_clock.h"

#include <atomic>
#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <gtest/gtest.h>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

namespace gequ::generation::test {

using namespace gequ::domain;

/// 2026-11-21T10:00:00Z
inline const TimePoint kT0 = fromEpochMillis(1795255200000);

using gequ::test::TempDir;

/// The suite's clock (gequ::test::TestClock), starting at kT0.
class TestClock : public gequ::test::TestClock {
public:
    TestClock() : gequ::test::TestClock(kT0) {}
};

/// A Store borrowed from the fixture that owns the database (each Runtime built on it only borrows it).
class BorrowedStore : public Store {
public:
    explicit BorrowedStore(Store& inner) : _inner(inner) {}
    void transact(const std::function<bool(Repositories&)>& fn) override { _inner.transact(fn); }
    void read(const std::function<void(Repositories&)>& fn) override { _inner.read(fn); }
    bool ping() override { return _inner.ping(); }
    std::string dialect() const override { return _inner.dialect(); }

private:
    Store& _inner;
};

/// A SongGenerator the test scripts: submit answers in order (then success, "up-<taskId>"), per-id poll statuses
/// (default: Queued), a poll failure; it counts submits per task id.
class ScriptedGenerator : public SongGenerator {
public:
    explicit ScriptedGenerator(std::string name = "ace") : _name(std::move(name)) {}

    Result<std::string> submit(const GenerationRequest& request) override {
        std::lock_guard lock(_mutex);
        ++_submits[request.taskId];
        _requests.push_back(request);
        if (!_submitAnswers.empty()) {
            auto answer = _submitAnswers.front();
            _submitAnswers.pop_front();
            if (answer) {
                return *answer;
            }
        }
        return "up-" + request.taskId;
    }
    Result<std::vector<TaskStatus>> poll(const std::vector<std::string>& ids) override {
        std::lock_guard lock(_mutex);
        ++_polls;
        if (_pollError) {
            return *_pollError;
        }
        std::vector<TaskStatus> out;
        for (const auto& id : ids) {
            auto it = _statuses.find(id);
            if (it != _statuses.end()) {
                out.push_back(it->second);
            } else {
                TaskStatus queued;
                queued.id = id;
                queued.state = UpstreamState::Queued;
                out.push_back(queued);
            }
        }
        return out;
    }
    Result<Lyrics> lyrics(const std::string& prompt) override { return Lyrics{prompt, "歌词"}; }
    std::string name() const override { return _name; }
    GeneratorCapabilities capabilities() const override { return _capabilities; }
    /// What it says it can do (nothing special by default, as AceData).
    void setCapabilities(GeneratorCapabilities capabilities) { _capabilities = capabilities; }

    /// The next submit fails with this error (queued in order).
    void failNextSubmit(DomainError error) {
        std::lock_guard lock(_mutex);
        _submitAnswers.push_back(std::move(error));
    }
    void setStatus(TaskStatus status) {
        std::lock_guard lock(_mutex);
        _statuses[status.id] = std::move(status);
    }
    void forget(const std::string& upstreamId) {
        std::lock_guard lock(_mutex);
        _statuses.erase(upstreamId);
    }
    void failPolls(std::optional<DomainError> error) {
        std::lock_guard lock(_mutex);
        _pollError = std::move(error);
    }
    int submits(const std::string& taskId) const {
        std::lock_guard lock(_mutex);
        auto it = _submits.find(taskId);
        return it == _submits.end() ? 0 : it->second;
    }
    int totalSubmits() const {
        std::lock_guard lock(_mutex);
        int n = 0;
        for (const auto& [id, count] : _submits) {
            n += count;
        }
        return n;
    }
    std::map<std::string, int> submitCounts() const {
        std::lock_guard lock(_mutex);
        return _submits;
    }
    std::vector<GenerationRequest> requests() const {
        std::lock_guard lock(_mutex);
        return _requests;
    }
    int polls() const {
        std::lock_guard lock(_mutex);
        return _polls;
    }

private:
    std::string _name;
    GeneratorCapabilities _capabilities;
    mutable std::mutex _mutex;
    std::deque<std::optional<DomainError>> _submitAnswers;
    std::map<std::string, TaskStatus> _statuses;
    std::optional<DomainError> _pollError;
    std::map<std::string, int> _submits;
    std::vector<GenerationRequest> _requests;
    int _polls = 0;
};

/// A clip status.
inline ClipStatus clip(const std::string& id, ClipState state, const std::string& audio = {},
                       const std::string& image = {}, double duration = 0) {
    ClipStatus c;
    c.id = id;
    c.state = state;
    c.audioUrl = audio;
    c.imageUrl = image;
    c.duration = duration;
    if (state == ClipState::Running) {
        c.streamUrl = "https://cdn.example/stream/" + id;
        c.audioUrl.clear();
    }
    return c;
}

inline TaskStatus status(const std::string& id, UpstreamState state, std::vector<ClipStatus> clips = {},
                         const std::string& error = {}) {
    TaskStatus s;
    s.id = id;
    s.state = state;
    s.clips = std::move(clips);
    s.error = error;
    return s;
}

/// A MediaFetcher the test scripts: copies succeed ("/media/<songId>.mp3" / ".jpg" / ".wav") unless failing is set.
class ScriptedFetcher : public MediaFetcher {
public:
    Result<std::string> fetchAudio(const std::string& songId, const std::string& url) override {
        std::lock_guard lock(_mutex);
        _fetched.push_back(url);
        if (_failing) {
            return DomainError{ErrorCode::Upstream, "下载失败"};
        }
        return "/media/" + songId + ".mp3";
    }
    Result<std::string> fetchCover(const std::string& songId, const std::string& url) override {
        std::lock_guard lock(_mutex);
        _fetched.push_back(url);
        if (_failing) {
            return DomainError{ErrorCode::Upstream, "下载失败"};
        }
        return "/media/" + songId + ".jpg";
    }
    Result<std::string> fetchWav(const std::string& songId, const std::string& url) override {
        std::lock_guard lock(_mutex);
        _fetched.push_back(url);
        if (_failing) {
            return DomainError{ErrorCode::Upstream, "下载失败"};
        }
        return "/media/" + songId + ".wav";
    }
    void setFailing(bool failing) {
        std::lock_guard lock(_mutex);
        _failing = failing;
    }
    std::vector<std::string> fetched() const {
        std::lock_guard lock(_mutex);
        return _fetched;
    }

private:
    mutable std::mutex _mutex;
    bool _failing = false;
    std::vector<std::string> _fetched;
};

/// The log lines a worker wrote.
class LogCapture {
public:
    WorkerLog sink() {
        return [this](LogLevel level, const std::string& message) {
            std::lock_guard lock(_mutex);
            _lines.emplace_back(level, message);
        };
    }
    bool has(LogLevel level, const std::string& part) const {
        std::lock_guard lock(_mutex);
        for (const auto& [l, m] : _lines) {
            if (l == level && m.find(part) != std::string::npos) {
                return true;
            }
        }
        return false;
    }

private:
    mutable std::mutex _mutex;
    std::vector<std::pair<LogLevel, std::string>> _lines;
};

/// A fresh SQLite database per test with users, the create service and helpers to look at tasks and the ledger.
class GenerationTest : public ::testing::Test {
protected:
    void SetUp() override {
        _store = db::openStore("sqlite:" + (_dir.path() / "gequ.db").string(), 4);
        useProvider("ace");
    }

    Store& store() { return *_store; }
    TestClock& clock() { return _clock; }
    const std::filesystem::path& dir() const { return _dir.path(); }
    /// The create service of the production wiring: points.create_cost, the built-in moderation word list, and the
    /// upstream's name recorded on each task.
    CreateService& creator() { return _runtime->create(); }
    /// Rewires the runtime with an upstream of this name, so the create service records it on its tasks.
    void useProvider(const std::string& provider) {
        _runtime.reset();
        _upstream = std::make_unique<ScriptedGenerator>(provider);
        wiring::Substitutes substitutes;
        substitutes.clock = &_clock;
        substitutes.ids = &_ids;
        substitutes.generator = _upstream.get();
        const auto config = wiring::Config::loadFromString(
            "data.dir = " + _dir.path().string() + "\n",
            [](const std::string&) { return std::optional<std::string>(); }, "the generation tests");
        _runtime = std::make_unique<wiring::Runtime>(config, std::make_unique<BorrowedStore>(*_store), substitutes);
    }

    /// A user with `points` from a sign-up gift and the membership level `level` (valid for a year).
    std::string addUser(std::int64_t points = 20, int level = 0) {
        const std::string id = "u-" + std::to_string(++_users);
        store().transact([&](Repositories& repos) {
            User user;
            user.id = id;
            user.phone = "1380000" + std::to_string(1000 + _users);
            user.nickname = "用户" + std::to_string(_users);
            user.createdAt = _clock.now();
            repos.users().insert(user);
            if (points > 0) {
                EXPECT_TRUE(applyPoints(repos, id, points, "新用户注册赠送", signupRef(id), _clock.now()).ok());
            }
            if (level > 0) {
                repos.users().updateMembership(id, level, _clock.now() + std::chrono::hours(24 * 365), false);
            }
            return true;
        });
        return id;
    }

    /// Creates a task in inspiration mode (custom mode when lyric is given) and returns its id.
    std::string createTask(const std::string& userId, const std::string& prompt = "一首欢快的夏日歌曲",
                           const std::string& lyric = {}, const std::string& style = {}) {
        CreateRequest request;
        request.prompt = prompt;
        if (!lyric.empty()) {
            request.custom = true;
            request.title = prompt;
            request.lyric = lyric;
            request.style = style;
        }
        auto created = creator().create(userId, request);
        EXPECT_TRUE(created.ok()) << (created.ok() ? "" : created.error().message);
        return created.ok() ? created->taskId : std::string();
    }

    GenerationTask task(const std::string& id) {
        auto found = readOnly(store(), [&](Repositories& repos) { return repos.tasks().findById(id); });
        EXPECT_TRUE(found.has_value()) << id;
        return found.value_or(GenerationTask{});
    }
    std::vector<Song> songs(const std::string& taskId) {
        return readOnly(store(), [&](Repositories& repos) { return repos.songs().listByTask(taskId); });
    }
    std::int64_t points(const std::string& userId) {
        return readOnly(store(), [&](Repositories& repos) { return repos.users().findById(userId)->integral; });
    }
    std::vector<PointsRecord> records(const std::string& userId) {
        return readOnly(store(), [&](Repositories& repos) { return repos.points().allByUser(userId); });
    }
    /// How many ledger records of the user carry this ref.
    int refCount(const std::string& userId, const std::string& ref) {
        int n = 0;
        for (const auto& record : records(userId)) {
            n += record.ref == ref ? 1 : 0;
        }
        return n;
    }
    /// Every broken invariant, as gequ-admin check finds them.
    std::vector<std::string> problems() {
        AdminService admin(store(), _clock, _ids);
        return admin.check();
    }
    void expectInvariants() {
        const auto found = problems();
        EXPECT_TRUE(found.empty()) << (found.empty() ? "" : found.front());
    }

    WorkerSettings settings(int maxInflight = 50) {
        WorkerSettings s;
        s.maxInflight = maxInflight;
        return s;
    }

    /// Ticks (moving the clock 10 s each round so every poll is due) until done() or 90 s of real time pass.
    bool tickUntil(GenerationWorker& worker, const std::function<bool()>& done, const std::string& owner = "w1") {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
        while (std::chrono::steady_clock::now() < deadline) {
            worker.tick(owner);
            if (done()) {
                return true;
            }
            clock().advance(std::chrono::seconds(10));
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        return done();
    }
    bool isFinalTask(const std::string& id) {
        const auto state = task(id).state;
        return state == TaskState::Succeeded || state == TaskState::Failed;
    }

private:
    TempDir _dir;
    TestClock _clock;
    gequ::test::CountingIds _ids{"t-"}; ///< t-1, t-2, ... (safe as composer and media key names)
    std::unique_ptr<Store> _store;
    std::unique_ptr<ScriptedGenerator> _upstream; ///< names the provider (the tests give each worker its own)
    std::unique_ptr<wiring::Runtime> _runtime;
    int _users = 0;
};

} // namespace gequ::generation::test
