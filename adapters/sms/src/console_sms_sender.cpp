#include "gequ/sms/console_sms_sender.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/sms/sms_config.h"
#include "gequ/net/escape.h"
#include "sms_support.h"

#include <Poco/Logger.h>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <system_error>
#include <unistd.h>

namespace gequ::sms {

namespace fs = std::filesystem;

namespace {

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.sms");
}

/// Appends line to path in one write(2) of an O_APPEND descriptor; an error text on failure.
std::string appendLine(const fs::path& path, const std::string& line) {
    std::error_code ec;
    if (path.has_parent_path()) {
        fs::create_directories(path.parent_path(), ec);
        if (ec) {
            return "cannot create " + path.parent_path().string() + ": " + ec.message();
        }
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0) {
        return "cannot open " + path.string() + ": " + std::strerror(errno);
    }
    std::string error;
    const char* data = line.data();
    std::size_t left = line.size();
    while (left > 0) {
        const ssize_t n = ::write(fd, data, left);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            error = "cannot write " + path.string() + ": " + std::strerror(errno);
            break;
        }
        data += n;
        left -= static_cast<std::size_t>(n);
    }
    if (::close(fd) != 0 && error.empty()) {
        error = "cannot close " + path.string() + ": " + std::strerror(errno);
    }
    return error;
}

} // namespace

std::string codeMessageText(const std::string& code) {
    return "【歌曲】您的验证码是" + code + "，10分钟内有效。请勿泄露给他人。";
}

ConsoleSmsSender::ConsoleSmsSender(fs::path outboxPath, const domain::Clock& clock)
    : _outboxPath(std::move(outboxPath)), _clock(clock) {
    if (_outboxPath.empty()) {
        throw std::invalid_argument(std::string(keys::kOutbox) + " is required for sms.provider=console");
    }
}

domain::Status ConsoleSmsSender::sendCode(const std::string& phone, const std::string& code) {
    const std::string line = "{\"phone\":" + net::jsonQuote(phone) +
                             ",\"text\":" + net::jsonQuote(codeMessageText(code)) +
                             ",\"code\":" + net::jsonQuote(code) +
                             ",\"at\":" + net::jsonQuote(domain::formatIso8601(_clock.now())) + "}\n";
    std::string error;
    {
        const std::lock_guard lock(_mutex);
        error = appendLine(_outboxPath, line);
    }
    if (!error.empty()) {
        logger().error("sms(console): a code for %s was not written: %s", domain::maskPhone(phone), error);
        return domain::DomainError{domain::ErrorCode::Upstream, kSendFailedMessage};
    }
    logger().information("sms(console): a code for %s is in %s", domain::maskPhone(phone), _outboxPath.string());
    return domain::success();
}

} // namespace gequ::sms
