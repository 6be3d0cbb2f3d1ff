// gequ-admin: the operator's tool, on the same services as gequ-server.

#include "cli.h"
#include "commands.h"

#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    gequ::cli::CommandTable table;
    gequ::cli::addDatabaseCommands(table);
    gequ::cli::addPointsCommands(table);
    gequ::cli::addComposeCommands(table);
    gequ::cli::addUserCommands(table);
    gequ::cli::addRedeemCommands(table);
    gequ::cli::addSongsCommands(table);
    gequ::cli::addTasksCommands(table);
    gequ::cli::addOrdersCommands(table);
    gequ::cli::addSeedCommands(table);

    const std::vector<std::string> args(argv + 1, argv + argc);
    const int status = gequ::cli::run(table, args, std::cout, std::cerr);
    std::cout.flush();
    return status;
}
