#include "gequ/domain/model/entities.h"

#include <gtest/gtest.h>

using namespace gequ::domain;

TEST(Entities, TaskStateNames) {
    const std::pair<TaskState, std::string> table[] = {{TaskState::Queued, "queued"},
                                                       {TaskState::Submitted, "submitted"},
                                                       {TaskState::Running, "running"},
                                                       {TaskState::Succeeded, "succeeded"},
                                                       {TaskState::Failed, "failed"}};
    for (const auto& [state, name] : table) {
        EXPECT_EQ(toString(state), name);
        EXPECT_EQ(parseTaskState(name), state);
    }
    EXPECT_EQ(parseTaskState("Queued"), std::nullopt);
    EXPECT_EQ(parseTaskState(""), std::nullopt);
}

TEST(Entities, SongStatusNames) {
    EXPECT_EQ(toString(SongStatus::Generating), "generating");
    EXPECT_EQ(toString(SongStatus::Done), "done");
    EXPECT_EQ(toString(SongStatus::Failed), "failed");
    EXPECT_EQ(toString(static_cast<SongStatus>(7)), "unknown");
}

TEST(Entities, TaskChannelNames) {
    EXPECT_EQ(toString(TaskChannel::Ordinary), "ordinary");
    EXPECT_EQ(toString(TaskChannel::Member), "member");
    EXPECT_EQ(parseTaskChannel("ordinary"), TaskChannel::Ordinary);
    EXPECT_EQ(parseTaskChannel("member"), TaskChannel::Member);
    EXPECT_EQ(parseTaskChannel("vip"), std::nullopt);
}

TEST(Entities, OrderStateNames) {
    const std::pair<OrderState, std::string> table[] = {
        {OrderState::Created, "created"}, {OrderState::Paid, "paid"}, {OrderState::Closed, "closed"}};
    for (const auto& [state, name] : table) {
        EXPECT_EQ(toString(state), name);
        EXPECT_EQ(parseOrderState(name), state);
    }
    EXPECT_EQ(parseOrderState("refunded"), std::nullopt);
}

TEST(Entities, PayChannelNames) {
    const std::pair<PayChannel, std::string> table[] = {
        {PayChannel::Native, "native"}, {PayChannel::H5, "h5"}, {PayChannel::Jsapi, "jsapi"}};
    for (const auto& [channel, name] : table) {
        EXPECT_EQ(toString(channel), name);
        EXPECT_EQ(parsePayChannel(name), channel);
    }
    EXPECT_EQ(parsePayChannel("jsapiPc"), std::nullopt);
}
