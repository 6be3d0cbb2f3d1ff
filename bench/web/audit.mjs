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

const outDir = process.env.GEQU_BENCH_OUT ?? path.resolve('build/lighthouse');
const only = process.env.GEQU_BENCH_ROUTES?.split(',').filter(Boolean);
const runs = Number(process.env.GEQU_BENCH_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error('GEQU_BENCH_RUNS must be a whole number of at least 1');
// GEQU_BENCH_TRACES=1 also writes each run's trace (what Lighthouse's simulation starts from) next to its report.
const saveTraces = process.env.GEQU_BENCH_TRACES === '1';
const cpuSlowdown = process.env.GEQU_BENCH_CPU_SLOWDOWN ? Number(process.env.GEQU_BENCH_CPU_SLOWDOWN) : undefined;
if (!process.env.GEQU_BENCH_URL || !process.env.GEQU_BENCH_DATA)
    throw new Error('GEQU_BENCH_URL and GEQU_BENCH_DATA are required (bench/web/run.sh sets them)');
// The builds audited: web/dist, and with GEQU_BENCH_COMPARE (run.sh) a second one served by a server of its own ("B").
const targets = [{ label: 'A', base: process.env.GEQU_BENCH_URL, dataDir: process.env.GEQU_BENCH_DATA }];
if (process.env.GEQU_BENCH_URL_B)
    targets.push({ label: 'B', base: process.env.GEQU_BENCH_URL_B, dataDir: process.env.GEQU_BENCH_DATA_B });
const comparing = targets.length > 1;

const b64 = (text) => Buffer.from(text, 'utf8').toString('base64');

async function call(target, route, { token, body } = {}) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = token;
    const response = await fetch(target.base + route, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = await response.json();
    if (envelope.code !== 2000) throw new Error(`${route}: ${JSON.stringify(envelope)}`);
    return envelope;
}

/// The newest code the console SMS provider wrote for the phone.
async function codeFor(target, phone) {
    const outbox = path.join(target.dataDir, 'sms-outbox.jsonl');
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

async function waitForSongs(target, token, count) {
    const deadline = Date.now() + 180000;
    while (Date.now() < deadline) {
        const generating = (await call(target, '/music/song/generateNumber', { token })).data;
        const total = (await call(target, '/music/song/listNumber', { token })).data;
        if (generating === 0 && total >= count) return;
        await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('the songs did not finish within 3 minutes');
}

/// A user with four finished songs (three public) and one waiting sandbox order.
async function seed(target) {
    const phone = '13912345678';
    await call(target, '/login/code', { body: { phoneNumber: phone } });
    const code = await codeFor(target, phone);
    const token = (await call(target, '/login/phone', { body: { phoneNumber: phone, code } })).data.token;
    const blank = { action: 'generate', audio_id: '', continue_at: 0, model: 'chirp-v3-5', instrumental: false };
    await call(target, '/music/api/create/ace', {
        token,
        body: { ...blank, prompt: '一首关于夏夜海边的轻快流行歌', lyric: '', custom: false, title: '', style: '', gender: 'random' },
    });
    await waitForSongs(target, token, 2);
    await call(target, '/music/api/create/ace', {
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
    await waitForSongs(target, token, 4);
    const songs = (await call(target, '/music/song/list?page=1', { token })).data;
    for (const song of songs.slice(0, 3))
        await call(target, '/music/openSong', { token, body: { nativeId: song.native_id, openId: 1 } });
    const order = await call(target, '/pay/jsapiPc', { token, body: 4 });
    return { token, songId: songs[0].native_id, orderNo: String(order.request_id) };
}

await Promise.all(targets.map(async (target) => Object.assign(target, await seed(target))));

/// [name, path, has a signed-in state] for one target (its song and order).
const routesOf = ({ songId, orderNo }) => [
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
async function audit(target, route, signedIn) {
    const page = await browser.newPage();
    try {
        const cdp = await page.createCDPSession();
        await page.goto(target.base + '/robots.txt');
        await page.evaluate((t) => {
            localStorage.clear();
            sessionStorage.clear();
            if (t) localStorage.setItem('Authorization', t);
        }, signedIn ? target.token : null);
        await cdp.send('Network.clearBrowserCache');
        const flags = {
            output: 'json',
            logLevel: 'error',
            onlyCategories: categories,
            disableStorageReset: signedIn,
            ...(cpuSlowdown ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
        };
        const result = await lighthouse(target.base + route, flags, undefined, page);
        return { lhr: result.lhr, trace: result.artifacts.Trace };
    } finally {
        await page.close();
    }
}

mkdirSync(outDir, { recursive: true });
const cells = targets.flatMap((target) =>
    routesOf(target).flatMap(([name, route, hasUser]) =>
        (hasUser ? [false, true] : [false]).map((signedIn) => ({
            target,
            name,
            route,
            signedIn,
            state: signedIn ? 'user' : 'visitor',
            // The report's file name: <route>-<state>[-B].json
            file: `${name}-${signedIn ? 'user' : 'visitor'}${target.label === 'A' ? '' : '-B'}`,
            runs: [],
        })),
    ),
);
// Every cell once per round, so a busy stretch of the machine falls on different cells in different rounds; when
// comparing, each route's A and B audits follow each other.
const order = comparing
    ? cells.filter((c) => c.target.label === 'A').flatMap((a) => [a, cells.find((b) => b.target.label === 'B' && b.name === a.name && b.state === a.state)])
    : cells;
const performanceScore = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);

/// The CPUs' idle and total time so far (milliseconds, summed over the cores).
function cpuTimes() {
    let idle = 0;
    let total = 0;
    for (const { times } of os.cpus()) {
        idle += times.idle;
        total += times.user + times.nice + times.sys + times.idle + times.irq;
    }
    return { idle, total };
}

/// Waits until the machine has been at least 90 % idle for half a second (at most 15 s), so that an audit does not
/// start while the last one's page is still closing, or the server or another process is busy: Lighthouse records the
/// page at full speed and multiplies what it recorded, so whatever else runs on the two cores lengthens the page's
/// tasks (docs/web-performance.md, "Running the audit"). Returns how long it waited, in milliseconds.
async function waitForIdleMachine() {
    const start = Date.now();
    let before = cpuTimes();
    let idleFor = 0;
    while (idleFor < 500 && Date.now() - start < 15000) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const now = cpuTimes();
        const idleShare = (now.idle - before.idle) / Math.max(1, now.total - before.total);
        before = now;
        idleFor = idleShare >= 0.9 ? idleFor + 250 : 0;
    }
    return Date.now() - start;
}

const benchmarkIndexes = [];
const idleWaits = [];
for (let round = 1; round <= runs; round++) {
    for (const cell of order) {
        idleWaits.push(await waitForIdleMachine());
        const { lhr, trace } = await audit(cell.target, cell.route, cell.signedIn);
        if (saveTraces) writeFileSync(path.join(outDir, `${cell.file}-run${round}.trace.json`), JSON.stringify(trace));
        if (lhr.runtimeError) throw new Error(`${cell.file}: ${lhr.runtimeError.message}`);
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        writeFileSync(path.join(outDir, `${cell.file}-run${round}.json`), JSON.stringify(lhr));
        cell.runs.push(lhr);
    }
}
const rows = new Map(targets.map((t) => [t.label, []]));
const failures = [];
for (const cell of cells) {
    // The median run by performance score (ties: the lower Total Blocking Time); its report is `<file>.json`.
    const sorted = cell.runs
        .slice()
        .sort(
            (x, y) =>
                performanceScore(x) - performanceScore(y) ||
                y.audits['total-blocking-time'].numericValue - x.audits['total-blocking-time'].numericValue,
        );
    const lhr = sorted[Math.floor((sorted.length - 1) / 2)];
    cell.median = lhr;
    const { name, state } = cell;
    const label = comparing ? `${name} (${state}, ${cell.target.label})` : `${name} (${state})`;
    writeFileSync(path.join(outDir, `${cell.file}.json`), JSON.stringify(lhr));
    const scores = categories.map((c) => Math.round((lhr.categories[c].score ?? 0) * 100));
    const a = lhr.audits;
    const js = (a['network-requests'].details?.items ?? [])
        .filter((i) => i.resourceType === 'Script')
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    rows.get(cell.target.label).push([
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
                failures.push(`${label} ${c}: ${ref.id} (${audit.displayValue ?? audit.score})`);
            }
        }
    }
    // Accessibility, best practices and SEO must hold in every run, not only the median one.
    for (const run of cell.runs) {
        for (const c of categories.slice(1)) {
            const score = Math.round((run.categories[c].score ?? 0) * 100);
            if (score < 100 && run !== lhr) failures.push(`${label} ${c}: ${score} in one of the other runs`);
        }
    }
}
await browser.close();
const loadAfter = os.loadavg();

const header = ['route', 'state', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'JS KB gzip', 'perf, each run'];
for (const target of targets) {
    if (comparing)
        console.log(`\n${target.label}: ${target.label === 'A' ? 'web/dist' : process.env.GEQU_BENCH_COMPARE ?? 'GEQU_BENCH_COMPARE'}\n`);
    console.log(`| ${header.join(' | ')} |`);
    console.log(`|${header.map((_, i) => (i < 2 ? '---' : '---:')).join('|')}|`);
    for (const row of rows.get(target.label)) console.log(`| ${row.join(' | ')} |`);
}
if (comparing) {
    // B against A, cell by cell: the medians, and how many of the runs B won by performance score.
    const metric = (lhr, id) => lhr.audits[id].numericValue;
    console.log('\nB against A (medians):\n');
    console.log('| route | state | perf A → B | TBT A → B | LCP A → B |');
    console.log('|---|---|---:|---:|---:|');
    for (const a of cells.filter((c) => c.target.label === 'A')) {
        const b = cells.find((c) => c.target.label === 'B' && c.name === a.name && c.state === a.state);
        const tbt = (c) => Math.round(metric(c.median, 'total-blocking-time'));
        const lcp = (c) => (metric(c.median, 'largest-contentful-paint') / 1000).toFixed(1);
        console.log(
            `| ${a.name === 'home' ? '/' : `/${a.name}`} | ${a.state} | ${performanceScore(a.median)} → ${performanceScore(b.median)} | ` +
                `${tbt(a)} → ${tbt(b)} ms | ${lcp(a)} → ${lcp(b)} s |`,
        );
    }
}
console.log(
    `\nLighthouse ${JSON.parse(readFileSync(new URL('./node_modules/lighthouse/package.json', import.meta.url))).version}, ` +
        `mobile, simulated slow 4G, CPU x${cpuSlowdown ?? 4}; the median of ${runs} run${runs === 1 ? '' : 's'} per cell ` +
        `(by performance score; the others in the last column); Chromium benchmark index ` +
        `${Math.min(...benchmarkIndexes).toFixed(0)}-${Math.max(...benchmarkIndexes).toFixed(0)}; ` +
        `load average ${loadBefore[0].toFixed(2)} before, ${loadAfter[0].toFixed(2)} after, on ${os.cpus().length} cores; ` +
        `each audit started once the machine had been 90 % idle for 0.5 s (waits of ` +
        `${(Math.min(...idleWaits) / 1000).toFixed(1)}-${(Math.max(...idleWaits) / 1000).toFixed(1)} s, median ` +
        `${(idleWaits.slice().sort((x, y) => x - y)[Math.floor(idleWaits.length / 2)] / 1000).toFixed(1)} s). ` +
        `JS is the scripts the page loaded (transfer size). Reports: ${outDir}/.`,
);
if (failures.length) console.log(`\nAudits below 0.9:\n${failures.map((f) => `- ${f}`).join('\n')}`);
