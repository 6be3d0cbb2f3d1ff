// The signers, byte for byte against the official vectors (fixtures/*.json), and the fakes' independent signers
// against the same vectors, so that a fake that accepts our requests is known to follow the real protocol.

#include "aliyun_signer.h"
#include "fake_aliyun.h"
#include "fake_tencent.h"
#include "tencent_signer.h"
#include "test_support.h"

#include <Poco/JSON/Array.h>
#include <gtest/gtest.h>
#include <map>

namespace gequ::sms {
namespace {

using namespace detail;

struct AliyunVector {
    std::string name;
    std::string method;
    std::string secret;
    AliyunParams params;
    std::string canonicalQuery;
    std::string stringToSign;
    std::string signature;
};

std::vector<AliyunVector> aliyunVectors() {
    const auto root = test::loadFixture("aliyun_rpc_v1.json");
    std::vector<AliyunVector> out;
    const auto vectors = root->getArray("vectors");
    for (std::size_t i = 0; i < vectors->size(); ++i) {
        const auto v = vectors->getObject(static_cast<unsigned>(i));
        AliyunVector vector;
        vector.name = v->getValue<std::string>("name");
        vector.method = v->getValue<std::string>("method");
        vector.secret = v->getValue<std::string>("accessKeySecret");
        const auto params = v->getArray("params");
        for (std::size_t j = 0; j < params->size(); ++j) {
            const auto pair = params->getArray(static_cast<unsigned>(j));
            vector.params.emplace_back(pair->getElement<std::string>(0), pair->getElement<std::string>(1));
        }
        vector.canonicalQuery = v->optValue<std::string>("canonicalQuery", "");
        vector.stringToSign = v->getValue<std::string>("stringToSign");
        vector.signature = v->getValue<std::string>("signature");
        out.push_back(vector);
    }
    return out;
}

struct TencentVector {
    std::string name;
    std::string service;
    std::string host;
    std::int64_t timestamp = 0;
    std::string date;
    std::string payload;
    std::string canonicalRequest;
    std::string stringToSign;
    std::string signature;
    std::string authorization;
};

struct TencentVectors {
    std::string secretId;
    std::string secretKey;
    std::vector<TencentVector> vectors;
};

TencentVectors tencentVectors() {
    const auto root = test::loadFixture("tencent_tc3.json");
    TencentVectors out;
    out.secretId = root->getValue<std::string>("secretId");
    out.secretKey = root->getValue<std::string>("secretKey");
    const auto vectors = root->getArray("vectors");
    for (std::size_t i = 0; i < vectors->size(); ++i) {
        const auto v = vectors->getObject(static_cast<unsigned>(i));
        TencentVector vector;
        vector.name = v->getValue<std::string>("name");
        vector.service = v->getValue<std::string>("service");
        vector.host = v->getValue<std::string>("host");
        vector.timestamp = v->getValue<std::int64_t>("timestamp");
        vector.date = v->getValue<std::string>("date");
        vector.payload = v->getValue<std::string>("payload");
        vector.canonicalRequest = v->getValue<std::string>("canonicalRequest");
        vector.stringToSign = v->getValue<std::string>("stringToSign");
        vector.signature = v->getValue<std::string>("signature");
        vector.authorization = v->getValue<std::string>("authorization");
        out.vectors.push_back(vector);
    }
    return out;
}

TEST(AliyunSigner, FixturesAreThere) {
    EXPECT_EQ(aliyunVectors().size(), 2u);
    EXPECT_EQ(tencentVectors().vectors.size(), 2u);
}

TEST(AliyunSigner, PercentEncodingFollowsAliyunsRules) {
    EXPECT_EQ(aliyunPercentEncode("AZaz09-_.~"), "AZaz09-_.~");
    EXPECT_EQ(aliyunPercentEncode("a b"), "a%20b");
    EXPECT_EQ(aliyunPercentEncode("*"), "%2A");
    EXPECT_EQ(aliyunPercentEncode("+/=&:"), "%2B%2F%3D%26%3A");
    EXPECT_EQ(aliyunPercentEncode("{\"code\":\"123456\"}"), "%7B%22code%22%3A%22123456%22%7D");
    EXPECT_EQ(aliyunPercentEncode("歌曲"), "%E6%AD%8C%E6%9B%B2");
    EXPECT_EQ(aliyunPercentEncode(std::string("\x00\xff", 2)), "%00%FF");
}

TEST(AliyunSigner, CanonicalQueryIsSortedAndLeavesSignatureOut) {
    EXPECT_EQ(aliyunCanonicalQuery({{"b", "2"}, {"Signature", "x"}, {"a", "1 *"}, {"B", "~"}}), "B=~&a=1%20%2A&b=2");
}

TEST(AliyunSigner, OfficialSendSmsVectorByteForByte) {
    const AliyunVector v = aliyunVectors().at(0);
    ASSERT_EQ(v.name, "SendSms");
    // The vector's parameters, shuffled: the signer sorts them.
    AliyunParams shuffled(v.params.rbegin(), v.params.rend());
    const std::string canonical = aliyunCanonicalQuery(shuffled);
    EXPECT_EQ(canonical, v.canonicalQuery);
    const std::string stringToSign = aliyunStringToSign(v.method, canonical);
    EXPECT_EQ(stringToSign, v.stringToSign);
    EXPECT_EQ(aliyunSignature(v.secret, stringToSign), v.signature);
    EXPECT_EQ(aliyunSignedQuery(v.method, shuffled, v.secret),
              "Signature=" + aliyunPercentEncode(v.signature) + "&" + v.canonicalQuery);
}

TEST(AliyunSigner, OfficialDescribeRegionsVectorByteForByte) {
    const AliyunVector v = aliyunVectors().at(1);
    ASSERT_EQ(v.name, "DescribeRegions");
    const std::string stringToSign = aliyunStringToSign(v.method, aliyunCanonicalQuery(v.params));
    EXPECT_EQ(stringToSign, v.stringToSign);
    EXPECT_EQ(aliyunSignature(v.secret, stringToSign), v.signature);
}

TEST(AliyunSigner, SecretIsCaseSensitive) {
    const AliyunVector v = aliyunVectors().at(0);
    EXPECT_NE(aliyunSignature("testsecret", v.stringToSign), v.signature);
}

TEST(AliyunSigner, TheFakesOwnVerifierReproducesTheVectors) {
    for (const AliyunVector& v : aliyunVectors()) {
        std::map<std::string, std::string> params(v.params.begin(), v.params.end());
        const std::string stringToSign = test::fake_aliyun::stringToSign(v.method, params);
        EXPECT_EQ(stringToSign, v.stringToSign) << v.name;
        EXPECT_EQ(test::fake_aliyun::sign(v.secret, stringToSign), v.signature) << v.name;
    }
    EXPECT_EQ(test::fake_aliyun::decode("a+b%2A%E6%AD%8C"), "a b*歌");
}

TEST(TencentSigner, UtcDateOfATimestamp) {
    EXPECT_EQ(tc3Date(0), "1970-01-01");
    EXPECT_EQ(tc3Date(1551113065), "2019-02-25");
    EXPECT_EQ(tc3Date(1700000000), "2023-11-14");
    EXPECT_EQ(tc3Date(1700006399), "2023-11-14");
    EXPECT_EQ(tc3Date(1700006400), "2023-11-15");
}

TEST(TencentSigner, OfficialVectorsByteForByte) {
    const TencentVectors all = tencentVectors();
    for (const TencentVector& v : all.vectors) {
        SCOPED_TRACE(v.name);
        Tc3Request request;
        request.host = v.host;
        request.payload = v.payload;
        const std::string canonical = tc3CanonicalRequest(request);
        EXPECT_EQ(canonical, v.canonicalRequest);
        const std::string stringToSign = tc3StringToSign(canonical, v.timestamp, v.service);
        EXPECT_EQ(stringToSign, v.stringToSign);
        EXPECT_EQ(tc3Signature(all.secretKey, v.date, v.service, stringToSign), v.signature);
        EXPECT_EQ(tc3Authorization(request, v.timestamp, v.service, all.secretId, all.secretKey), v.authorization);
    }
}

TEST(TencentSigner, HeaderValuesAreSignedTrimmedAndLowerCased) {
    const TencentVector v = tencentVectors().vectors.at(1);
    Tc3Request request;
    request.host = "  SMS.TencentCloudAPI.com ";
    request.contentType = "Application/JSON; charset=UTF-8";
    request.payload = v.payload;
    EXPECT_EQ(tc3CanonicalRequest(request), v.canonicalRequest);
}

TEST(TencentSigner, AnyChangeChangesTheSignature) {
    const TencentVectors all = tencentVectors();
    const TencentVector& v = all.vectors.at(1);
    Tc3Request request;
    request.host = v.host;
    request.payload = v.payload;
    request.payload.back() = ' ';
    EXPECT_NE(tc3Authorization(request, v.timestamp, v.service, all.secretId, all.secretKey), v.authorization);
    request.payload = v.payload;
    EXPECT_NE(tc3Authorization(request, v.timestamp + 1, v.service, all.secretId, all.secretKey), v.authorization);
    EXPECT_NE(tc3Authorization(request, v.timestamp, v.service, all.secretId, all.secretKey + "x"), v.authorization);
}

TEST(TencentSigner, TheFakesOwnVerifierReproducesTheVectors) {
    const TencentVectors all = tencentVectors();
    for (const TencentVector& v : all.vectors) {
        SCOPED_TRACE(v.name);
        const std::string canonical = test::fake_tencent::canonicalRequest(
            "POST", "/", "", {{"content-type", "application/json; charset=utf-8"}, {"host", v.host}}, v.payload);
        EXPECT_EQ(canonical, v.canonicalRequest);
        const std::string stringToSign =
            test::fake_tencent::stringToSign(v.timestamp, v.date + "/" + v.service + "/tc3_request", canonical);
        EXPECT_EQ(stringToSign, v.stringToSign);
        EXPECT_EQ(test::fake_tencent::signature(all.secretKey, v.date, v.service, stringToSign), v.signature);
    }
}

} // namespace
} // namespace gequ::sms
