// My works before the app (docs/web-performance.md): on /mywork a signed-in user's first cards are drawn by the entry
// from the works page it asked for (web/src/lib/works-preview.ts), before React, MUI and the app have arrived, and the
// app's cards then take their places without anything moving.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, screenshot, baseUrl, viewports } from './browser.mjs';
import { apiUser } from './accounts.mjs';

let browser;
let token;
let songs;
before(async () => {
    browser = await launch();
    const api = await apiUser();
    token = api.token;
    const created = await api.call('POST', '/music/api/create/ace', {
        action: 'generate', audio_id: '', continue_at: 0, model: 'chirp-v3-5', instrumental: false, custom: true,
        prompt: '', title: '提前画好的卡片', lyric: '[主歌]\n封面先到\n[副歌]\n卡片不动', style: 'pop', gender: 'female',
    });
    assert.equal(created.code, 2000, JSON.stringify(created));
    await api.waitForSongs(2);
    songs = (await api.call('GET', '/music/song/list?page=1')).data;
});
after(async () => {
    await browser?.close();
});

const boxes = (locator) => locator.evaluateAll((els) => els.map((e) => JSON.stringify(e.getBoundingClientRect())));

for (const [name, viewport] of [
    ['375 px', viewports.mobile],
    ['1920 px', viewports.desktop],
]) {
    test(`/mywork at ${name} draws the first cards before the app, and the app's cards take their places`, async () => {
        const context = await browser.newContext({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
        await context.addInitScript((t) => localStorage.setItem('Authorization', t), token);
        const page = await context.newPage();
        const errors = [];
        page.on('pageerror', (e) => errors.push(e.message));
        // The app's chunks (not the entry's, nor the preview's) are held back, as on a slow phone network, until the
        // preview has been checked: at least 2 s, and however long the server takes to answer the works page (a fixed
        // delay made the test depend on the machine's speed: on a busy one the app could come first).
        let release;
        const released = new Promise((r) => (release = r));
        const held = Promise.all([released, new Promise((r) => setTimeout(r, 2000))]);
        await page.route(/\/assets\/(?!early-fetch|works-preview|index).*\.js$/, async (route) => {
            await held;
            await route.continue();
        });
        try {
            await page.goto(baseUrl + '/mywork', { waitUntil: 'domcontentloaded' });
            const preview = page.locator('.gq-works-preview > article');
            await preview.nth(1).waitFor({ timeout: 20000 });
            assert.equal(await page.locator('#root[data-hydrated]').count(), 0, 'the app ran before the preview was checked');
            assert.equal(await preview.count(), 2);
            // The loading state is not shown meanwhile; the cards carry the songs' covers, titles, dates and counts.
            assert.equal(await page.locator('.gq-works-preview + *').isVisible(), false, 'the loading state shows too');
            for (const [i, song] of songs.entries()) {
                const card = preview.nth(i);
                assert.equal(await card.getAttribute('aria-label'), song.title);
                assert.equal(await card.locator('img').getAttribute('src'), song.native_image_url);
                assert.equal(await card.locator('h2').textContent(), '提前画好的…');
                assert.match(await card.locator('time').textContent(), /^\d{4}-\d{2}-\d{2}$/);
            }
            await page.waitForFunction(
                () => [...document.querySelectorAll('.gq-works-preview img')].every((img) => img.complete && img.naturalWidth > 0),
                null,
                { timeout: 20000 },
            );
            const early = await boxes(preview);
            await screenshot(page, `${name === '375 px' ? 'mobile' : 'desktop'}-mywork-early-cards`);
            release();

            // The app's cards: the preview goes in the commit that renders them, and they stand where its cards stood.
            // (The preview's cards carry the same class, so the app's are counted only once the preview has gone, in
            // the same turn of the page's script: an app that dropped the preview first would show no cards here.)
            await page.locator('#root[data-hydrated]').waitFor({ state: 'attached', timeout: 20000 });
            const shown = await page.waitForFunction(
                () =>
                    !document.querySelector('.gq-works-preview') && {
                        cards: document.querySelectorAll('main article.gq-work').length,
                    },
                null,
                { timeout: 20000 },
            );
            assert.deepEqual(await shown.jsonValue(), { cards: songs.length }, 'the preview went before the cards of the app');
            const cards = page.locator('main article.gq-work');
            assert.deepEqual(await boxes(cards), early);
            await page.waitForLoadState('networkidle');
            await screenshot(page, `${name === '375 px' ? 'mobile' : 'desktop'}-mywork-app-cards`);
            assert.deepEqual(errors, []);
        } finally {
            release();
            await context.close();
        }
    });
}
