#pragma once

// The configuration of the SMS adapters (docs/accounts.md, "Codes"). The composition root fills it from the
// sms.* keys below and hands it to makeSmsSender (sms_factory.h).

#include <string>

namespace gequ::sms {

/// Dysmsapi SendSms (RPC signature v1, HMAC-SHA1).
struct AliyunSmsConfig {
    /// http:// is accepted too (local fakes in tests); the path is the request path.
    std::string endpoint = "https://dysmsapi.aliyuncs.com/";
    std::string accessKeyId;
    std::string accessKeySecret;
    /// The approved signature, e.g. 歌曲.
    std::string signName;
    /// The approved template, e.g. SMS_123456789, whose text takes ${code}.
    std::string templateCode;
    std::string regionId = "cn-hangzhou";
};

/// Tencent Cloud SMS 2021-01-11 SendSms (TC3-HMAC-SHA256).
struct TencentSmsConfig {
    /// http:// is accepted too (local fakes in tests); the path is the request path.
    std::string endpoint = "https://sms.tencentcloudapi.com/";
    std::string secretId;
    std::string secretKey;
    /// The SMS application, e.g. 1400006666.
    std::string sdkAppId;
    std::string signName;
    /// The approved template whose only parameter {1} is the code.
    std::string templateId;
    std::string region = "ap-guangzhou";
};

struct SmsConfig {
    /// console (the default), aliyun or tencent.
    std::string provider = "console";
    /// The console provider's outbox, one JSON line per code (the app passes <data.dir>/sms-outbox.jsonl).
    std::string outboxPath = "var/sms-outbox.jsonl";
    AliyunSmsConfig aliyun;
    TencentSmsConfig tencent;
    /// Connect, send and receive timeout of one provider call, in seconds (at least 1).
    int timeoutSeconds = 10;
};

/// The configuration keys the SmsConfig fields come from; errors about a field name its key.
namespace keys {
inline constexpr const char* kProvider = "sms.provider";
inline constexpr const char* kOutbox = "sms.outbox";
inline constexpr const char* kTimeout = "sms.timeout";
inline constexpr const char* kAliyunEndpoint = "sms.aliyun.endpoint";
inline constexpr const char* kAliyunAccessKeyId = "sms.aliyun.access_key_id";
inline constexpr const char* kAliyunAccessKeySecret = "sms.aliyun.access_key_secret";
inline constexpr const char* kAliyunSignName = "sms.aliyun.sign_name";
inline constexpr const char* kAliyunTemplateCode = "sms.aliyun.template_code";
inline constexpr const char* kAliyunRegionId = "sms.aliyun.region_id";
inline constexpr const char* kTencentEndpoint = "sms.tencent.endpoint";
inline constexpr const char* kTencentSecretId = "sms.tencent.secret_id";
inline constexpr const char* kTencentSecretKey = "sms.tencent.secret_key";
inline constexpr const char* kTencentSdkAppId = "sms.tencent.sdk_app_id";
inline constexpr const char* kTencentSignName = "sms.tencent.sign_name";
inline constexpr const char* kTencentTemplateId = "sms.tencent.template_id";
inline constexpr const char* kTencentRegion = "sms.tencent.region";
} // namespace keys

/// What the user sees when a provider refuses or cannot be reached (ErrorCode::Upstream, 5020).
inline constexpr const char* kSendFailedMessage = "短信发送失败，请稍后再试";

} // namespace gequ::sms
