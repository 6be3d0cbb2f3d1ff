#pragma once

// The command groups of gequ-admin, one file each. A new group (user, redeem, songs, tasks, orders, compose) is a new
// <group>_commands.cpp with an add...Commands function declared here and called from main.cpp.

#include "cli.h"

namespace gequ::cli {

/// migrate, check, stats (database_commands.cpp).
void addDatabaseCommands(CommandTable& table);
/// points grant (points_commands.cpp).
void addPointsCommands(CommandTable& table);
/// compose (compose_commands.cpp).
void addComposeCommands(CommandTable& table);
/// user list, show, disable, enable (user_commands.cpp).
void addUserCommands(CommandTable& table);
/// redeem create, list, disable (redeem_commands.cpp).
void addRedeemCommands(CommandTable& table);
/// songs show, hide, unhide; media purge (songs_commands.cpp).
void addSongsCommands(CommandTable& table);
/// tasks list, retry (tasks_commands.cpp).
void addTasksCommands(CommandTable& table);
/// orders list, show, reconcile (orders_commands.cpp).
void addOrdersCommands(CommandTable& table);
/// seed
void addSeedCommands(CommandTable& table);

} // namespace gequ::cli
