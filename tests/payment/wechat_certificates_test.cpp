// Platform-certificate mode: download from /v3/certificates, decryption with the APIv3 key, the cache by serial, the
// refresh on an unknown serial (at most once a minute), and both modes together.

#include "wechat_fixture.h"
#include "wechat_format.h"

#include <atomic>
#include <thread>

namespace gequ::payment::testing {
namespace {

using domain::ErrorCode;

/// A second platform key, as WeChat rotates certificates (made once: RSA key generation takes a moment).
const PlatformKey& rotatedKey() {
    static const PlatformKey key = [] {
        const std::int64_t now = systemSeconds();
        const auto made = makeKeyAndCertificate("5157F09EFDC096DE15EBE81A47057A72", now - 86400, now + 3 * 365 * 86400);
        return PlatformKey{made.privateKeyPem, made.certificatePem, made.serial};
    }();
    return key;
}

class PlatformCertificates : public WechatFixture {
protected:
    PlatformCertificates() : WechatFixture(Mode::Certificates) {}
};

TEST_F(PlatformCertificates, DownloadedOnFirstUseThenCached) {
    EXPECT_EQ(fake->count("/v3/certificates"), 0); // nothing happens before the first call
    const auto started = gateway->start(request("GQ20250101000000CERT0001"));
    ASSERT_TRUE(started.ok()) << started.error().message;
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
    for (const auto& seen : fake->seen()) {
        EXPECT_TRUE(seen.signatureValid) << seen.uri << " " << seen.refusal;
        EXPECT_FALSE(detail::findHeader(seen.headers, "Wechatpay-Serial")) << "no public key id in this mode";
    }

    ASSERT_TRUE(gateway->query("GQ20250101000000CERT0001").ok());
    ASSERT_TRUE(gateway->start(request("GQ20250101000000CERT0002")).ok());
    clock.advanceSeconds(120);
    ASSERT_TRUE(gateway->query("GQ20250101000000CERT0002").ok());
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
}

TEST_F(PlatformCertificates, ANewSerialTriggersARefreshAtMostOnceAMinute) {
    ASSERT_TRUE(gateway->start(request("GQ20250101000000ROTATE01")).ok());
    EXPECT_EQ(fake->count("/v3/certificates"), 1);

    // WeChat rotates its certificate: the next answer names a serial we have not seen. The last download was less
    // than a minute ago, so we may not download again: refused.
    fake->signWith(rotatedKey());
    expectBusy(gateway->query("GQ20250101000000ROTATE01"));
    expectBusy(gateway->query("GQ20250101000000ROTATE01"));
    EXPECT_EQ(fake->count("/v3/certificates"), 1);

    // A minute later the unknown serial triggers one download, and the answer is accepted.
    clock.advanceSeconds(61);
    const auto result = gateway->query("GQ20250101000000ROTATE01");
    ASSERT_TRUE(result.ok()) << result.error().message;
    EXPECT_EQ(fake->count("/v3/certificates"), 2);

    // Both certificates are known now: answers under either serial need no download.
    fake->signWith(goCertificateKey());
    ASSERT_TRUE(gateway->query("GQ20250101000000ROTATE01").ok());
    fake->signWith(rotatedKey());
    ASSERT_TRUE(gateway->query("GQ20250101000000ROTATE01").ok());
    EXPECT_EQ(fake->count("/v3/certificates"), 2);
}

TEST_F(PlatformCertificates, ASerialNobodyPublishedIsRefusedAndDoesNotHammerWechat) {
    ASSERT_TRUE(gateway->start(request("GQ20250101000000UNKNOWN1")).ok());
    clock.advanceSeconds(61);
    fake->setFault(FakeWechatPay::Fault::UnknownSerial);
    for (int i = 0; i < 4; ++i) {
        expectBusy(gateway->query("GQ20250101000000UNKNOWN1"));
    }
    EXPECT_EQ(fake->count("/v3/certificates"), 2); // one refresh for the first unknown serial, then none
}

TEST_F(PlatformCertificates, NotificationsUseTheCertificatesToo) {
    const std::string no = "GQ20250101000000CERTNTF1";
    paidOrder(no);
    fake->signWith(rotatedKey());
    clock.advanceSeconds(61);
    const auto first = fake->notification(no);
    const auto second = fake->notification(no);
    EXPECT_FALSE(gateway->parseNotification({first.headers, second.body}).ok()); // one's headers, another's body
    const auto n = fake->notification(no);
    const auto ok = gateway->parseNotification({n.headers, n.body});
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_TRUE(ok->paid);
    EXPECT_EQ(fake->count("/v3/certificates"), 2);
}

TEST_F(PlatformCertificates, AWrongApiV3KeyCannotDecryptTheCertificates) {
    auto wrong = config();
    wrong.apiV3Key = "b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb";
    WechatPayGateway misconfigured(wrong, clock, random);
    expectBusy(misconfigured.start(request("GQ20250101000000V3KEY001")));
    EXPECT_EQ(fake->count("/v3/certificates"), 1);

    // A notification cannot be checked either: Upstream, so the HTTP layer answers 500 and WeChat retries later.
    fake->pay("GQ20250101000000V3KEY001");
    clock.advanceSeconds(61);
    const auto n = fake->notification("GQ20250101000000V3KEY001");
    const auto result = misconfigured.parseNotification({n.headers, n.body});
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().code, ErrorCode::Upstream);
}

TEST_F(PlatformCertificates, ATamperedCertificateListIsNotTrusted) {
    fake->setFault(FakeWechatPay::Fault::TamperedBody);
    expectBusy(gateway->start(request("GQ20250101000000TAMPER01")));
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
    // Nothing was cached from the tampered list: once WeChat behaves (and a minute has passed) it downloads again.
    fake->setFault(FakeWechatPay::Fault::None);
    clock.advanceSeconds(61);
    ASSERT_TRUE(gateway->query("GQ20250101000000TAMPER01").ok());
    EXPECT_EQ(fake->count("/v3/certificates"), 2);
}

TEST_F(PlatformCertificates, CertificatesSignedUnderAnUnpublishedSerialAreRejected) {
    // The list is signed by a key whose certificate is not in it.
    fake->signWith({rotatedKey().privateKeyPem, "", rotatedKey().serial});
    expectBusy(gateway->start(request("GQ20250101000000UNPUBL01")));
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
}

TEST_F(PlatformCertificates, ConcurrentCallsShareOneDownload) {
    std::vector<std::thread> threads;
    std::atomic<int> succeeded{0};
    for (int i = 0; i < 8; ++i) {
        threads.emplace_back([&, i] {
            succeeded += gateway->start(request("GQ2025010100000PARALL0" + std::to_string(i))).ok() ? 1 : 0;
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    EXPECT_EQ(succeeded, 8);
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
}

class BothModes : public WechatFixture {
protected:
    BothModes() : WechatFixture(Mode::Both) {}
};

TEST_F(BothModes, PublicKeyAndCertificatesAreBothAccepted) {
    ASSERT_TRUE(gateway->start(request("GQ20250101000000BOTH0001")).ok()); // certificate serial
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
    for (const auto& seen : fake->seen()) {
        EXPECT_TRUE(seen.signatureValid) << seen.refusal; // Wechatpay-Serial carries the public key id
    }
    fake->signWith({readFixture("wechatpay_go_private_key.txt"), "", kPublicKeyId});
    ASSERT_TRUE(gateway->query("GQ20250101000000BOTH0001").ok()); // public key id
    EXPECT_EQ(fake->count("/v3/certificates"), 1);
}

TEST_F(WechatFixture, PublicKeyModeNeverDownloadsCertificates) {
    fake->setFault(FakeWechatPay::Fault::UnknownSerial);
    expectBusy(gateway->start(request("GQ20250101000000PKONLY01")));
    EXPECT_EQ(fake->count("/v3/certificates"), 0);
}

} // namespace
} // namespace gequ::payment::testing
