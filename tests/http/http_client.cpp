#include "http_client.h"

#include <Poco/InflatingStream.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/StreamCopier.h>
#include <gtest/gtest.h>
#include <sstream>

namespace gequ::http::test {

std::string gunzip(const std::string& data) {
    std::istringstream in(data);
    Poco::InflatingInputStream inflater(in, Poco::InflatingStreamBuf::STREAM_GZIP);
    std::string out;
    Poco::StreamCopier::copyToString(inflater, out);
    return out;
}

std::string HttpAnswer::text() const {
    return header("Content-Encoding") == "gzip" ? gunzip(body) : body;
}

Poco::JSON::Object::Ptr HttpAnswer::json() const {
    Poco::JSON::Parser parser;
    try {
        auto value = parser.parse(text());
        auto object = value.extract<Poco::JSON::Object::Ptr>();
        if (!object.isNull()) {
            return object;
        }
    } catch (const Poco::Exception& e) {
        ADD_FAILURE() << "not JSON (" << e.displayText() << "): " << text();
        return new Poco::JSON::Object;
    }
    ADD_FAILURE() << "not a JSON object: " << text();
    return new Poco::JSON::Object;
}

HttpAnswer sendOn(Poco::Net::HTTPClientSession& session, const RequestSpec& spec) {
    Poco::Net::HTTPRequest request(spec.method, spec.uri, Poco::Net::HTTPMessage::HTTP_1_1);
    for (const auto& [name, value] : spec.headers) {
        request.set(name, value);
    }
    if (spec.chunked) {
        request.setChunkedTransferEncoding(true);
    } else if (spec.sendLength && (!spec.body.empty() || spec.method == "POST")) {
        request.setContentLength64(static_cast<Poco::Int64>(spec.body.size()));
    }
    try {
        std::ostream& out = session.sendRequest(request);
        out.write(spec.body.data(), static_cast<std::streamsize>(spec.body.size()));
        out.flush();
    } catch (const Poco::Exception&) {
        // The server may answer (and close) before it has read the whole body; the answer is still there.
    }
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    HttpAnswer answer;
    answer.status = static_cast<int>(response.getStatus());
    for (const auto& [name, value] : response) {
        answer.headers.add(name, value);
    }
    Poco::StreamCopier::copyToString(in, answer.body);
    return answer;
}

HttpAnswer send(std::uint16_t port, const RequestSpec& spec) {
    Poco::Net::HTTPClientSession session("127.0.0.1", port);
    session.setTimeout(Poco::Timespan(30, 0));
    return sendOn(session, spec);
}

HttpAnswer get(std::uint16_t port, const std::string& uri, std::vector<std::pair<std::string, std::string>> headers) {
    RequestSpec spec;
    spec.uri = uri;
    spec.headers = std::move(headers);
    return send(port, spec);
}

} // namespace gequ::http::test
