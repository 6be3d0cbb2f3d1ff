#include "aliyun_signer.h"

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"

#include <algorithm>

namespace gequ::sms::detail {

namespace {

bool isUnreserved(unsigned char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == '~';
}

} // namespace

std::string aliyunPercentEncode(std::string_view text) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(text.size() * 3);
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (isUnreserved(c)) {
            out += ch;
        } else {
            out += '%';
            out += kHex[c >> 4];
            out += kHex[c & 0x0f];
        }
    }
    return out;
}

std::string aliyunCanonicalQuery(AliyunParams params) {
    std::erase_if(params, [](const auto& p) { return p.first == "Signature"; });
    std::vector<std::pair<std::string, std::string>> encoded;
    encoded.reserve(params.size());
    for (const auto& [name, value] : params) {
        encoded.emplace_back(aliyunPercentEncode(name), aliyunPercentEncode(value));
    }
    std::sort(encoded.begin(), encoded.end());
    std::string out;
    for (const auto& [name, value] : encoded) {
        if (!out.empty()) {
            out += '&';
        }
        out += name;
        out += '=';
        out += value;
    }
    return out;
}

std::string aliyunStringToSign(std::string_view method, std::string_view canonicalQuery) {
    return std::string(method) + "&" + aliyunPercentEncode("/") + "&" + aliyunPercentEncode(canonicalQuery);
}

std::string aliyunSignature(std::string_view accessKeySecret, std::string_view stringToSign) {
    return crypto::base64Encode(crypto::hmacSha1(std::string(accessKeySecret) + "&", stringToSign));
}

std::string aliyunSignedQuery(std::string_view method, const AliyunParams& params, std::string_view accessKeySecret) {
    const std::string canonical = aliyunCanonicalQuery(params);
    const std::string signature = aliyunSignature(accessKeySecret, aliyunStringToSign(method, canonical));
    return "Signature=" + aliyunPercentEncode(signature) + "&" + canonical;
}

} // namespace gequ::sms::detail
