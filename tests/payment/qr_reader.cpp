#include "qr_reader.h"

#include <Poco/AutoPtr.h>
#include <Poco/DOM/DOMParser.h>
#include <Poco/DOM/Document.h>
#include <Poco/DOM/Element.h>
#include <Poco/DOM/NodeList.h>
#include <Poco/Exception.h>
#include <algorithm>
#include <regex>
#include <sstream>

namespace gequ::payment::testing {

namespace {

struct BlockGroup {
    int count;
    int dataCodewords;
};
struct VersionM {
    int ecPerBlock;
    std::vector<BlockGroup> groups;
};

/// ISO/IEC 18004 table 9, level M, versions 1 to 10.
const VersionM& versionM(int version) {
    static const std::vector<VersionM> table{
        {10, {{1, 16}}}, {16, {{1, 28}}}, {26, {{1, 44}}},          {18, {{2, 32}}},          {24, {{2, 43}}},
        {16, {{4, 27}}}, {18, {{4, 31}}}, {22, {{2, 38}, {2, 39}}}, {22, {{3, 36}, {2, 37}}}, {26, {{4, 43}, {1, 44}}},
    };
    return table.at(static_cast<std::size_t>(version - 1));
}

/// Alignment pattern centres, versions 1 to 10.
std::vector<int> alignmentCentres(int version) {
    static const std::vector<std::vector<int>> table{
        {}, {6, 18}, {6, 22}, {6, 26}, {6, 30}, {6, 34}, {6, 22, 38}, {6, 24, 42}, {6, 26, 46}, {6, 28, 50},
    };
    return table.at(static_cast<std::size_t>(version - 1));
}

int dataCodewords(int version) {
    int total = 0;
    for (const auto& g : versionM(version).groups) {
        total += g.count * g.dataCodewords;
    }
    return total;
}

int totalCodewords(int version) {
    int total = 0;
    for (const auto& g : versionM(version).groups) {
        total += g.count * (g.dataCodewords + versionM(version).ecPerBlock);
    }
    return total;
}

/// The 15-bit format word for an error correction level's bits and a mask: BCH(15,5), XOR 0x5412.
int formatWord(int levelBits, int mask) {
    const int data = (levelBits << 3) | mask;
    int remainder = data << 10;
    for (int bit = 14; bit >= 10; --bit) {
        if (remainder & (1 << bit)) {
            remainder ^= 0x537 << (bit - 10);
        }
    }
    return ((data << 10) | remainder) ^ 0x5412;
}

bool masked(int mask, int i, int j) { // i = row, j = column
    switch (mask) {
    case 0:
        return (i + j) % 2 == 0;
    case 1:
        return i % 2 == 0;
    case 2:
        return j % 3 == 0;
    case 3:
        return (i + j) % 3 == 0;
    case 4:
        return (i / 2 + j / 3) % 2 == 0;
    case 5:
        return (i * j) % 2 + (i * j) % 3 == 0;
    case 6:
        return ((i * j) % 2 + (i * j) % 3) % 2 == 0;
    default:
        return ((i + j) % 2 + (i * j) % 3) % 2 == 0;
    }
}

Modules functionPatterns(int version) {
    const int n = 17 + 4 * version;
    Modules f(static_cast<std::size_t>(n), std::vector<bool>(static_cast<std::size_t>(n), false));
    const auto region = [&](int top, int left, int height, int width) {
        for (int r = top; r < top + height; ++r) {
            for (int c = left; c < left + width; ++c) {
                f[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = true;
            }
        }
    };
    region(0, 0, 9, 9);      // top-left finder, separator, format information
    region(0, n - 8, 9, 8);  // top-right finder, separator, format information
    region(n - 8, 0, 8, 9);  // bottom-left finder, separator, format information, dark module
    region(9, 6, n - 17, 1); // vertical timing
    region(6, 9, 1, n - 17); // horizontal timing
    const auto centres = alignmentCentres(version);
    const std::size_t last = centres.empty() ? 0 : centres.size() - 1;
    for (std::size_t a = 0; a < centres.size(); ++a) {
        for (std::size_t b = 0; b < centres.size(); ++b) {
            if ((a == 0 && b == 0) || (a == 0 && b == last) || (a == last && b == 0)) {
                continue; // under a finder pattern
            }
            region(centres[a] - 2, centres[b] - 2, 5, 5);
        }
    }
    if (version >= 7) {
        region(0, n - 11, 6, 3); // version information
        region(n - 11, 0, 3, 6);
    }
    return f;
}

class BitReader {
public:
    explicit BitReader(const std::vector<int>& bytes) : _bytes(bytes) {}
    int available() const { return static_cast<int>(_bytes.size()) * 8 - _at; }
    int read(int bits) {
        int value = 0;
        for (int k = 0; k < bits; ++k, ++_at) {
            value = (value << 1) | ((_bytes[static_cast<std::size_t>(_at / 8)] >> (7 - _at % 8)) & 1);
        }
        return value;
    }
    int position() const { return _at; }

private:
    const std::vector<int>& _bytes;
    int _at = 0;
};

bool finderAt(const Modules& m, int top, int left) {
    for (int r = 0; r < 7; ++r) {
        for (int c = 0; c < 7; ++c) {
            const bool ring = r == 0 || r == 6 || c == 0 || c == 6;
            const bool core = r >= 2 && r <= 4 && c >= 2 && c <= 4;
            if (m[static_cast<std::size_t>(top + r)][static_cast<std::size_t>(left + c)] != (ring || core)) {
                return false;
            }
        }
    }
    return true;
}

} // namespace

std::optional<Modules> modulesFromSvg(const std::string& svg, int* quietZone) {
    std::string viewBox, fill, d, rectFill;
    try {
        Poco::XML::DOMParser parser;
        Poco::AutoPtr<Poco::XML::Document> document = parser.parseString(svg);
        Poco::XML::Element* root = document->documentElement();
        if (root == nullptr || root->localName() != "svg" || root->namespaceURI() != "http://www.w3.org/2000/svg") {
            return std::nullopt;
        }
        viewBox = root->getAttribute("viewBox");
        Poco::XML::Element* rect = root->getChildElement("rect");
        Poco::XML::Element* path = root->getChildElement("path");
        if (rect == nullptr || path == nullptr) {
            return std::nullopt;
        }
        rectFill = rect->getAttribute("fill");
        fill = path->getAttribute("fill");
        d = path->getAttribute("d");
    } catch (const Poco::Exception&) {
        return std::nullopt;
    }
    int size = 0;
    {
        std::istringstream in(viewBox);
        int x = -1, y = -1, w = 0, h = 0;
        if (!(in >> x >> y >> w >> h) || x != 0 || y != 0 || w != h || w <= 0) {
            return std::nullopt;
        }
        size = w;
    }
    if (rectFill != "#fff" || fill != "#000") {
        return std::nullopt;
    }
    Modules m(static_cast<std::size_t>(size), std::vector<bool>(static_cast<std::size_t>(size), false));
    static const std::regex run("M(\\d+) (\\d+)h(\\d+)v1h-(\\d+)z");
    std::size_t consumed = 0;
    for (auto it = std::sregex_iterator(d.begin(), d.end(), run); it != std::sregex_iterator(); ++it) {
        const auto& match = *it;
        if (static_cast<std::size_t>(match.position(0)) != consumed || match[3] != match[4]) {
            return std::nullopt;
        }
        consumed += static_cast<std::size_t>(match.length(0));
        const int x = std::stoi(match[1]);
        const int y = std::stoi(match[2]);
        const int length = std::stoi(match[3]);
        if (y >= size || x + length > size) {
            return std::nullopt;
        }
        for (int c = x; c < x + length; ++c) {
            m[static_cast<std::size_t>(y)][static_cast<std::size_t>(c)] = true;
        }
    }
    if (consumed != d.size()) {
        return std::nullopt;
    }
    if (quietZone != nullptr) {
        int border = size;
        for (int r = 0; r < size; ++r) {
            for (int c = 0; c < size; ++c) {
                if (m[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)]) {
                    border = std::min({border, r, c, size - 1 - r, size - 1 - c});
                }
            }
        }
        *quietZone = border;
    }
    return m;
}

std::optional<DecodedQr> decodeQr(const Modules& symbol) {
    const int n = static_cast<int>(symbol.size());
    if (n < 21 || (n - 17) % 4 != 0 || (n - 17) / 4 > 10) {
        return std::nullopt;
    }
    const int version = (n - 17) / 4;
    if (!finderAt(symbol, 0, 0) || !finderAt(symbol, 0, n - 7) || !finderAt(symbol, n - 7, 0)) {
        return std::nullopt;
    }
    for (int k = 8; k < n - 8; ++k) { // timing patterns alternate, dark on even positions
        if (symbol[6][static_cast<std::size_t>(k)] != (k % 2 == 0) ||
            symbol[static_cast<std::size_t>(k)][6] != (k % 2 == 0)) {
            return std::nullopt;
        }
    }
    if (!symbol[static_cast<std::size_t>(n - 8)][8]) { // the dark module
        return std::nullopt;
    }
    const auto at = [&](int row, int column) {
        return symbol[static_cast<std::size_t>(row)][static_cast<std::size_t>(column)];
    };
    // Format information around the top-left finder, most significant bit first.
    int format = 0;
    for (int c = 0; c <= 5; ++c) {
        format = (format << 1) | at(8, c);
    }
    format = (format << 1) | at(8, 7);
    format = (format << 1) | at(8, 8);
    format = (format << 1) | at(7, 8);
    for (int r = 5; r >= 0; --r) {
        format = (format << 1) | at(r, 8);
    }
    // Its copy: bits 0-7 along the top-right finder (row 8, right to left), 8-14 down the bottom-left (column 8).
    int copy = 0;
    for (int r = n - 1; r >= n - 7; --r) {
        copy = (copy << 1) | at(r, 8);
    }
    for (int c = n - 8; c <= n - 1; ++c) {
        copy = (copy << 1) | at(8, c);
    }
    int mask = -1;
    for (int candidate = 0; candidate < 8; ++candidate) {
        if (formatWord(0 /* level M */, candidate) == format) {
            mask = candidate;
        }
    }
    if (mask < 0 || copy != format) {
        return std::nullopt;
    }
    // Codewords in the zig-zag order, unmasked.
    const Modules function = functionPatterns(version);
    std::vector<int> codewords;
    int current = 0;
    int bits = 0;
    bool upwards = true;
    for (int column = n - 1; column > 0; column -= 2) {
        if (column == 6) {
            --column;
        }
        for (int count = 0; count < n; ++count) {
            const int row = upwards ? n - 1 - count : count;
            for (int k = 0; k < 2; ++k) {
                const int c = column - k;
                if (function[static_cast<std::size_t>(row)][static_cast<std::size_t>(c)]) {
                    continue;
                }
                current = (current << 1) | (at(row, c) != masked(mask, row, c) ? 1 : 0);
                if (++bits == 8) {
                    codewords.push_back(current);
                    current = 0;
                    bits = 0;
                }
            }
        }
        upwards = !upwards;
    }
    if (static_cast<int>(codewords.size()) != totalCodewords(version)) {
        return std::nullopt; // the function pattern model and the table disagree
    }
    // De-interleave the data codewords of the blocks (shorter blocks first).
    std::vector<int> sizes;
    for (const auto& g : versionM(version).groups) {
        for (int k = 0; k < g.count; ++k) {
            sizes.push_back(g.dataCodewords);
        }
    }
    std::vector<std::vector<int>> blocks(sizes.size());
    std::size_t next = 0;
    const int longest = *std::max_element(sizes.begin(), sizes.end());
    for (int i = 0; i < longest; ++i) {
        for (std::size_t b = 0; b < sizes.size(); ++b) {
            if (i < sizes[b]) {
                blocks[b].push_back(codewords[next++]);
            }
        }
    }
    std::vector<int> data;
    for (const auto& block : blocks) {
        data.insert(data.end(), block.begin(), block.end());
    }
    BitReader reader(data);
    if (reader.read(4) != 0b0100) {
        return std::nullopt; // not byte mode
    }
    const int length = reader.read(version < 10 ? 8 : 16);
    if (length * 8 > reader.available()) {
        return std::nullopt;
    }
    DecodedQr decoded;
    decoded.version = version;
    decoded.level = 'M';
    decoded.mask = mask;
    for (int k = 0; k < length; ++k) {
        decoded.text += static_cast<char>(reader.read(8));
    }
    // Terminator, then zero bits to the byte boundary, then the pad bytes 0xEC 0x11 alternating.
    const int terminator = std::min(4, reader.available());
    if (reader.read(terminator) != 0) {
        return std::nullopt;
    }
    const int toBoundary = (8 - reader.position() % 8) % 8;
    if (reader.read(std::min(toBoundary, reader.available())) != 0) {
        return std::nullopt;
    }
    for (int pad = 0; reader.available() >= 8; ++pad) {
        if (reader.read(8) != (pad % 2 == 0 ? 0xEC : 0x11)) {
            return std::nullopt;
        }
    }
    return decoded;
}

int expectedVersion(std::size_t n) {
    for (int version = 1; version <= 10; ++version) {
        const std::size_t bits = 4 + (version < 10 ? 8 : 16) + 8 * n;
        if (bits <= static_cast<std::size_t>(dataCodewords(version)) * 8) {
            return version;
        }
    }
    return 0;
}

} // namespace gequ::payment::testing
