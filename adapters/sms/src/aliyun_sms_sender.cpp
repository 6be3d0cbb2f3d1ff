#include "gequ/sms/aliyun_sms_sender.h"

#include "aliyun_signer.h"
#include "gequ/domain/model/account_rules.h"
#include "gequ/net/escape.h"
#include "sms_support.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Logger.h>
#include <mutex>

namespace gequ::sms {

namespace {

constexpr const char* kProvider = "aliyun";
constexpr const char* kMethod = "POST";

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.sms");
}

/// The Code, Message, RequestId and BizId of an answer; empty when the body is not a JSON object.
struct AliyunAnswer {
    std::string code;
    std::string message;
    std::string requestId;
    std::string bizId;
};

AliyunAnswer parseAnswer(const std::string& body) {
    AliyunAnswer answer;
    try {
        Poco::JSON::Parser parser;
        const auto object = parser.parse(body).extract<Poco::JSON::Object::Ptr>();
        if (!object) {
            return answer;
        }
        const auto text = [&](const char* name) {
            return object->has(name) && !object->isNull(name) ? object->getValue<std::string>(name) : std::string();
        };
        answer.code = text("Code");
        answer.message = text("Message");
        answer.requestId = text("RequestId");
        answer.bizId = text("BizId");
    } catch (const std::exception&) {
        // Not JSON (a proxy's error page, a truncated answer): reported by status below.
    }
    return answer;
}

domain::DomainError failed() {
    return {domain::ErrorCode::Upstream, kSendFailedMessage};
}

} // namespace

struct AliyunSmsSender::Impl {
    AliyunSmsConfig config;
    net::Url endpoint;
    net::HttpClient http;
    net::Limits limits;
    const domain::Clock& clock;
    domain::Random& random;
    std::mutex randomMutex;

    Impl(AliyunSmsConfig c, int timeoutSeconds, const domain::Clock& k, domain::Random& r)
        : config(std::move(c)), endpoint(net::parseConfiguredUrl(config.endpoint, keys::kAliyunEndpoint, net::UrlShape::WithPath)),
          limits(detail::replyLimits(timeoutSeconds)),
          clock(k), random(r) {}

    std::string nonce() {
        const std::lock_guard lock(randomMutex);
        return detail::uuidText(random.bytes(16));
    }
};

AliyunSmsSender::AliyunSmsSender(AliyunSmsConfig config, int timeoutSeconds, const domain::Clock& clock,
                                 domain::Random& random) {
    detail::requireKey(config.accessKeyId, keys::kAliyunAccessKeyId, kProvider);
    detail::requireKey(config.accessKeySecret, keys::kAliyunAccessKeySecret, kProvider);
    detail::requireKey(config.signName, keys::kAliyunSignName, kProvider);
    detail::requireKey(config.templateCode, keys::kAliyunTemplateCode, kProvider);
    detail::requireKey(config.regionId, keys::kAliyunRegionId, kProvider);
    if (timeoutSeconds < 1) {
        throw std::invalid_argument(std::string(keys::kTimeout) + " must be at least 1 second");
    }
    _impl = std::make_unique<Impl>(std::move(config), timeoutSeconds, clock, random);
}

AliyunSmsSender::~AliyunSmsSender() = default;

domain::Status AliyunSmsSender::sendCode(const std::string& phone, const std::string& code) {
    const AliyunSmsConfig& config = _impl->config;
    const std::string masked = domain::maskPhone(phone);
    const detail::AliyunParams params = {
        {"AccessKeyId", config.accessKeyId},
        {"Action", "SendSms"},
        {"Format", "JSON"},
        {"PhoneNumbers", phone},
        {"RegionId", config.regionId},
        {"SignName", config.signName},
        {"SignatureMethod", "HMAC-SHA1"},
        {"SignatureNonce", _impl->nonce()},
        {"SignatureVersion", "1.0"},
        {"TemplateCode", config.templateCode},
        {"TemplateParam", "{\"code\":" + net::jsonQuote(code) + "}"},
        {"Timestamp", detail::isoSeconds(_impl->clock.now())},
        {"Version", "2017-05-25"},
    };
    const std::string body = detail::aliyunSignedQuery(kMethod, params, config.accessKeySecret);

    net::Response reply;
    try {
        reply = detail::post(_impl->http, _impl->endpoint, _impl->limits, {}, "application/x-www-form-urlencoded; charset=utf-8",
                             body);
    } catch (const net::TransportError& e) {
        logger().warning("sms(aliyun): SendSms to %s failed: %s", masked, detail::scrubForLog(e.what(), phone, code));
        return failed();
    }
    const AliyunAnswer answer = parseAnswer(reply.body);
    if (reply.status == 200 && answer.code == "OK") {
        logger().information("sms(aliyun): a code was sent to %s (RequestId %s, BizId %s)", masked, answer.requestId,
                             answer.bizId);
        return domain::success();
    }
    logger().warning("sms(aliyun): SendSms to %s was refused: HTTP %d, Code %s, RequestId %s, Message %s", masked,
                     reply.status, answer.code.empty() ? std::string("(none)") : answer.code,
                     answer.requestId.empty() ? std::string("(none)") : answer.requestId,
                     detail::scrubForLog(answer.message.empty() ? reply.reason : answer.message, phone, code));
    return failed();
}

} // namespace gequ::sms
