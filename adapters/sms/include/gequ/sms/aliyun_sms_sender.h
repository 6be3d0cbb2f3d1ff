#pragma once

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/random.h"
#include "gequ/domain/ports/sms_sender.h"
#include "gequ/sms/sms_config.h"

#include <memory>
#include <string>

namespace gequ::sms {

/// Aliyun Dysmsapi SendSms (version 2017-05-25): a POST of the form-encoded, RPC-v1-signed parameters with
/// TemplateParam {"code":"…"}. Code OK is success; any other Code, an HTTP error, a timeout or an unreachable
/// endpoint is Upstream 短信发送失败，请稍后再试, logged with the provider's Code and RequestId (never the secret, the
/// code or the full phone). Thread-safe.
class AliyunSmsSender : public domain::SmsSender {
public:
    /// Throws std::invalid_argument naming the sms.aliyun.* key that is missing or invalid.
    AliyunSmsSender(AliyunSmsConfig config, int timeoutSeconds, const domain::Clock& clock, domain::Random& random);
    ~AliyunSmsSender() override;

    domain::Status sendCode(const std::string& phone, const std::string& code) override;
    std::string name() const override { return "aliyun"; }

private:
    struct Impl;
    std::unique_ptr<Impl> _impl;
};

} // namespace gequ::sms
