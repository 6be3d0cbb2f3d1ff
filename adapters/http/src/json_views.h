#pragma once

// How domain values look in JSON (design/api.md, "Song shapes"). The one place that names API fields.

#include "gequ/domain/model/plans.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <span>
#include <vector>

namespace gequ::http::views {

/// A song in the square, search and genre lists.
Poco::JSON::Object::Ptr songListItem(const domain::SongView& view);
/// A list of songListItem.
Poco::JSON::Array::Ptr songList(const std::vector<domain::SongView>& views);
/// The player detail of GET /music/getMusic.
Poco::JSON::Object::Ptr playerDetail(const domain::SongView& view);
/// A plan of GET /pay/plans (prices in yuan).
Poco::JSON::Object::Ptr plan(const domain::Plan& plan);
/// The whole catalogue.
Poco::JSON::Array::Ptr plans(std::span<const domain::Plan> catalogue);

/// {token, isNew} of POST /login/phone.
Poco::JSON::Object::Ptr login(const domain::LoginResult& result);
/// GET /user/select: {id, nickname, integral, avatarUrl, membershipLevel, expirationTime, lifetime, phone (masked)}.
Poco::JSON::Object::Ptr userProfile(const domain::Profile& profile);
/// A points record: {integral (the amount, without sign), type (1 increase, 2 decrease), balance, remark, createdAt}.
Poco::JSON::Object::Ptr pointsRecord(const domain::PointsRecord& record);
/// GET /user/integralRecords: {items, total}.
Poco::JSON::Object::Ptr pointsPage(const domain::PointsPage& page);
/// POST /user/redeem: {integral, membershipLevel, expirationTime}.
Poco::JSON::Object::Ptr redeemResult(const domain::Profile& profile);

} // namespace gequ::http::views
