#pragma once

// The configuration of the WeChat Pay API v3 provider (docs/payments.md). The composition root fills it from the
// wechat.* keys below (reading the key files itself) and hands it to WechatPayGateway, which checks it and throws
// std::invalid_argument naming the key of the first missing or invalid field.

#include <string>

namespace gequ::payment {

struct WechatConfig {
    /// The AppID bound to the merchant (the official account's, for JSAPI and OAuth).
    std::string appId;
    /// The merchant number (mchid), digits.
    std::string mchId;
    /// The serial number of the merchant API certificate, hex.
    std::string merchantSerial;
    /// The merchant API private key, PEM text ("-----BEGIN PRIVATE KEY-----" or "RSA PRIVATE KEY"); the caller reads
    /// it from wechat.private_key_file.
    std::string privateKeyPem;
    /// The APIv3 key: exactly 32 bytes. Decrypts notifications and downloaded platform certificates.
    std::string apiV3Key;
    /// Public-key mode: the WeChat Pay public key's id (PUB_KEY_ID_…) and its PEM text (from
    /// wechat.public_key_file). Leave both empty to verify with downloaded platform certificates only.
    std::string publicKeyId;
    std::string publicKeyPem;
    /// Also accept answers signed with platform certificates (downloaded from /v3/certificates) when a public key is
    /// configured, e.g. while a merchant migrates; without a public key, platform certificates are always used.
    bool platformCertificates = false;
    /// Where WeChat posts payment notifications: our https://…/pay/notify/wechat (no query string).
    std::string notifyUrl;
    /// H5 scene_info.h5_info: the site's name and address as registered with WeChat Pay. Empty: 歌曲 and
    /// publicBaseUrl.
    std::string h5AppName;
    std::string h5AppUrl;
    /// The official account's AppSecret, for the OAuth2 code → openid exchange of the JSAPI page.
    std::string oauthSecret;
    /// The API host; http:// is accepted too (local fakes in tests). No path.
    std::string baseUrl = "https://api.mch.weixin.qq.com";
    /// The official account API host serving /sns/oauth2/access_token. No path.
    std::string oauthBaseUrl = "https://api.weixin.qq.com";
    /// The page WeChat's browser opens to ask for the openid (snsapi_base).
    std::string oauthAuthorizeUrl = "https://open.weixin.qq.com/connect/oauth2/authorize";
    /// The address users reach the site at (http.public_base_url): H5 payments return to {this}/payment?taskId=….
    std::string publicBaseUrl;
    /// Connect, send and receive timeout of one call to WeChat, in seconds (at least 1).
    int timeoutSeconds = 10;
};

/// The configuration keys the WechatConfig fields come from; errors about a field name its key.
namespace keys {
inline constexpr const char* kAppId = "wechat.appid";
inline constexpr const char* kMchId = "wechat.mchid";
inline constexpr const char* kMerchantSerial = "wechat.merchant_serial";
inline constexpr const char* kPrivateKeyFile = "wechat.private_key_file";
inline constexpr const char* kApiV3Key = "wechat.apiv3_key";
inline constexpr const char* kPublicKeyId = "wechat.public_key_id";
inline constexpr const char* kPublicKeyFile = "wechat.public_key_file";
inline constexpr const char* kPlatformCertificates = "wechat.platform_certificates";
inline constexpr const char* kNotifyUrl = "wechat.notify_url";
inline constexpr const char* kH5AppName = "wechat.h5_app_name";
inline constexpr const char* kH5AppUrl = "wechat.h5_app_url";
inline constexpr const char* kOauthSecret = "wechat.oauth_secret";
inline constexpr const char* kBaseUrl = "wechat.base_url";
inline constexpr const char* kOauthBaseUrl = "wechat.oauth_base_url";
inline constexpr const char* kOauthAuthorizeUrl = "wechat.oauth_authorize_url";
inline constexpr const char* kPublicBaseUrl = "http.public_base_url";
inline constexpr const char* kTimeout = "wechat.timeout";
} // namespace keys

} // namespace gequ::payment
