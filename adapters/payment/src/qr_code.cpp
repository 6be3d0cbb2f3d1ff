#include "gequ/payment/qr_code.h"

#include "wechat_crypto.h"

#include <memory>
#include <qrencode.h>
#include <stdexcept>

namespace gequ::payment {

namespace {

/// The light border around the symbol, in modules (ISO/IEC 18004 asks for 4).
constexpr int kQuietZone = 4;
/// Pixels per module of the SVG's intrinsic size.
constexpr int kPixelsPerModule = 8;

} // namespace

std::string qrSvg(const std::string& text) {
    if (text.empty()) {
        throw std::invalid_argument("qrSvg: the text is empty");
    }
    std::unique_ptr<QRcode, decltype(&QRcode_free)> code(QRcode_encodeString8bit(text.c_str(), 0, QR_ECLEVEL_M),
                                                         &QRcode_free);
    if (!code) {
        throw std::invalid_argument("qrSvg: the text does not fit in a QR code (" + std::to_string(text.size()) +
                                    " bytes)");
    }
    const int width = code->width;
    const int size = width + 2 * kQuietZone;
    std::string path;
    for (int y = 0; y < width; ++y) {
        const unsigned char* row = code->data + static_cast<std::ptrdiff_t>(y) * width;
        for (int x = 0; x < width;) {
            if ((row[x] & 1) == 0) {
                ++x;
                continue;
            }
            int run = 1;
            while (x + run < width && (row[x + run] & 1) != 0) {
                ++run;
            }
            path += "M" + std::to_string(x + kQuietZone) + " " + std::to_string(y + kQuietZone) + "h" +
                    std::to_string(run) + "v1h-" + std::to_string(run) + "z";
            x += run;
        }
    }
    const std::string extent = std::to_string(size);
    const std::string pixels = std::to_string(size * kPixelsPerModule);
    return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + pixels + "\" height=\"" + pixels +
           "\" viewBox=\"0 0 " + extent + " " + extent + "\" shape-rendering=\"crispEdges\">" + "<rect width=\"" +
           extent + "\" height=\"" + extent + "\" fill=\"#fff\"/>" + "<path fill=\"#000\" d=\"" + path + "\"/></svg>";
}

std::string qrSvgDataUri(const std::string& text) {
    return "data:image/svg+xml;base64," + detail::base64Encode(qrSvg(text));
}

} // namespace gequ::payment
