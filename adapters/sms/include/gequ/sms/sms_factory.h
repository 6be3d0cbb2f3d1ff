#pragma once

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/sms_sender.h"
#include "gequ/sms/sms_config.h"

#include <memory>

namespace gequ::sms {

/// The SmsSender for config.provider (console, aliyun or tencent). Throws std::invalid_argument naming the key
/// (sms.provider, sms.aliyun.access_key_secret, …) when the provider is unknown, a key the chosen provider needs is
/// empty, an endpoint is not an http(s) URL, or the timeout is below one second. Keys of the providers not chosen are
/// not looked at. clock and random must outlive the sender and be safe to use from several threads.
std::unique_ptr<domain::SmsSender> makeSmsSender(const SmsConfig& config, const domain::Clock& clock,
                                                 domain::Random& random);

} // namespace gequ::sms
