// Issue 3's journey: a new user logs in with the code from the SMS outbox, sees 20 points and the sign-up record,
// renames themself, redeems a code made with gequ-admin, and logs out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, baseUrl, viewports } from './browser.mjs';
import { admin, codeFor, loginThroughApi, loginThroughDialog, newPhone, readOutbox, requestCode } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

test('a new user logs in, sees the gift, renames, redeems a code and logs out', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        await page.goto(baseUrl + '/profile');
        await page.getByRole('heading', { level: 1, name: '个人中心' }).waitFor();
        await page.getByRole('button', { name: '登录', exact: true }).first().click();
        const dialog = page.getByRole('dialog', { name: '登录' });
        await dialog.waitFor();
        // The phone field has the focus (a modal <dialog> focuses its marked field: web/src/ui/use-modal.ts).
        await page.waitForFunction(() => document.activeElement?.getAttribute('type') === 'tel');
        await screenshot(page, 'desktop-login-dialog');
        const phone = await loginThroughDialog(page);
        const masked = `${phone.slice(0, 3)}****${phone.slice(7)}`;

        // The profile: default nickname, masked phone, the 20-point gift, ordinary level.
        const nickname = `用户${phone.slice(7)}`;
        await page.getByRole('heading', { level: 2, name: nickname }).waitFor();
        await page.getByText(masked).waitFor();
        const main = page.getByRole('main');
        await main.getByRole('definition').filter({ hasText: '普通用户' }).waitFor();
        assert.match(await main.innerText(), /积分\s*20/);
        await screenshot(page, 'desktop-profile-logged-in');

        // The points record shows the sign-up gift.
        await page.getByRole('button', { name: '积分记录' }).click();
        const records = page.getByRole('dialog', { name: '积分记录' });
        await records.getByText('新用户注册赠送').waitFor();
        const row = records.getByRole('row').filter({ hasText: '新用户注册赠送' });
        assert.match(await row.innerText(), /20[\s\S]*增加[\s\S]*20/);
        await screenshot(page, 'desktop-points-record');
        await records.getByRole('button', { name: '关闭' }).click();

        // Rename.
        await page.getByRole('button', { name: '修改昵称' }).click();
        await page.getByRole('textbox', { name: '昵称' }).fill('  夏夜歌手  ');
        await page.getByRole('button', { name: '保存' }).click();
        await page.getByRole('heading', { level: 2, name: '夏夜歌手' }).waitFor();

        // Redeem a code made by the operator: 50 points and the trial plan.
        const code = admin('redeem', 'create', '--points', '50', '--plan', '2', '--note', 'e2e').trim().split('\n')[0];
        assert.ok(code.length >= 8, `gequ-admin printed a code: ${code}`);
        await page.getByRole('button', { name: '兑换码' }).click();
        const redeem = page.getByRole('dialog', { name: '兑换码' });
        await redeem.getByRole('textbox', { name: '兑换码' }).fill(code);
        await redeem.getByRole('button', { name: '兑换' }).click();
        await page.getByText('兑换成功，当前积分 70').waitFor();
        await main.getByRole('definition').filter({ hasText: '体验会员' }).waitFor();
        assert.match(await main.innerText(), /积分\s*70/);
        await screenshot(page, 'desktop-profile-after-redeem');

        // The same code twice is refused with the one message.
        await page.getByRole('button', { name: '兑换码' }).click();
        await redeem.getByRole('textbox', { name: '兑换码' }).fill(code);
        await redeem.getByRole('button', { name: '兑换' }).click();
        await page.getByText('兑换码无效').first().waitFor();
        await redeem.getByRole('button', { name: '取消' }).click();

        // The ledger still holds.
        assert.match(admin('check'), /OK/);

        // Log out: back to a visitor, and the old token is refused.
        const token = await page.evaluate(() => localStorage.getItem('Authorization'));
        await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: '退出登录' }).click()]);
        await page.getByRole('button', { name: '登录', exact: true }).first().waitFor();
        assert.equal(await page.evaluate(() => localStorage.getItem('Authorization')), null);
        const select = await fetch(baseUrl + '/user/select', { headers: { Authorization: token } });
        assert.equal((await select.json()).code, 4010);
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});

test('a token revoked while the page is open gets 4010 and the login dialog opens', async () => {
    const { context, page } = await openPage(browser, viewports.mobile);
    try {
        const { token } = await loginThroughApi(page);
        await page.goto(baseUrl + '/profile');
        await page.getByRole('button', { name: '积分记录' }).waitFor();
        // The session ends elsewhere (another tab logs out, or an operator disables the account).
        const logout = await fetch(baseUrl + '/login/logout', { method: 'POST', headers: { Authorization: token } });
        assert.equal((await logout.json()).code, 2000);
        await page.getByRole('button', { name: '积分记录' }).click();
        await page.getByRole('dialog', { name: '登录' }).waitFor();
        await screenshot(page, 'mobile-login-after-4010');
    } finally {
        await context.close();
    }
});

// Issue 31: the proof-of-work challenge (docs/security.md, "Login abuse"). The server trusts loopback as its proxy
// (scripts/e2e.sh), so each browser context speaks from its own network through X-Forwarded-For.
async function pageFrom(address) {
    const context = await browser.newContext({
        viewport: viewports.desktop,
        locale: 'zh-CN',
        timezoneId: 'Asia/Shanghai',
        extraHTTPHeaders: { 'X-Forwarded-For': address },
    });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
}

test('the login challenge is not shown when not needed, and the widget solves it in Chromium when it is', async () => {
    // A fresh phone from a fresh network: no challenge.
    {
        const { context, page, errors } = await pageFrom('198.51.100.11');
        try {
            await page.goto(baseUrl + '/profile');
            await page.getByRole('heading', { level: 1, name: '个人中心' }).waitFor();
            await page.waitForLoadState('networkidle');
            const phone = newPhone();
            const dialog = page.getByRole('dialog', { name: '登录' });
            await page.getByRole('button', { name: '登录', exact: true }).first().click();
            await dialog.waitFor();
            await dialog.getByRole('textbox', { name: '手机号' }).fill(phone);
            await dialog.getByRole('button', { name: '获取验证码' }).click();
            await page.getByText('验证码发送成功，10分钟内有效').first().waitFor();
            assert.equal(await page.locator('altcha-widget').count(), 0);
            assert.equal(await dialog.getByTestId('login-challenge').count(), 0);
            assert.deepEqual(errors, []);
        } finally {
            await context.close();
        }
    }
    // A phone that has had three codes today (from three other networks): the dialog shows the widget, which solves
    // the challenge by itself, and the code goes out; the login then works as always.
    const phone = newPhone();
    for (const address of ['198.51.101.1', '198.51.102.1', '198.51.103.1']) {
        assert.equal((await requestCode(phone, { 'X-Forwarded-For': address })).code, 2000);
    }
    const { context, page, errors } = await pageFrom('198.51.104.1');
    try {
        await page.goto(baseUrl + '/profile');
        await page.getByRole('heading', { level: 1, name: '个人中心' }).waitFor();
        const dialog = page.getByRole('dialog', { name: '登录' });
        await page.getByRole('button', { name: '登录', exact: true }).first().click();
        await dialog.waitFor();
        const before = (await readOutbox()).length;
        await dialog.getByRole('textbox', { name: '手机号' }).fill(phone);
        await dialog.getByRole('button', { name: '获取验证码' }).click();
        await page.getByText('请先完成人机验证').first().waitFor();
        await page.locator('altcha-widget').waitFor();
        await screenshot(page, 'desktop-login-challenge');
        await page.getByText('验证码发送成功，10分钟内有效').first().waitFor({ timeout: 30000 });
        assert.equal((await readOutbox()).length, before + 1);
        assert.equal(await dialog.getByTestId('login-challenge').count(), 0, 'the widget goes away once solved');
        await dialog.getByRole('textbox', { name: '验证码' }).fill(await codeFor(phone));
        await dialog.getByRole('checkbox', { name: '我已阅读并同意《用户协议》' }).check();
        await dialog.getByRole('checkbox', { name: '我已阅读并同意《隐私政策》' }).check();
        await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '登录', exact: true }).click()]);
        await page.getByText(`${phone.slice(0, 3)}****${phone.slice(7)}`).waitFor();
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});
