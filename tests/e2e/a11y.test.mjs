// Issue 15's accessibility checks (docs/web-performance.md): axe-core finds no violation on any route, at 375 and
// 1920 px, in the light and the dark theme, as a visitor and as a signed-in user, nor with the login, pay,
// points-record and delete dialogs open; every control's accessible name is Chinese; and every page and dialog is
// drawn with Material UI's components (issue 26: elements with a `Mui…-root` class).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, screenshot, baseUrl, viewports } from './browser.mjs';
import { codeFor, newPhone, requestCode } from './accounts.mjs';

const b64 = (text) => Buffer.from(text, 'utf8').toString('base64');

async function call(path, { token, body } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = token;
    const response = await fetch(baseUrl + path, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await response.json();
    assert.equal(envelope.code, 2000, `${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
}

let browser;
let token;
let songId;
before(async () => {
    browser = await launch();
    // A user with two finished songs, one of them public (for the player and the square).
    const phone = newPhone();
    await requestCode(phone);
    token = (await call('/login/phone', { body: { phoneNumber: phone, code: await codeFor(phone) } })).token;
    await call('/music/api/create/ace', {
        token,
        body: {
            action: 'generate', audio_id: '', continue_at: 0, model: 'chirp-v3-5', instrumental: false, custom: true,
            prompt: '', title: '无障碍之歌', lyric: '[主歌]\n每个人都能听见\n[副歌]\n每个按钮都有名字', style: 'pop', gender: 'female',
        },
    });
    const deadline = Date.now() + 120000;
    while ((await call('/music/song/generateNumber', { token })) !== 0 || (await call('/music/song/listNumber', { token })) < 2) {
        assert.ok(Date.now() < deadline, 'the songs finish within 2 minutes');
        await new Promise((r) => setTimeout(r, 500));
    }
    songId = (await call('/music/song/list?page=1', { token }))[0].native_id;
    await call('/music/openSong', { token, body: { nativeId: songId, openId: 1 } });
});
after(async () => {
    await browser?.close();
});

const routes = () => [
    ['/', '音乐广场', true],
    ['/create', '创作', true],
    ['/mywork', '我的作品', true],
    ['/member', '会员', true],
    ['/profile', '个人中心', true],
    ['/payment?taskId=GQ20261121000000NOSUCHORDER0', '支付结果', true],
    [`/musicPlayer?id=${encodeURIComponent(b64(songId))}`, '播放器', true],
    [`/musicList?${new URLSearchParams({ type: b64('热门榜单'), keyword: b64('fiery'), img: b64('/covers/list-default.svg') })}`, '歌曲列表', false],
    ['/contactUs', '联系我们', false],
    ['/faq', '常见问题', false],
    ['/about', '关于我们', false],
];

const interactiveRoles = new Set([
    'button', 'link', 'textbox', 'checkbox', 'radio', 'switch', 'tab', 'slider', 'combobox', 'menuitem', 'option',
    'searchbox', 'spinbutton',
]);
const chinese = /[\u3400-\u9fff]/;

/// The controls of the page (or of a dialog) whose accessible name has no Chinese character.
async function namesNotInChinese(scope) {
    const snapshot = await scope.ariaSnapshot();
    const bad = [];
    for (const line of snapshot.split('\n')) {
        const m = line.match(/^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/);
        if (!m || !interactiveRoles.has(m[1])) continue;
        const name = m[2] ?? '';
        if (!chinese.test(name)) bad.push(`${m[1]} "${name}"`);
    }
    return bad;
}

/// axe on the page in its current state; adds every violation, and every control without a Chinese name, to
/// `problems` (each test checks all its pages and dialogs, then fails with the whole list).
async function checkAccessible(problems, page, what, { scope } = {}) {
    // Let entering transitions (dialogs fade in) finish, so colours are final.
    await page.waitForTimeout(400);
    const builder = new AxeBuilder({ page });
    if (scope) builder.include(scope);
    const { violations } = await builder.analyze();
    const report = violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n    ')}`,
    );
    for (const line of report) problems.push(`${what}: ${line}`);
    const names = await namesNotInChinese(scope ? page.locator(scope) : page.locator('body'));
    for (const name of names) problems.push(`${what}: ${name} has no Chinese name`);
    const mui = await muiComponents(scope ? page.locator(scope).first() : page.locator('body'));
    if (mui.length === 0) problems.push(`${what}: no Material UI component (no element with a Mui…-root class)`);
    if (scope && !mui.some((name) => name === 'MuiDialog' || name === 'MuiPaper')) {
        problems.push(`${what}: not a Material UI dialog (${mui.slice(0, 5).join(', ')})`);
    }
}

/// The Material UI components drawn in (and as) the element, by the name of their root class (`MuiButton`, …).
async function muiComponents(locator) {
    return locator.evaluate((root) => {
        const names = new Set();
        for (const el of [root, ...root.querySelectorAll('[class*="Mui"]')]) {
            for (const c of el.classList) {
                const m = c.match(/^(Mui[A-Z][A-Za-z]*)-root$/);
                if (m) names.add(m[1]);
            }
        }
        return [...names];
    });
}

async function openContext(viewport, colorScheme, signedIn) {
    const context = await browser.newContext({ viewport, colorScheme, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    if (signedIn) await context.addInitScript((t) => localStorage.setItem('Authorization', t), token);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { context, page, errors };
}

async function ready(page, path, heading) {
    await page.goto(baseUrl + path);
    await page.getByRole('heading', { level: 1, name: heading }).first().waitFor({ timeout: 15000 });
    await page.waitForLoadState('networkidle');
}

for (const [size, viewport] of Object.entries(viewports)) {
    for (const colorScheme of ['light', 'dark']) {
        const tag = `${size}-${colorScheme}`;

        test(`axe: every route as a visitor and the login dialog, ${viewport.width} px, ${colorScheme}`, async () => {
            const { context, page, errors } = await openContext(viewport, colorScheme, false);
            const problems = [];
            try {
                for (const [path, heading] of routes()) {
                    await ready(page, path, heading);
                    await checkAccessible(problems, page, `${path} (visitor, ${tag})`);
                }
                await ready(page, '/profile', '个人中心');
                await page.getByRole('main').getByRole('button', { name: '登录', exact: true }).click();
                await page.getByRole('dialog', { name: '登录' }).waitFor();
                await checkAccessible(problems, page, `the login dialog (${tag})`, { scope: '[role="dialog"], dialog[open]' });
                await screenshot(page, `a11y-${tag}-login-dialog`);
                assert.deepEqual(problems, []);
                assert.deepEqual(errors, []);
            } finally {
                await context.close();
            }
        });

        test(`axe: every route signed in and the pay, points-record and delete dialogs, ${viewport.width} px, ${colorScheme}`, async () => {
            const { context, page, errors } = await openContext(viewport, colorScheme, true);
            const problems = [];
            try {
                for (const [path, heading, hasUser] of routes()) {
                    if (!hasUser) continue;
                    await ready(page, path, heading);
                    await checkAccessible(problems, page, `${path} (signed in, ${tag})`);
                    await screenshot(page, `a11y-${tag}-${path === '/' ? 'home' : path.slice(1).split('?')[0]}-signed-in`);
                }

                await ready(page, '/member', '会员');
                await page.getByRole('article', { name: '高级月卡' }).getByRole('button', { name: '立即开通' }).click();
                await page.getByRole('dialog', { name: '开通高级月卡' }).waitFor();
                await checkAccessible(problems, page, `the pay dialog (${tag})`, { scope: '[role="dialog"], dialog[open]' });
                await screenshot(page, `a11y-${tag}-pay-dialog`);

                await ready(page, '/profile', '个人中心');
                await page.getByRole('button', { name: '积分记录' }).click();
                await page.getByRole('dialog', { name: '积分记录' }).getByText('新用户注册赠送').waitFor();
                await checkAccessible(problems, page, `the points-record dialog (${tag})`, { scope: '[role="dialog"], dialog[open]' });
                await screenshot(page, `a11y-${tag}-points-record-dialog`);

                await ready(page, '/mywork', '我的作品');
                await page.getByRole('article').first().getByRole('button', { name: '删除' }).click();
                await page.getByRole('dialog', { name: '确认删除' }).waitFor();
                await checkAccessible(problems, page, `the delete dialog (${tag})`, { scope: '[role="dialog"], dialog[open]' });
                await screenshot(page, `a11y-${tag}-delete-dialog`);
                assert.deepEqual(problems, []);
                assert.deepEqual(errors, []);
            } finally {
                await context.close();
            }
        });
    }
}
