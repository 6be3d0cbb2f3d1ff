// Account helpers for the journeys: logging in through the real dialog with the code from the console SMS outbox,
// and running gequ-admin against the server's data directory.
import { readFileSync, existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { baseUrl } from './browser.mjs';

const dataDir = process.env.GEQU_E2E_DATA;
const buildDir = process.env.GEQU_E2E_BUILD ?? path.resolve('build/release');

/// A fresh mainland mobile number, different on every call.
let serial = 0;
export function newPhone() {
    serial += 1;
    const tail = String((Date.now() * 7 + serial * 7919) % 100000000).padStart(8, '0');
    return `139${tail}`;
}

/// The newest code the console SMS provider wrote for the phone.
export async function codeFor(phone, { timeoutMs = 10000 } = {}) {
    const outbox = path.join(dataDir, 'sms-outbox.jsonl');
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
        if (existsSync(outbox)) {
            const lines = readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
            const mine = lines.filter((l) => l.phone === phone);
            if (mine.length) return mine[mine.length - 1].code;
        }
        await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no SMS code for ${phone} in ${outbox}`);
}

/// Every line of the console SMS outbox so far.
export async function readOutbox() {
    const outbox = path.join(dataDir, 'sms-outbox.jsonl');
    if (!existsSync(outbox)) return [];
    return readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
}

/// Runs gequ-admin on the server's data directory and returns its stdout.
export function admin(...args) {
    return execFileSync(path.join(buildDir, 'bin', 'gequ-admin'), args, {
        env: { ...process.env, GEQU_DATA_DIR: dataDir },
        encoding: 'utf8',
    });
}

/// Logs in through the login dialog as a person would; returns the phone. The page reloads on success.
export async function loginThroughDialog(page, phone = newPhone()) {
    const dialog = page.getByRole('dialog', { name: '登录' });
    if (!(await dialog.isVisible())) {
        await page.getByRole('button', { name: '登录', exact: true }).first().click();
    }
    await dialog.waitFor();
    await dialog.getByRole('textbox', { name: '手机号' }).fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码发送成功，10分钟内有效').first().waitFor();
    const code = await codeFor(phone);
    await dialog.getByRole('textbox', { name: '验证码' }).fill(code);
    await dialog.getByRole('checkbox', { name: '我已阅读并同意《用户协议》' }).check();
    await dialog.getByRole('checkbox', { name: '我已阅读并同意《隐私政策》' }).check();
    await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: '登录', exact: true }).click()]);
    return phone;
}

/// GET /login/challenge solved as the altcha widget solves it: the base64 payload POST /login/code takes as `altcha`.
export async function solvedChallenge(headers = {}) {
    const { data } = await (await fetch(baseUrl + '/login/challenge', { headers })).json();
    for (let n = 0; n <= data.maxnumber; n += 1) {
        if (createHash('sha256').update(data.salt + n).digest('hex') === data.challenge) {
            const payload = { algorithm: data.algorithm, challenge: data.challenge, number: n, salt: data.salt, signature: data.signature };
            return Buffer.from(JSON.stringify(payload)).toString('base64');
        }
    }
    throw new Error('the challenge has no solution');
}

/// POST /login/code, solving the proof-of-work challenge when the server asks for one (docs/security.md): the
/// journeys all come from one address, which soon counts as a network that asked often.
export async function requestCode(phone, headers = {}) {
    const post = (body) =>
        fetch(baseUrl + '/login/code', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...headers },
            body: JSON.stringify(body),
        }).then((r) => r.json());
    const first = await post({ phoneNumber: phone });
    if (!first.data?.challengeRequired) return first;
    return post({ phoneNumber: phone, altcha: await solvedChallenge(headers) });
}

/// Logs in through the API (for journeys that are not about logging in); stores the token in the page.
export async function loginThroughApi(page, phone = newPhone()) {
    const { token } = await apiUser(phone);
    await page.goto(baseUrl + '/about');
    await page.evaluate((t) => localStorage.setItem('Authorization', t), token);
    return { phone, token };
}

/// A new user signed in through the API only (no page): their phone, token and the API as them (`apiAs`).
export async function apiUser(phone = newPhone()) {
    const sent = await requestCode(phone);
    if (sent.code !== 2000) throw new Error(`login code: ${JSON.stringify(sent)}`);
    const login = await (
        await fetch(baseUrl + '/login/phone', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ phoneNumber: phone, code: await codeFor(phone) }),
        })
    ).json();
    if (login.code !== 2000) throw new Error(`login: ${JSON.stringify(login)}`);
    return { phone, token: login.data.token, ...apiAs(login.data.token) };
}

/// The API as the user with this token: `call(method, path, body)` answers the parsed JSON envelope, and
/// `waitForSongs(count)` waits (2 minutes at most) until nothing of the user's is generating and they have at least
/// `count` songs.
export function apiAs(token) {
    const call = async (method, path, body) =>
        (
            await fetch(baseUrl + path, {
                method,
                headers: { Authorization: token, 'Content-Type': 'application/json' },
                body: body ? JSON.stringify(body) : undefined,
            })
        ).json();
    const waitForSongs = async (count) => {
        const deadline = Date.now() + 120000;
        while (Date.now() < deadline) {
            const generating = (await call('GET', '/music/song/generateNumber')).data;
            const total = (await call('GET', '/music/song/listNumber')).data;
            if (generating === 0 && total >= count) return;
            await new Promise((r) => setTimeout(r, 300));
        }
        throw new Error('songs did not finish within 2 minutes');
    };
    return { call, waitForSongs };
}
