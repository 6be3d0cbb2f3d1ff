// Encodings and digests against published vectors: RFC 4648 (base64), FIPS 180-2 (SHA-256), RFC 4231
// (HMAC-SHA256) and RFC 2202 (HMAC-SHA1).

#include "gequ/crypto/digest.h"
#include "gequ/crypto/encoding.h"
#include "gequ/crypto/random.h"

#include <gtest/gtest.h>

namespace gequ::crypto {
namespace {

TEST(Base64, Rfc4648VectorsRoundTrip) {
    const std::pair<const char*, const char*> vectors[] = {{"", ""},
                                                           {"f", "Zg=="},
                                                           {"fo", "Zm8="},
                                                           {"foo", "Zm9v"},
                                                           {"foob", "Zm9vYg=="},
                                                           {"fooba", "Zm9vYmE="},
                                                           {"foobar", "Zm9vYmFy"}};
    for (const auto& [bytes, encoded] : vectors) {
        EXPECT_EQ(base64Encode(bytes), encoded);
        const auto decoded = base64Decode(encoded);
        ASSERT_TRUE(decoded) << encoded;
        EXPECT_EQ(*decoded, bytes);
    }
}

TEST(Base64, LongInputStaysOnOneLine) {
    const std::string bytes(300, 'x');
    const std::string encoded = base64Encode(bytes);
    EXPECT_EQ(encoded.size(), 400u);
    EXPECT_EQ(encoded.find('\n'), std::string::npos);
    EXPECT_EQ(base64Decode(encoded), bytes);
}

TEST(Base64, StandardDecodingIsStrict) {
    EXPECT_FALSE(base64Decode("Zm8"));        // no padding
    EXPECT_FALSE(base64Decode("Zm=8"));       // padding inside
    EXPECT_FALSE(base64Decode("Zm8=Zm8="));   // padding before the end
    EXPECT_FALSE(base64Decode("Zm 8"));       // white space
    EXPECT_FALSE(base64Decode("Zm9v\nYmFy")); // a line break
    EXPECT_FALSE(base64Decode("Z==="));
    EXPECT_FALSE(base64Decode("not base64!"));
    EXPECT_FALSE(base64Decode("-_8=")); // the URL alphabet
}

TEST(Base64, UrlVariantHasItsOwnAlphabetAndNoPadding) {
    const std::string bytes = "\xfb\xff";
    EXPECT_EQ(base64Encode(bytes), "+/8=");
    EXPECT_EQ(base64Encode(bytes, Base64::Url), "-_8");
    EXPECT_EQ(base64Decode("-_8", Base64::Url), bytes);
    EXPECT_EQ(base64Encode("foobar", Base64::Url), "Zm9vYmFy");
    EXPECT_EQ(base64Encode("fooba", Base64::Url), "Zm9vYmE");
    EXPECT_EQ(base64Decode("Zm9vYmE", Base64::Url), "fooba");
    EXPECT_EQ(base64Decode("Zg", Base64::Url), "f");
    EXPECT_FALSE(base64Decode("+/8", Base64::Url));
    EXPECT_FALSE(base64Decode("Zg==", Base64::Url));
    EXPECT_FALSE(base64Decode("Zm9vY", Base64::Url)); // a lone sixth of a byte
}

TEST(Hex, LowerCaseTwoCharactersAByte) {
    EXPECT_EQ(hexLower(std::string("\x00\xff\x10\xab", 4)), "00ff10ab");
    EXPECT_EQ(hexLower(""), "");
}

TEST(Sha256, Fips180Vectors) {
    EXPECT_EQ(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256Hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
    EXPECT_EQ(hexLower(sha256("abc")), sha256Hex("abc"));
}

TEST(HmacSha256, Rfc4231Vectors) {
    EXPECT_EQ(hmacSha256Hex(std::string(20, '\x0b'), "Hi There"),
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    EXPECT_EQ(hmacSha256Hex("Jefe", "what do ya want for nothing?"),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    EXPECT_EQ(hmacSha256Hex(std::string(20, '\xaa'), std::string(50, '\xdd')),
              "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    // A key longer than the block is hashed first.
    EXPECT_EQ(hmacSha256Hex(std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First"),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    EXPECT_EQ(hexLower(hmacSha256("Jefe", "what do ya want for nothing?")),
              hmacSha256Hex("Jefe", "what do ya want for nothing?"));
    // Keys and messages are bytes: a NUL inside counts.
    EXPECT_NE(hmacSha256(std::string("k\0a", 3), "m"), hmacSha256("k", "m"));
}

TEST(HmacSha1, Rfc2202Vectors) {
    EXPECT_EQ(hexLower(hmacSha1(std::string(20, '\x0b'), "Hi There")), "b617318655057264e28bc0b6fb378c8ef146be00");
    EXPECT_EQ(hexLower(hmacSha1("Jefe", "what do ya want for nothing?")), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
    EXPECT_EQ(hexLower(hmacSha1(std::string(80, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First")),
              "aa4ae5e15272d00e95705637ce8a3b55ed402112");
}

TEST(ConstantTimeEquals, ComparesBytesAndLengths) {
    EXPECT_TRUE(constantTimeEquals("abc", "abc"));
    EXPECT_TRUE(constantTimeEquals("", ""));
    EXPECT_FALSE(constantTimeEquals("abc", "abd"));
    EXPECT_FALSE(constantTimeEquals("abc", "ab"));
    EXPECT_FALSE(constantTimeEquals("ab", "abc"));
}

TEST(RandomBytes, AsManyAsAskedAndDifferentEachTime) {
    EXPECT_EQ(randomBytes(0), "");
    const std::string first = randomBytes(32);
    EXPECT_EQ(first.size(), 32u);
    EXPECT_NE(first, randomBytes(32));
}

} // namespace
} // namespace gequ::crypto
