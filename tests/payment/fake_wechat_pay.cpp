#include "fake_wechat_pay.h"

#include "fake_crypto.h"

#include <Poco/JSON/Array.h>
#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>
#include <Poco/Net/HTTPClientSession.h>
#include <Poco/Net/HTTPRequest.h>
#include <Poco/Net/HTTPRequestHandler.h>
#include <Poco/Net/HTTPRequestHandlerFactory.h>
#include <Poco/Net/HTTPResponse.h>
#include <Poco/Net/HTTPServer.h>
#include <Poco/Net/HTTPServerParams.h>
#include <Poco/Net/HTTPServerRequest.h>
#include <Poco/Net/HTTPServerResponse.h>
#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>
#include <Poco/StreamCopier.h>
#include <Poco/String.h>
#include <Poco/URI.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <regex>
#include <sstream>
#include <thread>

namespace gequ::payment::testing {

namespace {

using Json = Poco::JSON::Object::Ptr;

std::string header(const std::vector<std::pair<std::string, std::string>>& headers, const std::string& name) {
    for (const auto& [key, value] : headers) {
        if (Poco::icompare(key, name) == 0) {
            return value;
        }
    }
    return "";
}

Json parse(const std::string& text) {
    try {
        Poco::JSON::Parser parser;
        return parser.parse(text).extract<Json>();
    } catch (...) {
        return nullptr;
    }
}

std::string text(const Json& object, const std::string& name) {
    if (!object || !object->has(name) || !object->get(name).isString()) {
        return "";
    }
    return object->getValue<std::string>(name);
}

std::string stringify(const Poco::JSON::Object& object) {
    std::ostringstream out;
    object.stringify(out);
    return out.str();
}

std::string error(const std::string& code, const std::string& message) {
    Poco::JSON::Object object(Poco::JSON_PRESERVE_KEY_ORDER);
    object.set("code", code);
    object.set("message", message);
    return stringify(object);
}

/// 2018-06-08T10:34:56+08:00 for epoch seconds, written with the C library (not the adapter's formatter).
std::string beijingTime(std::int64_t seconds) {
    const std::time_t shifted = static_cast<std::time_t>(seconds + 8 * 3600);
    std::tm parts{};
    gmtime_r(&shifted, &parts);
    char out[40];
    std::strftime(out, sizeof out, "%Y-%m-%dT%H:%M:%S+08:00", &parts);
    return out;
}

/// The Authorization header's parameters, or nothing when it is not WECHATPAY2-SHA256-RSA2048 k="v",….
std::optional<std::map<std::string, std::string>> authorizationParameters(const std::string& value) {
    const std::string scheme = "WECHATPAY2-SHA256-RSA2048 ";
    if (value.rfind(scheme, 0) != 0) {
        return std::nullopt;
    }
    std::map<std::string, std::string> out;
    std::stringstream rest(value.substr(scheme.size()));
    std::string item;
    while (std::getline(rest, item, ',')) {
        const auto eq = item.find('=');
        if (eq == std::string::npos || item.size() < eq + 3 || item[eq + 1] != '"' || item.back() != '"') {
            return std::nullopt;
        }
        out[item.substr(0, eq)] = item.substr(eq + 2, item.size() - eq - 3);
    }
    return out;
}

} // namespace

void stopQuickly(Poco::Net::HTTPServer& server, const Poco::Net::SocketAddress& address) {
    // Poco's acceptor notices a stop only when its 250 ms poll returns; a connection wakes it at once.
    std::atomic<bool> stopped{false};
    std::thread waker([&] {
        while (!stopped) {
            try {
                Poco::Net::StreamSocket knock;
                knock.connect(address, Poco::Timespan(0, 100000));
            } catch (const Poco::Exception&) {
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
    });
    server.stopAll(true);
    stopped = true;
    waker.join();
}

struct FakeWechatPay::Server {
    class Handler : public Poco::Net::HTTPRequestHandler {
    public:
        explicit Handler(FakeWechatPay& fake) : _fake(fake) {}
        void handleRequest(Poco::Net::HTTPServerRequest& request, Poco::Net::HTTPServerResponse& response) override {
            Seen seen;
            seen.method = request.getMethod();
            seen.uri = request.getURI();
            for (const auto& [name, value] : request) {
                seen.headers.emplace_back(name, value);
            }
            Poco::StreamCopier::copyToString(request.stream(), seen.body);
            Reply reply = _fake.handle(seen);
            std::string body = reply.body;
            if (reply.sign) {
                auto headers = _fake.signedHeaders(body);
                if (_fake._fault == Fault::TamperedBody) {
                    if (body.empty()) {
                        reply.status = 200; // 204 cannot carry the altered body
                    }
                    body.insert(body.empty() ? 0 : 1, " ");
                }
                for (const auto& [name, value] : headers) {
                    response.set(name, value);
                }
            }
            response.setStatus(static_cast<Poco::Net::HTTPResponse::HTTPStatus>(reply.status));
            response.set("Request-ID", "08" + randomToken(20));
            if (reply.status == 204) {
                response.setContentLength(0);
                response.send();
                return;
            }
            response.setContentType("application/json");
            response.setContentLength(static_cast<std::streamsize>(body.size()));
            response.send() << body;
        }

    private:
        FakeWechatPay& _fake;
    };

    class Factory : public Poco::Net::HTTPRequestHandlerFactory {
    public:
        explicit Factory(FakeWechatPay& fake) : _fake(fake) {}
        Poco::Net::HTTPRequestHandler* createRequestHandler(const Poco::Net::HTTPServerRequest&) override {
            return new Handler(_fake);
        }

    private:
        FakeWechatPay& _fake;
    };

    explicit Server(FakeWechatPay& fake) : socket(Poco::Net::SocketAddress("127.0.0.1", 0)) {
        auto* params = new Poco::Net::HTTPServerParams;
        params->setMaxThreads(4);
        params->setKeepAlive(false);
        params->setThreadIdleTime(Poco::Timespan(0, 100000)); // idle dispatcher threads end quickly, so does the test
        http = std::make_unique<Poco::Net::HTTPServer>(new Factory(fake), socket, params);
        http->start();
    }
    ~Server() { stopQuickly(*http, socket.address()); }

    Poco::Net::ServerSocket socket;
    std::unique_ptr<Poco::Net::HTTPServer> http;
};

FakeWechatPay::FakeWechatPay(Options options) : _options(std::move(options)), _signingKey(_options.signingKey) {
    if (!_signingKey.certificatePem.empty()) {
        _published.push_back(_signingKey);
    }
    _server = std::make_unique<Server>(*this);
}

FakeWechatPay::~FakeWechatPay() {
    _server.reset();
}

std::string FakeWechatPay::baseUrl() const {
    return "http://127.0.0.1:" + std::to_string(_server->socket.address().port());
}

std::int64_t FakeWechatPay::now() const {
    if (_options.now) {
        return _options.now();
    }
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

void FakeWechatPay::signWith(const PlatformKey& key) {
    std::lock_guard lock(_mutex);
    _signingKey = key;
    if (!key.certificatePem.empty()) {
        bool known = false;
        for (const auto& published : _published) {
            known = known || published.serial == key.serial;
        }
        if (!known) {
            _published.push_back(key);
        }
    }
}

void FakeWechatPay::publishCertificate(const PlatformKey& key) {
    std::lock_guard lock(_mutex);
    _published.push_back(key);
}

void FakeWechatPay::addOAuthCode(const std::string& code, const std::string& openId) {
    std::lock_guard lock(_mutex);
    _oauthCodes[code] = openId;
}

void FakeWechatPay::pay(const std::string& orderNo, std::optional<std::int64_t> paidFen) {
    std::lock_guard lock(_mutex);
    Transaction& transaction = _transactions.at(orderNo);
    transaction.tradeState = "SUCCESS";
    transaction.transactionId = "42000" + randomToken(23);
    for (auto& c : transaction.transactionId) {
        c = static_cast<char>('0' + (static_cast<unsigned char>(c) % 10));
    }
    transaction.successTime = beijingTime(now());
    if (paidFen) {
        transaction.total = *paidFen;
    }
}

void FakeWechatPay::setTradeState(const std::string& orderNo, const std::string& state) {
    std::lock_guard lock(_mutex);
    _transactions.at(orderNo).tradeState = state;
}

std::optional<FakeWechatPay::Transaction> FakeWechatPay::transaction(const std::string& orderNo) const {
    std::lock_guard lock(_mutex);
    const auto found = _transactions.find(orderNo);
    if (found == _transactions.end()) {
        return std::nullopt;
    }
    return found->second;
}

std::vector<FakeWechatPay::Seen> FakeWechatPay::seen() const {
    std::lock_guard lock(_mutex);
    return _seen;
}

int FakeWechatPay::count(const std::string& pathPrefix) const {
    std::lock_guard lock(_mutex);
    int n = 0;
    for (const auto& request : _seen) {
        n += request.uri.rfind(pathPrefix, 0) == 0 ? 1 : 0;
    }
    return n;
}

std::vector<std::pair<std::string, std::string>> FakeWechatPay::signedHeaders(const std::string& body) const {
    const Fault fault = _fault;
    if (fault == Fault::Unsigned) {
        return {};
    }
    PlatformKey key;
    {
        std::lock_guard lock(_mutex);
        key = _signingKey;
    }
    const std::string timestamp = std::to_string(fault == Fault::StaleTimestamp ? now() - 600 : now());
    const std::string nonce = randomToken(32);
    std::string signature = rsaSign(key.privateKeyPem, timestamp + "\n" + nonce + "\n" + body + "\n");
    if (fault == Fault::BadSignature) {
        signature = rsaSign(key.privateKeyPem, timestamp + "\n" + nonce + "\n" + body + " \n");
    } else if (fault == Fault::SignTest) {
        signature = "WECHATPAY/SIGNTEST/" + signature;
    }
    return {{"Wechatpay-Timestamp", timestamp},
            {"Wechatpay-Nonce", nonce},
            {"Wechatpay-Signature", signature},
            {"Wechatpay-Serial",
             fault == Fault::UnknownSerial ? std::string("0123456789ABCDEF0123456789ABCDEF") : key.serial}};
}

std::string FakeWechatPay::checkAuthorization(const Seen& request) const {
    const auto parameters = authorizationParameters(header(request.headers, "Authorization"));
    if (!parameters) {
        return "no WECHATPAY2-SHA256-RSA2048 Authorization";
    }
    const auto get = [&](const char* name) {
        const auto found = parameters->find(name);
        return found == parameters->end() ? std::string() : found->second;
    };
    if (parameters->size() != 5) {
        return "Authorization must have exactly mchid, nonce_str, signature, timestamp, serial_no";
    }
    if (get("mchid") != _options.mchId) {
        return "mchid";
    }
    if (get("serial_no") != _options.merchantSerial) {
        return "serial_no";
    }
    const std::string nonce = get("nonce_str");
    if (!std::regex_match(nonce, std::regex("[0-9A-Za-z]{32}"))) {
        return "nonce_str must be 32 characters of [0-9A-Za-z]";
    }
    const std::string timestamp = get("timestamp");
    if (!std::regex_match(timestamp, std::regex("[0-9]{10}")) || std::llabs(std::stoll(timestamp) - now()) > 300) {
        return "timestamp";
    }
    if (header(request.headers, "Accept").find("application/json") == std::string::npos) {
        return "Accept";
    }
    if (header(request.headers, "User-Agent").empty()) {
        return "User-Agent";
    }
    if (request.method == "POST" &&
        header(request.headers, "Content-Type").find("application/json") == std::string::npos) {
        return "Content-Type";
    }
    if (!_options.expectedWechatpaySerial.empty() &&
        header(request.headers, "Wechatpay-Serial") != _options.expectedWechatpaySerial) {
        return "Wechatpay-Serial";
    }
    const std::string message =
        request.method + "\n" + request.uri + "\n" + timestamp + "\n" + nonce + "\n" + request.body + "\n";
    if (!rsaVerify(_options.merchantPublicKeyPem, message, get("signature"))) {
        return "signature";
    }
    return "";
}

FakeWechatPay::Reply FakeWechatPay::handle(const Seen& incoming) {
    Seen request = incoming;
    const bool oauthCall = request.uri.rfind("/sns/", 0) == 0;
    if (!oauthCall) {
        request.refusal = checkAuthorization(request);
        request.signatureValid = request.refusal.empty();
        if (const auto parameters = authorizationParameters(header(request.headers, "Authorization"))) {
            const auto found = parameters->find("nonce_str");
            request.nonce = found == parameters->end() ? "" : found->second;
        }
    }
    {
        std::lock_guard lock(_mutex);
        _seen.push_back(request);
    }
    if (oauthCall) {
        return oauth(request);
    }
    if (!request.signatureValid) {
        return {401, error("SIGN_ERROR", "签名错误，请检查后再试 (" + request.refusal + ")")};
    }
    if (_fault == Fault::SystemError) {
        return {500, error("SYSTEM_ERROR", "系统错误")};
    }

    const Poco::URI uri(request.uri);
    const std::string path = uri.getPath();
    static const std::string kCreate = "/v3/pay/transactions/";
    static const std::string kByNo = "/v3/pay/transactions/out-trade-no/";
    if (request.method == "POST" &&
        (path == kCreate + "native" || path == kCreate + "h5" || path == kCreate + "jsapi")) {
        return createOrder(request, path.substr(kCreate.size()));
    }
    if (request.method == "GET" && path == "/v3/certificates") {
        return certificates();
    }
    if (path.rfind(kByNo, 0) == 0) {
        std::string rest = path.substr(kByNo.size());
        const bool closing = rest.size() > 6 && rest.ends_with("/close");
        const std::string orderNo = closing ? rest.substr(0, rest.size() - 6) : rest;
        std::lock_guard lock(_mutex);
        const auto found = _transactions.find(orderNo);
        if (request.method == "GET" && !closing) {
            if (uri.getRawQuery() != "mchid=" + _options.mchId) {
                return {400, error("PARAM_ERROR", "缺少参数 mchid")};
            }
            if (found == _transactions.end()) {
                return {404, error("ORDER_NOT_EXIST", "订单不存在")};
            }
            return {200, transactionJson(found->second)};
        }
        if (request.method == "POST" && closing) {
            if (text(parse(request.body), "mchid") != _options.mchId) {
                return {400, error("PARAM_ERROR", "mchid 不正确")};
            }
            if (found == _transactions.end()) {
                return {404, error("ORDER_NOT_EXIST", "订单不存在")};
            }
            if (found->second.tradeState == "SUCCESS") {
                return {400, error("ORDERPAID", "订单已支付")};
            }
            found->second.tradeState = "CLOSED";
            return {204, ""};
        }
    }
    return {404, error("NOT_FOUND", "no such API")};
}

FakeWechatPay::Reply FakeWechatPay::createOrder(const Seen& request, const std::string& kind) {
    if (_fault == Fault::OrderNoUsed) {
        return {400, error("ORDERNO_USED", "商户订单号重复")};
    }
    const Json body = parse(request.body);
    if (!body) {
        return {400, error("PARAM_ERROR", "请求体不是 JSON")};
    }
    Transaction transaction;
    transaction.appId = text(body, "appid");
    transaction.mchId = text(body, "mchid");
    transaction.description = text(body, "description");
    transaction.orderNo = text(body, "out_trade_no");
    transaction.timeExpire = text(body, "time_expire");
    transaction.notifyUrl = text(body, "notify_url");
    transaction.requestBody = request.body;
    const Json amount = body->getObject("amount");
    if (transaction.appId != _options.appId || transaction.mchId != _options.mchId) {
        return {400, error("APPID_MCHID_NOT_MATCH", "appid 和 mchid 不匹配")};
    }
    if (transaction.description.empty() ||
        !std::regex_match(transaction.orderNo, std::regex("[0-9A-Za-z_|*-]{6,32}")) ||
        !std::regex_match(transaction.notifyUrl, std::regex("https?://[^?]+")) || !amount || !amount->has("total") ||
        !amount->get("total").isInteger() || text(amount, "currency") != "CNY") {
        return {400, error("PARAM_ERROR", "参数错误")};
    }
    if (!transaction.timeExpire.empty() &&
        !std::regex_match(transaction.timeExpire, std::regex("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00"))) {
        return {400, error("PARAM_ERROR", "time_expire 格式错误")};
    }
    transaction.total = amount->getValue<std::int64_t>("total");
    Poco::JSON::Object answer;
    if (kind == "native") {
        transaction.tradeType = "NATIVE";
        answer.set("code_url", "weixin://wxpay/bizpayurl?pr=" + randomToken(9));
    } else if (kind == "h5") {
        transaction.tradeType = "MWEB";
        const Json scene = body->getObject("scene_info");
        const Json h5 = scene ? scene->getObject("h5_info") : nullptr;
        transaction.clientIp = text(scene, "payer_client_ip");
        if (transaction.clientIp.empty() || text(h5, "type") != "Wap" || text(h5, "app_name").empty() ||
            text(h5, "app_url").empty()) {
            return {400, error("PARAM_ERROR", "scene_info 错误")};
        }
        answer.set("h5_url", "https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx" + randomToken(26) +
                                 "&package=2150917749");
    } else {
        transaction.tradeType = "JSAPI";
        const Json payer = body->getObject("payer");
        transaction.openId = text(payer, "openid");
        if (transaction.openId.empty()) {
            return {400, error("PARAM_ERROR", "缺少 payer.openid")};
        }
        answer.set("prepay_id", "wx" + randomToken(30));
    }
    std::lock_guard lock(_mutex);
    const auto existing = _transactions.find(transaction.orderNo);
    if (existing != _transactions.end() && existing->second.requestBody != request.body) {
        return {400, error("ORDERNO_USED", "商户订单号重复")};
    }
    _transactions[transaction.orderNo] = transaction;
    return {200, stringify(answer)};
}

FakeWechatPay::Reply FakeWechatPay::certificates() const {
    std::vector<PlatformKey> published;
    {
        std::lock_guard lock(_mutex);
        published = _published;
    }
    Poco::JSON::Array::Ptr data = new Poco::JSON::Array;
    for (const auto& key : published) {
        const std::string nonce = randomToken(12);
        Poco::JSON::Object::Ptr encrypted = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        encrypted->set("algorithm", "AEAD_AES_256_GCM");
        encrypted->set("nonce", nonce);
        encrypted->set("associated_data", "certificate");
        encrypted->set("ciphertext", toBase64(gcmEncrypt(_options.apiV3Key, nonce, "certificate", key.certificatePem)));
        Poco::JSON::Object::Ptr entry = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
        entry->set("serial_no", key.serial);
        entry->set("effective_time", beijingTime(now() - 86400));
        entry->set("expire_time", beijingTime(now() + 5 * 365 * 86400));
        entry->set("encrypt_certificate", encrypted);
        data->add(entry);
    }
    Poco::JSON::Object answer;
    answer.set("data", data);
    return {200, stringify(answer)};
}

FakeWechatPay::Reply FakeWechatPay::oauth(const Seen& request) const {
    const Poco::URI uri(request.uri);
    std::map<std::string, std::string> query;
    for (const auto& [name, value] : uri.getQueryParameters()) {
        query[name] = value;
    }
    Poco::JSON::Object answer(Poco::JSON_PRESERVE_KEY_ORDER);
    if (uri.getPath() != "/sns/oauth2/access_token" || query["appid"] != _options.appId ||
        query["secret"] != _options.oauthSecret || query["grant_type"] != "authorization_code") {
        answer.set("errcode", 40125);
        answer.set("errmsg", "invalid appsecret");
        return {200, stringify(answer), false};
    }
    std::lock_guard lock(_mutex);
    const auto found = _oauthCodes.find(query["code"]);
    if (found == _oauthCodes.end()) {
        answer.set("errcode", 40029);
        answer.set("errmsg", "invalid code");
        return {200, stringify(answer), false};
    }
    answer.set("access_token", "ACCESS" + randomToken(20));
    answer.set("expires_in", 7200);
    answer.set("refresh_token", "REFRESH" + randomToken(20));
    answer.set("openid", found->second);
    answer.set("scope", "snsapi_base");
    return {200, stringify(answer), false};
}

std::string FakeWechatPay::transactionJson(const Transaction& transaction) const {
    Poco::JSON::Object object(Poco::JSON_PRESERVE_KEY_ORDER);
    object.set("appid", transaction.appId);
    object.set("mchid", transaction.mchId);
    object.set("out_trade_no", transaction.orderNo);
    if (!transaction.transactionId.empty()) {
        object.set("transaction_id", transaction.transactionId);
    }
    object.set("trade_type", transaction.tradeType);
    object.set("trade_state", transaction.tradeState);
    object.set("trade_state_desc", transaction.tradeState == "SUCCESS" ? "支付成功" : "订单未支付");
    if (transaction.tradeState == "SUCCESS") {
        object.set("bank_type", "OTHERS");
        object.set("attach", "");
        object.set("success_time", transaction.successTime);
        Poco::JSON::Object::Ptr payer = new Poco::JSON::Object;
        payer->set("openid", transaction.openId.empty() ? "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o" : transaction.openId);
        object.set("payer", payer);
    }
    Poco::JSON::Object::Ptr amount = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    amount->set("total", transaction.total);
    if (transaction.tradeState == "SUCCESS") {
        amount->set("payer_total", transaction.total);
    }
    amount->set("currency", "CNY");
    amount->set("payer_currency", "CNY");
    object.set("amount", amount);
    return stringify(object);
}

FakeWechatPay::Notification FakeWechatPay::notification(const std::string& orderNo, const std::string& eventType,
                                                        std::optional<std::string> apiV3Key) const {
    const auto found = transaction(orderNo);
    if (!found) {
        throw std::runtime_error("the fake has no order " + orderNo);
    }
    const std::string plaintext = transactionJson(*found);
    const std::string nonce = randomToken(12);
    Poco::JSON::Object::Ptr resource = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    resource->set("original_type", "transaction");
    resource->set("algorithm", "AEAD_AES_256_GCM");
    resource->set("ciphertext",
                  toBase64(gcmEncrypt(apiV3Key.value_or(_options.apiV3Key), nonce, "transaction", plaintext)));
    resource->set("associated_data", "transaction");
    resource->set("nonce", nonce);
    Poco::JSON::Object envelope(Poco::JSON_PRESERVE_KEY_ORDER);
    envelope.set("id", "EV-" + randomToken(18));
    envelope.set("create_time", beijingTime(now()));
    envelope.set("resource_type", "encrypt-resource");
    envelope.set("event_type", eventType);
    envelope.set("summary", "支付成功");
    envelope.set("resource", resource);
    Notification notification;
    notification.body = stringify(envelope);
    notification.headers = signedHeaders(notification.body);
    if (_fault == Fault::TamperedBody) {
        notification.body.insert(1, " ");
    }
    notification.headers.emplace_back("Content-Type", "application/json");
    return notification;
}

std::pair<int, std::string> FakeWechatPay::postNotification(const std::string& url, const Notification& notification) {
    const Poco::URI uri(url);
    Poco::Net::HTTPClientSession session(uri.getHost(), uri.getPort());
    session.setTimeout(Poco::Timespan(10, 0));
    Poco::Net::HTTPRequest request(Poco::Net::HTTPRequest::HTTP_POST, uri.getPathAndQuery(),
                                   Poco::Net::HTTPMessage::HTTP_1_1);
    for (const auto& [name, value] : notification.headers) {
        request.set(name, value);
    }
    request.set("User-Agent", "Mozilla/4.0");
    request.setContentLength(static_cast<std::streamsize>(notification.body.size()));
    session.sendRequest(request) << notification.body;
    Poco::Net::HTTPResponse response;
    std::istream& in = session.receiveResponse(response);
    std::string body;
    Poco::StreamCopier::copyToString(in, body);
    return {static_cast<int>(response.getStatus()), body};
}

} // namespace gequ::payment::testing
