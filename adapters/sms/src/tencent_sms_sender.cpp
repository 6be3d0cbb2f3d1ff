#include "gequ/sms/tencent_sms_sender.h"

#include "gequ/domain/model/account_rules.h"
#include "gequ/net/escape.h"
#include "sms_support.h"
#include "tencent_signer.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Logger.h>
#include <chrono>

namespace gequ::sms {

namespace {

constexpr const char* kProvider = "tencent";
constexpr const char* kService = "sms";

Poco::Logger& logger() {
    return Poco::Logger::get("gequ.sms");
}

/// What an answer says: the error or first send status Code and Message, and the RequestId.
struct TencentAnswer {
    bool parsed = false;
    bool isError = false;
    std::string code;
    std::string message;
    std::string requestId;
    std::string serialNo;
};

std::string textOf(const Poco::JSON::Object::Ptr& object, const char* name) {
    return object && object->has(name) && !object->isNull(name) ? object->getValue<std::string>(name) : std::string();
}

TencentAnswer parseAnswer(const std::string& body) {
    TencentAnswer answer;
    try {
        Poco::JSON::Parser parser;
        const auto root = parser.parse(body).extract<Poco::JSON::Object::Ptr>();
        const auto response = root ? root->getObject("Response") : nullptr;
        if (!response) {
            return answer;
        }
        answer.parsed = true;
        answer.requestId = textOf(response, "RequestId");
        if (const auto error = response->getObject("Error")) {
            answer.isError = true;
            answer.code = textOf(error, "Code");
            answer.message = textOf(error, "Message");
            return answer;
        }
        const auto statuses = response->getArray("SendStatusSet");
        if (statuses && statuses->size() > 0) {
            const auto first = statuses->getObject(0);
            answer.code = textOf(first, "Code");
            answer.message = textOf(first, "Message");
            answer.serialNo = textOf(first, "SerialNo");
        }
    } catch (const std::exception&) {
        // Not the JSON we expect: reported by status below.
    }
    return answer;
}

domain::DomainError failed() {
    return {domain::ErrorCode::Upstream, kSendFailedMessage};
}

/// The E.164 form Tencent wants: +86 before a mainland number, an explicit +prefix kept.
std::string e164(const std::string& phone) {
    return !phone.empty() && phone.front() == '+' ? phone : "+86" + phone;
}

} // namespace

struct TencentSmsSender::Impl {
    TencentSmsConfig config;
    net::Url endpoint;
    net::HttpClient http;
    net::Limits limits;
    const domain::Clock& clock;

    Impl(TencentSmsConfig c, int timeoutSeconds, const domain::Clock& k)
        : config(std::move(c)), endpoint(net::parseConfiguredUrl(config.endpoint, keys::kTencentEndpoint, net::UrlShape::WithPath)),
          limits(detail::replyLimits(timeoutSeconds)),
          clock(k) {}
};

TencentSmsSender::TencentSmsSender(TencentSmsConfig config, int timeoutSeconds, const domain::Clock& clock) {
    detail::requireKey(config.secretId, keys::kTencentSecretId, kProvider);
    detail::requireKey(config.secretKey, keys::kTencentSecretKey, kProvider);
    detail::requireKey(config.sdkAppId, keys::kTencentSdkAppId, kProvider);
    detail::requireKey(config.signName, keys::kTencentSignName, kProvider);
    detail::requireKey(config.templateId, keys::kTencentTemplateId, kProvider);
    detail::requireKey(config.region, keys::kTencentRegion, kProvider);
    if (timeoutSeconds < 1) {
        throw std::invalid_argument(std::string(keys::kTimeout) + " must be at least 1 second");
    }
    _impl = std::make_unique<Impl>(std::move(config), timeoutSeconds, clock);
}

TencentSmsSender::~TencentSmsSender() = default;

domain::Status TencentSmsSender::sendCode(const std::string& phone, const std::string& code) {
    const TencentSmsConfig& config = _impl->config;
    const std::string masked = domain::maskPhone(phone);
    const std::int64_t timestamp =
        std::chrono::floor<std::chrono::seconds>(_impl->clock.now()).time_since_epoch().count();

    detail::Tc3Request request;
    request.path = _impl->endpoint.target;
    request.host = _impl->endpoint.hostHeader();
    request.payload = "{\"PhoneNumberSet\":[" + net::jsonQuote(e164(phone)) +
                      "],\"SmsSdkAppId\":" + net::jsonQuote(config.sdkAppId) +
                      ",\"SignName\":" + net::jsonQuote(config.signName) +
                      ",\"TemplateId\":" + net::jsonQuote(config.templateId) + ",\"TemplateParamSet\":[" +
                      net::jsonQuote(code) + "]}";
    const net::Headers headers = {
        {"Authorization", detail::tc3Authorization(request, timestamp, kService, config.secretId, config.secretKey)},
        {"X-TC-Action", "SendSms"},
        {"X-TC-Version", "2021-01-11"},
        {"X-TC-Timestamp", std::to_string(timestamp)},
        {"X-TC-Region", config.region},
    };

    net::Response reply;
    try {
        reply = detail::post(_impl->http, _impl->endpoint, _impl->limits, headers, request.contentType, request.payload);
    } catch (const net::TransportError& e) {
        logger().warning("sms(tencent): SendSms to %s failed: %s", masked, detail::scrubForLog(e.what(), phone, code));
        return failed();
    }
    const TencentAnswer answer = parseAnswer(reply.body);
    if (reply.status == 200 && answer.parsed && !answer.isError && answer.code == "Ok") {
        logger().information("sms(tencent): a code was sent to %s (RequestId %s, SerialNo %s)", masked,
                             answer.requestId, answer.serialNo);
        return domain::success();
    }
    logger().warning("sms(tencent): SendSms to %s was refused: HTTP %d, %s %s, RequestId %s, Message %s", masked,
                     reply.status, std::string(answer.isError ? "Error" : "SendStatus"),
                     answer.code.empty() ? std::string("(none)") : answer.code,
                     answer.requestId.empty() ? std::string("(none)") : answer.requestId,
                     detail::scrubForLog(answer.message.empty() ? reply.reason : answer.message, phone, code));
    return failed();
}

} // namespace gequ::sms
