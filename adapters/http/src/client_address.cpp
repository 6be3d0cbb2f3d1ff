#include "client_address.h"

#include "gequ/domain/model/text.h"

#include <Poco/Net/IPAddress.h>
#include <cstring>
#include <optional>
#include <stdexcept>

namespace gequ::http {

namespace {

/// The raw bytes of an address (network order); IPv4-mapped IPv6 addresses as their 4 IPv4 bytes.
std::optional<std::string> addressBytes(std::string_view text) {
    std::string trimmed = domain::trim(text, " \t");
    if (trimmed.size() > 2 && trimmed.front() == '[' && trimmed.back() == ']') {
        trimmed = trimmed.substr(1, trimmed.size() - 2);
    }
    Poco::Net::IPAddress address;
    if (trimmed.empty() || !Poco::Net::IPAddress::tryParse(trimmed, address)) {
        return std::nullopt;
    }
    std::string bytes(static_cast<const char*>(address.addr()), address.length());
    static const char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, '\xff', '\xff'};
    if (bytes.size() == 16 && std::memcmp(bytes.data(), kMapped, sizeof kMapped) == 0) {
        bytes = bytes.substr(12);
    }
    return bytes;
}

std::string fromBytes(const std::string& bytes) {
    return Poco::Net::IPAddress(bytes.data(), static_cast<poco_socklen_t>(bytes.size())).toString();
}

bool samePrefix(const std::string& a, const std::string& b, int prefix) {
    if (a.size() != b.size()) {
        return false;
    }
    int whole = prefix / 8;
    if (std::memcmp(a.data(), b.data(), static_cast<std::size_t>(whole)) != 0) {
        return false;
    }
    int rest = prefix % 8;
    if (rest == 0) {
        return true;
    }
    auto mask = static_cast<unsigned char>(0xFF << (8 - rest));
    return ((static_cast<unsigned char>(a[whole]) ^ static_cast<unsigned char>(b[whole])) & mask) == 0;
}

} // namespace

TrustedProxies::TrustedProxies(const std::vector<std::string>& entries) {
    std::vector<std::string> list = entries;
    if (list.empty()) {
        list = {"127.0.0.0/8", "::1"};
    }
    for (const auto& entry : list) {
        std::string address = entry;
        std::optional<int> prefix;
        if (auto slash = entry.find('/'); slash != std::string::npos) {
            address = entry.substr(0, slash);
            const std::string digits = entry.substr(slash + 1);
            if (digits.empty() || digits.size() > 3 || digits.find_first_not_of("0123456789") != std::string::npos) {
                throw std::invalid_argument("not an address or CIDR range: " + entry);
            }
            prefix = std::stoi(digits);
        }
        auto bytes = addressBytes(address);
        if (!bytes) {
            throw std::invalid_argument("not an address or CIDR range: " + entry);
        }
        int bits = static_cast<int>(bytes->size() * 8);
        if (prefix && (address.find(':') != std::string::npos) && bytes->size() == 4) {
            *prefix -= 96; // an IPv4-mapped range
        }
        if (prefix && (*prefix < 0 || *prefix > bits)) {
            throw std::invalid_argument("not an address or CIDR range: " + entry);
        }
        _ranges.push_back(Range{*bytes, prefix.value_or(bits)});
    }
}

bool TrustedProxies::contains(std::string_view address) const {
    auto bytes = addressBytes(address);
    if (!bytes) {
        return false;
    }
    for (const auto& range : _ranges) {
        if (samePrefix(*bytes, range.bytes, range.prefix)) {
            return true;
        }
    }
    return false;
}

std::string resolveClientIp(const std::string& peer, const std::string& forwardedFor, bool trustProxy,
                            const TrustedProxies& proxies) {
    auto peerBytes = addressBytes(peer);
    std::string client = peerBytes ? fromBytes(*peerBytes) : peer;
    if (!trustProxy || forwardedFor.empty() || !proxies.contains(peer)) {
        return client;
    }
    std::size_t end = forwardedFor.size();
    for (int hops = 0; hops < 32; ++hops) {
        std::size_t comma = end == 0 ? std::string::npos : forwardedFor.rfind(',', end - 1);
        std::size_t begin = comma == std::string::npos ? 0 : comma + 1;
        auto bytes = addressBytes(std::string_view(forwardedFor).substr(begin, end - begin));
        if (!bytes) {
            return client;
        }
        client = fromBytes(*bytes);
        if (!proxies.contains(client) || comma == std::string::npos) {
            return client;
        }
        end = comma;
    }
    return client;
}

std::string networkBucket(const std::string& ip) {
    auto bytes = addressBytes(ip);
    if (!bytes) {
        return ip;
    }
    if (bytes->size() == 4) {
        return fromBytes(bytes->substr(0, 3) + std::string(1, '\0')) + "/24";
    }
    return fromBytes(bytes->substr(0, 7) + std::string(9, '\0')) + "/56";
}

std::string clientBucket(const std::string& ip) {
    auto bytes = addressBytes(ip);
    if (!bytes) {
        return ip;
    }
    if (bytes->size() == 4) {
        return fromBytes(*bytes);
    }
    std::string network = bytes->substr(0, 8) + std::string(8, '\0');
    return fromBytes(network) + "/64";
}

} // namespace gequ::http
