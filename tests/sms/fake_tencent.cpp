#include "fake_tencent.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/NumberParser.h>
#include <Poco/String.h>
#include <Poco/StringTokenizer.h>
#include <ctime>
#include <regex>
#include <sstream>

namespace gequ::sms::test {

namespace fake_tencent {

std::string canonicalRequest(const std::string& method, const std::string& uri, const std::string& query,
                             const std::vector<std::pair<std::string, std::string>>& signedHeaders,
                             const std::string& payload) {
    std::string headers;
    std::string names;
    for (const auto& [name, value] : signedHeaders) {
        headers += name + ":" + value + "\n";
        names += (names.empty() ? "" : ";") + name;
    }
    return method + "\n" + uri + "\n" + query + "\n" + headers + "\n" + names + "\n" + crypto::sha256Hex(payload);
}

std::string stringToSign(std::int64_t timestamp, const std::string& scope, const std::string& canonicalRequest) {
    return "TC3-HMAC-SHA256\n" + std::to_string(timestamp) + "\n" + scope + "\n" + crypto::sha256Hex(canonicalRequest);
}

std::string signature(const std::string& secretKey, const std::string& date, const std::string& service,
                      const std::string& stringToSign) {
    const std::string kDate = crypto::hmacSha256("TC3" + secretKey, date);
    const std::string kService = crypto::hmacSha256(kDate, service);
    const std::string kSigning = crypto::hmacSha256(kService, "tc3_request");
    const std::string raw = crypto::hmacSha256(kSigning, stringToSign);
    return crypto::hexLower(raw);
}

} // namespace fake_tencent

namespace {

std::string json(const Poco::JSON::Object& object) {
    std::ostringstream out;
    object.stringify(out);
    return out.str();
}

std::string utcDate(std::int64_t timestamp) {
    const std::time_t t = static_cast<std::time_t>(timestamp);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%d", &tm);
    return buffer;
}

std::string trimLower(const std::string& value) {
    return Poco::toLower(Poco::trim(value));
}

} // namespace

FakeTencent::FakeTencent(std::string secretId, std::string secretKey, std::string sdkAppId, std::string signName,
                         std::string templateId, std::int64_t now)
    : _secretId(std::move(secretId)), _secretKey(std::move(secretKey)), _sdkAppId(std::move(sdkAppId)),
      _signName(std::move(signName)), _templateId(std::move(templateId)), _now(now),
      _server([this](const ReceivedRequest& request) { return handle(request); }) {}

void FakeTencent::setPerPhoneLimit(int n) {
    const std::lock_guard lock(_mutex);
    _perPhoneLimit = n;
}

void FakeTencent::reset() {
    const std::lock_guard lock(_mutex);
    _perPhoneLimit = 1000;
    _broken = false;
    _requests = 0;
    _sentPerPhone.clear();
    _calls.clear();
}

void FakeTencent::setBroken(bool broken) {
    const std::lock_guard lock(_mutex);
    _broken = broken;
}

std::vector<TencentCall> FakeTencent::calls() const {
    const std::lock_guard lock(_mutex);
    return _calls;
}

int FakeTencent::requestCount() const {
    const std::lock_guard lock(_mutex);
    return _requests;
}

Answer FakeTencent::error(const std::string& code, const std::string& message) {
    Poco::JSON::Object error;
    error.set("Code", code);
    error.set("Message", message);
    Poco::JSON::Object response;
    response.set("Error", error);
    response.set("RequestId", "fake-" + std::to_string(_requests));
    Poco::JSON::Object root;
    root.set("Response", response);
    return {200, "application/json", json(root)};
}

Answer FakeTencent::handle(const ReceivedRequest& request) {
    const std::lock_guard lock(_mutex);
    ++_requests;
    if (_broken) {
        return {500, "text/html", "<html><body>500 Internal Server Error</body></html>"};
    }
    if (request.method != "POST") {
        return error("InvalidParameter", "This action only accepts POST here.");
    }
    for (const char* name : {"X-TC-Action", "X-TC-Version", "X-TC-Timestamp", "X-TC-Region"}) {
        if (request.header(name).empty()) {
            return error("MissingParameter",
                         std::string("The request is missing a required parameter `") + name + "`.");
        }
    }
    if (request.header("X-TC-Action") != "SendSms") {
        return error("InvalidAction", "The action `" + request.header("X-TC-Action") + "` is not supported.");
    }
    if (request.header("X-TC-Version") != "2021-01-11") {
        return error("NoSuchVersion", "The requested version does not exist.");
    }
    Poco::Int64 timestamp = 0;
    if (!Poco::NumberParser::tryParse64(request.header("X-TC-Timestamp"), timestamp)) {
        return error("InvalidParameter", "X-TC-Timestamp is not a number.");
    }

    // Authorization: TC3-HMAC-SHA256 Credential=<id>/<date>/<service>/tc3_request, SignedHeaders=a;b, Signature=hex
    static const std::regex kAuthorization(
        R"(TC3-HMAC-SHA256 Credential=([^/]+)/(\d{4}-\d{2}-\d{2})/([a-z]+)/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64}))");
    std::smatch match;
    const std::string authorization = request.header("Authorization");
    if (!std::regex_match(authorization, match, kAuthorization)) {
        return error("AuthFailure.InvalidAuthorization", "Authorization is invalid.");
    }
    const std::string secretId = match[1];
    const std::string date = match[2];
    const std::string service = match[3];
    const std::string signedHeaderNames = match[4];
    const std::string signature = match[5];
    if (secretId != _secretId) {
        return error("AuthFailure.SecretIdNotFound", "The SecretId is not found, please ensure that your SecretId is "
                                                     "correct.");
    }
    if (service != "sms" || date != utcDate(timestamp)) {
        return error("AuthFailure.InvalidAuthorization", "Credential scope does not match the request.");
    }
    if (timestamp < _now - 300 || timestamp > _now + 300) {
        return error("AuthFailure.SignatureExpire", "Signature expired. Timestamp and server time are not in sync.");
    }
    std::vector<std::pair<std::string, std::string>> signedHeaders;
    Poco::StringTokenizer names(signedHeaderNames, ";");
    for (const std::string& name : names) {
        signedHeaders.emplace_back(name, trimLower(request.header(name)));
    }
    if (signedHeaderNames.find("content-type") == std::string::npos ||
        signedHeaderNames.find("host") == std::string::npos) {
        return error("AuthFailure.InvalidAuthorization", "SignedHeaders must include content-type and host.");
    }
    const auto question = request.uri.find('?');
    const std::string canonical = fake_tencent::canonicalRequest(
        request.method, request.uri.substr(0, question),
        question == std::string::npos ? "" : request.uri.substr(question + 1), signedHeaders, request.body);
    const std::string expected = fake_tencent::signature(
        _secretKey, date, service,
        fake_tencent::stringToSign(timestamp, date + "/" + service + "/tc3_request", canonical));
    if (expected != signature) {
        return error("AuthFailure.SignatureFailure", "The provided credentials could not be validated. Please check "
                                                     "your signature is correct.");
    }
    if (!request.contentType.starts_with("application/json")) {
        return error("InvalidParameter", "Content-Type must be application/json.");
    }

    Poco::JSON::Object::Ptr body;
    try {
        Poco::JSON::Parser parser;
        body = parser.parse(request.body).extract<Poco::JSON::Object::Ptr>();
    } catch (const std::exception&) {
        return error("InvalidParameter", "The request body is not valid JSON.");
    }
    const auto text = [&](const char* name) { return body->has(name) ? body->getValue<std::string>(name) : ""; };
    const auto phones = body->getArray("PhoneNumberSet");
    const auto params = body->getArray("TemplateParamSet");
    if (!phones || phones->size() == 0 || text("SmsSdkAppId").empty() || text("TemplateId").empty()) {
        return error("MissingParameter", "PhoneNumberSet, SmsSdkAppId and TemplateId are required.");
    }
    if (text("SmsSdkAppId") != _sdkAppId) {
        return error("InvalidParameterValue.SdkAppIdNotExist", "SdkAppId does not exist.");
    }
    if (text("SignName") != _signName) {
        return error("FailedOperation.SignatureIncorrectOrUnapproved", "签名未审批或格式错误。");
    }
    if (text("TemplateId") != _templateId) {
        return error("FailedOperation.TemplateIncorrectOrUnapproved", "模板未审批或内容不合规。");
    }
    if (!params || params->size() != 1) {
        return error("InvalidParameterValue.TemplateParameterFormatError", "验证码模板参数格式错误。");
    }

    Poco::JSON::Array statuses;
    std::string firstCode;
    static const std::regex kMobile(R"(\+861[3-9]\d{9})");
    for (std::size_t i = 0; i < phones->size(); ++i) {
        const std::string phone = phones->getElement<std::string>(static_cast<unsigned>(i));
        Poco::JSON::Object status;
        status.set("SerialNo", "2640:" + std::to_string(_requests) + "-" + std::to_string(i));
        status.set("PhoneNumber", phone);
        status.set("Fee", 1);
        status.set("SessionContext", "");
        status.set("IsoCode", "CN");
        std::string code = "Ok";
        std::string message = "send success";
        if (!std::regex_match(phone, kMobile)) {
            code = "InvalidParameterValue.IncorrectPhoneNumber";
            message = "手机号格式错误";
        } else if (++_sentPerPhone[phone] > _perPhoneLimit) {
            code = "LimitExceeded.PhoneNumberDailyLimit";
            message = "单个手机号日下发短信条数超过设定的上限";
        }
        status.set("Code", code);
        status.set("Message", message);
        statuses.add(status);
        if (i == 0) {
            firstCode = code;
        }
    }
    _calls.push_back({request, firstCode});
    Poco::JSON::Object response;
    response.set("SendStatusSet", statuses);
    response.set("RequestId", "fake-" + std::to_string(_requests));
    Poco::JSON::Object root;
    root.set("Response", response);
    return {200, "application/json", json(root)};
}

} // namespace gequ::sms::test
