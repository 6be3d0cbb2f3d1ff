#include "url.h"

#include <cctype>
#include <vector>

namespace gequ::db::detail {

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

std::string percentDecode(const std::string& text, const std::string& url) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '%') {
            if (i + 2 >= text.size()) {
                throw DbException("bad percent escape in database URL " + url);
            }
            const int hi = hexValue(text[i + 1]);
            const int lo = hexValue(text[i + 2]);
            if (hi < 0 || lo < 0) {
                throw DbException("bad percent escape in database URL " + url);
            }
            out += static_cast<char>(hi * 16 + lo);
            i += 2;
        } else {
            out += text[i];
        }
    }
    return out;
}

/// A libpq connection-string value: single-quoted, with backslash and quote escaped. Poco 1.11's PostgreSQL
/// connector splits the string at every space before handing it to libpq, quotes or not, so values cannot hold
/// white space.
std::string quoted(const std::string& key, const std::string& value) {
    for (char c : value) {
        if (std::isspace(static_cast<unsigned char>(c))) {
            throw DbException("the database URL's " + key +
                              " contains white space, which Poco's PostgreSQL connector "
                              "cannot pass on");
        }
    }
    std::string out = "'";
    for (char c : value) {
        if (c == '\\' || c == '\'') {
            out += '\\';
        }
        out += c;
    }
    out += '\'';
    return out;
}

bool startsWith(const std::string& text, const std::string& prefix) {
    return text.compare(0, prefix.size(), prefix) == 0;
}

ConnectionTarget parsePostgres(const std::string& url, std::size_t schemeEnd) {
    std::string rest = url.substr(schemeEnd);
    std::string query;
    if (const auto q = rest.find('?'); q != std::string::npos) {
        query = rest.substr(q + 1);
        rest.resize(q);
    }
    std::string authority = rest;
    std::string database;
    if (const auto slash = rest.find('/'); slash != std::string::npos) {
        authority = rest.substr(0, slash);
        database = percentDecode(rest.substr(slash + 1), url);
    }
    std::string user, password, hostPort = authority;
    bool hasPassword = false;
    if (const auto at = authority.rfind('@'); at != std::string::npos) {
        const std::string userInfo = authority.substr(0, at);
        hostPort = authority.substr(at + 1);
        if (const auto colon = userInfo.find(':'); colon != std::string::npos) {
            user = percentDecode(userInfo.substr(0, colon), url);
            password = percentDecode(userInfo.substr(colon + 1), url);
            hasPassword = true;
        } else {
            user = percentDecode(userInfo, url);
        }
    }
    std::string host = hostPort, port;
    if (!hostPort.empty() && hostPort.front() == '[') { // [IPv6]:port
        const auto close = hostPort.find(']');
        if (close == std::string::npos) {
            throw DbException("bad host in database URL " + url);
        }
        host = hostPort.substr(1, close - 1);
        if (close + 1 < hostPort.size() && hostPort[close + 1] == ':') {
            port = hostPort.substr(close + 2);
        }
    } else if (const auto colon = hostPort.rfind(':'); colon != std::string::npos) {
        host = hostPort.substr(0, colon);
        port = hostPort.substr(colon + 1);
    }
    host = percentDecode(host, url);
    for (char c : port) {
        if (!std::isdigit(static_cast<unsigned char>(c))) {
            throw DbException("bad port in database URL " + url);
        }
    }

    std::vector<std::pair<std::string, std::string>> pairs;
    if (!host.empty()) {
        pairs.emplace_back("host", host);
    }
    if (!port.empty()) {
        pairs.emplace_back("port", port);
    }
    if (!user.empty()) {
        pairs.emplace_back("user", user);
    }
    if (hasPassword) {
        pairs.emplace_back("password", password);
    }
    if (!database.empty()) {
        pairs.emplace_back("dbname", database);
    }
    std::size_t start = 0;
    while (start < query.size()) {
        std::size_t end = query.find('&', start);
        if (end == std::string::npos) {
            end = query.size();
        }
        const std::string item = query.substr(start, end - start);
        start = end + 1;
        if (item.empty()) {
            continue;
        }
        const auto eq = item.find('=');
        if (eq == std::string::npos || eq == 0) {
            throw DbException("bad parameter '" + item + "' in database URL");
        }
        const std::string key = percentDecode(item.substr(0, eq), url);
        for (char c : key) {
            if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') {
                throw DbException("bad parameter name '" + key + "' in database URL");
            }
        }
        pairs.emplace_back(key, percentDecode(item.substr(eq + 1), url));
    }

    ConnectionTarget target;
    target.dialect = Dialect::Postgresql;
    target.connector = "PostgreSQL";
    for (const auto& [key, value] : pairs) {
        if (!target.connectionString.empty()) {
            target.connectionString += ' ';
        }
        target.connectionString += key + "=" + quoted(key, value);
    }
    target.display = url.substr(0, schemeEnd) + (user.empty() ? "" : user + "@") + hostPort + "/" + database;
    return target;
}

} // namespace

ConnectionTarget parseUrl(const std::string& url) {
    if (startsWith(url, "sqlite:")) {
        std::string path = url.substr(7);
        if (startsWith(path, "//")) {
            path = path.substr(2); // sqlite:///abs/path and sqlite://rel/path
        }
        if (path.empty()) {
            throw DbException("the database URL names no file: " + url);
        }
        if (path == ":memory:" || startsWith(path, "file:")) {
            throw DbException("use a file for SQLite (every pooled connection needs the same database): " + url);
        }
        ConnectionTarget target;
        target.dialect = Dialect::Sqlite;
        target.connector = "SQLite";
        target.connectionString = path;
        target.display = url;
        return target;
    }
    if (startsWith(url, "postgresql://")) {
        return parsePostgres(url, 13);
    }
    if (startsWith(url, "postgres://")) {
        return parsePostgres(url, 11);
    }
    throw DbException("unsupported database URL (want sqlite:<path> or postgresql://...): " + url);
}

} // namespace gequ::db::detail
