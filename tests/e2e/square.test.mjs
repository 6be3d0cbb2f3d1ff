// Issue 6's journey: a visitor opens the home page with public songs, opens a genre list, searches a Chinese word from
// a title, plays a song, seeks (a real Range request), skips to both ends of the playlist and sees the messages, likes
// after logging in, and opens a shared link in a fresh browser.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, screenshot, horizontalOverflow, baseUrl, viewports } from './browser.mjs';
import { codeFor, loginThroughDialog, newPhone, requestCode } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
    await seedPublicSongs();
});
after(async () => {
    await browser?.close();
});

const post = async (path, body, token) =>
    (await fetch(baseUrl + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
        body: JSON.stringify(body),
    })).json();
const get = async (path, token) => (await fetch(baseUrl + path, { headers: token ? { Authorization: token } : {} })).json();

/// A maker publishes four songs (two tasks of two clips) made by the offline composer.
async function seedPublicSongs() {
    const phone = newPhone();
    assert.equal((await requestCode(phone)).code, 2000);
    const { token } = (await post('/login/phone', { phoneNumber: phone, code: await codeFor(phone) })).data;
    for (const [title, style] of [
        ['海边的夏天', '流行'],
        ['城市夜色', '摇滚'],
    ]) {
        const lyric = '[主歌]\n海风吹过我的脸\n夏天来到了眼前\n[副歌]\n我们唱着歌向前\n直到星星挂满天';
        const created = await post('/music/api/create/ace', { action: 'generate', custom: true, title, lyric, style, model: 'chirp-v3-5' }, token);
        assert.equal(created.code, 2000, JSON.stringify(created));
        const deadline = Date.now() + 120000;
        while ((await get('/music/song/generateNumber', token)).data > 0) {
            assert.ok(Date.now() < deadline, 'songs finished in time');
            await new Promise((r) => setTimeout(r, 500));
        }
        for (const id of created.data.songIds) {
            assert.equal((await post('/music/openSong', { openId: 1, nativeId: id }, token)).code, 2000);
        }
    }
}

test('a visitor discovers, searches, plays, seeks and skips; likes after logging in; opens a shared link', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        // Every audio request and answer: seeking must not download the file again from its start.
        const audioRequests = [];
        const audioStatuses = [];
        page.on('request', (r) => {
            if (r.url().includes('/media/') && r.url().endsWith('.mp3')) audioRequests.push({ url: r.url(), range: r.headers().range ?? '' });
        });
        page.on('response', (r) => {
            if (r.url().includes('/media/') && r.url().endsWith('.mp3')) audioStatuses.push(r.status());
        });
        await page.goto(baseUrl + '/');
        const latest = page.getByRole('region', { name: '最新歌曲' });
        await latest.getByRole('link', { name: '海边的夏天' }).first().waitFor();
        await page.getByRole('group', { name: '灵感推荐' }).getByRole('button').first().waitFor();
        assert.equal(await page.getByRole('group', { name: '灵感推荐' }).getByRole('button').count(), 3);
        await screenshot(page, 'desktop-home-with-songs');

        // A genre list: the pop card shows the pop songs only.
        await page.getByRole('link', { name: '流行', exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: '歌曲列表' }).waitFor();
        await page.getByRole('link', { name: '海边的夏天' }).first().waitFor();
        assert.equal(await page.getByRole('link', { name: '城市夜色' }).count(), 0);
        await screenshot(page, 'desktop-list-pop');

        // Search a Chinese word from a title.
        await page.goto(baseUrl + '/');
        await page.waitForLoadState('networkidle'); // home's search hydrates when its code arrives
        await page.getByRole('textbox', { name: '搜索歌曲' }).fill('夜色');
        await page.getByRole('button', { name: '搜索', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: '歌曲列表' }).waitFor();
        const rows = page.getByRole('link', { name: '城市夜色' });
        await rows.first().waitFor();
        assert.equal(await rows.count(), 2);
        assert.equal(await page.getByRole('link', { name: '海边的夏天' }).count(), 0);

        // Play the first result: the playlist holds both clips.
        await rows.first().click();
        await page.getByRole('heading', { level: 1, name: '播放器' }).waitFor();
        await page.getByRole('heading', { level: 2, name: '城市夜色' }).waitFor();
        await page.waitForFunction(() => {
            const a = document.getElementById('gequ-global-audio');
            return a && !a.paused && a.currentTime > 0.2;
        });
        await screenshot(page, 'desktop-player-playing');

        // Seek by dragging the slider to 60 %: playback resumes near that point, fetched with a Range request.
        const beforeSeek = audioRequests.length;
        const playing = await page.evaluate(() => document.getElementById('gequ-global-audio').currentSrc);
        // MUI's Slider: its range input is visually hidden, a person drags its root (the rail and the thumb).
        const slider = page
            .getByRole('slider', { name: '播放进度' })
            .locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " MuiSlider-root ")][1]');
        const box = await slider.boundingBox();
        await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
        await page.mouse.up();
        await page.waitForFunction(() => {
            const a = document.getElementById('gequ-global-audio');
            return a && !a.paused && a.duration > 0 && a.currentTime / a.duration > 0.5;
        });
        assert.ok(await slider.isVisible());
        // The browser streams with Range requests (206); after the seek it either had the bytes already or asked for a
        // later range, never for the whole file again.
        assert.ok(audioStatuses.includes(206), `audio answered with 206: ${audioStatuses.join(' ')}`);
        const again = audioRequests.slice(beforeSeek).filter((r) => r.url === playing && !/^bytes=[1-9]\d*-/.test(r.range));
        assert.deepEqual(again, [], 'seeking re-downloaded the file from its start');

        // Skip to both ends.
        const notice = page.getByRole('alert', { name: '提示' });
        await page.getByRole('button', { name: '上一首' }).click();
        await notice.getByText('已经是第一首了').waitFor();
        await notice.getByRole('button', { name: '关闭' }).click();
        await page.getByRole('button', { name: '下一首' }).click();
        await page.waitForFunction(() => {
            const a = document.getElementById('gequ-global-audio');
            return a && !a.paused && a.currentTime > 0.2;
        });
        await page.getByRole('button', { name: '下一首' }).click();
        await notice.getByText('已经是最后一首了').waitFor();
        await screenshot(page, 'desktop-player-last-track');
        await notice.waitFor({ state: 'hidden', timeout: 5000 }); // closes by itself after 2 s

        // Liking needs a login; after it the like sticks.
        await page.getByRole('button', { name: /^点赞 / }).click();
        await page.getByRole('dialog', { name: '登录' }).waitFor();
        await loginThroughDialog(page);
        await page.getByRole('heading', { level: 2, name: '城市夜色' }).waitFor();
        await page.getByRole('button', { name: /^点赞 / }).click();
        await page.getByRole('button', { name: /^取消点赞 / }).waitFor();

        // Share: the link opens the song in a fresh browser, loaded but not playing.
        const url = new URL(page.url());
        const ids = Buffer.from(decodeURIComponent(url.searchParams.get('ids')), 'base64').toString('utf8').split(',');
        const shared = await post('/music/share', { nativeId: ids[ids.length - 1] });
        assert.equal(shared.code, 2000);
        assert.ok(shared.data.url.includes('/musicPlayer?id='));
        const fresh = await openPage(browser, viewports.mobile);
        await fresh.page.goto(shared.data.url);
        await fresh.page.getByRole('heading', { level: 2, name: '城市夜色' }).waitFor();
        assert.equal(await fresh.page.evaluate(() => document.getElementById('gequ-global-audio')?.paused ?? true), true);
        assert.ok((await horizontalOverflow(fresh.page)) <= 0);
        await screenshot(fresh.page, 'mobile-player-shared-link');
        await fresh.context.close();
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});
