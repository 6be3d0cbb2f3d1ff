#include "fake_aliyun.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"

#include <Poco/DateTime.h>
#include <Poco/DateTimeParser.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/URI.h>
#include <algorithm>
#include <regex>
#include <sstream>

namespace gequ::sms::test {

namespace fake_aliyun {

std::string encode(const std::string& text) {
    std::string out;
    Poco::URI::encode(text, "!#$&'()*+,/:;=?@[]", out);
    return out;
}

std::string decode(const std::string& text) {
    std::string plusAsSpace = text;
    std::replace(plusAsSpace.begin(), plusAsSpace.end(), '+', ' ');
    std::string out;
    Poco::URI::decode(plusAsSpace, out);
    return out;
}

std::string stringToSign(const std::string& method, const std::map<std::string, std::string>& params) {
    std::string canonical;
    for (const auto& [name, value] : params) {
        if (name == "Signature") {
            continue;
        }
        canonical += (canonical.empty() ? "" : "&") + encode(name) + "=" + encode(value);
    }
    return method + "&" + encode("/") + "&" + encode(canonical);
}

std::string sign(const std::string& accessKeySecret, const std::string& stringToSign) {
    return crypto::base64Encode(crypto::hmacSha1(accessKeySecret + "&", stringToSign));
}

} // namespace fake_aliyun

namespace {

std::map<std::string, std::string> parsePairs(const std::string& text, std::map<std::string, std::string> into) {
    std::istringstream in(text);
    std::string pair;
    while (std::getline(in, pair, '&')) {
        if (pair.empty()) {
            continue;
        }
        const auto eq = pair.find('=');
        const std::string name = fake_aliyun::decode(pair.substr(0, eq));
        into[name] = eq == std::string::npos ? "" : fake_aliyun::decode(pair.substr(eq + 1));
    }
    return into;
}

std::string json(const Poco::JSON::Object& object) {
    std::ostringstream out;
    object.stringify(out);
    return out.str();
}

} // namespace

FakeAliyun::FakeAliyun(std::string accessKeyId, std::string accessKeySecret, std::string signName,
                       std::string templateCode, std::int64_t now)
    : _accessKeyId(std::move(accessKeyId)), _accessKeySecret(std::move(accessKeySecret)),
      _signName(std::move(signName)), _templateCode(std::move(templateCode)), _now(now),
      _server([this](const ReceivedRequest& request) { return handle(request); }) {}

void FakeAliyun::setPerPhoneLimit(int n) {
    const std::lock_guard lock(_mutex);
    _perPhoneLimit = n;
}

void FakeAliyun::reset() {
    const std::lock_guard lock(_mutex);
    _perPhoneLimit = 1000;
    _broken = false;
    _requests = 0;
    _sentPerPhone.clear();
    _nonces.clear();
    _calls.clear();
}

void FakeAliyun::setBroken(bool broken) {
    const std::lock_guard lock(_mutex);
    _broken = broken;
}

std::vector<AliyunCall> FakeAliyun::calls() const {
    const std::lock_guard lock(_mutex);
    return _calls;
}

int FakeAliyun::requestCount() const {
    const std::lock_guard lock(_mutex);
    return _requests;
}

Answer FakeAliyun::error(int status, const std::string& code, const std::string& message) {
    Poco::JSON::Object body;
    body.set("RequestId", "FAKE-" + std::to_string(_requests));
    body.set("HostId", "dysmsapi.aliyuncs.com");
    body.set("Code", code);
    body.set("Message", message);
    body.set("Recommend", "https://api.aliyun.com/troubleshoot?q=" + code);
    return {status, "application/json;charset=utf-8", json(body)};
}

Answer FakeAliyun::handle(const ReceivedRequest& request) {
    const std::lock_guard lock(_mutex);
    ++_requests;
    if (_broken) {
        return {502, "text/html", "<html><body><h1>502 Bad Gateway</h1></body></html>"};
    }
    if (request.method != "GET" && request.method != "POST") {
        return error(400, "UnsupportedHTTPMethod", "Specified HTTP method is not supported.");
    }

    // Parameters come from the query string and, for a form POST, the body.
    const auto question = request.uri.find('?');
    const std::string path = request.uri.substr(0, question);
    std::map<std::string, std::string> params = question == std::string::npos
                                                    ? std::map<std::string, std::string>{}
                                                    : parsePairs(request.uri.substr(question + 1), {});
    if (request.method == "POST" && request.contentType.starts_with("application/x-www-form-urlencoded")) {
        params = parsePairs(request.body, std::move(params));
    }
    const auto has = [&](const char* name) { return params.contains(name) && !params[name].empty(); };

    for (const char* name : {"AccessKeyId", "Action", "SignatureMethod", "SignatureNonce", "SignatureVersion",
                             "Timestamp", "Version", "Signature"}) {
        if (!has(name)) {
            return error(400, std::string("Missing") + name, std::string(name) + " is mandatory for this action.");
        }
    }
    if (params["AccessKeyId"] != _accessKeyId) {
        return error(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    }
    if (params["SignatureMethod"] != "HMAC-SHA1") {
        return error(400, "InvalidSignatureMethod", "Specified signature method is not supported.");
    }
    if (params["SignatureVersion"] != "1.0") {
        return error(400, "UnsupportedSignatureVersion", "Specified signature version is not supported.");
    }
    static const std::regex kTimestamp(R"(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)");
    if (!std::regex_match(params["Timestamp"], kTimestamp)) {
        return error(400, "InvalidTimeStamp.Format", "Specified time stamp or date value is not well formatted.");
    }
    {
        int zone = 0;
        const Poco::DateTime at = Poco::DateTimeParser::parse("%Y-%m-%dT%H:%M:%SZ", params["Timestamp"], zone);
        const std::int64_t seconds = at.timestamp().epochTime();
        if (seconds < _now - 900 || seconds > _now + 900) {
            return error(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
        }
    }
    const std::string stringToSign = fake_aliyun::stringToSign(request.method, params);
    if (fake_aliyun::sign(_accessKeySecret, stringToSign) != params["Signature"]) {
        return error(400, "SignatureDoesNotMatch",
                     "Specified signature is not matched with our calculation. server string to sign is:" +
                         stringToSign);
    }
    if (std::find(_nonces.begin(), _nonces.end(), params["SignatureNonce"]) != _nonces.end()) {
        return error(400, "SignatureNonceUsed", "Specified signature nonce was used already.");
    }
    _nonces.push_back(params["SignatureNonce"]);
    if (params["Version"] != "2017-05-25") {
        return error(400, "InvalidVersion", "Specified parameter Version is not valid.");
    }
    if (params["Action"] != "SendSms") {
        return error(404, "InvalidAction.NotFound", "Specified api is not found, please check your url and method.");
    }
    for (const char* name : {"PhoneNumbers", "SignName", "TemplateCode"}) {
        if (!has(name)) {
            return error(400, std::string("Missing") + name, std::string(name) + " is mandatory for this action.");
        }
    }

    AliyunCall call{request.method, path, request.contentType, params, ""};
    Poco::JSON::Object body;
    body.set("RequestId", "FAKE-" + std::to_string(_requests));
    const auto business = [&](const std::string& code, const std::string& message) {
        body.set("Code", code);
        body.set("Message", message);
        call.answerCode = code;
        _calls.push_back(call);
        return Answer{200, "application/json;charset=utf-8", json(body)};
    };

    static const std::regex kMobile(R"(1[3-9]\d{9})");
    if (!std::regex_match(params["PhoneNumbers"], kMobile)) {
        return business("isv.MOBILE_NUMBER_ILLEGAL", "非法手机号");
    }
    if (params["SignName"] != _signName) {
        return business("isv.SMS_SIGNATURE_ILLEGAL", "该账号下找不到对应签名");
    }
    if (params["TemplateCode"] != _templateCode) {
        return business("isv.SMS_TEMPLATE_ILLEGAL", "该账号下找不到对应模板");
    }
    try {
        Poco::JSON::Parser parser;
        const auto templateParam = parser.parse(params["TemplateParam"]).extract<Poco::JSON::Object::Ptr>();
        if (!templateParam || !templateParam->has("code")) {
            return business("isv.TEMPLATE_MISSING_PARAMETERS", "模板变量缺少对应参数值");
        }
    } catch (const std::exception&) {
        return business("isv.INVALID_JSON_PARAM", "JSON参数不合法，只接受字符串值");
    }
    if (++_sentPerPhone[params["PhoneNumbers"]] > _perPhoneLimit) {
        return business("isv.BUSINESS_LIMIT_CONTROL", "触发小时级流控Permits:" + std::to_string(_perPhoneLimit));
    }
    body.set("BizId", "900619746936498440^" + std::to_string(_requests));
    return business("OK", "OK");
}

} // namespace gequ::sms::test
