// Issue 14's journey: synced lyrics. A song made in custom mode by the offline composer has a timeline; its player page
// opens the lyric panel with one button per line, highlights (aria-current) the line being sung as the audio plays,
// moves on to the next line as the song goes on, and a click on a later line seeks there. 下载歌词 saves <title>.lrc,
// and GET /music/lrc answers a standard LRC file to the owner (and the download endpoints' 4040 to anyone else while
// the song is private).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openPage, screenshot, horizontalOverflow, baseUrl, viewports } from './browser.mjs';
import { loginThroughApi, apiAs } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

const b64 = (text) => Buffer.from(text, 'utf8').toString('base64');

/// The player's mm:ss (web/src/lib/format.ts formatDuration).
const mmss = (seconds) => {
    const total = Math.max(0, Math.floor(seconds));
    return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};
/// A line's button name (zh.player.jumpToLine).
const lineName = (line) => `跳到 ${mmss(line.start)}：${line.text}`;

/// The highlighted line's name and the playhead, read together in the page.
const sungNow = (page) =>
    page.evaluate(() => {
        const audio = document.getElementById('gequ-global-audio');
        const sung = document.querySelector('ol[aria-label="同步歌词"] [aria-current="true"]');
        return { name: sung?.getAttribute('aria-label') ?? null, time: audio?.currentTime ?? 0 };
    });

test('synced lyrics follow the song, a line seeks, and the LRC downloads', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        const { token } = await loginThroughApi(page);
        const { call, waitForSongs } = apiAs(token);

        // A custom-mode song with our own lyrics, made by the offline composer.
        const title = '夏夜的歌';
        const created = await call('POST', '/music/api/create/ace', {
            action: 'generate',
            custom: true,
            title,
            lyric: '[主歌]\n夏夜的海风吹过\n浪花一朵一朵\n[副歌]\n我们唱着歌向前\n直到星星挂满天',
            style: 'pop',
            model: 'chirp-v3-5',
        });
        assert.equal(created.code, 2000, JSON.stringify(created));
        await waitForSongs(2);
        const song = (await call('GET', '/music/song/list?page=1')).data.find((s) => s.title === title && s.complete === 1);
        assert.ok(song, 'the song finished');

        // The detail carries the timeline: lines in order, not overlapping, with times in seconds.
        const detail = await call('GET', `/music/getMusic?id=${encodeURIComponent(song.native_id)}`);
        assert.equal(detail.code, 2000, JSON.stringify(detail));
        const timeline = detail.data.timeline;
        assert.ok(Array.isArray(timeline) && timeline.length >= 2, `timeline: ${JSON.stringify(timeline)}`);
        for (const [i, line] of timeline.entries()) {
            assert.equal(typeof line.text, 'string');
            assert.ok(Array.isArray(line.words));
            assert.ok(line.start >= 0 && line.end >= line.start, JSON.stringify(line));
            if (i > 0) assert.ok(line.start >= timeline[i - 1].end, `line ${i} overlaps the one before`);
        }
        assert.ok(timeline[timeline.length - 1].end <= detail.data.duration + 1);

        // The player: the lyric panel is open with one button per line; nothing is sung before playing.
        await page.goto(baseUrl + `/musicPlayer?id=${encodeURIComponent(b64(song.native_id))}`);
        await page.getByRole('heading', { level: 2, name: title }).waitFor();
        const lyrics = page.getByRole('list', { name: '同步歌词' });
        await lyrics.waitFor();
        assert.equal(await lyrics.getByRole('button').count(), timeline.length);
        assert.equal(await lyrics.getByRole('button').first().getAttribute('aria-label'), lineName(timeline[0]));
        assert.equal((await sungNow(page)).name, null);

        // Play: once the first line has begun, the line at the playhead carries aria-current.
        await page.getByRole('button', { name: '播放/暂停' }).click();
        await page.waitForFunction(
            (start) => {
                const a = document.getElementById('gequ-global-audio');
                return a && !a.paused && a.currentTime > start + 0.3;
            },
            timeline[0].start,
            { timeout: (timeline[0].start + 20) * 1000 },
        );
        await page.locator('ol[aria-label="同步歌词"] [aria-current="true"]').first().waitFor();
        const first = await sungNow(page);
        const firstIndex = timeline.findIndex((line) => lineName(line) === first.name);
        assert.ok(firstIndex >= 0, `the sung line ${first.name} is one of the timeline`);
        // The line at the playhead (a timeupdate may lag a quarter of a second).
        assert.ok(timeline[firstIndex].start <= first.time + 0.5, `${first.name} at ${first.time}s`);
        assert.ok(first.time < timeline[firstIndex].end + 2, `${first.name} at ${first.time}s`);
        assert.equal(await lyrics.locator('[aria-current="true"]').count(), 1);
        await screenshot(page, 'desktop-player-synced-lyrics');

        // As the song plays on, the highlight moves to a later line.
        const next = timeline[firstIndex + 1];
        assert.ok(next, 'a line follows the first sung one');
        await page.waitForFunction(
            ([before]) => {
                const sung = document.querySelector('ol[aria-label="同步歌词"] [aria-current="true"]');
                return sung && sung.getAttribute('aria-label') !== before;
            },
            [first.name],
            { timeout: (next.start - first.time + 20) * 1000 },
        );
        const moved = await sungNow(page);
        const movedIndex = timeline.findIndex((line) => lineName(line) === moved.name);
        assert.ok(movedIndex > firstIndex, `${moved.name} comes after ${first.name}`);

        // Clicking the last line seeks to its start (and keeps playing): it becomes the sung line.
        const last = timeline[timeline.length - 1];
        await lyrics.getByRole('button', { name: lineName(last) }).click();
        await page.waitForFunction(
            (start) => {
                const a = document.getElementById('gequ-global-audio');
                return a && !a.seeking && a.currentTime >= start - 0.05 && a.currentTime < start + 2;
            },
            last.start,
            { timeout: 10000 },
        );
        await page.waitForFunction(
            (name) => document.querySelector('ol[aria-label="同步歌词"] [aria-current="true"]')?.getAttribute('aria-label') === name,
            lineName(last),
            { timeout: 5000 },
        );
        assert.ok((await horizontalOverflow(page)) <= 0);
        await screenshot(page, 'desktop-player-lyrics-seeked');

        // 下载歌词: the front end saves <title>.lrc, a standard LRC whose first timed line is [mm:ss.xx].
        const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', { name: '下载歌词（LRC）' }).click(),
        ]);
        assert.equal(download.suggestedFilename(), `${title}.lrc`);
        const saved = readFileSync(await download.path(), 'utf8');

        // GET /music/lrc directly: text/plain, an attachment named after the title, the same file.
        const response = await fetch(baseUrl + `/music/lrc?id=${encodeURIComponent(song.native_id)}`, {
            headers: { Authorization: token },
        });
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
        const disposition = response.headers.get('content-disposition') ?? '';
        const encoded = disposition.match(/filename\*=UTF-8''([^;]+)/i);
        assert.ok(encoded, disposition);
        assert.equal(decodeURIComponent(encoded[1]), `${title}.lrc`);
        const lrc = await response.text();
        assert.equal(saved, lrc);
        const timed = lrc.split(/\r?\n/).filter((l) => /^\[\d/.test(l));
        assert.ok(timed.length >= timeline.length, lrc);
        assert.match(timed[0], /^\[\d\d:\d\d\.\d\d\]/);
        assert.ok(timed[0].includes(timeline[0].text.trim()), `${timed[0]} vs ${timeline[0].text}`);
        // Every line's time is the timeline's start to the hundredth, with its text.
        for (const [i, line] of timeline.entries()) {
            const [, mm, ss] = timed[i].match(/^\[(\d+):(\d\d\.\d\d)\]/);
            assert.ok(Math.abs(Number(mm) * 60 + Number(ss) - line.start) <= 0.011, `${timed[i]} vs ${line.start}`);
            assert.ok(timed[i].endsWith(line.text), `${timed[i]} vs ${line.text}`);
        }

        // The song is still private: a visitor gets the download endpoints' JSON error, not the lyrics.
        const visitor = await fetch(baseUrl + `/music/lrc?id=${encodeURIComponent(song.native_id)}`);
        assert.equal(visitor.status, 404);
        assert.equal((await visitor.json()).code, 4040);
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }
});
