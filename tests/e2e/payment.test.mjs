// Issue 7's journeys: a user buys the month card (plan 4) on a PC through the sandbox provider: the QR appears, a "phone" opens the
// sandbox checkout page the QR points at and confirms, the dialog reports success, and the profile shows the plan's
// points and level exactly once.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, baseUrl, viewports } from './browser.mjs';
import { admin, loginThroughApi } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

test('buy the premium month card through the sandbox on a PC', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        const { token } = await loginThroughApi(page);
        await page.goto(baseUrl + '/member');
        const card = page.getByRole('article', { name: '高级月卡' });
        await card.getByRole('button', { name: '立即开通' }).click();
        const dialog = page.getByRole('dialog', { name: '开通高级月卡' });
        await dialog.waitFor();
        const [order] = await Promise.all([
            page.waitForResponse((r) => r.url().endsWith('/pay/jsapiPc')),
            dialog.getByRole('button', { name: '确认支付' }).click(),
        ]);
        const envelope = await order.json();
        assert.equal(envelope.code, 2000);
        const orderNo = envelope.request_id;
        assert.match(orderNo, /^GQ\d{14}[0-9A-Z]{12}$/);
        await dialog.getByRole('img', { name: '支付二维码' }).waitFor();
        await dialog.getByText(/剩余时间 0[45]:\d\d/).waitFor();
        await screenshot(page, 'desktop-pay-dialog-qr');

        // Nothing is paid yet.
        const waiting = await (await fetch(`${baseUrl}/pay/resultQuery?taskId=${orderNo}`, { headers: { Authorization: token } })).json();
        assert.equal(waiting.data, 0);

        // The payer's phone opens the page the QR encodes and confirms.
        const phone = await openPage(browser, viewports.mobile);
        await phone.page.goto(`${baseUrl}/pay/sandbox/${orderNo}`);
        await phone.page.getByText('沙箱支付').first().waitFor();
        await phone.page.getByText('高级月卡').first().waitFor();
        await screenshot(phone.page, 'mobile-sandbox-checkout');
        await phone.page.getByRole('button', { name: '确认支付' }).click();
        await phone.page.getByText('支付成功').first().waitFor();
        await phone.context.close();

        // The dialog's 3-second polling sees the payment.
        await dialog.getByText('支付成功！感谢您的支持！').waitFor({ timeout: 15000 });
        await screenshot(page, 'desktop-pay-dialog-success');
        await dialog.getByRole('button', { name: '完成' }).click();

        const user = (await (await fetch(baseUrl + '/user/select', { headers: { Authorization: token } })).json()).data;
        // +470 points on top of the 20-point gift, level 3 (高级会员), valid for 30 days from now (Asia/Shanghai date).
        assert.equal(user.integral, 490);
        assert.equal(user.membershipLevel, 3);
        const in30Days = new Date(Date.now() + 30 * 86400000 + 8 * 3600000).toISOString().slice(0, 10);
        assert.equal(user.expirationTime, in30Days);

        // Confirming again changes nothing.
        const again = await fetch(`${baseUrl}/pay/sandbox/${orderNo}/confirm`, { method: 'POST' });
        assert.ok(again.status < 500);
        const after = (await (await fetch(baseUrl + '/user/select', { headers: { Authorization: token } })).json()).data;
        assert.equal(after.integral, 490);
        assert.match(admin('check'), /OK/);

        await page.goto(baseUrl + '/profile');
        await page.getByRole('main').getByRole('definition').filter({ hasText: '高级会员' }).waitFor();
        await page.getByRole('main').getByText(in30Days).waitFor();
        await screenshot(page, 'desktop-profile-after-payment');

        // The result page reports the paid order.
        await page.goto(`${baseUrl}/payment?taskId=${orderNo}`);
        await page.getByRole('heading', { level: 1, name: '支付结果' }).waitFor();
        await page.getByText('支付成功').first().waitFor({ timeout: 15000 });
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});

test('buy on a phone: H5 goes to the checkout page and back to the result page', async () => {
    const context = await browser.newContext({
        viewport: viewports.mobile,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        userAgent:
            'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
        isMobile: true,
        hasTouch: true,
    });
    const page = await context.newPage();
    try {
        const { token } = await loginThroughApi(page);
        await page.goto(baseUrl + '/member');
        const card = page.getByRole('article', { name: '体验日卡' });
        await card.getByRole('button', { name: '立即开通' }).click();
        const dialog = page.getByRole('dialog', { name: '开通体验日卡' });
        await Promise.all([page.waitForURL(/\/pay\/sandbox\/GQ/), dialog.getByRole('button', { name: '确认支付' }).click()]);
        await page.getByText('沙箱支付').first().waitFor();
        await Promise.all([page.waitForURL(/\/payment\?taskId=GQ/), page.getByRole('button', { name: '确认支付' }).click()]);
        await page.getByRole('heading', { level: 1, name: '支付结果' }).waitFor();
        await page.getByText('支付成功').first().waitFor({ timeout: 15000 });
        await screenshot(page, 'mobile-payment-result-paid');
        const user = (await (await fetch(baseUrl + '/user/select', { headers: { Authorization: token } })).json()).data;
        assert.equal(user.integral, 40);
        assert.equal(user.membershipLevel, 1);
        assert.match(admin('orders', 'list', '--state', 'paid'), /体验日卡/);
    } finally {
        await context.close();
    }
});

test('the payment result page says 订单不存在 for an unknown order', async () => {
    const { context, page } = await openPage(browser, viewports.desktop);
    try {
        await loginThroughApi(page);
        await page.goto(baseUrl + '/payment?taskId=GQ20261121000000NOSUCHORDER0');
        await page.getByRole('heading', { level: 1, name: '支付结果' }).waitFor();
        await page.getByText('订单不存在').first().waitFor({ timeout: 15000 });
        await screenshot(page, 'desktop-payment-result-unknown');
    } finally {
        await context.close();
    }
});
