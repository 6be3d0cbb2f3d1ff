#include "gequ/sms/sms_factory.h"

#include "gequ/sms/aliyun_sms_sender.h"
#include "gequ/sms/console_sms_sender.h"
#include "gequ/sms/tencent_sms_sender.h"

#include <stdexcept>

namespace gequ::sms {

std::unique_ptr<domain::SmsSender> makeSmsSender(const SmsConfig& config, const domain::Clock& clock,
                                                 domain::Random& random) {
    if (config.provider == "console") {
        return std::make_unique<ConsoleSmsSender>(config.outboxPath, clock);
    }
    if (config.timeoutSeconds < 1) {
        throw std::invalid_argument(std::string(keys::kTimeout) + " must be at least 1 second");
    }
    if (config.provider == "aliyun") {
        return std::make_unique<AliyunSmsSender>(config.aliyun, config.timeoutSeconds, clock, random);
    }
    if (config.provider == "tencent") {
        return std::make_unique<TencentSmsSender>(config.tencent, config.timeoutSeconds, clock);
    }
    throw std::invalid_argument(std::string(keys::kProvider) + ": unknown provider '" + config.provider +
                                "' (console, aliyun or tencent)");
}

} // namespace gequ::sms
