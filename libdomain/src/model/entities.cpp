#include "gequ/domain/model/entities.h"

#include <array>
#include <string_view>
#include <utility>

namespace gequ::domain {

namespace {

template <class E, std::size_t N> using NameTable = std::array<std::pair<E, std::string_view>, N>;

constexpr NameTable<TaskAction, 6> kTaskActions{{{TaskAction::Generate, "generate"},
                                                 {TaskAction::Extend, "extend"},
                                                 {TaskAction::Concat, "concat"},
                                                 {TaskAction::Cover, "cover"},
                                                 {TaskAction::Stems, "stems"},
                                                 {TaskAction::AllStems, "all_stems"}}};
constexpr NameTable<TaskState, 5> kTaskStates{{{TaskState::Queued, "queued"},
                                               {TaskState::Submitted, "submitted"},
                                               {TaskState::Running, "running"},
                                               {TaskState::Succeeded, "succeeded"},
                                               {TaskState::Failed, "failed"}}};
constexpr NameTable<TaskChannel, 2> kTaskChannels{
    {{TaskChannel::Ordinary, "ordinary"}, {TaskChannel::Member, "member"}}};
constexpr NameTable<OrderState, 3> kOrderStates{
    {{OrderState::Created, "created"}, {OrderState::Paid, "paid"}, {OrderState::Closed, "closed"}}};
constexpr NameTable<SongStatus, 3> kSongStatuses{
    {{SongStatus::Generating, "generating"}, {SongStatus::Done, "done"}, {SongStatus::Failed, "failed"}}};
constexpr NameTable<PayChannel, 3> kPayChannels{
    {{PayChannel::Native, "native"}, {PayChannel::H5, "h5"}, {PayChannel::Jsapi, "jsapi"}}};

template <class E, std::size_t N> std::string nameOf(const NameTable<E, N>& table, E value) {
    for (const auto& [candidate, name] : table) {
        if (candidate == value) {
            return std::string(name);
        }
    }
    return {};
}

template <class E, std::size_t N> std::optional<E> valueOf(const NameTable<E, N>& table, const std::string& text) {
    for (const auto& [value, name] : table) {
        if (name == text) {
            return value;
        }
    }
    return std::nullopt;
}

} // namespace

std::string toString(SongStatus status) {
    std::string name = nameOf(kSongStatuses, status);
    return name.empty() ? "unknown" : name;
}
std::string toString(TaskState state) {
    return nameOf(kTaskStates, state);
}
std::optional<TaskState> parseTaskState(const std::string& text) {
    return valueOf(kTaskStates, text);
}
std::string toString(TaskChannel channel) {
    return nameOf(kTaskChannels, channel);
}
std::string toString(TaskAction action) {
    return nameOf(kTaskActions, action);
}
std::optional<TaskAction> parseTaskAction(const std::string& text) {
    return valueOf(kTaskActions, text);
}
bool hasSource(TaskAction action) {
    return action != TaskAction::Generate;
}
bool isStems(TaskAction action) {
    return action == TaskAction::Stems || action == TaskAction::AllStems;
}
std::optional<TaskChannel> parseTaskChannel(const std::string& text) {
    return valueOf(kTaskChannels, text);
}
std::string toString(OrderState state) {
    return nameOf(kOrderStates, state);
}
std::optional<OrderState> parseOrderState(const std::string& text) {
    return valueOf(kOrderStates, text);
}
std::string toString(PayChannel channel) {
    return nameOf(kPayChannels, channel);
}
std::optional<PayChannel> parsePayChannel(const std::string& text) {
    return valueOf(kPayChannels, text);
}

} // namespace gequ::domain
