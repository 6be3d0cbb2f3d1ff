// AWS Signature Version 4 against AWS's published vectors (tests/media/data/sigv4_vectors.txt names their source).

#include "gequ/crypto/digest.h"
#include "gequ/media/sigv4.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <string>
#include <vector>

namespace {

namespace sigv4 = gequ::media::sigv4;

struct Vector {
    std::string name;
    std::map<std::string, std::string> fields;
    sigv4::Pairs query;
    sigv4::Pairs headers;
};

std::vector<Vector> loadVectors() {
    std::ifstream in(std::string(GEQU_TEST_DATA_DIR) + "/sigv4_vectors.txt");
    std::vector<Vector> vectors;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        if (line[0] == '[') {
            vectors.push_back(Vector{line.substr(1, line.size() - 2), {}, {}, {}});
            continue;
        }
        const auto eq = line.find(" =");
        const std::string key = line.substr(0, eq);
        const std::string value = eq + 3 <= line.size() ? line.substr(eq + 3) : "";
        if (key == "query") {
            const auto split = value.find('=');
            vectors.back().query.emplace_back(value.substr(0, split), value.substr(split + 1));
        } else if (key == "header") {
            const auto colon = value.find(':');
            vectors.back().headers.emplace_back(value.substr(0, colon), value.substr(colon + 1));
        } else {
            vectors.back().fields[key] = value;
        }
    }
    return vectors;
}

sigv4::SignableRequest requestOf(const Vector& vector) {
    const std::string& line = vector.fields.at("request");
    sigv4::SignableRequest request;
    request.method = line.substr(0, line.find(' '));
    request.encodedPath = line.substr(line.find(' ') + 1);
    request.host = vector.fields.at("host");
    request.query = vector.query;
    request.headers = vector.headers;
    if (auto body = vector.fields.find("body"); body != vector.fields.end()) {
        request.payloadHash = gequ::crypto::sha256Hex(body->second);
    }
    return request;
}

std::pair<sigv4::Credentials, sigv4::Scope> keysOf(const Vector& vector) {
    const std::string& credentials = vector.fields.at("credentials");
    const std::string& scope = vector.fields.at("scope");
    return {
        sigv4::Credentials{credentials.substr(0, credentials.find(' ')), credentials.substr(credentials.find(' ') + 1)},
        sigv4::Scope{scope.substr(0, scope.find(' ')), scope.substr(scope.find(' ') + 1)}};
}

TEST(SigV4, EveryPublishedVectorIsLoaded) {
    const auto vectors = loadVectors();
    ASSERT_EQ(vectors.size(), 14u);
    int authorizations = 0;
    int presigned = 0;
    for (const auto& vector : vectors) {
        authorizations += vector.fields.count("authorization");
        presigned += vector.fields.count("presigned");
    }
    EXPECT_EQ(authorizations, 13);
    EXPECT_EQ(presigned, 1);
}

TEST(SigV4, SignsEveryPublishedAuthorizationHeader) {
    for (const auto& vector : loadVectors()) {
        auto expected = vector.fields.find("authorization");
        if (expected == vector.fields.end()) {
            continue;
        }
        SCOPED_TRACE(vector.name);
        const auto [credentials, scope] = keysOf(vector);
        EXPECT_EQ(sigv4::authorization(requestOf(vector), credentials, vector.fields.at("date"), scope),
                  expected->second);
    }
}

TEST(SigV4, PresignsThePublishedUrl) {
    for (const auto& vector : loadVectors()) {
        auto expected = vector.fields.find("presigned");
        if (expected == vector.fields.end()) {
            continue;
        }
        SCOPED_TRACE(vector.name);
        const auto [credentials, scope] = keysOf(vector);
        EXPECT_EQ(sigv4::presignedQuery(requestOf(vector), credentials, vector.fields.at("date"), scope,
                                        std::chrono::seconds{std::stoi(vector.fields.at("expires"))}),
                  expected->second);
    }
}

TEST(SigV4, TheCanonicalRequestOfTheS3RangeExampleIsAwssLineForLine) {
    const auto vectors = loadVectors();
    const auto range =
        std::find_if(vectors.begin(), vectors.end(), [](const Vector& v) { return v.name == "s3-get-object-range"; });
    ASSERT_NE(range, vectors.end());
    EXPECT_EQ(sigv4::canonicalRequest(requestOf(*range)),
              "GET\n/test.txt\n\nhost:examplebucket.s3.amazonaws.com\nrange:bytes=0-9\n"
              "x-amz-content-sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\n"
              "x-amz-date:20130524T000000Z\n\nhost;range;x-amz-content-sha256;x-amz-date\n"
              "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sigv4::stringToSign(sigv4::canonicalRequest(requestOf(*range)), "20130524T000000Z", {"us-east-1", "s3"}),
              "AWS4-HMAC-SHA256\n20130524T000000Z\n20130524/us-east-1/s3/aws4_request\n"
              "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
}

TEST(SigV4, UriEncodingEscapesChineseAndReservedCharactersOnceWithUpperCaseHex) {
    EXPECT_EQ(sigv4::uriEncode("晴天 1+1=2.mp3"), "%E6%99%B4%E5%A4%A9%201%2B1%3D2.mp3");
    EXPECT_EQ(sigv4::uriEncode("/bucket/a b", true), "/bucket/a%20b");
    EXPECT_EQ(sigv4::uriEncode("/bucket/a b"), "%2Fbucket%2Fa%20b");
    EXPECT_EQ(sigv4::uriEncode("-._~AZaz09"), "-._~AZaz09");
}

TEST(SigV4, AmzDateIsUtcToTheSecond) {
    EXPECT_EQ(sigv4::amzDate(std::chrono::system_clock::time_point{std::chrono::seconds{1440938160}}),
              "20150830T123600Z");
}

} // namespace
