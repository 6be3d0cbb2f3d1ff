#pragma once

// A small HTTP client for the tests (Poco::Net::HTTPClientSession), and the answer as plain values.

#include <Poco/JSON/Object.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/NameValueCollection.h>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace gequ::http::test {

struct HttpAnswer {
    int status = 0;
    Poco::Net::NameValueCollection headers; ///< case-insensitive names
    std::string body;                       ///< as received (still gzipped when Content-Encoding says so)

    std::string header(const std::string& name) const { return headers.get(name, ""); }
    bool hasHeader(const std::string& name) const { return headers.has(name); }
    /// The body, gunzipped when it was sent gzipped.
    std::string text() const;
    /// The body parsed as a JSON object (fails the test when it is not one).
    Poco::JSON::Object::Ptr json() const;
};

struct RequestSpec {
    std::string method = "GET";
    std::string uri = "/";
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
    bool chunked = false;
    bool sendLength = true; ///< send Content-Length for a non-empty body (or any POST)
};

/// Sends one request on a new connection to 127.0.0.1:port.
HttpAnswer send(std::uint16_t port, const RequestSpec& spec);
/// Sends one request on an existing session (keep-alive tests).
HttpAnswer sendOn(Poco::Net::HTTPClientSession& session, const RequestSpec& spec);
/// GET uri with optional headers.
HttpAnswer get(std::uint16_t port, const std::string& uri,
               std::vector<std::pair<std::string, std::string>> headers = {});

/// Decompresses a gzip stream.
std::string gunzip(const std::string& data);

} // namespace gequ::http::test
