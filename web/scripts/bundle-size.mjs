// Prints the gzip size of the JavaScript each route's page loads first: its entry script, every module it preloads and
// the app's chunks the entry preloads after the first paint (the build writes one page per route: scripts/route-pages.ts),
// and beside it the parts the page loads at once, which the entry preloads next (not budgeted). Usage: node scripts/bundle-size.mjs
// [--max-home-kb 130] [--max-route-kb 170]; with the options it fails when the home page, or any route, loads more.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
// The routes are the pages the build wrote (one per route of src/app/route-meta.ts): home and every folder of dist
// with an index.html.
if (!existsSync(join(dist, 'index.html'))) throw new Error(`${dist}/index.html is missing (npm run build)`);
const routes = [
  '/',
  ...readdirSync(dist, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dist, entry.name, 'index.html')))
    .map((entry) => `/${entry.name}`),
];
const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file);
};

const rows = [];
for (const route of routes) {
  const page = join(dist, route === '/' ? '' : route.slice(1), 'index.html');
  if (!existsSync(page)) throw new Error(`${page} is missing (npm run build)`);
  const html = readFileSync(page, 'utf8');
  // The entry, what it imports, and the app's chunks it preloads after the first paint (<meta name="gequ-chunks">).
  const listed = html.match(/<meta name="gequ-chunks" content="([^"]*)"/)?.[1] ?? '';
  const files = new Set([
    ...[...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\/([^"]+\.js)"/g)].map(
      (m) => m[1],
    ),
    ...listed
      .split(' ')
      .filter(Boolean)
      .map((href) => href.slice(1)),
  ]);
  // The parts the page loads at once (<meta name="gequ-parts">, and for a signed-in user gequ-user-parts): preloaded
  // right after, hydrated as they come; shown, not budgeted.
  const parts = [...html.matchAll(/<meta name="gequ-(?:user-)?parts" content="([^"]*)"/g)]
    .flatMap((m) => m[1].split(' '))
    .filter(Boolean)
    .map((href) => href.slice(1))
    .filter((f) => !files.has(f));
  rows.push([
    route,
    files.size,
    [...files].reduce((sum, f) => sum + gzipKb(f), 0),
    parts.length,
    parts.reduce((sum, f) => sum + gzipKb(f), 0),
  ]);
}
console.log('| route | scripts | initial JS (gzip KB) | parts loaded at once | their JS (gzip KB) |');
console.log('|---|---:|---:|---:|---:|');
for (const [route, count, kb, partCount, partKb] of rows)
  console.log(`| ${route} | ${count} | ${kb.toFixed(1)} | ${partCount} | ${partKb.toFixed(1)} |`);

const limit = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : Infinity;
};
const maxHome = limit('--max-home-kb');
const maxRoute = limit('--max-route-kb');
let failed = false;
for (const [route, , kb] of rows) {
  const max = route === '/' ? Math.min(maxHome, maxRoute) : maxRoute;
  if (kb > max) {
    console.error(`${route}: initial JS ${kb.toFixed(1)} KB exceeds ${max} KB`);
    failed = true;
  }
}
if (failed) process.exit(1);
