#pragma once

#include "gequ/domain/ports/clock.h"
#include "gequ/domain/ports/sms_sender.h"

#include <filesystem>
#include <mutex>
#include <string>

namespace gequ::sms {

/// The text a user would receive; the console provider writes it to the outbox.
std::string codeMessageText(const std::string& code);

/// Development SMS: appends {"phone","text","code","at"} as one JSON line to the outbox (creating its directory),
/// one write per line under a mutex, and logs the masked phone (never the code) to the gequ.sms logger. The e2e tests
/// and developers read codes from the outbox. A file that cannot be written gives Upstream 短信发送失败，请稍后再试.
class ConsoleSmsSender : public domain::SmsSender {
public:
    ConsoleSmsSender(std::filesystem::path outboxPath, const domain::Clock& clock);

    domain::Status sendCode(const std::string& phone, const std::string& code) override;
    std::string name() const override { return "console"; }

    const std::filesystem::path& outboxPath() const { return _outboxPath; }

private:
    std::filesystem::path _outboxPath;
    const domain::Clock& _clock;
    std::mutex _mutex;
};

} // namespace gequ::sms
