// Prints the gzip size of the JavaScript each route loads first (entry + the route's lazy chunk and their static
// imports), from dist/.vite/manifest.json. Usage: node scripts/bundle-size.mjs [--max-home-kb 200]
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(dist, file))).length / 1024);
  return gz.get(file);
};

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entry = closure([entryKey]);
const pages = Object.keys(manifest).filter((k) => /Page\.tsx$/.test(k));
const rows = [];
for (const page of pages.sort()) {
  const files = new Set([...closure([page], new Set(entry))].map((k) => manifest[k].file));
  const kb = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipKb(f), 0);
  rows.push([page.replace(/^src\//, ''), kb]);
}
const entryKb = [...entry].map((k) => manifest[k].file).reduce((s, f) => s + gzipKb(f), 0);
console.log('| route chunk | initial JS (gzip KB) |');
console.log('|---|---|');
console.log(`| (entry only) | ${entryKb.toFixed(1)} |`);
for (const [page, kb] of rows) console.log(`| ${page} | ${kb.toFixed(1)} |`);

const maxArg = process.argv.indexOf('--max-home-kb');
if (maxArg > 0) {
  const max = Number(process.argv[maxArg + 1]);
  const home = rows.find(([p]) => p.endsWith('square/HomePage.tsx'));
  if (!home || home[1] > max) {
    console.error(`home page initial JS ${home?.[1].toFixed(1)} KB exceeds ${max} KB`);
    process.exit(1);
  }
}
