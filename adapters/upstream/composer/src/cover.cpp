#include "cover.h"

#include "genre_profiles.h"
#include "gequ/domain/model/text.h"
#include "gequ/net/escape.h"
#include "rng.h"

#include <cmath>
#include <numbers>
#include <sstream>

namespace gequ::composer::detail {

std::string drawCover(const std::string& title, const Arrangement& song, std::uint64_t variant) {
    const GenreProfile& genre = genreProfile(song.genre);
    Rng rng(mix64(fnv1a(title) ^ mix64(variant)));
    const auto& c = genre.palette;
    std::ostringstream svg;
    svg.setf(std::ios::fixed);
    svg.precision(1);
    const int angle = rng.range(0, 359);
    const double ax = 50 + 50 * std::cos(angle * std::numbers::pi / 180);
    const double ay = 50 + 50 * std::sin(angle * std::numbers::pi / 180);
    svg << R"(<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600">)"
        << "<defs><linearGradient id=\"bg\" x1=\"" << 100 - ax << "%\" y1=\"" << 100 - ay << "%\" x2=\"" << ax
        << "%\" y2=\"" << ay << "%\"><stop offset=\"0\" stop-color=\"" << c[0] << "\"/><stop offset=\"1\" stop-color=\""
        << c[1] << "\"/></linearGradient>"
        << "<linearGradient id=\"shade\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0.55\" stop-color=\"#000\" "
           "stop-opacity=\"0\"/><stop offset=\"1\" stop-color=\"#000\" stop-opacity=\"0.55\"/></linearGradient></defs>"
        << "<rect width=\"600\" height=\"600\" fill=\"url(#bg)\"/>";
    // Soft discs.
    const int discs = rng.range(4, 7);
    for (int i = 0; i < discs; ++i) {
        svg << "<circle cx=\"" << rng.range(-40, 640) << "\" cy=\"" << rng.range(-40, 520) << "\" r=\""
            << rng.range(40, 210) << "\" fill=\"" << c[static_cast<std::size_t>(2 + i % 2)] << "\" fill-opacity=\""
            << rng.uniform(0.18, 0.5) << "\"/>";
    }
    // A ring, like a record.
    svg << "<circle cx=\"" << rng.range(180, 420) << "\" cy=\"" << rng.range(160, 340) << "\" r=\""
        << rng.range(90, 170) << "\" fill=\"none\" stroke=\"" << c[3] << "\" stroke-opacity=\"0.6\" stroke-width=\""
        << rng.range(3, 10) << "\"/>";
    // Waves across the lower half.
    const int waves = rng.range(2, 4);
    for (int w = 0; w < waves; ++w) {
        const int y = 330 + w * 40 + rng.range(-10, 10);
        const int amplitude = rng.range(12, 40);
        const int period = rng.range(80, 160);
        svg << "<path d=\"M -20 " << y;
        for (int x = -20; x < 620; x += period) {
            svg << " Q " << x + period / 4 << ' ' << y - amplitude << ' ' << x + period / 2 << ' ' << y << " T "
                << x + period << ' ' << y;
        }
        svg << "\" fill=\"none\" stroke=\"" << c[static_cast<std::size_t>(2 + w % 2)]
            << "\" stroke-opacity=\"0.7\" stroke-width=\"" << rng.range(2, 6) << "\"/>";
    }
    svg << "<rect width=\"600\" height=\"600\" fill=\"url(#shade)\"/>";

    // The title (at most 14 characters shown), and the genre.
    std::u32string shown = domain::decodeUtf8(title);
    if (shown.size() > 14) {
        shown = shown.substr(0, 13) + U"…";
    }
    const int size = shown.size() <= 6 ? 60 : (shown.size() <= 10 ? 46 : 34);
    const std::string font = "font-family=\"'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif\"";
    svg << "<text x=\"40\" y=\"520\" " << font << " font-size=\"" << size << "\" font-weight=\"700\" fill=\"#ffffff\">"
        << net::markupEscape(domain::encodeUtf8(shown)) << "</text>"
        << "<text x=\"42\" y=\"562\" " << font << " font-size=\"22\" fill=\"#ffffff\" fill-opacity=\"0.85\">"
        << net::markupEscape(genre.zh) << "</text></svg>";
    return svg.str();
}

} // namespace gequ::composer::detail
