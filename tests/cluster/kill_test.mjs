// The cluster test (docs/testing.md, docs/deploy.md): `make cluster`'s shape (PostgreSQL, the local S3 server, three
// gequ-server instances, nginx) started on free ports, driven through nginx by many simulated users at once (log in,
// create in both modes, play, like, publish, buy a plan through the sandbox, redeem), one instance killed with
// SIGKILL in the middle, the load kept going; then:
//   - every create the database holds ended succeeded or failed-and-refunded, charged once and refunded at most once;
//   - every paid order was granted once;
//   - no request failed except those that were in flight on the killed instance (nginx's access log says which
//     instance each request went to);
//   - every finished song's audio and cover is reachable through nginx and from every surviving instance;
//   - `gequ-admin check` is clean.
// The figures are printed. Run: node --test tests/cluster/kill_test.mjs (scripts/test.sh does, with GEQU_BUILD).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const build = path.resolve(root, process.env.GEQU_BUILD ?? 'build/release');
const USERS = Number(process.env.GEQU_CLUSTER_USERS ?? 20);
const KILL_AFTER_MS = 12_000;
const LOAD_MS = 35_000;
const SETTLE_MS = 120_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...args) => console.log(...args);

// ---- the cluster ----

async function startCluster(tmp) {
    const ready = path.join(tmp, 'ready');
    const output = createWriteStream(path.join(tmp, 'cluster.log'));
    const properties = [
        'composer.clip_seconds = 10', // short clips: the test is about the cluster, not the music
        'generation.lease = 5', // a killed instance's tasks come free within seconds
        'http.rate_per_ip = 100000',
        'http.burst_per_ip = 100000',
        'payment.reconcile_interval = 5',
    ].join('\n');
    const child = spawn(path.join(root, 'scripts/cluster.sh'), [build], {
        cwd: root,
        env: { ...process.env, GEQU_CLUSTER_PORT: '0', GEQU_CLUSTER_READY: ready, GEQU_CLUSTER_PROPERTIES: properties },
        stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(output);
    child.stderr.pipe(output);
    let exited = false;
    child.on('exit', () => (exited = true));
    const deadline = Date.now() + 120_000;
    while (!existsSync(ready)) {
        if (exited || Date.now() > deadline) {
            throw new Error('the cluster did not start:\n' + readFileSync(path.join(tmp, 'cluster.log'), 'utf8'));
        }
        await sleep(200);
    }
    const info = Object.fromEntries(
        readFileSync(ready, 'utf8')
            .trim()
            .split('\n')
            .map((line) => {
                const eq = line.indexOf('=');
                return [line.slice(0, eq), line.slice(eq + 1).replace(/^"|"$/g, '')];
            }),
    );
    info.pids = info.instance_pids.split(' ').map(Number);
    info.ports = info.instance_ports.split(' ').map(Number);
    info.stop = async () => {
        if (exited) return;
        child.kill('SIGTERM');
        const until = Date.now() + 30_000;
        while (!exited && Date.now() < until) await sleep(100);
    };
    return info;
}

function psql(cluster, sql) {
    return execFileSync('psql', [cluster.db_url, '-AtX', '-F', '\t', '-c', sql], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\t'));
}

// ---- HTTP through nginx, every request recorded ----

const requests = [];

async function call(base, method, uri, { token, body, ip, headers = {}, redirect = 'manual' } = {}) {
    const record = { method, uri: uri.replace(/\?.*/, ''), started: Date.now(), status: 0, rid: '', code: 0 };
    requests.push(record);
    const h = { ...headers };
    if (token) h.Authorization = token;
    if (ip) h['X-Forwarded-For'] = ip;
    if (body !== undefined) h['Content-Type'] = 'application/json';
    try {
        const response = await fetch(base + uri, {
            method,
            headers: h,
            body: body === undefined ? undefined : JSON.stringify(body),
            redirect,
            signal: AbortSignal.timeout(30_000),
        });
        record.status = response.status;
        record.rid = response.headers.get('x-request-id') ?? '';
        const type = response.headers.get('content-type') ?? '';
        const data = type.includes('json') ? await response.json() : await response.arrayBuffer();
        record.ended = Date.now();
        if (type.includes('json')) record.code = data.code ?? 0;
        return { status: response.status, headers: response.headers, data };
    } catch (error) {
        record.ended = Date.now();
        record.error = String(error);
        return { status: 0, error };
    }
}

const envelopeOk = (answer) => answer.status === 200 && answer.data?.code === 2000;

async function codeFor(cluster, phone) {
    const outbox = path.join(cluster.dir, 'sms-outbox.jsonl');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
        if (existsSync(outbox)) {
            const mine = readFileSync(outbox, 'utf8')
                .split('\n')
                .filter(Boolean)
                .map((l) => JSON.parse(l))
                .filter((l) => l.phone === phone);
            if (mine.length) return mine[mine.length - 1].code;
        }
        await sleep(100);
    }
    throw new Error(`no SMS code for ${phone}`);
}

// ---- one simulated user ----

async function simulateUser(cluster, n, redeemCode, shared, until) {
    const base = cluster.url;
    // Each person on a network of their own (an IPv4 /24): login codes are counted per network too, and a sixth code
    // from one /24 within the hour asks for the proof-of-work challenge (docs/accounts.md).
    const ip = `10.${77 + Math.floor(n / 250)}.${n % 250}.1`;
    const phone = `1371234${String(n).padStart(4, '0')}`;
    const user = { phone, ip, token: '', id: '', tasks: [], modes: new Set(), orders: [], creates: 0 };
    const retry = async (fn) => {
        // A request in flight on the killed instance fails once; a person presses the button again.
        for (let attempt = 0; attempt < 3; attempt++) {
            const answer = await fn();
            if (answer.status !== 0 && answer.status < 500) return answer;
            await sleep(300);
        }
        return fn();
    };
    const sent = await retry(() => call(base, 'POST', '/login/code', { body: { phoneNumber: phone }, ip }));
    assert.ok(envelopeOk(sent), `login code for ${phone}: ${JSON.stringify(sent.data)}`);
    const code = await codeFor(cluster, phone);
    const login = await retry(() => call(base, 'POST', '/login/phone', { body: { phoneNumber: phone, code }, ip }));
    assert.ok(envelopeOk(login), `login ${phone}: ${JSON.stringify(login.data)}`);
    user.token = login.data.data.token;
    const me = await call(base, 'GET', '/user/select', { token: user.token, ip });
    user.id = me.data.data.id;
    shared.users.push(user);

    const create = async (custom) => {
        const body = custom
            ? { action: 'generate', custom: true, title: `集群之歌${n}`, lyric: '[主歌]\n风吹过城市的夜晚\n我们一起唱', style: 'pop' }
            : { action: 'generate', custom: false, prompt: `一首关于第${n}个夏天的歌` };
        const answer = await call(base, 'POST', '/music/api/create/ace', { token: user.token, body, ip });
        user.creates += 1;
        if (envelopeOk(answer)) {
            user.tasks.push(answer.data.data.taskId);
            user.modes.add(custom ? 'custom' : 'inspiration');
        }
        return answer;
    };

    // Inspiration mode first; custom mode once that has ended (a user may have one task generating at a time), then a
    // third create after buying a plan. The session goes on until the load ends, and for a user still waiting to
    // create in custom mode, until that is done (the generation keeps up under load).
    await create(false);
    const plans = await call(base, 'GET', '/pay/plans', { ip });
    const plan = plans.data?.data?.[0]?.id ?? plans.data?.data?.plans?.[0]?.id ?? 1;
    let round = 0;
    const lastChance = until + 60_000;
    while (Date.now() < until || (user.tasks.length < 2 && Date.now() < lastChance)) {
        round += 1;
        const works = await call(base, 'GET', '/music/song/list', { token: user.token, ip });
        const songs = envelopeOk(works) ? works.data.data : [];
        const done = songs.filter((s) => s.complete === 1);
        if (done.length) {
            const song = done[round % done.length];
            // Play: the player fetches the audio (a redirect to the bucket, then a range of it) and counts the play.
            const audio = await call(base, 'GET', song.native_audio_url, { ip, headers: { Range: 'bytes=0-4095' } });
            if (audio.status === 302) {
                const bytes = await fetch(audio.headers.get('location'), { headers: { Range: 'bytes=0-4095' } });
                assert.equal(bytes.status, 206, `the bucket answers a range of ${song.native_id}`);
                await bytes.arrayBuffer();
            }
            await call(base, 'POST', '/music/addNumberOfViews', { token: user.token, body: { nativeId: song.native_id }, ip });
            if (song.open !== 1) {
                await call(base, 'POST', '/music/openSong', { token: user.token, body: { nativeId: song.native_id, openId: 1 }, ip });
            }
        }
        const square = await call(base, 'GET', '/music/getNewMusic?page=1&size=20', { token: user.token, ip });
        const publicSongs = envelopeOk(square) ? (square.data.data?.list ?? square.data.data ?? []) : [];
        if (Array.isArray(publicSongs) && publicSongs.length) {
            const song = publicSongs[(n + round) % publicSongs.length];
            await call(base, 'POST', '/music/like', { token: user.token, body: { nativeId: song.native_id, like: true }, ip });
        }
        if (round === 2) {
            // Buy a plan through the sandbox: the order, then the payer's phone confirms on the checkout page.
            const order = await call(base, 'POST', '/pay/jsapiPc', { token: user.token, body: { id: plan }, ip });
            if (envelopeOk(order)) {
                const orderNo = order.data.request_id;
                const paid = await call(base, 'POST', `/pay/sandbox/${orderNo}/confirm`, { ip });
                user.orders.push({ orderNo, confirmed: paid.status === 200 });
            }
        }
        if (round === 3 && redeemCode) {
            const redeemed = await call(base, 'POST', '/user/redeem', { token: user.token, body: { code: redeemCode }, ip });
            user.redeemed = envelopeOk(redeemed);
        }
        const idle = songs.length > 0 && songs.every((s) => s.complete !== 0);
        if (idle && user.tasks.length === 1) {
            await create(true);
        } else if (idle && user.tasks.length === 2 && user.orders.length && Date.now() < until) {
            await create(false);
        }
        await sleep(200 + ((n * 37 + round * 11) % 300));
    }
    return user;
}

// ---- the access log ----

function accessLog(cluster) {
    const file = path.join(cluster.dir, 'nginx/logs/access.log');
    return readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
            const m = /\[(\S+)\] "(\S+) (\S+)[^"]*" (\d+) \d+ rt=(\S+) upstream=(.*) upstream_status=(.*) id=(\S+)$/.exec(line);
            if (!m) return null;
            const [, time, method, uri, status, rt, upstream, upstreamStatus, id] = m;
            const ended = Date.parse(time);
            return { ended, started: ended - Math.round(Number(rt) * 1000) - 1000, method, uri, status: Number(status), upstream, upstreamStatus, id };
        })
        .filter(Boolean);
}

test('a cluster behind nginx loses one instance mid-load and nothing is lost or counted twice', { timeout: 600_000 }, async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'gequ-cluster-test-'));
    const started = Date.now();
    let cluster;
    let passed = false;
    try {
        cluster = await startCluster(tmp);
        log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${cluster.url}: instances on ports ${cluster.ports.join(', ')}`);
        const admin = (...args) =>
            execFileSync(path.join(build, 'bin/gequ-admin'), args, {
                env: { ...process.env, GEQU_DB_URL: cluster.db_url, GEQU_DATA_DIR: path.join(tmp, 'admin') },
                encoding: 'utf8',
            });
        const expires = new Date(Date.now() + 365 * 86400000).toISOString().slice(0, 10);
        const codes = admin('redeem', 'create', '--points', '30', '--count', String(USERS), '--expires', expires)
            .split('\n')
            .map((l) => l.trim())
            .filter((l) => /^[0-9A-Z-]{8,}$/.test(l));
        assert.equal(codes.length, USERS, 'gequ-admin redeem create printed one code per user');

        // The load, and the kill in the middle of it.
        const shared = { users: [] };
        const loadStart = Date.now();
        const until = loadStart + LOAD_MS;
        const victimIndex = 1;
        const victimPort = cluster.ports[victimIndex];
        let killedAt = 0;
        const killer = (async () => {
            await sleep(KILL_AFTER_MS);
            process.kill(cluster.pids[victimIndex], 'SIGKILL');
            killedAt = Date.now();
            log(`SIGKILL to instance ${victimIndex + 1} (pid ${cluster.pids[victimIndex]}, port ${victimPort}) after ${KILL_AFTER_MS / 1000} s of load`);
        })();
        const users = await Promise.all(
            Array.from({ length: USERS }, (_, i) => sleep(i * 150).then(() => simulateUser(cluster, i, codes[i], shared, until))),
        );
        await killer;
        const loadEnd = Date.now();

        // Let every task end: the killed instance's leases run out and the survivors finish its work.
        const settleDeadline = Date.now() + SETTLE_MS;
        let open = [];
        for (;;) {
            open = psql(cluster, "SELECT id, state FROM generation_tasks WHERE state NOT IN ('succeeded', 'failed')");
            if (open.length === 0 || Date.now() > settleDeadline) break;
            await sleep(1000);
        }
        assert.deepEqual(open, [], 'every task ended within the settle time');
        const settled = Date.now();

        // Creates: every task in the database (also those whose answer was lost with the killed instance).
        const tasks = psql(
            cluster,
            `SELECT t.id, t.state,
                (SELECT count(*) FROM points_records r WHERE r.ref = 'task:' || t.id || ':charge'),
                (SELECT count(*) FROM points_records r WHERE r.ref = 'task:' || t.id || ':refund'),
                (SELECT count(*) FROM songs s WHERE s.task_id = t.id AND s.complete = 1),
                (SELECT count(*) FROM songs s WHERE s.task_id = t.id)
             FROM generation_tasks t`,
        );
        const accepted = users.flatMap((u) => u.tasks);
        const taskIds = new Set(tasks.map((t) => t[0]));
        for (const id of accepted) assert.ok(taskIds.has(id), `accepted create ${id} is in the database`);
        let succeeded = 0;
        let refunded = 0;
        for (const [id, state, charges, refunds, done, songs] of tasks) {
            assert.equal(charges, '1', `task ${id} charged once`);
            if (state === 'succeeded') {
                succeeded += 1;
                assert.equal(refunds, '0', `succeeded task ${id} not refunded`);
                assert.equal(done, songs, `succeeded task ${id}: every song finished`);
            } else {
                refunded += 1;
                assert.equal(refunds, '1', `failed task ${id} refunded exactly once`);
            }
        }

        // Orders: every paid order granted exactly once, and every order the payer confirmed is paid.
        const orders = psql(
            cluster,
            `SELECT o.order_no, o.state, (SELECT count(*) FROM points_records r WHERE r.ref = 'order:' || o.order_no)
             FROM orders o`,
        );
        const byNo = new Map(orders.map(([no, state, grants]) => [no, { state, grants }]));
        const confirmed = users.flatMap((u) => u.orders).filter((o) => o.confirmed);
        for (const { orderNo } of confirmed) assert.equal(byNo.get(orderNo)?.state, 'paid', `confirmed order ${orderNo} is paid`);
        let paid = 0;
        for (const [no, state, grants] of orders) {
            if (state === 'paid') {
                paid += 1;
                assert.equal(grants, '1', `paid order ${no} granted exactly once`);
            } else {
                assert.equal(grants, '0', `unpaid order ${no} granted nothing`);
            }
        }
        const redeemed = users.filter((u) => u.redeemed).length;
        const [redemptions, redeemGrants] = psql(
            cluster,
            "SELECT (SELECT count(*) FROM redemptions), (SELECT count(*) FROM points_records WHERE ref LIKE 'redeem:%')",
        )[0];
        assert.equal(redeemGrants, redemptions, 'every redemption granted exactly once');
        assert.ok(Number(redemptions) >= redeemed, 'every redemption the user saw is recorded');

        // Requests: a failure is allowed only when nginx sent it to the killed instance around the kill.
        const entries = accessLog(cluster);
        const byId = new Map(entries.map((e) => [e.id, e]));
        const onVictim = (e) => e && e.upstream.split(/[ ,:]+/).includes(String(victimPort));
        const inFlightOnVictim = entries.filter(
            (e) => onVictim(e) && e.started <= killedAt + 1000 && e.ended >= killedAt - 1000 && /50[234]/.test(e.upstreamStatus),
        );
        const failed = requests.filter((r) => r.status === 0 || r.status >= 500 || r.code === 5000);
        const unexplained = failed.filter((r) => {
            const e = byId.get(r.rid);
            return !(e && onVictim(e) && r.started <= killedAt + 1000 && r.ended >= killedAt - 1000);
        });
        const survivorErrors = entries.filter((e) => e.status >= 500 && !onVictim(e));
        const retried = entries.filter((e) => e.upstream.includes(','));
        const afterKill = entries.filter((e) => e.started > killedAt + 1000);
        const servedAfterKill = afterKill.filter((e) => onVictim(e) && !e.upstream.includes(',') && e.status < 500);

        // Media: every finished song's audio and cover through nginx, and from each surviving instance.
        const tokens = new Map(users.map((u) => [u.id, u.token]));
        const songs = psql(cluster, "SELECT id, user_id, audio_url, image_url, open FROM songs WHERE complete = 1 AND deleted_at IS NULL");
        const survivors = cluster.ports.filter((p) => p !== victimPort);
        let mediaChecks = 0;
        for (const [id, owner, audio, image] of songs) {
            for (const url of [audio, image]) {
                assert.match(url, /^\/media\//, `song ${id} media are re-hosted`);
                for (const base of [cluster.url, ...survivors.map((p) => `http://127.0.0.1:${p}`)]) {
                    const answer = await fetch(base + url, { headers: { Authorization: tokens.get(owner) ?? '' }, redirect: 'follow' });
                    const bytes = Buffer.from(await answer.arrayBuffer());
                    assert.equal(answer.status, 200, `${url} of song ${id} through ${base}`);
                    assert.ok(bytes.length > 0, `${url} has bytes`);
                    mediaChecks += 1;
                }
            }
        }

        // The operator's invariants.
        const check = admin('check');
        assert.match(check, /OK/);

        const statuses = {};
        const refusals = {};
        for (const r of requests) {
            statuses[r.status] = (statuses[r.status] ?? 0) + 1;
            if (r.status >= 400 && r.status < 500) refusals[`${r.uri} ${r.status}`] = (refusals[`${r.uri} ${r.status}`] ?? 0) + 1;
        }
        log(`users ${USERS}; load ${((loadEnd - loadStart) / 1000).toFixed(1)} s; settled ${((settled - loadEnd) / 1000).toFixed(1)} s after`);
        log(`requests through nginx ${requests.length} (statuses ${JSON.stringify(statuses)}); nginx log lines ${entries.length}`);
        log(`refusals (4xx, the product's own rules) ${JSON.stringify(refusals)}`);
        log(`failed requests ${failed.length}, all in flight on the killed instance: ${failed.length - unexplained.length}; unexplained ${unexplained.length}`);
        log(`in flight on the killed instance at the kill (nginx saw 502/504 from it) ${inFlightOnVictim.length}; moved to another instance by nginx ${retried.length}; 5xx from survivors ${survivorErrors.length}`);
        log(`creates accepted ${accepted.length}; tasks in the database ${tasks.length}: succeeded ${succeeded}, failed and refunded ${refunded}`);
        log(`orders ${orders.length}, confirmed by the payer ${confirmed.length}, paid and granted once ${paid}; redeemed ${redeemed}`);
        log(`finished songs ${songs.length}; media fetches through nginx and the ${survivors.length} survivors ${mediaChecks}`);
        log(`gequ-admin check: ${check.trim().split('\n').pop()}`);

        assert.deepEqual(
            unexplained.map((r) => `${r.method} ${r.uri} → ${r.status} ${r.error ?? ''} ${r.rid}`),
            [],
            'no request failed except those in flight on the killed instance',
        );
        assert.deepEqual(survivorErrors.map((e) => `${e.method} ${e.uri} ${e.status} ${e.upstream}`), [], 'no 5xx from a surviving instance');
        assert.deepEqual(servedAfterKill, [], 'nothing was answered by the killed instance after the kill');
        assert.deepEqual(users.filter((u) => u.modes.size < 2).map((u) => u.phone), [], 'every user created in both modes');
        assert.ok(paid >= confirmed.length && confirmed.length >= USERS / 2, 'most users bought a plan');
        passed = true;
    } finally {
        const keep = process.env.GEQU_CLUSTER_KEEP;
        if (!passed && keep && cluster) {
            // The instances', nginx's and the cluster script's logs, for whoever reads the failure.
            mkdirSync(keep, { recursive: true });
            cpSync(path.join(tmp, 'cluster.log'), path.join(keep, 'cluster.log'));
            for (const name of readdirSync(cluster.dir)) {
                if (name.startsWith('instance-')) cpSync(path.join(cluster.dir, name, 'server.log'), path.join(keep, `${name}.log`));
            }
            cpSync(path.join(cluster.dir, 'nginx/logs'), path.join(keep, 'nginx'), { recursive: true });
            console.log(`logs kept in ${keep}`);
        }
        await cluster?.stop();
        const leftover = cluster && existsSync(cluster.dir);
        rmSync(tmp, { recursive: true, force: true });
        assert.ok(!leftover, 'the cluster removed its folder');
    }
});
