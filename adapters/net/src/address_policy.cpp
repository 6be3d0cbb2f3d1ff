#include "gequ/net/address_policy.h"

#include "gequ/net/http_client.h"

#include <Poco/Exception.h>
#include <Poco/Net/DNS.h>
#include <Poco/Net/HostEntry.h>
#include <Poco/Net/IPAddress.h>
#include <arpa/inet.h>
#include <array>
#include <cstdint>
#include <cstring>

namespace gequ::net {

namespace {

using V4 = std::array<std::uint8_t, 4>;
using V6 = std::array<std::uint8_t, 16>;

bool inV4(const V4& a, std::uint32_t network, int bits) {
    const std::uint32_t value =
        (std::uint32_t{a[0]} << 24) | (std::uint32_t{a[1]} << 16) | (std::uint32_t{a[2]} << 8) | std::uint32_t{a[3]};
    const std::uint32_t mask = bits == 0 ? 0 : ~std::uint32_t{0} << (32 - bits);
    return (value & mask) == (network & mask);
}

constexpr std::uint32_t v4(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d) {
    return (std::uint32_t{a} << 24) | (std::uint32_t{b} << 16) | (std::uint32_t{c} << 8) | std::uint32_t{d};
}

std::optional<std::string> v4Reason(const V4& a) {
    struct Range {
        std::uint32_t network;
        int bits;
        const char* reason;
    };
    static constexpr Range kRanges[] = {
        {v4(0, 0, 0, 0), 8, "unspecified"},           // "this network", 0.0.0.0 included
        {v4(10, 0, 0, 0), 8, "private"},              // RFC 1918
        {v4(100, 64, 0, 0), 10, "carrier-grade NAT"}, // RFC 6598
        {v4(127, 0, 0, 0), 8, "loopback"},
        {v4(169, 254, 0, 0), 16, "link-local"}, // cloud metadata services live here
        {v4(172, 16, 0, 0), 12, "private"},
        {v4(192, 0, 0, 0), 24, "reserved"},   // IETF protocol assignments
        {v4(192, 0, 2, 0), 24, "reserved"},   // documentation
        {v4(192, 88, 99, 0), 24, "reserved"}, // 6to4 relay anycast
        {v4(192, 168, 0, 0), 16, "private"},
        {v4(198, 18, 0, 0), 15, "reserved"},   // benchmarking
        {v4(198, 51, 100, 0), 24, "reserved"}, // documentation
        {v4(203, 0, 113, 0), 24, "reserved"},  // documentation
        {v4(224, 0, 0, 0), 4, "multicast"},
        {v4(255, 255, 255, 255), 32, "broadcast"},
        {v4(240, 0, 0, 0), 4, "reserved"},
    };
    for (const Range& range : kRanges) {
        if (inV4(a, range.network, range.bits)) {
            return std::string(range.reason);
        }
    }
    return std::nullopt;
}

bool startsWith(const V6& a, std::initializer_list<std::uint8_t> prefix) {
    return std::equal(prefix.begin(), prefix.end(), a.begin());
}

V4 embeddedV4(const V6& a, std::size_t at) {
    return {a[at], a[at + 1], a[at + 2], a[at + 3]};
}

std::optional<std::string> v6Reason(const V6& a) {
    static constexpr V6 kZero{};
    V6 loopback{};
    loopback[15] = 1;
    if (a == kZero) {
        return std::string("unspecified");
    }
    if (a == loopback) {
        return std::string("loopback");
    }
    // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the deprecated compatible form): the IPv4 address decides.
    if (startsWith(a, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF}) ||
        startsWith(a, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})) {
        return v4Reason(embeddedV4(a, 12));
    }
    if (startsWith(a, {0x00, 0x64, 0xFF, 0x9B})) { // NAT64 64:ff9b::/96 and the local-use 64:ff9b:1::/48
        return v4Reason(embeddedV4(a, 12));
    }
    if (startsWith(a, {0x20, 0x02})) { // 6to4 2002::/16 carries the IPv4 address next
        return v4Reason(embeddedV4(a, 2));
    }
    if (a[0] == 0xFF) {
        return std::string("multicast");
    }
    if (a[0] == 0xFE && (a[1] & 0xC0) == 0x80) {
        return std::string("link-local"); // fe80::/10
    }
    if (a[0] == 0xFE && (a[1] & 0xC0) == 0xC0) {
        return std::string("private"); // fec0::/10, the deprecated site-local range
    }
    if ((a[0] & 0xFE) == 0xFC) {
        return std::string("unique-local"); // fc00::/7
    }
    if (startsWith(a, {0x20, 0x01, 0x0D, 0xB8})) {
        return std::string("reserved"); // documentation 2001:db8::/32
    }
    if (startsWith(a, {0x20, 0x01, 0x00, 0x00})) {
        return std::string("reserved"); // Teredo 2001::/32 tunnels to an address we cannot check
    }
    if (startsWith(a, {0x01, 0x00, 0, 0, 0, 0, 0, 0})) {
        return std::string("reserved"); // discard-only 100::/64
    }
    if ((a[0] & 0xE0) != 0x20) {
        return std::string("reserved"); // only 2000::/3 is global unicast
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> nonPublicReason(std::string_view address) {
    const std::string text(address);
    V4 a4{};
    if (::inet_pton(AF_INET, text.c_str(), a4.data()) == 1) {
        return v4Reason(a4);
    }
    V6 a6{};
    if (::inet_pton(AF_INET6, text.c_str(), a6.data()) == 1) {
        return v6Reason(a6);
    }
    return std::string("not an IP address");
}

std::optional<std::string> canonicalAddress(std::string_view address) {
    const std::string text(address);
    char out[INET6_ADDRSTRLEN] = {};
    V4 a4{};
    if (::inet_pton(AF_INET, text.c_str(), a4.data()) == 1) {
        return std::string(::inet_ntop(AF_INET, a4.data(), out, sizeof out));
    }
    V6 a6{};
    if (::inet_pton(AF_INET6, text.c_str(), a6.data()) == 1) {
        return std::string(::inet_ntop(AF_INET6, a6.data(), out, sizeof out));
    }
    return std::nullopt;
}

std::vector<std::string> resolveHost(const std::string& host) {
    if (auto literal = canonicalAddress(host)) {
        return {*literal};
    }
    std::vector<std::string> addresses;
    try {
        const Poco::Net::HostEntry entry = Poco::Net::DNS::hostByName(host);
        for (const Poco::Net::IPAddress& ip : entry.addresses()) {
            if (auto text = canonicalAddress(ip.toString())) {
                addresses.push_back(*text);
            }
        }
    } catch (const Poco::Exception& e) {
        throw TransportError("cannot resolve " + host + ": " + e.displayText(), false);
    }
    if (addresses.empty()) {
        throw TransportError("cannot resolve " + host + ": no address", false);
    }
    return addresses;
}

} // namespace gequ::net
