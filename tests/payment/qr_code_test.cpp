// qrSvgDataUri: a well-formed SVG whose modules a QR reader written from the standard decodes back to the text.

#include "fake_crypto.h"
#include "gequ/payment/qr_code.h"
#include "qr_reader.h"

#include <gtest/gtest.h>

namespace gequ::payment::testing {
namespace {

const std::string kDataUriPrefix = "data:image/svg+xml;base64,";

std::string svgOf(const std::string& dataUri) {
    EXPECT_TRUE(dataUri.starts_with(kDataUriPrefix));
    return fromBase64(dataUri.substr(kDataUriPrefix.size()));
}

Modules withoutQuietZone(const Modules& m, int zone) {
    Modules symbol;
    for (std::size_t r = static_cast<std::size_t>(zone); r + static_cast<std::size_t>(zone) < m.size(); ++r) {
        symbol.emplace_back(m[r].begin() + zone, m[r].end() - zone);
    }
    return symbol;
}

class QrTexts : public ::testing::TestWithParam<std::string> {};

TEST_P(QrTexts, DecodesBackToTheTextAtTheSmallestVersion) {
    const std::string text = GetParam();
    const std::string svg = svgOf(qrSvgDataUri(text));
    EXPECT_EQ(svg, qrSvg(text));
    int zone = 0;
    const auto modules = modulesFromSvg(svg, &zone);
    ASSERT_TRUE(modules) << "not a well-formed QR SVG: " << svg.substr(0, 200);
    EXPECT_EQ(zone, 4) << "a 4-module quiet zone";
    const Modules symbol = withoutQuietZone(*modules, 4);
    const int version = expectedVersion(text.size());
    ASSERT_GT(version, 0);
    EXPECT_EQ(symbol.size(), static_cast<std::size_t>(17 + 4 * version)) << "version " << version;
    const auto decoded = decodeQr(symbol);
    ASSERT_TRUE(decoded) << "unreadable symbol";
    EXPECT_EQ(decoded->version, version);
    EXPECT_EQ(decoded->level, 'M');
    EXPECT_EQ(decoded->text, text);
}

INSTANTIATE_TEST_SUITE_P(
    QrCode, QrTexts,
    ::testing::Values(std::string("weixin://wxpay/bizpayurl?pr=JyC91EIz1"),                          // v3, one block
                      std::string("http://127.0.0.1:8080/pay/sandbox/GQ20250101000000ABCDEFGHIJKL"), // v4, two blocks
                      std::string("歌曲 · 沙箱支付 · 不会产生真实扣款"),                             // UTF-8 bytes
                      std::string("https://gequ.example.com/pay/sandbox/") + std::string(110, 'Q'),  // v8, mixed blocks
                      std::string("https://gequ.example.com/") + std::string(175, 'x'), // v10, 16-bit count
                      std::string("a")));

TEST(QrCode, SameTextSameSvgOtherTextOtherSvg) {
    const std::string url = "weixin://wxpay/bizpayurl?pr=JyC91EIz1";
    EXPECT_EQ(qrSvgDataUri(url), qrSvgDataUri(url));
    EXPECT_NE(qrSvgDataUri(url), qrSvgDataUri(url + "2"));
}

TEST(QrCode, SvgDrawsWhiteBackgroundAndScalesCrisply) {
    const std::string svg = qrSvg("weixin://wxpay/bizpayurl?pr=JyC91EIz1");
    // v3: 29 modules + 2 × 4 quiet zone = 37 units.
    EXPECT_TRUE(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"296\" height=\"296\" "
                                "viewBox=\"0 0 37 37\" shape-rendering=\"crispEdges\">"))
        << svg.substr(0, 160);
    EXPECT_NE(svg.find("<rect width=\"37\" height=\"37\" fill=\"#fff\"/>"), std::string::npos);
}

TEST(QrCode, RefusesEmptyAndOversizedTexts) {
    EXPECT_THROW(qrSvgDataUri(""), std::invalid_argument);
    EXPECT_THROW(qrSvgDataUri(std::string(3000, 'x')), std::invalid_argument);
}

TEST(QrReader, RejectsWhatIsNotAQrSvg) {
    EXPECT_FALSE(modulesFromSvg("<svg"));
    EXPECT_FALSE(modulesFromSvg("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 5 5\"/>"));
    // A flipped data module makes the symbol unreadable for this reader (no error correction).
    auto modules = modulesFromSvg(qrSvg("weixin://wxpay/bizpayurl?pr=JyC91EIz1"));
    ASSERT_TRUE(modules);
    Modules symbol = withoutQuietZone(*modules, 4);
    ASSERT_TRUE(decodeQr(symbol));
    // The bottom-right module is the first bit of the first codeword (the mode indicator).
    symbol.back().back() = !symbol.back().back();
    const auto damaged = decodeQr(symbol);
    EXPECT_TRUE(!damaged || damaged->text != "weixin://wxpay/bizpayurl?pr=JyC91EIz1");
}

} // namespace
} // namespace gequ::payment::testing
