// Issue 14's journeys on my works: a free user is offered no WAV (and the API says why: the member benefit); after
// redeeming a member code the works card downloads a lossless WAV that decodes as 44.1 kHz stereo with the song's
// length; then 继续创作 continues the song from a chosen second, charging one create, and the extension appears in
// my works.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, openPage, screenshot, baseUrl, viewports } from './browser.mjs';
import { admin, loginThroughApi, apiAs } from './accounts.mjs';

let browser;
before(async () => {
    browser = await launch();
});
after(async () => {
    await browser?.close();
});

/// The canonical RIFF/WAVE header of a file: channels, sample rate, bits, seconds.
function wavFormat(bytes) {
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(bytes.subarray(8, 12).toString('latin1'), 'WAVE');
    assert.equal(bytes.subarray(36, 40).toString('latin1'), 'data');
    const channels = bytes.readUInt16LE(22);
    const rate = bytes.readUInt32LE(24);
    const bits = bytes.readUInt16LE(34);
    const data = bytes.readUInt32LE(40);
    return { channels, rate, bits, seconds: data / (channels * (bits / 8)) / rate };
}

test('WAV for members and 继续创作 from my works', async () => {
    const { context, page, errors } = await openPage(browser, viewports.desktop);
    try {
        const { phone, token } = await loginThroughApi(page);
        const { call, waitForSongs } = apiAs(token);
        const created = await call('POST', '/music/api/create/ace', {
            action: 'generate',
            custom: true,
            title: '海风',
            lyric: '[主歌]\n海风吹过沙滩\n浪花一朵朵\n[副歌]\n我们唱着歌',
            style: 'pop',
            model: 'chirp-v3-5',
        });
        assert.equal(created.code, 2000, JSON.stringify(created));
        await waitForSongs(2);
        const [song] = (await call('GET', '/music/song/list?page=1')).data;

        // A free user: no WAV on the card, and the API names the member benefit.
        await page.goto(baseUrl + '/mywork');
        const card = page.getByRole('article', { name: '海风', exact: true }).first();
        await card.getByRole('button', { name: '下载', exact: true }).waitFor();
        assert.equal(await card.getByRole('button', { name: '下载无损 WAV（会员）' }).count(), 0);
        const refused = await call('GET', `/music/download?id=${song.native_id}&format=wav`);
        assert.equal(refused.code, 4030);
        assert.match(refused.message, /会员专享/);

        // A member (a 体验日卡 code, level 1): the card offers the WAV, which is lossless 44.1 kHz stereo of the song.
        const code = admin('redeem', 'create', '--points', '20', '--plan', '2', '--note', 'e2e wav').trim().split('\n')[0];
        assert.equal((await call('POST', '/user/redeem', { code })).code, 2000);
        await page.reload();
        const wavButton = page.getByRole('article', { name: '海风', exact: true }).first()
            .getByRole('button', { name: '下载无损 WAV（会员）' });
        await wavButton.waitFor();
        await screenshot(page, 'desktop-mywork-member-wav');
        const [download] = await Promise.all([page.waitForEvent('download'), wavButton.click()]);
        assert.equal(download.suggestedFilename(), '海风.wav');
        const format = wavFormat(readFileSync(await download.path()));
        assert.equal(format.rate, 44100);
        assert.equal(format.channels, 2);
        assert.equal(format.bits, 16);
        const first = (await call('GET', '/music/song/list?page=1')).data.find((s) => s.title === '海风');
        assert.ok(Math.abs(format.seconds - first.duration) < 1, `${format.seconds} s vs ${first.duration} s`);

        // 继续创作 from 30 s: one create's points, and two more songs in my works.
        const before = (await call('GET', '/user/select')).data.integral;
        await page.getByRole('article', { name: '海风', exact: true }).first()
            .getByRole('button', { name: '继续创作' }).click();
        const dialog = page.getByRole('dialog', { name: '继续创作' });
        await dialog.waitFor();
        const slider = dialog.getByRole('slider', { name: '续写起点' });
        await slider.focus();
        await page.keyboard.press('Home');
        for (let i = 1; i < 30; i++) await page.keyboard.press('ArrowRight');
        await dialog.getByText(/从 00:30 处继续/).waitFor();
        await dialog.getByRole('textbox', { name: '新歌词' }).fill('[主歌]\n海风还在吹\n我们还在唱');
        await screenshot(page, 'desktop-mywork-extend-dialog');
        await dialog.getByRole('button', { name: '开始续写' }).click();
        await page.getByText('任务提交成功，扣除积分：10').first().waitFor();
        await waitForSongs(4);
        assert.equal((await call('GET', '/user/select')).data.integral, before - 10);
        const mine = (await call('GET', '/music/song/list?page=1')).data;
        assert.equal(mine.filter((s) => s.title === '海风' && s.complete === 1).length, 4);
        assert.match(admin('check'), /OK/);
        assert.deepEqual(errors, []);
        assert.ok(phone);
    } finally {
        await context.close();
    }
});
