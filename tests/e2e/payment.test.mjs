// Issue 7's journey: a user buys a plan on a PC through the sandbox provider: the QR appears, a "phone" opens the
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

test('buy the trial day card through the sandbox', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        const { token } = await loginThroughApi(page);
        await page.goto(baseUrl + '/member');
        const card = page.getByRole('article', { name: '体验日卡' });
        await card.getByRole('button', { name: '立即开通' }).click();
        const dialog = page.getByRole('dialog', { name: '开通体验日卡' });
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
        await phone.page.getByText('体验日卡').first().waitFor();
        await screenshot(phone.page, 'mobile-sandbox-checkout');
        await phone.page.getByRole('button', { name: '确认支付' }).click();
        await phone.page.getByText('支付成功').first().waitFor();
        await phone.context.close();

        // The dialog's 3-second polling sees the payment.
        await dialog.getByText('支付成功！感谢您的支持！').waitFor({ timeout: 15000 });
        await screenshot(page, 'desktop-pay-dialog-success');
        await dialog.getByRole('button', { name: '完成' }).click();

        const user = (await (await fetch(baseUrl + '/user/select', { headers: { Authorization: token } })).json()).data;
        assert.equal(user.integral, 40);
        assert.equal(user.membershipLevel, 1);
        assert.match(user.expirationTime, /^\d{4}-\d{2}-\d{2}$/);

        // Confirming again changes nothing.
        const again = await fetch(`${baseUrl}/pay/sandbox/${orderNo}/confirm`, { method: 'POST' });
        assert.ok(again.status < 500);
        const after = (await (await fetch(baseUrl + '/user/select', { headers: { Authorization: token } })).json()).data;
        assert.equal(after.integral, 40);
        assert.match(admin('check'), /OK/);

        await page.goto(baseUrl + '/profile');
        await page.getByRole('main').getByRole('definition').filter({ hasText: '体验会员' }).waitFor();
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
