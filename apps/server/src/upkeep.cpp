#include "gequ/server/upkeep.h"

#include "gequ/db/database.h"

#include <Poco/Logger.h>
#include <string>

namespace gequ::server {

std::unique_ptr<PeriodicJob> makeOrderUpkeep(domain::OrderService& orders, std::chrono::milliseconds interval) {
    auto pass = [&orders] {
        const auto report = orders.reconcile();
        if (report.fulfilled > 0 || report.closed > 0 || report.failed > 0) {
            Poco::Logger::get("gequ.orders")
                .information("orders settled: %d asked, %d fulfilled, %d closed, %d failed", report.queried,
                             report.fulfilled, report.closed, report.failed);
        }
    };
    return std::make_unique<PeriodicJob>("orders", interval, pass, PeriodicJob::FirstPass::AfterInterval);
}

std::unique_ptr<PeriodicJob> makeSquareUpkeep(domain::SquareService& square, std::chrono::milliseconds interval) {
    return std::make_unique<PeriodicJob>("square", interval, [&square] { square.maintain(); });
}

std::unique_ptr<PeriodicJob> makeMediaUpkeep(domain::MediaService& media, std::chrono::milliseconds interval,
                                             domain::Millis retention) {
    auto pass = [&media, retention] {
        const auto purged = media.purgeDeleted(retention);
        if (purged.songs > 0) {
            Poco::Logger::get("gequ.media")
                .information("removed " + std::to_string(purged.files) + " media files of " +
                             std::to_string(purged.songs) + " deleted songs");
        }
    };
    return std::make_unique<PeriodicJob>("media", interval, pass);
}

std::unique_ptr<PeriodicJob> makeSearchIndexUpkeep(domain::Store& store, std::chrono::milliseconds interval) {
    auto pass = [&store, merging = false]() mutable {
        const int segments = db::tidySearchIndex(store);
        const bool now = segments > 0 && segments > db::kSearchSegmentsKept;
        if (now != merging) {
            Poco::Logger::get("gequ.db").information(now ? "merging the search index's %d segments into one"
                                                         : "the search index is merged (%d segments)",
                                                     segments);
            merging = now;
        }
    };
    return std::make_unique<PeriodicJob>("search index", interval, pass, PeriodicJob::FirstPass::AfterInterval);
}

} // namespace gequ::server
