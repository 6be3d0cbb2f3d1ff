#pragma once

// How domain values look in JSON (docs/api.md, "Song shapes"). The one place that names API fields.

#include "gequ/domain/model/plans.h"
#include "gequ/domain/services/auth_service.h"
#include "gequ/domain/services/create_service.h"
#include "gequ/domain/services/square_service.h"
#include "gequ/domain/services/user_service.h"
#include "gequ/domain/services/works_service.h"
#include "json_writer.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace gequ::http::views {

/// Songs of the square, search and genre lists: [{native_id, title, tags, native_image_url, native_audio_url,
/// play_count, forward_count, likeCount, duration, userName, liked}].
JsonText songList(const std::vector<domain::SongView>& views);
/// The player detail of GET /music/getMusic: `mine` whether the viewer owns it, `origin`, and `source` the song it was
/// made from ({nativeId, title, userName}) when the viewer may see that one, else null.
JsonText playerDetail(const domain::SongView& view, const std::optional<std::string>& viewerId,
                      const std::optional<domain::Song>& source);
/// POST /music/addNumberOfViews: {play_count}.
Poco::JSON::Object::Ptr playCount(std::int64_t count);
/// POST /music/like: {likeCount, liked}.
Poco::JSON::Object::Ptr likeState(const domain::LikeState& state);
/// POST /music/share: {forward_count, url}.
Poco::JSON::Object::Ptr shareResult(std::int64_t forwardCount, const std::string& url);
/// The caller's songs (GET /music/song/list): each a list item plus complete (0 generating, 1 done, -1 failed),
/// created_at, open (1 public, 0 private), progress_started_at (ISO) and error (the failure text or null).
JsonText userSongs(const std::vector<domain::WorkItem>& items);
/// POST /music/api/create/ace: {taskId, songIds}.
Poco::JSON::Object::Ptr createdTask(const domain::CreatedTask& created);
/// POST /music/api/generateLyrics: {text, title}.
Poco::JSON::Object::Ptr lyrics(const domain::Lyrics& lyrics);
/// POST /music/openSong: {open} (1 public, 0 private).
Poco::JSON::Object::Ptr openState(bool open);
/// A plan of GET /pay/plans (prices in yuan).
Poco::JSON::Object::Ptr plan(const domain::Plan& plan);
/// The whole catalogue.
Poco::JSON::Array::Ptr plans(std::span<const domain::Plan> catalogue);
/// POST /pay/jsapiPc: {QRcode_url} (a data:image/svg+xml;base64 URI).
Poco::JSON::Object::Ptr qrPayment(const std::string& qrCodeUri);
/// POST /pay/jsapi: {order_url} (the page inside WeChat that starts the JSAPI payment).
Poco::JSON::Object::Ptr jsapiOrder(const std::string& orderUrl);

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
