// Issue 3's journey: a new user logs in with the code from the SMS outbox, sees 20 points and the sign-up record,
// renames themself, redeems a code made with gequ-admin, and logs out.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, baseUrl, viewports } from './browser.mjs';
import { admin, loginThroughApi, loginThroughDialog } from './accounts.mjs';

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
