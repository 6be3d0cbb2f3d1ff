// Asks for a login code as the web app does (docs/accounts.md): POST /login/code, and when the server answers 4290
// with challengeRequired (the phone or its network asked often: a database reused across runs), fetches a challenge
// from GET /login/challenge, solves it (ALTCHA's SHA-256 proof of work) and asks again with the solution; told to
// wait (the previous run asked less than a minute ago), it waits.
//   node bench/api/ask_code.mjs BASE PHONE [X-FORWARDED-FOR]
import { createHash } from 'node:crypto';

const [base, phone, forwarded] = process.argv.slice(2);
const headers = { 'Content-Type': 'application/json', ...(forwarded ? { 'X-Forwarded-For': forwarded } : {}) };

async function ask(altcha) {
    const response = await fetch(`${base}/login/code`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ phoneNumber: phone, ...(altcha ? { altcha } : {}) }),
    });
    return response.json();
}

function solve({ algorithm, challenge, maxnumber, salt, signature }) {
    for (let number = 0; number <= maxnumber; number++) {
        if (createHash('sha256').update(salt + number).digest('hex') === challenge) {
            return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64');
        }
    }
    throw new Error('the challenge has no solution');
}

let answer = await ask();
const wait = /请(\d+)秒后再试/.exec(answer.message ?? '');
if (answer.code === 4290 && wait) {
    // The phone asked less than a minute ago (the previous run): wait as a person would, then ask again.
    await new Promise((resolve) => setTimeout(resolve, (Number(wait[1]) + 1) * 1000));
    answer = await ask();
}
if (answer.code === 4290 && answer.data?.challengeRequired) {
    const challenge = await (await fetch(`${base}/login/challenge`, { headers })).json();
    answer = await ask(solve(challenge.data));
}
if (answer.code !== 2000) {
    console.error(`login code for ${phone}: ${JSON.stringify(answer)}`);
    process.exit(1);
}
