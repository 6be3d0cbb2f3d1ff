// Which addresses the media fetcher may reach: every non-public IPv4 and IPv6 range is named, including IPv6 forms
// that carry an IPv4 address inside them.

#include "gequ/net/address_policy.h"
#include "gequ/net/http_client.h"

#include <gtest/gtest.h>
#include <utility>

using namespace gequ::net;

TEST(AddressPolicy, NonPublicIpv4RangesAreNamed) {
    const std::pair<const char*, const char*> cases[] = {
        {"127.0.0.1", "loopback"},
        {"127.255.0.9", "loopback"},
        {"10.1.2.3", "private"},
        {"172.16.0.1", "private"},
        {"172.31.255.255", "private"},
        {"192.168.1.1", "private"},
        {"169.254.169.254", "link-local"},
        {"100.64.0.1", "carrier-grade NAT"},
        {"100.127.255.254", "carrier-grade NAT"},
        {"0.0.0.0", "unspecified"},
        {"224.0.0.1", "multicast"},
        {"239.255.255.250", "multicast"},
        {"255.255.255.255", "broadcast"},
        {"240.0.0.1", "reserved"},
        {"192.0.2.10", "reserved"},
        {"198.18.0.1", "reserved"},
    };
    for (const auto& [address, reason] : cases) {
        EXPECT_EQ(nonPublicReason(address).value_or("public"), reason) << address;
    }
}

TEST(AddressPolicy, NonPublicIpv6RangesAreNamed) {
    const std::pair<const char*, const char*> cases[] = {
        {"::1", "loopback"},
        {"::", "unspecified"},
        {"fe80::1", "link-local"},
        {"fc00::1", "unique-local"},
        {"fd12:3456::1", "unique-local"},
        {"ff02::1", "multicast"},
        {"::ffff:127.0.0.1", "loopback"},
        {"::ffff:7f00:1", "loopback"},
        {"::ffff:169.254.169.254", "link-local"},
        {"::ffff:10.0.0.1", "private"},
        {"::127.0.0.1", "loopback"},
        {"64:ff9b::10.0.0.1", "private"},
        {"2002:c0a8:0101::1", "private"},
        {"2001:db8::1", "reserved"},
        {"fec0::1", "private"},
    };
    for (const auto& [address, reason] : cases) {
        EXPECT_EQ(nonPublicReason(address).value_or("public"), reason) << address;
    }
}

TEST(AddressPolicy, PublicAddressesPass) {
    for (const char* address : {"1.1.1.1", "8.8.8.8", "203.0.114.1", "100.128.0.1", "172.32.0.1", "192.169.0.1",
                                "2606:4700:4700::1111", "2400:3200::1", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8"}) {
        EXPECT_FALSE(nonPublicReason(address).has_value()) << address << ": " << nonPublicReason(address).value_or("");
    }
}

TEST(AddressPolicy, NamesAreNotAddresses) {
    EXPECT_EQ(nonPublicReason("localhost"), "not an IP address");
    EXPECT_EQ(nonPublicReason(""), "not an IP address");
    EXPECT_EQ(nonPublicReason("[::1]"), "not an IP address");
}

TEST(AddressPolicy, LiteralsResolveToThemselvesInCanonicalForm) {
    EXPECT_EQ(resolveHost("127.0.0.1"), std::vector<std::string>{"127.0.0.1"});
    EXPECT_EQ(resolveHost("::FFFF:7f00:1"), std::vector<std::string>{"::ffff:127.0.0.1"});
    EXPECT_EQ(canonicalAddress("0:0:0:0:0:0:0:1"), "::1");
    EXPECT_FALSE(canonicalAddress("example.com"));
}
