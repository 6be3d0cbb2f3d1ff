// Create-to-playable with the offline composer (docs/generation.md, "Push completion"): how long after the create
// answer the first and the second song of a create are playable in "my works", measured as a user sees it (log in
// by SMS code, create in inspiration mode, poll /music/song/list every 50 ms).
//
//   node bench/generation/playable.mjs SERVER_BIN ADMIN_BIN [CREATES]
//
// Starts gequ-server on a fresh data dir (rate limits lifted, everything else as deployed), then:
//   1. the first create, sent the moment "Gequ listening" is printed (the soundfont may still be loading);
//   2. CREATES creates one after another on an idle server;
//   3. CREATES creates while 8 visitors read the square (hot, new, a genre) as fast as the server answers.
// Prints one Markdown table: p50 and max of "first song playable" and "both songs playable", in seconds.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const [serverBin, adminBin, countArg] = process.argv.slice(2);
if (!serverBin || !adminBin) {
    console.error('usage: node playable.mjs SERVER_BIN ADMIN_BIN [CREATES]');
    process.exit(2);
}
const creates = Number(countArg || 20);
const phone = '13900000001';
const data = mkdtempSync(join(tmpdir(), 'gequ-bench-gen-'));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now() / 1000;

const freePort = () =>
    new Promise((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
            const { port } = s.address();
            s.close(() => resolve(port));
        });
    });

const port = await freePort();
const env = {
    ...process.env,
    GEQU_DATA_DIR: data,
    GEQU_HTTP_PORT: String(port),
    GEQU_HTTP_RATE_PER_IP: '1000000',
    GEQU_HTTP_BURST_PER_IP: '1000000',
    GEQU_LOG_LEVEL: 'warning',
    GEQU_WEB_ROOT: join(data, 'no-web'),
};
const base = `http://127.0.0.1:${port}`;

// The user exists (and has points) before the server starts, so the first create can go at once.
execFileSync(adminBin, ['migrate'], { env, stdio: 'ignore' });

const server = spawn(serverBin, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let serverErr = '';
server.stderr.on('data', (d) => (serverErr += d));
const cleanup = () => {
    server.kill('SIGTERM');
    rmSync(data, { recursive: true, force: true });
};
process.on('exit', cleanup);

const listeningAt = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (d) => {
        out += d;
        if (out.includes('Gequ listening')) resolve(now());
    });
    server.on('exit', (code) => reject(new Error(`gequ-server exited (${code}): ${serverErr}`)));
});

async function api(method, path, body, token) {
    const headers = { 'Content-Type': 'application/json' };
    if (token) headers.Authorization = token;
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json();
    if (json.code !== 2000) throw new Error(`${method} ${path}: ${json.code} ${json.message}`);
    return json.data;
}

// Log in through the console SMS outbox, as the web app would, then get enough points for every create.
async function login() {
    await api('POST', '/login/code', { phoneNumber: phone });
    const outbox = readFileSync(join(data, 'sms-outbox.jsonl'), 'utf8');
    const code = outbox.match(/\d{6}/g).pop();
    const { token } = await api('POST', '/login/phone', { phoneNumber: phone, code });
    execFileSync(adminBin, ['points', 'grant', phone, String(10 * (2 * creates + 1)), '--remark', '压测'], {
        env,
        stdio: 'ignore',
    });
    return token;
}

const prompts = ['一首欢快的夏日海边歌曲', '安静的雨夜钢琴曲', '激昂的摇滚，关于追梦', '悲伤的离别民谣', '轻快的电子舞曲'];

// One create: seconds from the create answer until the first and until both songs are playable in my works.
async function createOnce(token, i) {
    const { songIds } = await api(
        'POST',
        '/music/api/create/ace',
        { action: 'generate', prompt: prompts[i % prompts.length], model: 'chirp-v3-5', custom: false },
        token,
    );
    const start = now();
    let first = null;
    for (;;) {
        const list = await api('GET', '/music/song/list?page=1', undefined, token);
        const mine = list.filter((s) => songIds.includes(s.native_id));
        const done = mine.filter((s) => s.complete === 1 && s.native_audio_url);
        const failed = mine.filter((s) => s.complete === -1);
        if (failed.length) throw new Error(`create ${i}: a song failed: ${failed[0].error}`);
        if (done.length >= 1 && first === null) first = now() - start;
        if (done.length === songIds.length) return { first, both: now() - start };
        if (now() - start > 120) throw new Error(`create ${i}: not playable after 120 s`);
        await sleep(50);
    }
}

const p50 = (xs) => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.floor((s.length - 1) / 2)];
};
const fmt = (x) => x.toFixed(2);

async function series(token, offset) {
    const runs = [];
    for (let i = 0; i < creates; i++) runs.push(await createOnce(token, offset + i));
    const firsts = runs.map((r) => r.first);
    const boths = runs.map((r) => r.both);
    return {
        p50first: p50(firsts),
        maxfirst: Math.max(...firsts),
        p50both: p50(boths),
        maxboth: Math.max(...boths),
        load: loadavg()[0], // the machine's 1-minute load at the end: other work on the cores skews every figure
    };
}

const token = await login();
const firstCreate = await createOnce(token, 0);
const sinceListening = now() - listeningAt;
const firstLoad = loadavg()[0];

const idle = await series(token, 1);

// The square under load while creating: 8 visitors, each reading as fast as answers come.
let reading = true;
let reads = 0;
const readers = Array.from({ length: 8 }, async (_, r) => {
    const paths = ['/music/getPopularMusic?page=1', '/music/getNewMusic?page=1', '/music/search?keyword=fiery'];
    while (reading) {
        await fetch(base + paths[r % paths.length]).then((res) => res.arrayBuffer());
        reads++;
    }
});
const loadStart = now();
const loaded = await series(token, 1 + creates);
reading = false;
await Promise.all(readers);
const readRate = reads / (now() - loadStart);

console.log(`Create-to-playable with the offline composer, ${creates} creates a series, on ${execFileSync('nproc').toString().trim()} cores.`);
console.log('');
console.log('| run | first song p50 | first song max | both songs p50 | both songs max | machine load (1 min) |');
console.log('|---|---|---|---|---|---|');
console.log(`| first create after start-up (from "Gequ listening": ${fmt(sinceListening)} s to both) | ${fmt(firstCreate.first)} | | ${fmt(firstCreate.both)} | | ${fmt(firstLoad)} |`);
console.log(`| idle server | ${fmt(idle.p50first)} | ${fmt(idle.maxfirst)} | ${fmt(idle.p50both)} | ${fmt(idle.maxboth)} | ${fmt(idle.load)} |`);
console.log(`| square under load (${readRate.toFixed(0)} reads/s) | ${fmt(loaded.p50first)} | ${fmt(loaded.maxfirst)} | ${fmt(loaded.p50both)} | ${fmt(loaded.maxboth)} | ${fmt(loaded.load)} |`);
process.exit(0);
