// Clicks before hydration (docs/web-performance.md, "Clicks before hydration"): the build's page paints before its
// code has run, and a person may click it at once. Each journey opens a page and clicks as soon as the HTML has been
// parsed (domcontentloaded, not networkidle), while the app's chunks are held back a moment so the click surely comes
// before React has hydrated the control (#root has no data-hydrated yet); the click must still do what it says.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshot, baseUrl, viewports } from './browser.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

/// A fresh page whose app chunks (not the entry) asked for in its first 2 s arrive 1.5 s late, as on a slow phone
/// network.
async function slowPage(viewport) {
    const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const start = Date.now();
    await page.route(/\/assets\/(?!early-fetch|preload-helper|index).*\.js$/, async (route) => {
        if (Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
    });
    return { context, page, errors };
}

async function openEarly(page, path) {
    await page.goto(baseUrl + path, { waitUntil: 'domcontentloaded' });
    assert.equal(await page.locator('#root[data-hydrated]').count(), 0, 'the page had hydrated before the click');
}

test('the drawer button at 375 px answers a click made before hydration', async () => {
    const { context, page, errors } = await slowPage(viewports.mobile);
    try {
        await openEarly(page, '/');
        await page.getByRole('button', { name: '打开菜单' }).click();
        const drawer = page.getByRole('dialog', { name: '主菜单' });
        await drawer.waitFor({ timeout: 15000 });
        await page.locator('#root[data-hydrated]').waitFor({ state: 'attached' });
        await screenshot(page, 'mobile-early-click-drawer');
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});

test('the theme toggle at 1920 px answers a click made before hydration', async () => {
    const { context, page, errors } = await slowPage(viewports.desktop);
    try {
        await openEarly(page, '/about');
        const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const before = await background();
        await page.getByRole('button', { name: '切换主题' }).click();
        await page.waitForFunction((b) => getComputedStyle(document.body).backgroundColor !== b, before, {
            timeout: 15000,
        });
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});

test("home's search answers a search made before hydration", async () => {
    const { context, page, errors } = await slowPage(viewports.mobile);
    try {
        await openEarly(page, '/');
        await page.getByRole('textbox', { name: '搜索歌曲' }).fill('夏天');
        await page.getByRole('search').getByRole('button', { name: '搜索' }).click();
        await page.waitForURL(/\/musicList\?/, { timeout: 15000 });
        await page.getByRole('heading', { level: 2, name: '搜索：夏天' }).waitFor({ timeout: 15000 });
        assert.equal(await page.getByRole('search').getByRole('textbox').inputValue(), '夏天');
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});

// A visitor's prompt on these pages is in the page the build wrote (docs/web-performance.md, "My works before the
// app"), so its 登录 is there to be clicked before the app has run.
for (const [name, path, viewport] of [
    ['the profile page', '/profile', viewports.desktop],
    ['my works', '/mywork', viewports.mobile],
    ['the payment page', '/payment?taskId=early-click', viewports.mobile],
]) {
    test(`${name}'s 登录 answers a click made before hydration`, async () => {
        const { context, page, errors } = await slowPage(viewport);
        try {
            await openEarly(page, path);
            const login = page.getByRole('main').getByRole('button', { name: '登录', exact: true });
            // Visible at once: the prompt was painted from the HTML, not drawn by the app.
            assert.equal(await login.isVisible(), true, 'the prompt is not in the page the build wrote');
            await login.click();
            await page.getByRole('dialog', { name: '登录' }).waitFor({ timeout: 15000 });
            assert.deepEqual(errors, []);
        } finally {
            await context.close();
        }
    });
}

test('a menu link clicked before hydration is followed', async () => {
    const { context, page } = await slowPage(viewports.desktop);
    try {
        await openEarly(page, '/');
        await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '常见问题', exact: true }).click();
        await page.waitForURL(baseUrl + '/faq', { timeout: 15000 });
        await page.getByRole('heading', { level: 1, name: '常见问题' }).waitFor({ timeout: 15000 });
    } finally {
        await context.close();
    }
});
