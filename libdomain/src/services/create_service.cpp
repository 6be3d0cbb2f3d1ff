#include "gequ/domain/services/create_service.h"

#include "gequ/domain/model/ledger.h"
#include "gequ/domain/model/plans.h"
#include "gequ/domain/model/song_state.h"
#include "gequ/domain/model/text.h"
#include "gequ/domain/rules_data.h"
#include "gequ/domain/services/ledger.h"
#include "gequ/domain/services/task_request.h"

namespace gequ::domain {

namespace {

DomainError refused() {
    return {ErrorCode::Refused, std::string(kOwnModerationMessage)};
}

/// The upstream request of a normalised create.
GenerationRequest generationRequest(const std::string& taskId, const NormalizedCreate& create,
                                    const std::string& artist) {
    GenerationRequest request;
    request.taskId = taskId;
    request.action = create.action;
    request.prompt = create.prompt;
    request.model = create.model;
    request.lyric = create.lyric;
    request.custom = create.custom;
    request.instrumental = create.instrumental;
    request.title = create.title;
    request.style = create.style;
    request.audioId = create.audioId;
    request.continueAt = create.continueAt;
    request.gender = create.gender;
    request.artist = artist;
    return request;
}

/// The user, row-locked, when they may start another task now: 4040 for an unknown user, 4290 at the concurrency
/// limit of their effective level. A change of nothing takes the user's row lock (PostgreSQL), so concurrent creates
/// of one user count their active tasks one after the other; SQLite runs one writer at a time anyway.
Result<User> admit(Repositories& repos, const std::string& userId, TimePoint now) {
    if (!repos.users().addPoints(userId, 0)) {
        return DomainError{ErrorCode::NotFound, "用户不存在"};
    }
    auto user = repos.users().findById(userId);
    if (!user) {
        return DomainError{ErrorCode::NotFound, "用户不存在"};
    }
    if (repos.tasks().countActiveByUser(userId) >= concurrencyLimit(effectiveLevel(membershipOf(*user), now))) {
        return DomainError{ErrorCode::TooManyRequests, std::string(kConcurrencyMessage)};
    }
    return std::move(*user);
}

/// A queued task of the user's, on the channel of their level.
GenerationTask queuedTask(const std::string& id, const std::string& userId, const std::string& provider,
                          std::string requestJson, int level, bool charged, TimePoint now) {
    GenerationTask task;
    task.id = id;
    task.userId = userId;
    task.provider = provider;
    task.requestJson = std::move(requestJson);
    task.state = TaskState::Queued;
    task.channel = channelForLevel(level);
    task.charged = charged;
    task.createdAt = now;
    return task;
}

/// A private song of a task, generating; the caller adds what it is about (style, lyrics, lineage).
Song generatingSong(const std::string& id, const GenerationTask& task, int clipIndex, const std::string& title,
                    const std::string& model) {
    Song song;
    song.id = id;
    song.taskId = task.id;
    song.userId = task.userId;
    song.clipIndex = clipIndex;
    song.title = title;
    song.model = model;
    song.complete = SongStatus::Generating;
    song.open = false;
    song.createdAt = task.createdAt;
    return song;
}

} // namespace

CreateService::CreateService(Store& store, const Clock& clock, IdGenerator& ids, const Moderation& moderation,
                             CreateSettings settings)
    : _store(store), _clock(clock), _ids(ids), _moderation(moderation), _settings(std::move(settings)) {}

std::string CreateService::successMessage(std::int64_t cost) {
    return "任务提交成功，扣除积分：" + std::to_string(cost);
}

Result<CreatedTask> CreateService::create(const std::string& userId, const CreateRequest& raw) {
    auto validated = validateCreate(raw);
    if (!validated) {
        return validated.error();
    }
    const NormalizedCreate& create = *validated;

    if (create.action == TaskAction::Concat) {
        return join(userId, create);
    }
    if (create.action == TaskAction::Cover || isStems(create.action)) {
        return studio(userId, create);
    }
    if (create.action == TaskAction::Extend) {
        auto source = readOnly(_store, [&](Repositories& repos) { return repos.songs().findById(create.audioId); });
        if (!source || source->userId != userId || source->deletedAt || source->complete != SongStatus::Done) {
            return invalid(std::string(kExtendSourceMessage));
        }
        if (source->origin == TaskAction::Cover || isStems(source->origin)) {
            return invalid(std::string(kExtendStudioSourceMessage));
        }
        // 0 < continue_at <= duration: the default is the end (the extension follows the whole song).
        if (create.continueAt > source->duration) {
            return invalid("续写起点不能超过歌曲时长");
        }
    }

    for (const std::string* text : {&create.prompt, &create.title, &create.style, &create.lyric}) {
        if (!text->empty() && _moderation.findRefused(*text)) {
            return refused();
        }
    }

    const TimePoint now = _clock.now();
    const std::string title = provisionalTitle(create);
    CreatedTask created = newTask(title, _settings.cost, kSongsPerTask);

    auto result = inTransaction(_store, [&](Repositories& repos) -> Result<CreatedTask> {
        auto user = admit(repos, userId, now);
        if (!user) {
            return user.error();
        }
        const int level = effectiveLevel(membershipOf(*user), now);
        if (_settings.cost > 0) {
            auto charged =
                applyPoints(repos, userId, -_settings.cost, createRemark(title), taskChargeRef(created.taskId), now);
            if (!charged) {
                return charged.error();
            }
        }

        const GenerationTask task = queuedTask(
            created.taskId, userId, _settings.provider,
            encodeTaskRequest(TaskRequest{generationRequest(created.taskId, create, user->nickname), _settings.cost}),
            level, _settings.cost > 0, now);
        repos.tasks().insert(task);

        for (int i = 0; i < kSongsPerTask; ++i) {
            Song song = generatingSong(created.songIds[static_cast<std::size_t>(i)], task, i, title, create.model);
            song.tags = create.style;
            song.prompt = create.prompt;
            song.lyric = create.lyric;
            song.origin = create.action;
            if (hasSource(create.action)) {
                song.sourceId = create.audioId;
            }
            repos.songs().insert(song);
        }
        return created;
    });
    if (result && _onCreated) {
        _onCreated();
    }
    return result;
}

Result<CreatedTask> CreateService::studio(const std::string& userId, const NormalizedCreate& create) {
    const bool stems = isStems(create.action);
    if (create.action == TaskAction::AllStems && !_settings.allStems) {
        return DomainError{ErrorCode::Conflict, std::string(kAllStemsUnavailableMessage)};
    }
    auto found = readOnly(_store, [&](Repositories& repos) { return repos.songs().findById(create.audioId); });
    // Another person's private song is as unknown as a missing one.
    if (!found || found->deletedAt || found->hidden || (found->userId != userId && !found->open)) {
        return DomainError{ErrorCode::NotFound, std::string(kStudioSourceNotFoundMessage)};
    }
    const Song source = std::move(*found);
    if (stems && source.userId != userId) {
        return DomainError{ErrorCode::Forbidden, std::string(kStemsNotYourSongMessage)};
    }
    if (auto playable = checkPlayable(source.complete); !playable) {
        return playable.error();
    }
    if (stems && isStems(source.origin)) {
        return invalid(std::string(kStemsOfStemMessage));
    }
    if (stems && source.origin == TaskAction::Concat) {
        return invalid(std::string(kStemsOfJoinMessage));
    }
    if (!stems && source.origin != TaskAction::Generate) {
        return invalid(std::string(kCoverSourceMessage));
    }
    for (const std::string* text : {&create.title, &create.style}) {
        if (!text->empty() && _moderation.findRefused(*text)) {
            return refused();
        }
    }

    const TimePoint now = _clock.now();
    const std::vector<std::string_view> parts = stemParts(create.action);
    const std::string title = stems || create.title.empty() ? source.title : create.title;
    const std::int64_t cost = create.action == TaskAction::Stems      ? kStemsCost
                              : create.action == TaskAction::AllStems ? kAllStemsCost
                                                                      : _settings.cost;
    CreatedTask created = newTask(title, cost, stems ? parts.size() : static_cast<std::size_t>(kSongsPerTask));

    auto result = inTransaction(_store, [&](Repositories& repos) -> Result<CreatedTask> {
        auto user = admit(repos, userId, now);
        if (!user) {
            return user.error();
        }
        const int level = effectiveLevel(membershipOf(*user), now);
        if (create.action == TaskAction::AllStems && level < 1) {
            return DomainError{ErrorCode::Forbidden, std::string(rules::kMessagesAllStemsMembersOnly)};
        }
        if (created.cost > 0) {
            const std::string remark = (stems ? "分离音轨《" : "换个风格《") + source.title + "》";
            auto charged = applyPoints(repos, userId, -created.cost, remark, taskChargeRef(created.taskId), now);
            if (!charged) {
                return charged.error();
            }
        }
        GenerationRequest request = generationRequest(created.taskId, create, user->nickname);
        request.custom = true;
        request.title = title;
        request.lyric = source.lyric;
        request.instrumental = trim(source.lyric).empty();
        if (stems) {
            request.style = source.tags;
        }
        const GenerationTask task =
            queuedTask(created.taskId, userId, _settings.provider,
                       encodeTaskRequest(TaskRequest{request, created.cost}), level, created.cost > 0, now);
        repos.tasks().insert(task);

        for (std::size_t i = 0; i < created.songIds.size(); ++i) {
            Song song = generatingSong(created.songIds[i], task, static_cast<int>(i),
                                       stems ? stemTitle(source.title, parts[i]) : title, create.model);
            song.tags = stems ? source.tags : create.style;
            song.prompt = source.prompt;
            song.lyric = !stems || i == 0 ? source.lyric : std::string(); // the words are on the vocal stem
            song.origin = create.action;
            song.sourceId = source.id;
            repos.songs().insert(song);
        }
        return created;
    });
    if (result && _onCreated) {
        _onCreated();
    }
    return result;
}

Result<CreatedTask> CreateService::join(const std::string& userId, const NormalizedCreate& create) {
    // The extension to join, its chain, and the lyrics of the whole song.
    struct Source {
        Song song;
        std::string lyric;
    };
    auto source = readOnly(_store, [&](Repositories& repos) -> Result<Source> {
        auto song = repos.songs().findById(create.audioId);
        if (!song || song->userId != userId || song->deletedAt || song->complete != SongStatus::Done) {
            return invalid(std::string(kConcatSourceMessage));
        }
        if (song->origin != TaskAction::Extend) {
            return invalid(std::string(kConcatNotExtensionMessage));
        }
        auto chain = sourceChain(repos, song->id);
        if (!chain || chain->size() < 2) {
            return invalid(std::string(kConcatNotExtensionMessage));
        }
        std::string lyric;
        for (const auto& part : *chain) {
            const std::string text = trim(part.request.lyric);
            if (!text.empty()) {
                lyric += (lyric.empty() ? "" : "\n\n") + text;
            }
        }
        return Source{std::move(*song), std::move(lyric)};
    });
    if (!source) {
        return source.error();
    }

    const TimePoint now = _clock.now();
    CreatedTask created = newTask(source->song.title, 0, 1); // joining is free

    bool joinedBefore = false;
    auto result = inTransaction(_store, [&](Repositories& repos) -> Result<CreatedTask> {
        // One join per extension: with the user's row locked (so concurrent joins queue here), a join that is neither
        // failed nor deleted is the answer again; on AceData each join is a paid upstream job.
        if (!repos.users().addPoints(userId, 0)) {
            return DomainError{ErrorCode::NotFound, "用户不存在"};
        }
        if (auto earlier = repos.songs().findLiveJoin(userId, source->song.id)) {
            joinedBefore = true;
            return CreatedTask{earlier->taskId, {earlier->id}, 0, earlier->title};
        }
        auto user = admit(repos, userId, now);
        if (!user) {
            return user.error();
        }
        const int level = effectiveLevel(membershipOf(*user), now);
        GenerationRequest request = generationRequest(created.taskId, create, user->nickname);
        request.custom = true;
        request.title = source->song.title;
        request.style = source->song.tags;
        request.lyric = source->lyric;

        const GenerationTask task = queuedTask(created.taskId, userId, _settings.provider,
                                               encodeTaskRequest(TaskRequest{request, 0}), level, false, now);
        repos.tasks().insert(task);

        Song song = generatingSong(created.songIds.front(), task, 0, source->song.title, create.model);
        song.tags = source->song.tags;
        song.lyric = source->lyric;
        song.sourceId = source->song.id;
        song.origin = TaskAction::Concat;
        repos.songs().insert(song);
        return created;
    });
    if (result && !joinedBefore && _onCreated) {
        _onCreated();
    }
    return result;
}

CreatedTask CreateService::newTask(std::string title, std::int64_t cost, std::size_t songs) {
    CreatedTask created;
    created.taskId = _ids.newId();
    created.cost = cost;
    created.title = std::move(title);
    for (std::size_t i = 0; i < songs; ++i) {
        created.songIds.push_back(_ids.newId());
    }
    return created;
}

} // namespace gequ::domain
