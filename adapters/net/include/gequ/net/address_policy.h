#pragma once

// Which addresses an outbound fetch of a URL that someone else chose may reach (docs/security.md, server-side request
// forgery; used by the media fetcher, docs/generation.md "Re-hosting media"). The policy only classifies; the caller
// decides what to refuse.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gequ::net {

/// Why address (an IPv4 or IPv6 literal, IPv6 without brackets) is not a public unicast address, as a short English
/// phrase ("loopback", "private", "link-local", "carrier-grade NAT", "multicast", "unspecified", "broadcast",
/// "unique-local", "reserved", "not an IP address"); nullopt for a public address. IPv4-mapped, IPv4-compatible,
/// NAT64 and 6to4 IPv6 addresses are judged by the IPv4 address inside them.
std::optional<std::string> nonPublicReason(std::string_view address);

/// The addresses host resolves to (a literal resolves to itself), in the resolver's order, as literals. Throws
/// TransportError (http_client.h) when it resolves to none.
std::vector<std::string> resolveHost(const std::string& host);

/// The canonical text of an IP literal ("::FFFF:7f00:1" -> "::ffff:127.0.0.1"), or nullopt for anything else; for
/// comparing addresses with an allow-list.
std::optional<std::string> canonicalAddress(std::string_view address);

} // namespace gequ::net
