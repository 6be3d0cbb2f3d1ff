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

/// The orders' upkeep (logger gequ.orders). `orders` must outlive the job.
std::unique_ptr<PeriodicJob> makeOrderUpkeep(domain::OrderService& orders, std::chrono::milliseconds interval);
/// The square's upkeep (logger gequ.square). `square` must outlive the job.
std::unique_ptr<PeriodicJob> makeSquareUpkeep(domain::SquareService& square,
                                              std::chrono::milliseconds interval = kSquareUpkeepInterval);
/// The deleted media's upkeep (logger gequ.media). `media` must outlive the job.
std::unique_ptr<PeriodicJob> makeMediaUpkeep(domain::MediaService& media,
                                             std::chrono::milliseconds interval = kMediaUpkeepInterval,
                                             domain::Millis retention = domain::kDeletedMediaRetention);

} // namespace gequ::server
