// Lighthouse audit of every route (docs/web-performance.md), run by bench/web/run.sh against a fresh gequ-server.
// Seeds the server through its API (a user logged in with the console SMS code, two songs tasks made by the offline
// composer, three songs made public, one sandbox order), then audits each route in mobile form factor with
// Lighthouse's default throttling (simulated slow 4G, 4x CPU): as a visitor, and as the signed-in user where the route
// has a signed-in state, GEQU_BENCH_RUNS times (default 3; every cell once per round), and reports each cell's median
// run: Lighthouse's simulated Total Blocking Time moves by hundreds of milliseconds between runs on a two-core machine
// (docs/web-performance.md, "Running the audit"). Prints one Markdown table; the JSON reports go to GEQU_BENCH_OUT.
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const base = process.env.GEQU_BENCH_URL;
const dataDir = process.env.GEQU_BENCH_DATA;
const outDir = process.env.GEQU_BENCH_OUT ?? path.resolve('build/lighthouse');
const only = process.env.GEQU_BENCH_ROUTES?.split(',').filter(Boolean);
const runs = Number(process.env.GEQU_BENCH_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('GEQU_BENCH_RUNS must be a whole number of at least 1');
const cpuSlowdown = process.env.GEQU_BENCH_CPU_SLOWDOWN ? Number(process.env.GEQU_BENCH_CPU_SLOWDOWN) : undefined;
if (!base || !dataDir) throw new Error('GEQU_BENCH_URL and GEQU_BENCH_DATA are required (bench/web/run.sh sets them)');

const b64 = (text) => Buffer.from(text, 'utf8').toString('base64');

async function call(route, { token, body } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = token;
    const response = await fetch(base + route, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await response.json();
    if (envelope.code !== 2000) throw new Error(`${route}: ${JSON.stringify(envelope)}`);
    return envelope;
}

/// The newest code the console SMS provider wrote for the phone.
async function codeFor(phone) {
    const outbox = path.join(dataDir, 'sms-outbox.jsonl');
    for (let i = 0; i < 100; i++) {
        if (existsSync(outbox)) {
            const mine = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l))
                .filter((l) => l.phone === phone);
            if (mine.length) return mine[mine.length - 1].code;
        }
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no SMS code for ${phone}`);
}

async function waitForSongs(token, count) {
    const deadline = Date.now() + 180000;
    while (Date.now() < deadline) {
        const generating = (await call('/music/song/generateNumber', { token })).data;
        const total = (await call('/music/song/listNumber', { token })).data;
        if (generating === 0 && total >= count) return;
        await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the songs did not finish within 3 minutes');
}

/// A user with four finished songs (three public) and one waiting sandbox order.
async function seed() {
    const phone = '13912345678';
    await call('/login/code', { body: { phoneNumber: phone } });
    const token = (await call('/login/phone', { body: { phoneNumber: phone, code: await codeFor(phone) } })).data.token;
    const blank = { action: 'generate', audio_id: '', continue_at: 0, model: 'chirp-v3-5', instrumental: false };
    await call('/music/api/create/ace', {
        token,
        body: { ...blank, prompt: '一首关于夏夜海边的轻快流行歌', lyric: '', custom: false, title: '', style: '', gender: 'random' },
    });
    await waitForSongs(token, 2);
    await call('/music/api/create/ace', {
        token,
        body: {
            ...blank,
            prompt: '',
            lyric: '[主歌]\n晚风吹过小巷口\n路灯照着你的手\n[副歌]\n我们一起慢慢走\n走到星星也温柔',
            custom: true,
            title: '晚风',
            style: 'pop',
            gender: 'female',
        },
    });
    await waitForSongs(token, 4);
    const songs = (await call('/music/song/list?page=1', { token })).data;
    for (const song of songs.slice(0, 3)) await call('/music/openSong', { token, body: { nativeId: song.native_id, openId: 1 } });
    const order = await call('/pay/jsapiPc', { token, body: 4 });
    return { token, songId: songs[0].native_id, orderNo: String(order.request_id) };
}

const { token, songId, orderNo } = await seed();

// [name, path, has a signed-in state]
const routes = [
    ['home', '/', true],
    ['create', '/create', true],
    ['mywork', '/mywork', true],
    ['member', '/member', true],
    ['profile', '/profile', true],
    ['payment', `/payment?taskId=${orderNo}`, true],
    ['musicPlayer', `/musicPlayer?id=${encodeURIComponent(b64(songId))}`, true],
    ['musicList', `/musicList?${new URLSearchParams({ type: b64('热门榜单'), keyword: b64('fiery'), img: b64('/covers/list-default.svg') })}`, false],
    ['contactUs', '/contactUs', false],
    ['faq', '/faq', false],
    ['about', '/about', false],
].filter(([name]) => !only || only.includes(name));

const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const loadBefore = os.loadavg();
const browser = await puppeteer.launch({
    executablePath: process.env.GEQU_CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});

/// One Lighthouse navigation in a fresh page. The token is set (user) or removed (visitor) in localStorage first, on a
/// tiny same-origin file so no app asset is cached: Lighthouse's own storage reset leaves localStorage alone
/// (`clearStorageTypes`), so a visitor audited after a user would still hold the user's token. Storage is then kept,
/// and the HTTP cache cleared so the load is still cold.
async function audit(route, signedIn) {
    const page = await browser.newPage();
    try {
        const cdp = await page.createCDPSession();
        await page.goto(base + '/robots.txt');
        await page.evaluate((t) => {
            localStorage.clear();
            sessionStorage.clear();
            if (t) localStorage.setItem('Authorization', t);
        }, signedIn ? token : null);
        await cdp.send('Network.clearBrowserCache');
        const flags = {
            output: 'json',
            logLevel: 'error',
            onlyCategories: categories,
            disableStorageReset: signedIn,
            ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
        };
        const result = await lighthouse(base + route, flags, undefined, page);
        return result.lhr;
    } finally {
        await page.close();
    }
}

mkdirSync(outDir, { recursive: true });
const cells = routes.flatMap(([name, route, hasUser]) =>
    (hasUser ? [false, true] : [false]).map((signedIn) => ({ name, route, signedIn, state: signedIn ? 'user' : 'visitor', runs: [] })),
);
const performanceScore = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
const benchmarkIndexes = [];
// Every cell once per round, so a busy stretch of the machine falls on different cells in different rounds.
for (let round = 1; round <= runs; round++) {
    for (const cell of cells) {
        const lhr = await audit(cell.route, cell.signedIn);
        if (lhr.runtimeError) throw new Error(`${cell.name} (${cell.state}): ${lhr.runtimeError.message}`);
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        writeFileSync(path.join(outDir, `${cell.name}-${cell.state}-run${round}.json`), JSON.stringify(lhr));
        cell.runs.push(lhr);
    }
}
const rows = [];
const failures = [];
for (const cell of cells) {
    // The median run by performance score (ties: the lower Total Blocking Time); its report is `<route>-<state>.json`.
    const sorted = cell.runs
        .slice()
        .sort(
            (x, y) =>
                performanceScore(x) - performanceScore(y) ||
                y.audits['total-blocking-time'].numericValue - x.audits['total-blocking-time'].numericValue,
        );
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
    const { name, state } = cell;
    writeFileSync(path.join(outDir, `${name}-${state}.json`), JSON.stringify(lhr));
    const scores = categories.map((c) => Math.round((lhr.categories[c].score ?? 0) * 100));
    const a = lhr.audits;
    const js = (a['network-requests'].details?.items ?? [])
        .filter((i) => i.resourceType === 'Script')
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    rows.push([
        name === 'home' ? '/' : `/${name}`,
        state,
        ...scores,
        `${(a['first-contentful-paint'].numericValue / 1000).toFixed(1)} s`,
        `${(a['largest-contentful-paint'].numericValue / 1000).toFixed(1)} s`,
        `${Math.round(a['total-blocking-time'].numericValue)} ms`,
        a['cumulative-layout-shift'].numericValue.toFixed(3),
        (js / 1024).toFixed(1),
        cell.runs.map(performanceScore).join(' / '),
    ]);
    for (const c of categories) {
        for (const ref of lhr.categories[c].auditRefs) {
            const audit = a[ref.id];
            if (ref.weight > 0 && audit.score !== null && audit.score < 0.9) {
                failures.push(`${name} (${state}) ${c}: ${ref.id} (${audit.displayValue ?? audit.score})`);
            }
        }
    }
    // Accessibility, best practices and SEO must hold in every run, not only the median one.
    for (const run of cell.runs) {
        for (const c of categories.slice(1)) {
            const score = Math.round((run.categories[c].score ?? 0) * 100);
            if (score < 100 && run !== lhr) failures.push(`${name} (${state}) ${c}: ${score} in one of the other runs`);
        }
    }
}
await browser.close();
const loadAfter = os.loadavg();

const header = ['route', 'state', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS KB gzip', 'perf, each run'];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
console.log(
    `\nLighthouse ${JSON.parse(readFileSync(new URL('./node_modules/lighthouse/package.json', import.meta.url))).version}, ` +
        `mobile, simulated slow 4G, CPU x${cpuSlowdown ?? 4}; the median of ${runs} run${runs === 1 ? '' : 's'} per cell ` +
        `(by performance score; the others in the last column); Chromium benchmark index ` +
        `${Math.min(...benchmarkIndexes).toFixed(0)}-${Math.max(...benchmarkIndexes).toFixed(0)}; ` +
        `load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after, on ${os.cpus().length} cores. ` +
        `JS is the scripts the page loaded (transfer size). Reports: ${outDir}/.`,
);
if (failures.length) console.log(`\nAudits below 0.9:\n${failures.map((f) => `- ${f}`).join('\n')}`);
