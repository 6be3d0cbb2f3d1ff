// 600 slow connections from one client and another client's requests at the same time (bench/slowclients/run.sh).
// The server runs with loopback not a trusted proxy (http.trusted_proxies = 10.255.255.1), so 127.0.0.1 and 127.0.0.2
// are two clients and the first one is capped. Prints Markdown.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [serverBin, adminBin, secondsText] = process.argv.slice(2);
const seconds = Number(secondsText || 15);
const SLOW = 600;

const freePort = () =>
    new Promise((resolve) => {
        const s = createServer().listen(0, '127.0.0.1', () => {
            const { port } = s.address();
            s.close(() => resolve(port));
        });
    });

async function startServer(cap) {
    const data = mkdtempSync(join(tmpdir(), 'gequ-slow-'));
    const port = await freePort();
    const env = {
        ...process.env,
        GEQU_DATA_DIR: data,
        GEQU_HTTP_PORT: String(port),
        GEQU_HTTP_TRUSTED_PROXIES: '10.255.255.1',
        GEQU_HTTP_MAX_CONNECTIONS_PER_CLIENT: String(cap),
        GEQU_HTTP_RATE_PER_IP: '1000000',
        GEQU_HTTP_BURST_PER_IP: '1000000',
        GEQU_LOG_LEVEL: 'warning',
        GEQU_WEB_ROOT: join(data, 'no-web'),
    };
    execFileSync(adminBin, ['migrate'], { env, stdio: 'ignore' });
    const server = spawn(serverBin, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise((resolve, reject) => {
        let out = '';
        server.stdout.on('data', (d) => {
            out += d;
            if (out.includes('Gequ listening')) resolve();
        });
        server.on('exit', (code) => reject(new Error(`gequ-server exited (${code})`)));
    });
    return {
        port,
        stop: () =>
            new Promise((resolve) => {
                server.on('exit', resolve);
                server.kill('SIGTERM');
            }).then(() => rmSync(data, { recursive: true, force: true })),
    };
}

/** Keeps SLOW connections from 127.0.0.1 open, each sending one header byte every 500 ms, reconnecting when cut. */
function trickle(port) {
    let stopped = false;
    let opened = 0;
    const sockets = new Set();
    const open = () => {
        if (stopped) return;
        const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' });
        ++opened;
        sockets.add(socket);
        let timer;
        socket.on('connect', () => {
            socket.write('GET /music/test HTTP/1.1\r\nHost: x\r\nX-Slow: ');
            timer = setInterval(() => socket.write('a'), 500);
        });
        const again = () => {
            clearInterval(timer);
            sockets.delete(socket);
            setTimeout(open, 100);
        };
        socket.on('error', () => {});
        socket.on('close', again);
    };
    for (let i = 0; i < SLOW; ++i) open();
    return {
        opened: () => opened,
        stop: () => {
            stopped = true;
            for (const s of sockets) s.destroy();
        },
    };
}

/** One GET /music/test from 127.0.0.2 on a new connection: milliseconds, or Infinity on failure (5 s at most). */
function timed(port) {
    const started = performance.now();
    return new Promise((resolve) => {
        const req = request(
            { host: '127.0.0.1', port, path: '/music/test', localAddress: '127.0.0.2', agent: false, timeout: 5000 },
            (res) => {
                res.resume();
                res.on('end', () => resolve(res.statusCode === 200 ? performance.now() - started : Infinity));
            },
        );
        req.on('timeout', () => req.destroy());
        req.on('error', () => resolve(Infinity));
        req.end();
    });
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];

async function run(cap) {
    const server = await startServer(cap);
    const slow = trickle(server.port);
    await new Promise((r) => setTimeout(r, 2000)); // the slow connections are in
    const times = [];
    const end = performance.now() + seconds * 1000;
    while (performance.now() < end) {
        times.push(await timed(server.port));
        await new Promise((r) => setTimeout(r, 20));
    }
    slow.stop();
    await server.stop();
    const sorted = [...times].sort((a, b) => a - b);
    const failed = times.filter((t) => t === Infinity).length;
    const fmt = (v) => (v === Infinity ? 'failed' : v.toFixed(1));
    console.log(
        `| ${cap === 0 ? 'off' : cap} | ${SLOW} | ${slow.opened()} | ${times.length} | ${fmt(pct(sorted, 50))} | ` +
            `${fmt(pct(sorted, 99))} | ${fmt(sorted[sorted.length - 1])} | ${failed} |`,
    );
}

console.log(`#### slow clients: ${SLOW} trickling connections from 127.0.0.1, GET /music/test from 127.0.0.2, ${seconds} s\n`);
console.log('| cap | slow connections | connections opened | requests | p50 ms | p99 ms | max ms | failed |');
console.log('|---|---|---|---|---|---|---|---|');
await run(32);
await run(0);
