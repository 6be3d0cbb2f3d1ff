#pragma once

// A local stand-in for Aliyun's Dysmsapi SendSms. It follows the published protocol on its own (form/query parsing,
// RPC signature v1 recomputed with Poco's HMACEngine<SHA1Engine> and Base64Encoder, not with gequ_sms's signer) and
// answers the way Aliyun does: OK bodies, isv.* business errors with HTTP 200, and SignatureDoesNotMatch,
// InvalidAccessKeyId.NotFound, SignatureNonceUsed, Missing*, InvalidTimeStamp.Format with HTTP 400/404.

#include "fake_http.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace gequ::sms::test {

/// The fake's own implementation of the signature (checked against the official vectors in the suite).
namespace fake_aliyun {
/// Aliyun's percent-encoding, via Poco::URI::encode with every reserved character escaped.
std::string encode(const std::string& text);
/// application/x-www-form-urlencoded decoding (%XX and + for a space).
std::string decode(const std::string& text);
/// METHOD&%2F&encode(name=value&… sorted by name, Signature left out).
std::string stringToSign(const std::string& method, const std::map<std::string, std::string>& params);
/// base64(HMAC-SHA1(secret + "&", stringToSign)).
std::string sign(const std::string& accessKeySecret, const std::string& stringToSign);
} // namespace fake_aliyun

/// One request the fake accepted as correctly signed, with what it answered.
struct AliyunCall {
    std::string method;
    std::string path;
    std::string contentType;
    std::map<std::string, std::string> params;
    std::string answerCode;
};

class FakeAliyun {
public:
    /// now: the fake's clock (Unix seconds); a Timestamp more than 15 minutes away is InvalidTimeStamp.Expired.
    FakeAliyun(std::string accessKeyId, std::string accessKeySecret, std::string signName, std::string templateCode,
               std::int64_t now);

    std::string url() const { return _server.url(); }

    /// After n accepted sends to one number, answer isv.BUSINESS_LIMIT_CONTROL (as Aliyun's flow control does).
    void setPerPhoneLimit(int n);
    /// Forget every request, nonce and count and undo setPerPhoneLimit and setBroken (one fake serves a suite).
    void reset();
    /// Answer every request with a gateway's HTML 502 page.
    void setBroken(bool broken);

    /// The correctly signed requests, in order.
    std::vector<AliyunCall> calls() const;
    /// How many requests arrived at all.
    int requestCount() const;

private:
    Answer handle(const ReceivedRequest& request);
    Answer error(int status, const std::string& code, const std::string& message);

    std::string _accessKeyId;
    std::string _accessKeySecret;
    std::string _signName;
    std::string _templateCode;
    std::int64_t _now;

    mutable std::mutex _mutex;
    int _perPhoneLimit = 1000;
    bool _broken = false;
    int _requests = 0;
    std::map<std::string, int> _sentPerPhone;
    std::vector<std::string> _nonces;
    std::vector<AliyunCall> _calls;

    FakeHttpServer _server; // last: stops before the state above goes away
};

} // namespace gequ::sms::test
