#include "url.h"

#include "gequ/domain/model/text.h"

#include <algorithm>
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

/// A libpq connection-string value: single-quoted, with backslash and quote escaped (libpq reads it as one value,
/// spaces included).
std::string quoted(const std::string& value) {
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
    for (const auto& [key, value] : pairs) {
        if (!target.connectionString.empty()) {
            target.connectionString += ' ';
        }
        target.connectionString += key + "=" + quoted(value);
    }
    target.display = url.substr(0, schemeEnd) + (user.empty() ? "" : user + "@") + hostPort + "/" + database;
    return target;
}

} // namespace

ConnectionTarget parseUrl(const std::string& url) {
    // (Every DbException below masks the password of the URL it quotes.)
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

namespace gequ::db {

std::string maskPasswords(const std::string& text) {
    static constexpr const char* kMask = "***";
    // The user information ends at the last '@' before the next space or quote: a password holding an unencoded '/'
    // or '@' is still masked whole (at worst, an odd URL is masked a little too much).
    auto isEnd = [](char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '\'' || c == '>';
    };
    std::string out = text;
    // scheme://user:password@host
    for (std::size_t pos = out.find("://"); pos != std::string::npos; pos = out.find("://", pos + 3)) {
        const std::size_t begin = pos + 3;
        std::size_t end = begin;
        while (end < out.size() && !isEnd(out[end])) {
            ++end;
        }
        const std::size_t at = out.rfind('@', end == 0 ? 0 : end - 1);
        if (at == std::string::npos || at < begin) {
            continue;
        }
        const std::size_t colon = out.find(':', begin);
        if (colon == std::string::npos || colon > at) {
            continue;
        }
        out.replace(colon + 1, at - colon - 1, kMask);
    }
    // user:password@host without "//" (a mistyped scheme): within one word, what lies between the last ':' and the
    // last '@' when it holds no '/'
    std::size_t wordStart = 0;
    while (wordStart < out.size()) {
        std::size_t wordEnd = wordStart;
        while (wordEnd < out.size() && !isEnd(out[wordEnd])) {
            ++wordEnd;
        }
        const std::string word = out.substr(wordStart, wordEnd - wordStart);
        const std::size_t at = word.rfind('@');
        const std::size_t colon = at == std::string::npos || at == 0 ? std::string::npos : word.rfind(':', at - 1);
        if (colon != std::string::npos && at > colon + 1) {
            const std::string secret = word.substr(colon + 1, at - colon - 1);
            if (secret.find('/') == std::string::npos && secret != kMask) {
                out.replace(wordStart + colon + 1, secret.size(), kMask);
                wordEnd = wordEnd - secret.size() + std::string(kMask).size();
            }
        }
        wordStart = wordEnd + 1;
    }
    // password=... (key=value pairs and URL queries), whatever the case of the key
    std::string lower = domain::toLowerAscii(out);
    for (std::size_t pos = lower.find("password="); pos != std::string::npos; pos = lower.find("password=", pos + 1)) {
        const std::size_t begin = pos + 9;
        std::size_t end = begin;
        if (end < out.size() && out[end] == '\'') {
            end = out.find('\'', end + 1);
            end = end == std::string::npos ? out.size() : end + 1;
        } else {
            while (end < out.size() && out[end] != '&' && out[end] != ' ' && out[end] != '\t' && out[end] != '\n' &&
                   out[end] != '"' && out[end] != ']' && out[end] != ')') {
                ++end;
            }
        }
        out.replace(begin, end - begin, kMask);
        lower.replace(begin, end - begin, kMask);
    }
    return out;
}

} // namespace gequ::db
