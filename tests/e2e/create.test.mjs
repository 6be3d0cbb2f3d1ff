// Issue 5's journey: log in, create in inspiration mode and in custom mode, watch both songs of each task finish with
// the offline composer, play one, make it public, download it (an MP3), and delete one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openPage, screenshot, baseUrl, viewports } from './browser.mjs';
import { admin, loginThroughApi } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

const api = (token) => async (path) => (await fetch(baseUrl + path, { headers: { Authorization: token } })).json();

/// Waits until the user has no song generating (the composer renders in seconds).
async function waitForGeneration(get, count) {
    const deadline = Date.now() + 120000;
    while (Date.now() < deadline) {
        const generating = (await get('/music/song/generateNumber')).data;
        const total = (await get('/music/song/listNumber')).data;
        if (generating === 0 && total >= count) return;
        await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('songs did not finish within 2 minutes');
}

test('create in both modes, play, publish, download and delete', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        const { phone, token } = await loginThroughApi(page);
        const get = api(token);
        // 20 points pay for both tasks; the ordinary level allows one task at a time.
        await page.goto(baseUrl + '/create');
        await page.getByRole('tab', { name: '灵感模式' }).click();
        await page.getByRole('textbox', { name: '歌词描述' }).fill('一首关于夏夜海边的轻快流行歌，带着海风和星光');
        await screenshot(page, 'desktop-create-inspiration');
        await page.getByRole('button', { name: '开始创作' }).click();
        await page.getByText('任务提交成功，扣除积分：10').first().waitFor();
        // Submitting opens the 音乐列表 drawer with the new songs generating.
        const drawer = page.getByRole('dialog', { name: /音乐列表/ });
        await drawer.waitFor();
        await screenshot(page, 'desktop-create-drawer-generating');
        await waitForGeneration(get, 2);
        await drawer.getByRole('button', { name: '关闭音乐列表' }).click();
        await drawer.waitFor({ state: 'hidden' });

        await page.getByRole('tab', { name: '自定义模式' }).click();
        await page.getByRole('textbox', { name: '歌曲名称' }).fill('晚风');
        await page
            .getByRole('textbox', { name: '歌词', exact: true })
            .fill('[主歌]\n晚风吹过小巷口\n路灯照着你的手\n[副歌]\n我们一起慢慢走\n走到星星也温柔');
        await page.getByRole('radio', { name: '女声' }).check();
        await page.getByRole('button', { name: '流行', exact: true }).click();
        await screenshot(page, 'desktop-create-custom');
        await page.getByRole('button', { name: '开始创作' }).click();
        await page.getByText('任务提交成功，扣除积分：10').first().waitFor();
        await waitForGeneration(get, 4);

        // Points: 20 - 10 - 10, and the ledger holds.
        assert.equal((await get('/user/select')).data.integral, 0);
        assert.match(admin('check'), /OK/);

        // My works: four finished songs, two of them titled 晚风.
        await page.goto(baseUrl + '/mywork');
        await page.getByRole('heading', { level: 1, name: '我的作品' }).waitFor();
        const cards = page.getByRole('article');
        await page.waitForFunction(() => document.querySelectorAll('article').length === 4);
        const song = page.getByRole('article', { name: '晚风', exact: true }).first();
        await song.getByRole('button', { name: '播放' }).waitFor();
        await screenshot(page, 'desktop-mywork-finished');

        // Play: the one global audio element really plays the MP3.
        await song.getByRole('button', { name: '播放' }).click();
        await page.waitForFunction(() => {
            const audio = document.getElementById('gequ-global-audio');
            return audio && !audio.paused && audio.currentTime > 0.5;
        });
        await song.getByRole('button', { name: '暂停' }).click();

        // Make it public: it appears in the square.
        await song.getByRole('switch', { name: '公开' }).click();
        await page.getByText('状态修改成功').first().waitFor();
        const list = (await get('/music/song/list?page=1')).data;
        const published = list.find((s) => s.title === '晚风' && s.open === 1);
        assert.equal(list.filter((s) => s.title === '晚风' && s.open === 1).length, 1);
        assert.ok(published, 'the switched song is public');
        const square = (await get('/music/getNewMusic')).data;
        assert.ok(square.some((s) => s.native_id === published.native_id));

        // Download: an MP3 named after the title.
        const [download] = await Promise.all([
            page.waitForEvent('download'),
            song.getByRole('button', { name: '下载' }).click(),
        ]);
        assert.equal(download.suggestedFilename(), '晚风.mp3');
        const bytes = readFileSync(await download.path());
        assert.ok(bytes.length > 100000, `mp3 of ${bytes.length} bytes`);
        const id3 = bytes.subarray(0, 3).toString('latin1') === 'ID3';
        const frameSync = bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
        assert.ok(id3 || frameSync, 'the download is an MP3');

        // Delete one song (not the public one) after confirming.
        const before = await cards.count();
        // The other clip of 晚风 (still private); the inspiration song's generated title may contain any words.
        const victim = page
            .getByRole('article', { name: '晚风', exact: true })
            .filter({ has: page.getByRole('switch', { name: '公开', checked: false }) });
        assert.equal(await victim.count(), 1);
        await victim.getByRole('button', { name: '删除' }).click();
        const confirm = page.getByRole('dialog', { name: '确认删除' });
        await confirm.getByText('删除后无法恢复，是否继续？').waitFor();
        assert.equal(await page.evaluate(() => document.activeElement?.textContent), '确定', 'the confirmation has the focus');
        await confirm.getByRole('button', { name: '确定' }).click();
        await page.waitForFunction((n) => document.querySelectorAll('article').length === n - 1, before);
        assert.equal((await get('/music/song/listNumber')).data, 3);
        await screenshot(page, 'desktop-mywork-after-delete');
        assert.deepEqual(errors, []);
        assert.ok(phone);
    } finally {
        await context.close();
    }
});
