#include "wechat_crypto.h"

namespace gequ::payment::detail {

std::string signBase64(const RsaPrivateKey& key, std::string_view message) {
    return base64Encode(key.signSha256(message));
}

bool verifyBase64(const RsaPublicKey& key, std::string_view message, std::string_view signatureBase64) {
    const auto signature = base64Decode(signatureBase64);
    return signature && key.verifySha256(message, *signature);
}

std::string requestMessage(std::string_view method, std::string_view url, std::string_view timestamp,
                           std::string_view nonce, std::string_view body) {
    std::string message;
    message.reserve(method.size() + url.size() + timestamp.size() + nonce.size() + body.size() + 5);
    message.append(method).append("\n");
    message.append(url).append("\n");
    message.append(timestamp).append("\n");
    message.append(nonce).append("\n");
    message.append(body).append("\n");
    return message;
}

std::string responseMessage(std::string_view timestamp, std::string_view nonce, std::string_view body) {
    std::string message;
    message.reserve(timestamp.size() + nonce.size() + body.size() + 3);
    message.append(timestamp).append("\n");
    message.append(nonce).append("\n");
    message.append(body).append("\n");
    return message;
}

std::string paySignMessage(std::string_view appId, std::string_view timeStamp, std::string_view nonceStr,
                           std::string_view package) {
    std::string message;
    message.append(appId).append("\n");
    message.append(timeStamp).append("\n");
    message.append(nonceStr).append("\n");
    message.append(package).append("\n");
    return message;
}

std::string authorizationHeader(std::string_view mchId, std::string_view nonce, std::string_view signature,
                                std::string_view timestamp, std::string_view serialNo) {
    std::string header = "WECHATPAY2-SHA256-RSA2048 ";
    header.append("mchid=\"").append(mchId).append("\",");
    header.append("nonce_str=\"").append(nonce).append("\",");
    header.append("signature=\"").append(signature).append("\",");
    header.append("timestamp=\"").append(timestamp).append("\",");
    header.append("serial_no=\"").append(serialNo).append("\"");
    return header;
}

std::string makeNonce(domain::Random& random) {
    static constexpr char kAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    std::string nonce;
    nonce.reserve(32);
    for (int i = 0; i < 32; ++i) {
        nonce += kAlphabet[random.uniform(0, 61)];
    }
    return nonce;
}

} // namespace gequ::payment::detail
