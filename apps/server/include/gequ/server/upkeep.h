#pragma once

// gequ-server's background upkeep, each a PeriodicJob. Each is harmless on several instances at once:
// - orders (docs/payments.md): OrderService::reconcile() (expired orders closed, open orders asked about at the
//   provider, a paid answer fulfilled) every payment.reconcile_interval, the first pass after one interval;
//   fulfilment is exactly-once and closing is a conditional update.
// - square (docs/product.md "Lists and engagement", docs/data.md play_events): SquareService::maintain() (old play
//   notes forgotten, in bounded batches) at start and then every kSquareUpkeepInterval; both steps are idempotent.
// - media (docs/data.md retention, docs/security.md "Media"): MediaService::purgeDeleted() (deleted songs' files
//   removed after the retention) at start and then every kMediaUpkeepInterval; removing a missing file is not an
//   error and each song's URLs are cleared once.
// - search index (docs/performance.md "Search"): db::tidySearchIndex() every kSearchIndexUpkeepInterval: on SQLite,
//   one bounded step of merging the full-text index's segments when there are more than a few (a write held for
//   about 0.1 s at a million songs); nothing on PostgreSQL.

#include "gequ/domain/ports/store.h"
#include "gequ/domain/services/media_service.h"
#include "gequ/domain/services/order_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/server/periodic_job.h"

#include <chrono>
#include <memory>

namespace gequ::server {

/// How often gequ-server refreshes the hot list.
inline constexpr std::chrono::milliseconds kSquareUpkeepInterval = std::chrono::minutes{3};
/// How often gequ-server looks for deleted songs past the retention.
inline constexpr std::chrono::milliseconds kMediaUpkeepInterval = std::chrono::hours{1};

/// How often gequ-server looks at the search index's segments.
inline constexpr std::chrono::milliseconds kSearchIndexUpkeepInterval = std::chrono::seconds{10};

/// The orders' upkeep (logger gequ.orders). `orders` must outlive the job.
std::unique_ptr<PeriodicJob> makeOrderUpkeep(domain::OrderService& orders, std::chrono::milliseconds interval);
/// The square's upkeep (logger gequ.square). `square` must outlive the job.
std::unique_ptr<PeriodicJob> makeSquareUpkeep(domain::SquareService& square,
                                              std::chrono::milliseconds interval = kSquareUpkeepInterval);
/// The deleted media's upkeep (logger gequ.media). `media` must outlive the job.
std::unique_ptr<PeriodicJob> makeMediaUpkeep(domain::MediaService& media,
                                             std::chrono::milliseconds interval = kMediaUpkeepInterval,
                                             domain::Millis retention = domain::kDeletedMediaRetention);

/// The search index's upkeep (logger gequ.db). `store` must be made by db::openStore and outlive the job.
std::unique_ptr<PeriodicJob> makeSearchIndexUpkeep(domain::Store& store,
                                                   std::chrono::milliseconds interval = kSearchIndexUpkeepInterval);

} // namespace gequ::server
