#pragma once

// A fake WeChat Pay API v3 server on 127.0.0.1 (port 0), following the protocol of docs/payments.md:
// - it CHECKS every request's Authorization (WECHATPAY2-SHA256-RSA2048: mchid, serial_no, a 32-character nonce, a
//   timestamp within 300 s, the SHA256withRSA signature of METHOD\nURL\nTIMESTAMP\nNONCE\nBODY\n) with the merchant
//   PUBLIC key, and the Accept, Content-Type, User-Agent and (public-key mode) Wechatpay-Serial headers; a bad one
//   gets 401 {"code":"SIGN_ERROR",…};
// - it serves Native, H5 and JSAPI orders, query by out_trade_no, close, /v3/certificates (encrypted with the APIv3
//   key) and the official account's /sns/oauth2/access_token;
// - it SIGNS every answer with its current platform key, under its public key id (public-key mode) or its
//   certificate's serial (certificate mode), and builds, encrypts and signs TRANSACTION.SUCCESS notifications;
// - faults make it misbehave on purpose (unsigned, stale, SIGNTEST, unknown serial, bad signature, tampered body,
//   SYSTEM_ERROR, ORDERNO_USED).
// It is reusable by the HTTP suite: postNotification() sends a notification to any URL.

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace Poco::Net {
class HTTPServer;
class SocketAddress;
} // namespace Poco::Net

namespace gequ::payment::testing {

/// Stops a Poco HTTPServer without waiting for its acceptor's 250 ms poll (tests start and stop many).
void stopQuickly(Poco::Net::HTTPServer& server, const Poco::Net::SocketAddress& address);

/// A platform signing key: its PEM private key, its certificate (certificate mode) and the serial it signs under.
struct PlatformKey {
    std::string privateKeyPem;
    std::string certificatePem; ///< empty in public-key mode
    std::string serial;         ///< PUB_KEY_ID_… or the certificate's serial (upper-case hex)
};

class FakeWechatPay {
public:
    struct Options {
        std::string appId = "wxd678efh567hg6787";
        std::string mchId = "1900007291";
        std::string merchantSerial = "408B07E79B8269FEC3D5D3E6AB8ED163A6A380DB";
        std::string merchantPublicKeyPem; ///< checks our requests
        std::string apiV3Key = "a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb";
        PlatformKey signingKey; ///< signs answers and notifications
        /// Public-key mode: requests must carry Wechatpay-Serial equal to this (signingKey.serial). Empty: certificate
        /// mode (no Wechatpay-Serial check).
        std::string expectedWechatpaySerial;
        std::string oauthSecret = "fake-oauth-secret";
        /// The fake's notion of now (epoch seconds), for request timestamps and answer timestamps.
        std::function<std::int64_t()> now;
    };

    enum class Fault {
        None,
        Unsigned,       ///< 2xx answers without Wechatpay-* headers
        StaleTimestamp, ///< answers signed with a timestamp 10 minutes old
        SignTest,       ///< a WECHATPAY/SIGNTEST/ signature
        UnknownSerial,  ///< signed with the right key under a serial nobody knows
        BadSignature,   ///< the signature of another message
        TamperedBody,   ///< the body changed after signing (a 204 becomes a 200 with a body)
        SystemError,    ///< 500 {"code":"SYSTEM_ERROR"}
        OrderNoUsed,    ///< order creation answers 400 {"code":"ORDERNO_USED"}
    };

    /// What the fake saw of one request.
    struct Seen {
        std::string method;
        std::string uri;
        std::string body;
        std::string nonce;
        bool signatureValid = false;
        std::string refusal; ///< why the Authorization was refused, empty when accepted
        std::vector<std::pair<std::string, std::string>> headers;
    };

    /// A transaction as WeChat keeps it.
    struct Transaction {
        std::string appId;
        std::string mchId;
        std::string orderNo;
        std::string description;
        std::string tradeType; ///< NATIVE, MWEB, JSAPI
        std::string tradeState = "NOTPAY";
        std::string transactionId;
        std::string successTime;
        std::string timeExpire;
        std::string notifyUrl;
        std::string openId;
        std::string clientIp;
        std::string requestBody;
        std::int64_t total = 0;
    };

    /// A notification ready to be delivered: headers and raw body.
    struct Notification {
        std::vector<std::pair<std::string, std::string>> headers;
        std::string body;
    };

    explicit FakeWechatPay(Options options);
    ~FakeWechatPay();
    FakeWechatPay(const FakeWechatPay&) = delete;
    FakeWechatPay& operator=(const FakeWechatPay&) = delete;

    /// http://127.0.0.1:<port>
    std::string baseUrl() const;

    void setFault(Fault fault) { _fault = fault; }
    /// Starts signing with key (rotation); previously added certificates stay in /v3/certificates.
    void signWith(const PlatformKey& key);
    /// Adds a certificate to the /v3/certificates list (the signing key's is always there in certificate mode).
    void publishCertificate(const PlatformKey& key);
    /// Registers an OAuth2 code the access_token endpoint exchanges for openId.
    void addOAuthCode(const std::string& code, const std::string& openId);

    /// The payer pays: the transaction becomes SUCCESS (with paidFen as amount.total, default the order's).
    void pay(const std::string& orderNo, std::optional<std::int64_t> paidFen = std::nullopt);
    /// Sets a transaction's trade_state by hand (CLOSED, PAYERROR, USERPAYING, REFUND, …).
    void setTradeState(const std::string& orderNo, const std::string& state);

    /// A TRANSACTION.SUCCESS notification for a paid order, encrypted with the APIv3 key (or apiV3Key), signed with
    /// the current key; the current fault applies to its signature. eventType/tradeState override the defaults.
    Notification notification(const std::string& orderNo, const std::string& eventType = "TRANSACTION.SUCCESS",
                              std::optional<std::string> apiV3Key = std::nullopt) const;
    /// POSTs a notification to url (http://host:port/path); the HTTP status and body of the answer.
    static std::pair<int, std::string> postNotification(const std::string& url, const Notification& notification);

    std::optional<Transaction> transaction(const std::string& orderNo) const;
    std::vector<Seen> seen() const;
    int count(const std::string& pathPrefix) const;

    /// For the handler.
    struct Reply {
        int status = 200;
        std::string body;
        bool sign = true;
    };
    Reply handle(const Seen& request);
    /// The answer headers for body under the current key and fault.
    std::vector<std::pair<std::string, std::string>> signedHeaders(const std::string& body) const;

private:
    std::string checkAuthorization(const Seen& request) const;
    Reply createOrder(const Seen& request, const std::string& kind);
    Reply certificates() const;
    Reply oauth(const Seen& request) const;
    std::string transactionJson(const Transaction& transaction) const;
    std::int64_t now() const;

    Options _options;
    std::atomic<Fault> _fault{Fault::None};
    mutable std::mutex _mutex;
    PlatformKey _signingKey;
    std::vector<PlatformKey> _published;
    std::map<std::string, Transaction> _transactions;
    std::map<std::string, std::string> _oauthCodes;
    std::vector<Seen> _seen;
    struct Server;
    std::unique_ptr<Server> _server;
};

} // namespace gequ::payment::testing
