#include "gequ/crypto/encoding.h"

#include <Poco/Base64Decoder.h>
#include <Poco/Base64Encoder.h>
#include <Poco/DigestEngine.h>
#include <Poco/Exception.h>
#include <iterator>
#include <sstream>

namespace gequ::crypto {

namespace {

int pocoOptions(Base64 variant) {
    return variant == Base64::Url ? Poco::BASE64_URL_ENCODING | Poco::BASE64_NO_PADDING : 0;
}

bool inAlphabet(char c, Base64 variant) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
        return true;
    }
    return variant == Base64::Url ? c == '-' || c == '_' : c == '+' || c == '/';
}

/// Whether text has exactly the shape of base64 of that variant. Poco's decoder is lenient on its own (it skips
/// white space and goes on decoding after padding), so what reaches it has been checked here.
bool wellFormed(std::string_view text, Base64 variant) {
    std::size_t length = text.size();
    if (variant == Base64::Standard) {
        if (length % 4 != 0) {
            return false;
        }
        for (int i = 0; i < 2 && length > 0 && text[length - 1] == '='; ++i) {
            --length;
        }
    } else if (length % 4 == 1) {
        return false;
    }
    for (std::size_t i = 0; i < length; ++i) {
        if (!inAlphabet(text[i], variant)) {
            return false;
        }
    }
    return true;
}

} // namespace

std::string base64Encode(std::string_view bytes, Base64 variant) {
    std::ostringstream out;
    Poco::Base64Encoder encoder(out, pocoOptions(variant));
    encoder.rdbuf()->setLineLength(0);
    encoder.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    encoder.close();
    return std::move(out).str();
}

std::optional<std::string> base64Decode(std::string_view text, Base64 variant) {
    if (!wellFormed(text, variant)) {
        return std::nullopt;
    }
    try {
        std::istringstream in{std::string(text)};
        Poco::Base64Decoder decoder(in, pocoOptions(variant));
        std::string out((std::istreambuf_iterator<char>(decoder)), std::istreambuf_iterator<char>());
        if (decoder.bad()) {
            return std::nullopt;
        }
        return out;
    } catch (const Poco::DataFormatException&) {
        return std::nullopt;
    }
}

std::string hexLower(std::string_view bytes) {
    return Poco::DigestEngine::digestToHex(Poco::DigestEngine::Digest(bytes.begin(), bytes.end()));
}

} // namespace gequ::crypto
