// A local S3-compatible server for the media suite and `make cluster` (docs/testing.md, docs/deploy.md).
//
//   node tests/s3rver/start.mjs --dir DIR --bucket NAME --access-key ID --secret SECRET [--port 0] [--host 127.0.0.1]
//
// s3rver (npm) stores the objects and speaks the S3 protocol (HEAD, PUT, GET with Range, DELETE, XML errors), but it
// does not check Signature V4. So, like a real S3, every request is checked here first, in front of s3rver: the
// Authorization header or a presigned URL's query is verified with the one configured key pair (AWS Signature
// Version 4: canonical request, string to sign, signing key), a presigned URL past its expiry and a header-signed
// request more than 15 minutes off the clock are refused, and the payload hash a request announces is compared with
// the body it sends. Refusals are S3's XML errors with S3's codes and statuses.
//
// Prints "s3rver listening on http://HOST:PORT" once it serves; stops on SIGTERM or SIGINT.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const S3rver = require('s3rver');

function option(name, fallback) {
    const i = process.argv.indexOf(`--${name}`);
    if (i >= 0 && i + 1 < process.argv.length) return process.argv[i + 1];
    if (fallback === undefined) {
        console.error(`start.mjs: --${name} is required`);
        process.exit(2);
    }
    return fallback;
}

const dir = option('dir');
const bucket = option('bucket');
const accessKey = option('access-key');
const secret = option('secret');
const port = Number(option('port', '0'));
const host = option('host', '127.0.0.1');

const encode = (text) =>
    encodeURIComponent(text).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
const sha256 = (data) => createHash('sha256').update(data).digest('hex');
const hmac = (key, data) => createHmac('sha256', key).update(data).digest();

function s3Error(ctx, status, code, message) {
    ctx.status = status;
    ctx.type = 'application/xml';
    ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message>` +
        `<Resource>${ctx.path}</Resource></Error>`;
}

function parseAmzDate(text) {
    const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text || '');
    return m ? Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) : NaN;
}

// The canonical request from the raw request line and headers, as S3 builds it: the path as sent (each segment
// decoded and encoded again, RFC 3986, upper-case hex), the query sorted by encoded name and value, the signed
// headers lower-cased with trimmed, space-collapsed values.
function canonicalRequest(req, signedHeaders, payloadHash, dropSignature) {
    const [rawPath, rawQuery = ''] = req.url.split(/\?(.*)/s);
    const path = rawPath.split('/').map((segment) => encode(decodeURIComponent(segment))).join('/');
    const query = rawQuery
        .split('&')
        .filter((pair) => pair.length > 0)
        .map((pair) => {
            const [name, value = ''] = pair.split(/=(.*)/s);
            return [encode(decodeURIComponent(name)), encode(decodeURIComponent(value))];
        })
        .filter(([name]) => !(dropSignature && name === 'X-Amz-Signature'))
        .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
    const headers = signedHeaders
        .map((name) => `${name}:${String(req.headers[name] ?? '').trim().replace(/\s+/g, ' ')}\n`)
        .join('');
    return [req.method, path, query, headers, signedHeaders.join(';'), payloadHash].join('\n');
}

function expectedSignature(credential, amzDate, canonical) {
    const [, date, region, service, terminator] = credential.split('/');
    if (terminator !== 'aws4_request' || service !== 's3' || date !== amzDate.slice(0, 8)) return null;
    const toSign = ['AWS4-HMAC-SHA256', amzDate, `${date}/${region}/${service}/aws4_request`, sha256(canonical)].join(
        '\n',
    );
    let key = hmac('AWS4' + secret, date);
    key = hmac(key, region);
    key = hmac(key, service);
    key = hmac(key, 'aws4_request');
    return createHmac('sha256', key).update(toSign).digest('hex');
}

function sameHex(a, b) {
    return typeof a === 'string' && typeof b === 'string' && a.length === b.length &&
        timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

async function verifySignature(ctx, next) {
    const req = ctx.req;
    const query = new URLSearchParams(req.url.split('?')[1] || '');
    let credential;
    let amzDate;
    let signedHeaders;
    let provided;
    let payloadHash;
    if (query.has('X-Amz-Algorithm')) {
        if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
            return s3Error(ctx, 400, 'AuthorizationQueryParametersError', 'Unsupported algorithm');
        }
        credential = query.get('X-Amz-Credential') || '';
        amzDate = query.get('X-Amz-Date') || '';
        signedHeaders = (query.get('X-Amz-SignedHeaders') || '').split(';');
        provided = query.get('X-Amz-Signature');
        payloadHash = 'UNSIGNED-PAYLOAD';
        const expires = Number(query.get('X-Amz-Expires'));
        const start = parseAmzDate(amzDate);
        if (!Number.isInteger(expires) || expires < 1 || expires > 604800 || Number.isNaN(start)) {
            return s3Error(ctx, 400, 'AuthorizationQueryParametersError', 'X-Amz-Expires or X-Amz-Date is invalid');
        }
        if (Date.now() > start + expires * 1000) {
            return s3Error(ctx, 403, 'AccessDenied', 'Request has expired');
        }
    } else if (req.headers.authorization) {
        const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
            req.headers.authorization,
        );
        if (!m) {
            return s3Error(ctx, 400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
        }
        [, credential, signedHeaders, provided] = m;
        signedHeaders = signedHeaders.split(';');
        amzDate = req.headers['x-amz-date'] || '';
        payloadHash = req.headers['x-amz-content-sha256'];
        if (!payloadHash) {
            return s3Error(ctx, 400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
        }
        if (Math.abs(Date.now() - parseAmzDate(amzDate)) > 15 * 60 * 1000 || Number.isNaN(parseAmzDate(amzDate))) {
            return s3Error(ctx, 403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
        }
    } else {
        return s3Error(ctx, 403, 'AccessDenied', 'Access Denied');
    }
    if (!signedHeaders.includes('host')) {
        return s3Error(ctx, 400, 'AuthorizationHeaderMalformed', 'host must be signed');
    }
    if (credential.split('/')[0] !== accessKey) {
        return s3Error(ctx, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    const expected = expectedSignature(credential, amzDate, canonicalRequest(req, signedHeaders, payloadHash, true));
    if (!sameHex(expected, provided)) {
        return s3Error(ctx, 403, 'SignatureDoesNotMatch',
            'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
    }
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && ['PUT', 'POST'].includes(req.method)) {
        // Read the body, check it against the signed hash, and hand s3rver a stream of the same bytes.
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const body = Buffer.concat(chunks);
        if (sha256(body) !== payloadHash) {
            return s3Error(ctx, 400, 'XAmzContentSHA256Mismatch',
                "The provided 'x-amz-content-sha256' header does not match what was computed.");
        }
        const { Readable } = await import('node:stream');
        const replay = Readable.from([body]);
        Object.assign(replay, { headers: req.headers, method: req.method, url: req.url, socket: req.socket });
        ctx.req = replay;
        ctx.request.req = replay;
    }
    return next();
}

// s3rver answers a PUT once the bytes have passed its checksum, before its file is fully written (its
// lib/stores/filesystem.js putObject resolves on the checksum transform's 'finish', not the file's), so a GET right
// after it could read a short object under load. S3 reads its own writes: the PUT's answer waits here until the
// object's file holds every byte the request sent.
async function readAfterWrite(ctx, next) {
    await next();
    const length = Number(ctx.get('content-length'));
    if (ctx.method !== 'PUT' || ctx.status !== 200 || !Number.isFinite(length) || ctx.get('x-amz-copy-source')) return;
    const [, bucketName, ...keyParts] = ctx.path.split('/');
    if (!bucketName || keyParts.length === 0 || ctx.query.uploadId) return;
    const file = ctx.store.getResourcePath(
        decodeURIComponent(bucketName),
        keyParts.map(decodeURIComponent).join('/'),
        'object',
    );
    for (let waited = 0; waited < 10000; waited += 5) {
        const size = await stat(file).then((s) => s.size, () => -1);
        if (size >= length) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
    }
}

// s3rver looks the key id up in its account registry (and takes a V4 signature on trust): register ours.
require('s3rver/lib/models/account').DUMMY_ACCOUNT.createKeyPair(accessKey, secret);

mkdirSync(dir, { recursive: true });
const server = new S3rver({
    address: host,
    port,
    silent: !process.env.GEQU_S3RVER_VERBOSE,
    directory: dir,
    configureBuckets: [{ name: bucket }],
});
// Koa composes its middleware when it starts listening: the check goes in front of everything s3rver does, and the
// wait for a PUT's file around it.
server.middleware.unshift(verifySignature);
server.middleware.unshift(readAfterWrite);
const address = await server.run();
console.log(`s3rver listening on http://${host}:${address.port}`);

const stop = async () => {
    await server.close().catch(() => {});
    process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
