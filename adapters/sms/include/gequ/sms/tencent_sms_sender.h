#pragma once

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/sms_sender.h"
#include "gequ/sms/sms_config.h"

#include <memory>
#include <string>

namespace gequ::sms {

/// Tencent Cloud SMS SendSms (version 2021-01-11) signed with TC3-HMAC-SHA256: a JSON POST to one +86 number with
/// the code as the template's only parameter. SendStatusSet[0].Code Ok is success; Response.Error, any other status
/// code, an HTTP error, a timeout or an unreachable endpoint is Upstream 短信发送失败，请稍后再试, logged with the
/// provider's Code and RequestId (never the secret, the code or the full phone). Thread-safe.
class TencentSmsSender : public domain::SmsSender {
public:
    /// Throws std::invalid_argument naming the sms.tencent.* key that is missing or invalid.
    TencentSmsSender(TencentSmsConfig config, int timeoutSeconds, const domain::Clock& clock);
    ~TencentSmsSender() override;

    domain::Status sendCode(const std::string& phone, const std::string& code) override;
    std::string name() const override { return "tencent"; }

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::sms
