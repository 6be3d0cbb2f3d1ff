// Issue 29's journey: 工作室. A person splits one of their songs into 人声 and 伴奏 from its card on my works (the
// confirm dialog names the 5 points first), finds the two stem songs in my works and plays one; as a free user asks for
// the MIDI and is told it is a member benefit; as a member downloads the MIDI (a Standard MIDI File) and the ZIP of the
// stems; then opens a public song of someone else's from the square and makes a cover of it in another style with the
// genre picker. The cover appears in my works and its player page credits the original (翻唱自《…》 · its owner),
// linking to it. The menu and every dialog are axe-clean in both themes at 375 and 1920 px, and nothing scrolls
// sideways.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { launch, openPage, screenshot, horizontalOverflow, baseUrl, viewports } from './browser.mjs';
import { admin, loginThroughApi, apiAs, apiUser } from './accounts.mjs';

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

/// A custom-mode song by the composer, finished: the first of its two songs.
async function makeSong(api, title, lyric, count) {
    const created = await api.call('POST', '/music/api/create/ace', {
        action: 'generate',
        custom: true,
        title,
        lyric,
        style: 'pop',
        model: 'chirp-v3-5',
    });
    assert.equal(created.code, 2000, JSON.stringify(created));
    await api.waitForSongs(count);
    const song = (await api.call('GET', '/music/song/list?page=1')).data.find((s) => s.title === title && s.complete === 1);
    assert.ok(song, `${title} finished`);
    return song;
}

const MENU = '[role="menu"]';
const DIALOG = '[role="dialog"]';

test('工作室: stems in my works, the MIDI for members, and a cover of a square song credited on its player', async () => {
    // Someone else's public song on the square, by 晚风歌手.
    const singer = await apiUser();
    const profile = (await singer.call('GET', '/user/select')).data;
    assert.equal((await singer.call('POST', '/user/updateUserName', { id: profile.id, nickname: '晚风歌手' })).code, 2000);
    const original = await makeSong(singer, '晚风', '[主歌]\n晚风吹过山岗\n星星挂在天上\n[副歌]\n我们一起歌唱', 2);
    assert.equal((await singer.call('POST', '/music/openSong', { nativeId: original.native_id, openId: 1 })).code, 2000);

    const { context, page, errors } = await openPage(browser, viewports.desktop);
    let token;
    try {
        ({ token } = await loginThroughApi(page));
        const api = apiAs(token);
        const mine = async () => (await api.call('GET', '/music/song/list?page=1')).data;
        const points = async () => (await api.call('GET', '/user/select')).data.integral;
        const song = await makeSong(api, '海浪', '[主歌]\n海浪拍打着礁石\n月光洒满沙滩\n[副歌]\n我们唱着歌回家', 2);
        assert.equal(await points(), 10);

        // 分离音轨 from the card: the confirm dialog names the two stems and the 5 points before anything is sent.
        await page.goto(baseUrl + '/mywork');
        await page.getByRole('heading', { level: 1, name: '我的作品' }).waitFor();
        const card = page.getByRole('article', { name: '海浪', exact: true }).first();
        await card.getByRole('button', { name: '工作室' }).click();
        const menu = page.getByRole('menu', { name: '工作室' });
        await menu.waitFor();
        await page.waitForTimeout(400); // the menu's entering transition
        await screenshot(page, 'desktop-mywork-studio-menu');
        await menu.getByRole('menuitem', { name: /分离音轨/ }).click();
        const stemsDialog = page.getByRole('dialog', { name: '分离音轨' });
        await stemsDialog.getByText(/人声和伴奏.*消耗 5 积分/).waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, 'desktop-mywork-stems-dialog');
        const [request] = await Promise.all([
            page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/music/api/create/ace')),
            stemsDialog.getByRole('button', { name: '开始分离' }).click(),
        ]);
        const sent = request.postDataJSON();
        assert.equal(sent.action, 'stems');
        const split = sent.audio_id;
        await page.getByText('任务提交成功，扣除积分：5').first().waitFor();
        await stemsDialog.waitFor({ state: 'hidden' });

        // The two stem songs finish in my works: 《海浪》人声 and 《海浪》伴奏, made from the song clicked.
        await api.waitForSongs(4);
        const stems = (await mine()).filter((s) => s.origin === 'stems');
        assert.deepEqual(stems.map((s) => s.title).sort(), ['《海浪》人声', '《海浪》伴奏'].sort());
        for (const stem of stems) {
            assert.equal(stem.complete, 1);
            assert.equal(stem.source_id, split);
        }
        assert.equal(await points(), 5);
        const splitTitle = (await mine()).find((s) => s.native_id === split).title;
        assert.equal(splitTitle, '海浪');

        // One plays from its card.
        await page.reload();
        const vocal = page.getByRole('article', { name: '《海浪》人声', exact: true });
        await vocal.getByText('人声音轨').waitFor(); // the card's title is cut after five characters
        await vocal.getByRole('button', { name: '播放' }).click();
        await vocal.getByRole('button', { name: '暂停' }).waitFor();
        await page.waitForFunction(() => {
            const audio = document.querySelector('audio');
            return audio && !audio.paused && audio.currentTime > 0;
        });
        await vocal.getByRole('button', { name: '暂停' }).click();
        await screenshot(page, 'desktop-mywork-stems');

        // A free user asking for the MIDI is told it is a member benefit; nothing is downloaded.
        const openStudio = async (name) => {
            await page.getByRole('article', { name, exact: true }).first().getByRole('button', { name: '工作室' }).click();
            await menu.waitFor();
        };
        await openStudio('《海浪》人声');
        await menu.getByRole('menuitem', { name: /下载 MIDI.*会员专享/ }).click();
        const memberDialog = page.getByRole('dialog', { name: '会员专享' });
        await memberDialog.getByText('MIDI 下载是会员专享权益，开通会员后即可下载').waitFor();
        await page.waitForTimeout(400);
        await screenshot(page, 'desktop-mywork-midi-members-only');
        await memberDialog.getByRole('button', { name: '取消' }).click();
        await memberDialog.waitFor({ state: 'hidden' });

        // A member (a 体验日卡 code with 30 points): the MIDI is a Standard MIDI File named after the song.
        const code = admin('redeem', 'create', '--points', '30', '--plan', '2', '--note', 'e2e studio').trim().split('\n')[0];
        assert.equal((await api.call('POST', '/user/redeem', { code })).code, 2000);
        await page.reload();
        await page.getByRole('article', { name: '海浪', exact: true }).first().waitFor();
        // The source song's card (the other 海浪 has no stems): its menu offers the stems' ZIP.
        const sourceCard = page.locator('article').filter({ has: page.getByRole('heading', { name: '海浪', exact: true }) });
        let sourceIndex = -1;
        for (let i = 0; i < (await sourceCard.count()); i += 1) {
            await sourceCard.nth(i).getByRole('button', { name: '工作室' }).click();
            await menu.waitFor();
            if ((await menu.getByRole('menuitem', { name: /^下载全部音轨\s*MP3/ }).count()) > 0) {
                sourceIndex = i;
                break;
            }
            await page.keyboard.press('Escape');
            await menu.waitFor({ state: 'hidden' });
        }
        assert.ok(sourceIndex >= 0, 'the split song offers 下载全部音轨');
        const [midi] = await Promise.all([
            page.waitForEvent('download'),
            menu.getByRole('menuitem', { name: /下载 MIDI/ }).click(),
        ]);
        assert.equal(midi.suggestedFilename(), '海浪.mid');
        assert.equal(readFileSync(await midi.path()).subarray(0, 4).toString('latin1'), 'MThd');

        await sourceCard.nth(sourceIndex).getByRole('button', { name: '工作室' }).click();
        await menu.waitFor();
        const [zip] = await Promise.all([
            page.waitForEvent('download'),
            menu.getByRole('menuitem', { name: /^下载全部音轨\s*MP3/ }).click(),
        ]);
        assert.equal(zip.suggestedFilename(), '海浪 音轨.zip');
        const zipBytes = readFileSync(await zip.path());
        assert.equal(zipBytes.subarray(0, 2).toString('latin1'), 'PK');
        for (const name of ['《海浪》人声.mp3', '《海浪》伴奏.mp3']) {
            assert.ok(zipBytes.includes(Buffer.from(name, 'utf8')), `the ZIP holds ${name}`);
        }

        // A public song on the square: its player page, 工作室, 换个风格 with the genre picker and a new title.
        await page.goto(baseUrl + '/');
        await page.getByRole('region', { name: '最新歌曲' }).getByRole('link', { name: '晚风' }).first().click();
        await page.getByRole('heading', { name: '晚风' }).first().waitFor();
        await page.getByRole('button', { name: '工作室' }).click();
        await menu.waitFor();
        assert.equal(await menu.getByRole('menuitem', { name: /分离音轨/ }).count(), 0, 'not theirs to split');
        await menu.getByRole('menuitem', { name: /换个风格/ }).click();
        const coverDialog = page.getByRole('dialog', { name: '换个风格' });
        await coverDialog.getByText(/保留《晚风》.*消耗 10 积分/).waitFor();
        await coverDialog.getByRole('button', { name: '摇滚', exact: true }).first().click();
        await coverDialog.getByRole('textbox', { name: '新歌名（可选）' }).fill('晚风（摇滚版）');
        await screenshot(page, 'desktop-player-cover-dialog');
        const [coverRequest] = await Promise.all([
            page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/music/api/create/ace')),
            coverDialog.getByRole('button', { name: '开始换风格' }).click(),
        ]);
        const coverBody = coverRequest.postDataJSON();
        assert.equal(coverBody.action, 'cover');
        assert.equal(coverBody.title, '晚风（摇滚版）');
        await page.getByText('任务提交成功，扣除积分：10').first().waitFor();
        await page.waitForURL(/\/mywork$/);
        await page.getByRole('article', { name: '晚风（摇滚版）', exact: true }).first().waitFor();

        // The cover finishes in my works, in the new style, credited on its player page.
        await api.waitForSongs(6);
        const covers = (await mine()).filter((s) => s.origin === 'cover');
        assert.equal(covers.length, 2);
        for (const cover of covers) {
            assert.equal(cover.complete, 1);
            assert.equal(cover.title, '晚风（摇滚版）');
            assert.equal(cover.source_id, coverBody.audio_id);
            assert.match(cover.tags, /rock/i);
        }
        await page.reload();
        await page.getByRole('article', { name: '晚风（摇滚版）', exact: true }).first().getByText('换风格').waitFor();
        await page.goto(baseUrl + `/musicPlayer?id=${Buffer.from(covers[0].native_id).toString('base64')}`);
        const credit = page.getByRole('link', { name: '《晚风》' });
        await credit.waitFor();
        await page.getByText('翻唱自《晚风》 · 晚风歌手').waitFor();
        await screenshot(page, 'desktop-player-cover-credit');
        await credit.click();
        await page.getByRole('heading', { name: '晚风', exact: true }).first().waitFor();
        assert.equal(await page.getByText('翻唱自').count(), 0);
        assert.match(admin('check'), /OK/);
        assert.deepEqual(errors, []);
    } finally {
        await context.close();
    }

    // The menu and its dialogs are accessible in both themes at 375 and 1920 px; nothing scrolls sideways.
    const problems = [];
    const coverId = (await apiAs(token).call('GET', '/music/song/list?page=1')).data.find((s) => s.origin === 'cover').native_id;
    for (const [size, viewport] of Object.entries(viewports)) {
        for (const colorScheme of ['light', 'dark']) {
            const tag = `${size}-${colorScheme}`;
            const themed = await browser.newContext({ viewport, colorScheme, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
            try {
                await themed.addInitScript((t) => localStorage.setItem('Authorization', t), token);
                const page = await themed.newPage();
                const errors = [];
                page.on('pageerror', (e) => errors.push(e.message));
                await page.goto(baseUrl + '/mywork', { waitUntil: 'networkidle' });
                const card = page.getByRole('article', { name: '《海浪》人声', exact: true });
                await card.getByRole('button', { name: '工作室' }).click();
                const menu = page.getByRole('menu', { name: '工作室' });
                await menu.waitFor();
                for (const line of await axeViolations(page, MENU)) problems.push(`studio menu (${tag}): ${line}`);
                assert.equal(await horizontalOverflow(page), 0, `/mywork scrolls sideways (${tag})`);
                await screenshot(page, `${tag}-mywork-studio-menu`);
                await page.keyboard.press('Escape');
                await menu.waitFor({ state: 'hidden' });
                await page.getByRole('article', { name: '晚风（摇滚版）', exact: true }).first().getByRole('button', { name: '工作室' }).click();
                await menu.waitFor();
                await menu.getByRole('menuitem', { name: /分离音轨/ }).click();
                const stems = page.getByRole('dialog', { name: '分离音轨' });
                await stems.waitFor();
                for (const line of await axeViolations(page, DIALOG)) problems.push(`stems dialog (${tag}): ${line}`);
                await stems.getByRole('button', { name: '取消' }).click();
                await stems.waitFor({ state: 'hidden' });

                await page.goto(baseUrl + `/musicPlayer?id=${Buffer.from(coverId).toString('base64')}`, { waitUntil: 'networkidle' });
                await page.getByText('翻唱自').waitFor();
                for (const line of await axeViolations(page)) problems.push(`player with credit (${tag}): ${line}`);
                assert.equal(await horizontalOverflow(page), 0, `/musicPlayer scrolls sideways (${tag})`);
                await screenshot(page, `${tag}-player-cover-credit`);
                await page.getByRole('button', { name: '工作室' }).click();
                await menu.waitFor();
                await menu.getByRole('menuitem', { name: /下载 MIDI/ }).waitFor();
                await page.keyboard.press('Escape');
                await menu.waitFor({ state: 'hidden' });
                await page.getByRole('link', { name: '《晚风》' }).click();
                await page.getByRole('heading', { name: '晚风', exact: true }).first().waitFor();
                await page.getByRole('button', { name: '工作室' }).click();
                await menu.getByRole('menuitem', { name: /换个风格/ }).click();
                const cover = page.getByRole('dialog', { name: '换个风格' });
                await cover.waitFor();
                for (const line of await axeViolations(page, DIALOG)) problems.push(`cover dialog (${tag}): ${line}`);
                assert.equal(await horizontalOverflow(page), 0, `the cover dialog scrolls sideways (${tag})`);
                await screenshot(page, `${tag}-player-cover-dialog`);
                await cover.getByRole('button', { name: '取消' }).click();
                await cover.waitFor({ state: 'hidden' });
                assert.deepEqual(errors, []);
            } finally {
                await themed.close();
            }
        }
    }
    assert.deepEqual(problems, []);
});
