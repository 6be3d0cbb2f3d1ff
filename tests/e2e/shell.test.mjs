// The web shell: every route renders at desktop and phone sizes without sideways scrolling, the side menu and the
// bottom tabs navigate, and the theme choice survives a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, horizontalOverflow, baseUrl, viewports } from './browser.mjs';

const routes = [
    ['/', '音乐广场'],
    ['/create', '创作'],
    ['/mywork', '我的作品'],
    ['/member', '会员'],
    ['/profile', '个人中心'],
    ['/payment?taskId=GQ0', '支付结果'],
    ['/musicPlayer', '播放器'],
    ['/musicList', '歌曲列表'],
    ['/contactUs', '联系我们'],
    ['/faq', '常见问题'],
    ['/about', '关于我们'],
];

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

for (const [size, viewport] of Object.entries(viewports)) {
    test(`every route renders at ${viewport.width}x${viewport.height}`, async () => {
        const { context, page, errors } = await openPage(browser, viewport);
        try {
            for (const [route, heading] of routes) {
                await page.goto(baseUrl + route);
                await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 15000 });
                await page.waitForLoadState('networkidle');
                assert.ok((await horizontalOverflow(page)) <= 0, `${route} scrolls sideways at ${viewport.width}px`);
                const name = route === '/' ? 'home' : route.slice(1).replace(/[?=]/g, '_');
                await screenshot(page, `${size}-${name}`);
            }
            assert.deepEqual(errors, []);
        } finally {
            await context.close();
        }
    });
}

test('the side menu navigates at 1920 px', async () => {
    const { context, page } = await openPage(browser, viewports.desktop);
    try {
        await page.goto(baseUrl + '/');
        // The frame's menu hydrates when its code arrives (web/src/app/layout/AppLayout.tsx): a person clicks a
        // loaded page.
        await page.waitForLoadState('networkidle');
        const menu = page.getByRole('navigation', { name: '主菜单' });
        await menu.waitFor();
        for (const [label, path, heading] of [
            ['创作', '/create', '创作'],
            ['我的作品', '/mywork', '我的作品'],
            ['常见问题', '/faq', '常见问题'],
            ['关于', '/about', '关于我们'],
            ['联系我们', '/contactUs', '联系我们'],
            ['音乐广场', '/', '音乐广场'],
        ]) {
            await menu.getByRole('link', { name: label, exact: true }).click();
            await page.waitForURL(baseUrl + path);
            await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        }
        assert.equal(await page.getByRole('navigation', { name: '底部导航' }).count(), 0);
    } finally {
        await context.close();
    }
});

test('the bottom tabs and the drawer navigate at 375 px', async () => {
    const { context, page } = await openPage(browser, viewports.mobile);
    try {
        await page.goto(baseUrl + '/');
        const tabs = page.getByRole('navigation', { name: '底部导航' });
        await tabs.waitFor();
        assert.equal(await page.getByRole('navigation', { name: '主菜单' }).isVisible(), false);
        for (const [label, path, heading] of [
            ['创作', '/create', '创作'],
            ['我的作品', '/mywork', '我的作品'],
            ['我的', '/profile', '个人中心'],
            ['首页', '/', '音乐广场'],
        ]) {
            await tabs.getByText(label, { exact: true }).click();
            await page.waitForURL(baseUrl + path);
            await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
        }
        await page.getByRole('button', { name: '打开菜单' }).click();
        const drawer = page.getByRole('navigation', { name: '主菜单' });
        await drawer.getByRole('link', { name: '常见问题', exact: true }).click();
        await page.waitForURL(baseUrl + '/faq');
        await screenshot(page, 'mobile-after-drawer');
    } finally {
        await context.close();
    }
});

test('the theme toggle is remembered across a reload', async () => {
    const { context, page } = await openPage(browser, viewports.desktop);
    try {
        await page.goto(baseUrl + '/about');
        await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();
        await page.waitForLoadState('networkidle'); // the frame's toggle hydrates when its code arrives
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const before = await background();
        await page.getByRole('button', { name: '切换主题' }).click();
        await page.waitForFunction((b) => getComputedStyle(document.body).backgroundColor !== b, before);
        const toggled = await background();
        await page.reload();
        await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();
        assert.equal(await background(), toggled);
        await screenshot(page, 'desktop-about-toggled-theme');
        await page.getByRole('button', { name: '切换主题' }).click();
        await page.waitForFunction((b) => getComputedStyle(document.body).backgroundColor === b, before);
    } finally {
        await context.close();
    }
});

test('API paths answer JSON, not the page', async () => {
    const unknown = await fetch(baseUrl + '/music/x');
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).code, 4040);
    const health = await fetch(baseUrl + '/healthz');
    assert.equal(health.status, 200);
    const plans = await (await fetch(baseUrl + '/pay/plans')).json();
    assert.equal(plans.code, 2000);
    assert.deepEqual(plans.data.map((p) => p.id), [2, 3, 4, 5, 6, 7]);
});
