#pragma once

// A local stand-in for Tencent Cloud SMS SendSms (2021-01-11). It follows the published TC3-HMAC-SHA256 protocol on
// its own (canonical headers from the request's SignedHeaders, SHA-256 from Poco::SHA2Engine, HMAC written out from
// RFC 2104, not gequ_sms's signer) and answers the way Tencent does, always with HTTP 200: SendStatusSet entries
// (Ok, LimitExceeded.PhoneNumberDailyLimit, InvalidParameterValue.IncorrectPhoneNumber) or Response.Error
// (AuthFailure.SignatureFailure, AuthFailure.SecretIdNotFound, AuthFailure.SignatureExpire,
// FailedOperation.SignatureIncorrectOrUnapproved, …).

#include "fake_http.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace gequ::sms::test {

/// The fake's own implementation of the signature, on gequ_crypto's primitives (checked against the official vectors
/// in the suite).
namespace fake_tencent {
/// The canonical request of a POST to "/" signing the given lower-case headers (name → value, in order).
std::string canonicalRequest(const std::string& method, const std::string& uri, const std::string& query,
                             const std::vector<std::pair<std::string, std::string>>& signedHeaders,
                             const std::string& payload);
std::string stringToSign(std::int64_t timestamp, const std::string& scope, const std::string& canonicalRequest);
std::string signature(const std::string& secretKey, const std::string& date, const std::string& service,
                      const std::string& stringToSign);
} // namespace fake_tencent

/// One request the fake accepted as correctly signed, with what it answered.
struct TencentCall {
    ReceivedRequest request;
    std::string answerCode;
};

class FakeTencent {
public:
    FakeTencent(std::string secretId, std::string secretKey, std::string sdkAppId, std::string signName,
                std::string templateId, std::int64_t now);

    std::string url() const { return _server.url(); }

    /// After n accepted sends to one number, answer LimitExceeded.PhoneNumberDailyLimit for it.
    void setPerPhoneLimit(int n);
    /// Forget every request, nonce and count and undo setPerPhoneLimit and setBroken (one fake serves a suite).
    void reset();
    /// Answer every request with a gateway's HTML 500 page.
    void setBroken(bool broken);

    std::vector<TencentCall> calls() const;
    int requestCount() const;

private:
    Answer handle(const ReceivedRequest& request);
    Answer error(const std::string& code, const std::string& message);

    std::string _secretId;
    std::string _secretKey;
    std::string _sdkAppId;
    std::string _signName;
    std::string _templateId;
    std::int64_t _now;

    mutable std::mutex _mutex;
    int _perPhoneLimit = 1000;
    bool _broken = false;
    int _requests = 0;
    std::map<std::string, int> _sentPerPhone;
    std::vector<TencentCall> _calls;

    FakeHttpServer _server; // last: stops before the state above goes away
};

} // namespace gequ::sms::test
