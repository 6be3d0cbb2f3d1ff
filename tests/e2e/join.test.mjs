// Issue 14's journey: 合成完整歌曲. A custom-mode song (the composer) is continued from 20 s with 继续创作 (through the
// API); on my works the finished extension offers 合成完整歌曲, whose confirm dialog joins the extension with the song
// it continues into one whole song, for free. The joined song (origin concat, the extension's title) lasts the 20 s
// kept of the original plus the extension, plays as an MP3, and is labelled 完整版 on its card (the extensions
// 续写作品). The cards and the dialog are axe-clean in the light and the dark theme, and nothing scrolls sideways at
// 375 px.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, openPage, screenshot, horizontalOverflow, baseUrl, viewports } from './browser.mjs';
import { admin, loginThroughApi, apiAs } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

/// axe violations of the page (or of `scope`), one line each, once entering transitions are over.
async function axeViolations(page, scope) {
    await page.waitForTimeout(400);
    const builder = new AxeBuilder({ page });
    if (scope) builder.include(scope);
    const { violations } = await builder.analyze();
    return violations.map(
        (v) => `${v.id} (${v.impact}): ${v.help} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/// Whether the bytes start like an MP3: an ID3v2 tag or an MPEG audio frame sync.
function looksLikeMp3(bytes) {
    if (bytes.subarray(0, 3).toString('latin1') === 'ID3') return true;
    return bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0;
}

test('合成完整歌曲 joins an extension with its song, free, into one whole song', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    let token;
    try {
        ({ token } = await loginThroughApi(page));
        const { call, waitForSongs } = apiAs(token);
        const mine = async () => (await call('GET', '/music/song/list?page=1')).data;
        const points = async () => (await call('GET', '/user/select')).data.integral;
        const start = await points();

        // A custom-mode song by the composer: two finished songs, 10 points.
        const created = await call('POST', '/music/api/create/ace', {
            action: 'generate',
            custom: true,
            title: '海浪',
            lyric: '[主歌]\n海浪拍打着礁石\n月光洒满沙滩\n[副歌]\n我们唱着歌回家',
            style: 'pop',
            model: 'chirp-v3-5',
        });
        assert.equal(created.code, 2000, JSON.stringify(created));
        await waitForSongs(2);
        const song = (await mine()).find((s) => s.title === '海浪' && s.complete === 1);
        assert.ok(song, 'the song finished');
        assert.equal(song.origin, 'generate');
        assert.equal(song.source_id, '');
        assert.ok(song.duration > 20, `the song lasts ${song.duration} s`);

        // 继续创作 from 20 s through the API: two finished extensions of it, 10 more points.
        const extended = await call('POST', '/music/api/create/ace', {
            action: 'extend',
            audio_id: song.native_id,
            continue_at: 20,
            custom: true,
            title: '海浪续',
            lyric: '[主歌]\n潮水退去又回来\n[副歌]\n我们还在唱',
            style: 'pop',
            model: 'chirp-v3-5',
        });
        assert.equal(extended.code, 2000, JSON.stringify(extended));
        await waitForSongs(4);
        const extensions = (await mine()).filter((s) => s.title === '海浪续');
        assert.equal(extensions.length, 2);
        for (const extension of extensions) {
            assert.equal(extension.complete, 1);
            assert.equal(extension.origin, 'extend');
            assert.equal(extension.source_id, song.native_id);
        }
        assert.equal(await points(), start - 20);

        // My works: the extensions say 续写作品 and offer 合成完整歌曲; the original offers no join.
        await page.goto(baseUrl + '/mywork');
        await page.getByRole('heading', { level: 1, name: '我的作品' }).waitFor();
        const extensionCard = page.getByRole('article', { name: '海浪续', exact: true }).first();
        await extensionCard.getByRole('button', { name: '合成完整歌曲' }).waitFor();
        await extensionCard.getByText('续写作品').waitFor();
        const originalCard = page.getByRole('article', { name: '海浪', exact: true }).first();
        await originalCard.getByRole('button', { name: '继续创作' }).waitFor();
        assert.equal(await originalCard.getByRole('button', { name: '合成完整歌曲' }).count(), 0);

        // The confirm dialog says it is free; 开始合成 sends {action: concat, audio_id} for the clicked extension.
        await extensionCard.getByRole('button', { name: '合成完整歌曲' }).click();
        const dialog = page.getByRole('dialog', { name: '合成完整歌曲' });
        await dialog.waitFor();
        await dialog.getByText(/不消耗积分/).waitFor();
        await screenshot(page, 'desktop-mywork-join-dialog');
        const [request] = await Promise.all([
            page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/music/api/create/ace')),
            dialog.getByRole('button', { name: '开始合成' }).click(),
        ]);
        const sent = request.postDataJSON();
        assert.equal(sent.action, 'concat');
        const extension = extensions.find((s) => s.native_id === sent.audio_id);
        assert.ok(extension, `the join was asked for an extension: ${JSON.stringify(sent)}`);
        await page.getByText('任务提交成功，扣除积分：0').first().waitFor();
        await dialog.waitFor({ state: 'hidden' });

        // One new song, which finishes: origin concat, the extension's title, 20 s of the original plus the extension.
        await waitForSongs(5);
        const songs = await mine();
        assert.equal(songs.length, 5);
        const joined = songs.filter((s) => s.origin === 'concat');
        assert.equal(joined.length, 1, JSON.stringify(songs.map((s) => [s.title, s.origin, s.complete])));
        const whole = joined[0];
        assert.equal(whole.complete, 1);
        assert.equal(whole.title, '海浪续');
        assert.equal(whole.source_id, extension.native_id);
        assert.ok(
            Math.abs(whole.duration - (20 + extension.duration)) <= 1.5,
            `joined ${whole.duration} s vs 20 + ${extension.duration} s`,
        );

        // Points: 10 for the create, 10 for the extension, nothing for the join; the ledger holds.
        assert.equal(await points(), start - 20);
        assert.match(admin('check'), /OK/);

        // The joined song's audio: an MP3 of about its length (the composer's 192 kbps, with room for other rates).
        const detail = await call('GET', `/music/getMusic?id=${encodeURIComponent(whole.native_id)}`);
        assert.equal(detail.code, 2000, JSON.stringify(detail));
        assert.ok(Math.abs(detail.data.duration - whole.duration) <= 1.5, `${detail.data.duration} vs ${whole.duration}`);
        const response = await fetch(baseUrl + `/music/download?id=${encodeURIComponent(whole.native_id)}`, {
            headers: { Authorization: token },
        });
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /^audio\/mpeg/);
        const bytes = Buffer.from(await response.arrayBuffer());
        assert.ok(looksLikeMp3(bytes), `not an MP3: ${bytes.subarray(0, 4).toString('hex')}`);
        const kbps = (bytes.length * 8) / 1000 / whole.duration;
        assert.ok(kbps > 64 && kbps < 400, `${bytes.length} bytes for ${whole.duration} s (${kbps.toFixed(0)} kbps)`);

        // The card: the works page reloads when the generation ends; the joined song says 完整版 and plays.
        await page.reload();
        const wholeCard = page.getByRole('article', { name: '海浪续', exact: true }).filter({ hasText: '完整版' });
        await wholeCard.getByRole('button', { name: '播放' }).waitFor();
        assert.equal(await wholeCard.count(), 1);
        assert.equal(await wholeCard.getByRole('button', { name: '合成完整歌曲' }).count(), 0);
        await screenshot(page, 'desktop-mywork-joined');
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }

    // The labels, the join action and its dialog are accessible in both themes, and 375 px does not scroll sideways.
    const problems = [];
    for (const [size, viewport] of Object.entries(viewports)) {
        for (const colorScheme of ['light', 'dark']) {
            const tag = `${size}-${colorScheme}`;
            const themed = await browser.newContext({ viewport, colorScheme, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
            try {
                await themed.addInitScript((t) => localStorage.setItem('Authorization', t), token);
                const page = await themed.newPage();
                const errors = [];
                page.on('pageerror', (e) => errors.push(e.message));
                await page.goto(baseUrl + '/mywork');
                await page.getByRole('heading', { level: 1, name: '我的作品' }).waitFor();
                const card = page.getByRole('article', { name: '海浪续', exact: true }).filter({ hasText: '续写作品' }).first();
                await card.getByRole('button', { name: '合成完整歌曲' }).waitFor();
                await page.waitForLoadState('networkidle');
                for (const line of await axeViolations(page)) problems.push(`/mywork (${tag}): ${line}`);
                assert.equal(await horizontalOverflow(page), 0, `/mywork scrolls sideways (${tag})`);
                await screenshot(page, `${tag}-mywork-join-labels`);
                await card.getByRole('button', { name: '合成完整歌曲' }).click();
                const dialog = page.getByRole('dialog', { name: '合成完整歌曲' });
                await dialog.waitFor();
                for (const line of await axeViolations(page, '[role="dialog"], dialog[open]')) problems.push(`join dialog (${tag}): ${line}`);
                await dialog.getByRole('button', { name: '取消' }).click();
                await dialog.waitFor({ state: 'hidden' });
                assert.deepEqual(errors, []);
            } finally {
                await themed.close();
            }
        }
    }
    assert.deepEqual(problems, []);
});
